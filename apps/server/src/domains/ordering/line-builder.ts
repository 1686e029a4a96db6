/**
 * Checks a line payload against the catalogue (product.md §5.3 add-line rules, on the server) and turns it
 * into the rows to insert: prices computed from the catalogue, chosen options and embroidery
 * snapshotted so later catalogue edits never change a placed line.
 */
import {
  type Choice,
  type ChosenOptionSnapshot,
  EMBROIDERY_STYLES,
  type EmbroiderySnapshot,
  embroideryChoice,
  embroideryErrors,
  embroideryNeeds,
  LINE_FIELD,
  type LineAddData,
  linePrice,
  madridIsoDay,
  missingGroupErrors,
  modelQuantityError,
  ORDER_MSG,
  type Order,
  positionNames,
  type RuleOption,
} from '@nido/contract';
import { configKey } from '../../platform/config-key.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { FieldErrors, HttpError, Invalid } from '../../platform/errors.ts';
import { optionPriceCents, snapshotEuros } from '../../platform/money.ts';
import {
  type LineCatalogue,
  type LineGroup,
  lineCatalogue,
  type OptionRow,
  type OrderDay,
  type OutOfWindow,
  priceInputsOfClient,
} from '../catalogue/index.ts';

/** Today in Madrid by the context's clock and the caller's language: the day windows are checked on. */
export function orderDayOf(ctx: ServiceContext): OrderDay {
  return { today: madridIsoDay(ctx.clock.now()), lang: ctx.actor.language };
}

/**
 * The catalogue for the lines of a client, priced for it (record 049): its price inputs, then
 * `lineCatalogue` with the order windows of today (1 + 4 statements, 1 + 5 with a price list;
 * record 053). Lines whose options are all named by id (`optionIds`) need no group's whole option
 * list: `groupOptions: false`.
 */
export async function clientLineCatalogue(
  ctx: ServiceContext,
  clienteId: number,
  codes: readonly string[],
  optionIds: readonly number[] = [],
  options: { groupOptions?: boolean } = {},
): Promise<LineCatalogue> {
  const inputs = await priceInputsOfClient(ctx.db, clienteId);
  return lineCatalogue(ctx.db, codes, optionIds, inputs, { ...options, orderDay: orderDayOf(ctx) });
}

/** For lines whose options are all given by id (`buildLine` looks options up by id only). */
export const BY_ID = { groupOptions: false } as const;

export interface LineValues {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  unped: number;
  /** The client's net unit price (pricing.ts). */
  precio_cents: number;
  /** The unit price at PVP, kept beside it (record 049). */
  pvp_cents: number;
  parametros_color: ChosenOptionSnapshot[];
  parametros_bordado: EmbroiderySnapshot | null;
  nota: string;
  config_key: string;
  porte: boolean;
  /** The collection the line is ordered through (record 054); a surcharge line has its line's. */
  colecciones_id: number | null;
}

export interface BuiltLine {
  primary: LineValues;
  /** The embroidery surcharge as a dependent line, when the embroidery option costs something. */
  dependent: LineValues | null;
  /**
   * Staff only: the model takes no orders today and staff added it all the same (record 053); the
   * add's audit row and the answer's warnings say so. Null inside the window.
   */
  outOfWindow: OutOfWindow | null;
}

/** The payload's chosen options: `{group, option id}` each (either may be missing). */
function chosenItems(body: Pick<LineAddData, 'parametros_color' | 'parametros'>) {
  return (body.parametros_color ?? body.parametros ?? []).map((i) => ({
    group: i.parametros_grupos_id ?? null,
    option: i.parametro ?? i.id ?? null,
  }));
}

/** The option ids a payload names: what `lineCatalogue` reads for it. */
export function optionIdsOf(body: Pick<LineAddData, 'parametros_color' | 'parametros'>): number[] {
  return chosenItems(body)
    .map((w) => w.option)
    .filter((x): x is number => x != null && x > 0);
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * Validates the payload (422 with per-field errors) and builds the line(s). The line rules (required
 * groups, the embroidery option and what it needs, the price) are the contract's (line-rules.ts);
 * this adds what only the database knows: the model, its offered groups, the options and colours.
 *
 * A price sent by the client is ignored. A priced embroidery option is billed on a DEPENDENT line
 * (primary_line_id = the primary line, modelo = the model's modelobordado when such a model exists,
 * else the model itself; unped = cantidad; precio = the surcharge) and is NOT part of the primary
 * line's unit price, so the order total counts it once; removing the primary line removes it (FK
 * cascade). The embroidery colour must be an active option of group 86 (by id or codigo). Without
 * an embroidery option or custom embroidery, a parametros_bordado in the payload is ignored. A model
 * outside its collections' order windows is refused to a shop (`modelo`, naming the collection). A
 * quantity below the model's minimum or not a multiple of its pack size is refused to anyone
 * (`cantidad`).
 */
export function buildLine(catalogue: LineCatalogue, staff: boolean, body: LineAddData): BuiltLine {
  const model = catalogue.model(body.modelo);
  if (!model || model.baja || (!staff && !model.client_visible)) {
    throw new Invalid({ modelo: [ORDER_MSG.modelNotFound] });
  }
  // The collection it is ordered through (record 054) and its order window (record 053): a shop is
  // refused a model no collection of which takes orders, staff may add it and are warned.
  const { colecciones_id, outOfWindow } = catalogue.collectionOf(model.modelo, body.coleccion_id);
  if (outOfWindow && !staff) throw new Invalid({ modelo: [outOfWindow.message] });
  const groups = catalogue.groups(model.modelo);
  const errors = new FieldErrors();
  // The model's minimum quantity and pack size (line-rules.ts): for everyone, never rounded.
  const quantity = modelQuantityError(body.cantidad, model);
  if (quantity) errors.add(LINE_FIELD.quantity, quantity);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const chosen = new Map<number, OptionRow>();
  for (const w of chosenItems(body)) {
    const opt = w.option != null && w.option > 0 ? catalogue.option(w.option) : undefined;
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
  // Every active group with at least one active option needs its choice (line-rules.ts).
  const required = groups.filter((g) => g.has_options);
  errors.addAll(missingGroupErrors(required, new Set(chosen.keys())));

  // Every price from the client's prices (catalogue pricing.ts, record 049): the net one is charged,
  // the PVP one kept beside it.
  const price = catalogue.prices.model(model);
  const sizeOf = (g: LineGroup) => Number(g.pivot_size);
  const atPvp: Array<Choice<LineGroup, OptionRow & RuleOption>> = groups
    .filter((g) => chosen.has(g.id))
    .map((g) => {
      const o = chosen.get(g.id)!;
      return { group: g, option: { ...o, priceCents: optionPriceCents(o.price_cents, sizeOf(g)) } };
    });
  const ordered = atPvp.map((c) => ({
    ...c,
    option: { ...c.option, priceCents: price.option(c.option.priceCents) },
  }));
  const emb = embroideryChoice(ordered);
  const { unitCents, surchargeCents: surcharge } = linePrice(price.netCents, ordered);
  const pvp = linePrice(price.pvpCents, atPvp);

  const b = body.parametros_bordado ?? null;
  const withCustom = b != null && isOn(b.with_custom);
  let bordado: EmbroiderySnapshot | null = null;
  if (emb || withCustom) {
    const opt = emb?.option;
    const needs = embroideryNeeds(opt, withCustom);
    let colour: OptionRow | null = null;
    const value = b?.emb_color;
    if (needs.colour && value != null && String(value).trim() !== '' && value !== 0)
      colour = catalogue.colour(value);
    errors.addAll(
      embroideryErrors(needs, {
        name: b?.name ?? '',
        emb_style: b?.emb_style ?? '',
        colourGiven: colour != null,
        position: b?.position ?? '',
      }),
    );
    const name = needs.name ? (b?.name ?? '').trim() : '';
    const style = (b?.emb_style ?? '').trim();
    const position = needs.positions.length > 0 ? (b?.position ?? '').trim() : '';
    // Its English name as the catalogue has it now, kept beside it like the other names.
    const positionEn = opt
      ? (positionNames(opt).find((p) => p.position === position)?.position_en ?? '')
      : '';
    bordado = {
      with_custom: withCustom ? 1 : 0,
      name,
      emb_style: needs.name ? style || EMBROIDERY_STYLES[0] : style,
      emb_color: colour?.codigo ?? '',
      emb_color_id: colour?.id ?? null,
      emb_color_name: colour?.nombre ?? '',
      emb_color_name_en: colour?.nombre_en ?? '',
      emb_color_hex: colour?.color ?? null,
      position,
      position_en: positionEn,
      letters: needs.name ? needs.nameMax : 0,
      parametro_id: opt?.id ?? null,
      parametros_grupos_id: emb?.group.id ?? null,
      name_option: opt?.nombre ?? '',
      name_option_en: opt?.nombre_en ?? '',
      group: emb?.group.nombre ?? '',
      group_en: emb?.group.nombre_en ?? '',
      price: snapshotEuros(surcharge),
    };
  }
  errors.throwIfAny();

  const snapshot: ChosenOptionSnapshot[] = ordered.map(({ group: g, option: o }) => ({
    parametros_grupos_id: g.id,
    grupo: g.nombre,
    grupo_en: g.nombre_en,
    id: o.id,
    codigo: o.codigo,
    nombre: o.nombre,
    nombre_en: o.nombre_en,
    color: o.color,
    price: snapshotEuros(o.priceCents),
  }));
  const nota = (body.nota ?? '').trim();
  const primary: LineValues = {
    modelo: model.modelo,
    descripcion: model.descripcion,
    descripcion_en: model.descripcion_en,
    unped: body.cantidad,
    precio_cents: unitCents,
    pvp_cents: pvp.unitCents,
    parametros_color: snapshot,
    parametros_bordado: bordado,
    nota,
    config_key: configKey(
      model.modelo,
      ordered.map(({ option }) => option.id),
      bordado,
      nota,
    ),
    porte: false,
    colecciones_id,
  };
  const dependent: LineValues | null =
    emb && surcharge > 0
      ? {
          modelo: model.bordado_modelo ?? model.modelo,
          descripcion: model.bordado_descripcion ?? model.descripcion,
          descripcion_en: model.bordado_descripcion_en ?? model.descripcion_en,
          unped: body.cantidad,
          precio_cents: surcharge,
          pvp_cents: pvp.surchargeCents,
          parametros_color: snapshot.filter((s) => s.id === emb.option.id),
          parametros_bordado: bordado,
          nota: '',
          config_key: '',
          porte: false,
          colecciones_id,
        }
      : null;
  return { primary, dependent, outOfWindow };
}

/**
 * Builds every payload with `buildLine`, all or none: a bad one's errors go under
 * `<prefix>.<i>.<field>` and one 422 names them all (quick add's `lines`, the grid's `filas`).
 */
export function buildLines(
  catalogue: LineCatalogue,
  staff: boolean,
  payloads: readonly LineAddData[],
  prefix: string,
): BuiltLine[] {
  const errors = new FieldErrors();
  const built: BuiltLine[] = [];
  payloads.forEach((payload, i) => {
    try {
      built.push(buildLine(catalogue, staff, payload));
    } catch (err) {
      if (!(err instanceof HttpError) || !err.fields) throw err;
      for (const [field, messages] of Object.entries(err.fields))
        for (const m of messages) errors.add(`${prefix}.${i}.${field}`, m);
    }
  });
  errors.throwIfAny();
  return built;
}

/**
 * The cart with what staff must be warned of (record 053): each line added out of its
 * collections' order windows. A shop never gets here with one (buildLine refused it).
 */
export function withWarnings(order: Order, lines: readonly BuiltLine[]): Order {
  const avisos = lines.flatMap((l) => (l.outOfWindow ? [l.outOfWindow.message] : []));
  return avisos.length > 0 ? { ...order, avisos } : order;
}

/** What a line's audit row keeps of an add out of its order window: the collection and its days. */
export function windowAuditOf(line: BuiltLine) {
  const w = line.outOfWindow;
  if (!w) return {};
  return {
    fuera_de_ventana: {
      colecciones_id: w.colecciones_id,
      coleccion: w.coleccion,
      pedido_desde: w.pedido_desde,
      pedido_hasta: w.pedido_hasta,
      estado_ventana: w.estado_ventana,
    },
  };
}
