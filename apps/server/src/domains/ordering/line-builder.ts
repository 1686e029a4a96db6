/**
 * Checks a line payload against the catalogue (SPEC §5 add-line rules, on the server) and turns it
 * into the rows to insert: prices computed from the catalogue, chosen options and embroidery
 * snapshotted so later catalogue edits never change a placed line.
 */
import {
  type ChosenOptionSnapshot,
  EMBROIDERY_NAME_MAX,
  EMBROIDERY_STYLES,
  type EmbroiderySnapshot,
  type LineAddData,
  ORDER_MSG,
} from '@nido/contract';
import type { Db } from '../../db/client.ts';
import { configKey } from '../../platform/config-key.ts';
import { FieldErrors, Invalid } from '../../platform/errors.ts';
import { optionPriceCents, toEuros } from '../../platform/money.ts';
import {
  findEmbroideryColour,
  findModel,
  type GroupRow,
  modelGroups,
  type OptionRow,
  optionsById,
} from '../catalogue/index.ts';

export interface LineValues {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  unped: number;
  precio_cents: number;
  parametros_color: ChosenOptionSnapshot[];
  parametros_bordado: EmbroiderySnapshot | null;
  nota: string;
  config_key: string;
  porte: boolean;
}

export interface BuiltLine {
  primary: LineValues;
  /** The embroidery surcharge as a dependent line, when the embroidery option costs something. */
  dependent: LineValues | null;
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * Validates the payload (422 with per-field errors) and builds the line(s).
 *
 * Price: unit price = model pvp + Σ round(option price × the group's size for this model), cents;
 * a precio sent by the client is ignored.
 *
 * Embroidery surcharge (decision): when the chosen embroidery option costs something, that amount
 * is billed on a DEPENDENT line (primary_line_id = the primary line, modelo = the model's
 * modelobordado when such a model exists, else the model itself; unped = cantidad; precio = the
 * surcharge) and is NOT part of the primary line's unit price, so the order total counts it once.
 * Removing the primary line removes the dependent line (FK cascade).
 *
 * The embroidery option is the first chosen option (in group order) that asks for letters, an
 * embroidery colour or a position. With it (or with custom embroidery on): the name is required when
 * the option has letters (or custom is on) and at most min(15, option letters) characters; the
 * colour is required when the option asks for it (or custom is on) and must be an active option of
 * group 86 (by id or codigo); the position is required when the option lists positions and must be
 * one of them. Without any of that, a parametros_bordado in the payload is ignored.
 */
export async function buildLine(db: Db, staff: boolean, body: LineAddData): Promise<BuiltLine> {
  const model = await findModel(db, body.modelo);
  if (!model || model.baja || (!staff && !model.client_visible)) {
    throw new Invalid({ modelo: [ORDER_MSG.modelNotFound] });
  }
  const items = body.parametros_color ?? body.parametros ?? [];
  const wanted = items.map((i) => ({
    group: i.parametros_grupos_id ?? null,
    option: i.parametro ?? i.id ?? null,
  }));
  const ids = [...new Set(wanted.map((w) => w.option).filter((x): x is number => x != null && x > 0))];
  const [groups, options] = await Promise.all([modelGroups(db, model.modelo, true), optionsById(db, ids)]);

  const errors = new FieldErrors();
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const optionById = new Map(options.map((o) => [o.id, o]));
  const chosen = new Map<number, OptionRow>();
  for (const w of wanted) {
    const opt = w.option != null && w.option > 0 ? optionById.get(w.option) : undefined;
    const groupId = w.group ?? opt?.parametros_grupos_id ?? null;
    if (groupId == null) {
      errors.add('parametros_color', ORDER_MSG.selectColor);
      continue;
    }
    const field = `parametros_color.${groupId}`;
    if (!groupById.has(groupId)) {
      errors.add(field, ORDER_MSG.groupNotOffered);
      continue;
    }
    if (!opt?.activado || opt.parametros_grupos_id !== groupId) {
      errors.add(field, ORDER_MSG.selectColor);
      continue;
    }
    const previous = chosen.get(groupId);
    if (previous && previous.id !== opt.id) {
      errors.add(field, ORDER_MSG.oneOptionPerGroup);
      continue;
    }
    chosen.set(groupId, opt);
  }
  // Every active group with at least one active option needs its choice.
  for (const g of groups) {
    if (g.has_options && !chosen.has(g.id)) errors.add(`parametros_color.${g.id}`, ORDER_MSG.selectColor);
  }

  const ordered: Array<{ g: GroupRow; o: OptionRow }> = groups
    .filter((g) => chosen.has(g.id))
    .map((g) => ({ g, o: chosen.get(g.id)! }));
  const emb = ordered.find(
    ({ o }) => o.letters > 0 || o.embroidery_color || o.embroidery_position.trim() !== '',
  );
  const sizeOf = (g: GroupRow) => Number(g.pivot_size);

  const b = body.parametros_bordado ?? null;
  const withCustom = b != null && isOn(b.with_custom);
  let bordado: EmbroiderySnapshot | null = null;
  const surcharge = emb ? optionPriceCents(emb.o.price_cents, sizeOf(emb.g)) : 0;
  if (emb || withCustom) {
    const opt = emb?.o;
    const positions = (opt?.embroidery_position ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const letters = opt && opt.letters > 0 ? Math.min(EMBROIDERY_NAME_MAX, opt.letters) : EMBROIDERY_NAME_MAX;
    const needName = withCustom || (opt?.letters ?? 0) > 0;
    const needColour = withCustom || Boolean(opt?.embroidery_color);
    const needPosition = positions.length > 0;

    const name = needName ? (b?.name ?? '').trim() : '';
    if (needName && !name) errors.add('parametros_bordado.name', ORDER_MSG.selectName);
    else if ([...name].length > letters)
      errors.add('parametros_bordado.name', ORDER_MSG.nameTooLong(letters));
    else if (/\p{C}/u.test(name)) errors.add('parametros_bordado.name', ORDER_MSG.nameChars);

    let colour: Awaited<ReturnType<typeof findEmbroideryColour>> | null = null;
    if (needColour) {
      const value = b?.emb_color;
      const given = value != null && String(value).trim() !== '' && value !== 0;
      if (given) colour = await findEmbroideryColour(db, value);
      if (!colour) errors.add('parametros_bordado.emb_color', ORDER_MSG.selectColor);
    }

    const position = needPosition ? (b?.position ?? '').trim() : '';
    if (needPosition && !positions.includes(position)) {
      errors.add('parametros_bordado.position', ORDER_MSG.selectPosition);
    }

    const style = (b?.emb_style ?? '').trim();
    if (style && !(EMBROIDERY_STYLES as readonly string[]).includes(style)) {
      errors.add('parametros_bordado.emb_style', ORDER_MSG.embStyle);
    }

    bordado = {
      with_custom: withCustom ? 1 : 0,
      name,
      emb_style: needName ? style || EMBROIDERY_STYLES[0] : style,
      emb_color: colour?.codigo ?? '',
      emb_color_id: colour?.id ?? null,
      emb_color_name: colour?.nombre ?? '',
      emb_color_name_en: colour?.nombre_en ?? '',
      emb_color_hex: colour?.color ?? null,
      position,
      letters: needName ? letters : 0,
      parametro_id: opt?.id ?? null,
      parametros_grupos_id: emb?.g.id ?? null,
      name_option: opt?.nombre ?? '',
      name_option_en: opt?.nombre_en ?? '',
      group: emb?.g.nombre ?? '',
      group_en: emb?.g.nombre_en ?? '',
      price: toEuros(surcharge),
    };
  }
  errors.throwIfAny();

  let unit = model.pvp_cents;
  for (const { g, o } of ordered) {
    if (surcharge > 0 && o.id === emb?.o.id) continue; // billed on the dependent line
    unit += optionPriceCents(o.price_cents, sizeOf(g));
  }
  const snapshot: ChosenOptionSnapshot[] = ordered.map(({ g, o }) => ({
    parametros_grupos_id: g.id,
    grupo: g.nombre,
    grupo_en: g.nombre_en,
    id: o.id,
    codigo: o.codigo,
    nombre: o.nombre,
    nombre_en: o.nombre_en,
    color: o.color,
    price: toEuros(optionPriceCents(o.price_cents, sizeOf(g))),
  }));
  const nota = (body.nota ?? '').trim();
  const primary: LineValues = {
    modelo: model.modelo,
    descripcion: model.descripcion,
    descripcion_en: model.descripcion_en,
    unped: body.cantidad,
    precio_cents: unit,
    parametros_color: snapshot,
    parametros_bordado: bordado,
    nota,
    config_key: configKey(
      model.modelo,
      ordered.map(({ o }) => o.id),
      bordado,
      nota,
    ),
    porte: false,
  };
  const dependent: LineValues | null =
    emb && surcharge > 0
      ? {
          modelo: model.bordado_modelo ?? model.modelo,
          descripcion: model.bordado_descripcion ?? model.descripcion,
          descripcion_en: model.bordado_descripcion_en ?? model.descripcion_en,
          unped: body.cantidad,
          precio_cents: surcharge,
          parametros_color: snapshot.filter((s) => s.id === emb.o.id),
          parametros_bordado: bordado,
          nota: '',
          config_key: '',
          porte: false,
        }
      : null;
  return { primary, dependent };
}
