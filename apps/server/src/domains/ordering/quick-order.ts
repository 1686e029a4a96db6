/**
 * Quick order and reorder (records 042, 043). A quick order's rows are checked with the line
 * builder (the contract's line rules) against the catalogue read once for every row; a past
 * order's lines are checked against today's catalogue, with substitutes for withdrawn options.
 * Reviewed lines are added all in one transaction (`addQuickOrder`). Statements per request do
 * not grow with the rows (statement-count.test.ts).
 */
import {
  type ChosenOptionSnapshot,
  EMBROIDERY_STYLES,
  type EmbroiderySnapshot,
  embroideryChoice,
  firstValidQuantity,
  type Language,
  LINE_FIELD,
  type LineAddData,
  localized,
  type Message,
  nameMax,
  needsEmbroidery,
  ORDER_MSG,
  positionNames,
  type QuickLine,
  type QuickOrderAddData,
  type QuickOrderAddResponse,
  type QuickOrderCheckData,
  type QuickOrderCheckResponse,
  type QuickOrderRow,
  QuickOrderUploadBody,
  quantityAndNoteErrors,
  type ReorderCheckResponse,
  type ReorderLine,
  type SubstituteGroup,
} from '@nido/contract';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { HttpError, Invalid, NotFound } from '../../platform/errors.ts';
import { parseWith, type UploadRequest } from '../../platform/images.ts';
import { snapshotCents } from '../../platform/money.ts';
import { normalizeSearch } from '../../platform/text.ts';
import {
  type LineCatalogue,
  lineCatalogue,
  modelBaseList,
  type OptionRow,
  withOptionsOfGroups,
} from '../catalogue/index.ts';
import { resolveClienteId } from '../clients/index.ts';
import { byColourDistance } from './colour-distance.ts';
import {
  type BuiltLine,
  BY_ID,
  buildLine,
  buildLines,
  clientLineCatalogue,
  optionIdsOf,
  orderDayOf,
  withWarnings,
} from './line-builder.ts';
import { moneyText, previousPricesOut, priceAndSurchargeOut } from './present.ts';
import { findOrderLine, findPedido, orderLines, recentConfigurations } from './queries.ts';
import { type ReadRow, rowsOfFile, rowsOfText, templateCsv, tooLarge } from './quick-order-read.ts';
import { assertOrderVisible, assertOwnPedido, insertLines, readOrder } from './service.ts';

// ── Checking rows ─────────────────────────────────────────────────────────────────────────────

/** POST pedidos/quick/check: pasted text, or the review table's rows. Adds nothing. */
export async function checkQuickOrder(
  ctx: ServiceContext,
  body: QuickOrderCheckData,
): Promise<QuickOrderCheckResponse> {
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  const rows: ReadRow[] = body.rows
    ? body.rows.map((input, i) => ({ row: i + 1, input: { ...input, opciones: input.opciones ?? [] } }))
    : rowsOfText(body.text ?? '');
  return checkRows(ctx, clienteId, rows);
}

/** POST pedidos/quick/upload: a CSV or XLSX file's rows, checked like pasted ones. */
export async function checkQuickOrderFile(
  ctx: ServiceContext,
  read: () => Promise<UploadRequest>,
): Promise<QuickOrderCheckResponse> {
  const upload = await read().catch((err) => {
    // The upload limit is the images' (10 MB): say it in this file's terms.
    throw err instanceof HttpError && err.statusCode === 413 ? tooLarge() : err;
  });
  const body = parseWith(QuickOrderUploadBody, upload.body);
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  if (!upload.file) throw new Invalid({ file: [ORDER_MSG.fileRequired] });
  return checkRows(ctx, clienteId, await rowsOfFile(ctx.workers, upload.file));
}

/** How many of the catalogue's first models the template looks through for its examples. */
const TEMPLATE_MODELS = 50;

/**
 * GET pedidos/quick/template: the template's CSV in the user's language, with example rows taken
 * from the live catalogue (a model any client may order, its first options; then one with an
 * embroidery, its colour and position named in that language), each checked as an upload would
 * check it: the template as downloaded checks clean. Statements: the models, then the catalogue.
 */
export async function quickOrderTemplate(ctx: ServiceContext): Promise<string> {
  const lang = ctx.actor.language;
  const models = await modelBaseList(ctx.db, false, [], TEMPLATE_MODELS);
  // Examples a shop could add today: a model out of its order window checks as an error.
  const catalogue = await lineCatalogue(
    ctx.db,
    models.map((m) => m.modelo),
    [],
    undefined,
    { orderDay: orderDayOf(ctx) },
  );
  const clean = (input: ReadRow['input']) =>
    checkRow(catalogue, false, lang, new Map(), { row: 0, input }).status === 'ok';
  const candidates = models.map((m) => exampleRows(catalogue, lang, m.modelo));
  const plain = candidates.map((c) => c.plain).find((r) => r != null && clean(r));
  const embroidered = candidates.map((c) => c.embroidered).find((r) => r != null && clean(r));
  return templateCsv(
    lang,
    [plain, embroidered].filter((r) => r != null),
  );
}

/**
 * A model's example rows: each group's first active option that asks for no embroidery (none when
 * a group has only such options); and, when a group offers an embroidery option, the same with
 * that option and its embroidery filled in.
 */
function exampleRows(catalogue: LineCatalogue, lang: Language, modelo: string) {
  const groups = catalogue.groups(modelo).filter((g) => g.has_options);
  const active = (groupId: number) => catalogue.optionsOf(groupId).filter((o) => o.activado);
  const asks = (o: OptionRow) => needsEmbroidery({ ...o, embroidery_position: o.embroidery_position ?? '' });
  const firsts = groups.map((g) => active(g.id).find((o) => !asks(o)));
  const plain: ReadRow['input'] | null = firsts.every((o) => o != null)
    ? { modelo, cantidad: '2', opciones: firsts.map((o) => o.codigo) }
    : null;
  let embroidered: ReadRow['input'] | null = null;
  const at = groups.findIndex((g) => active(g.id).some(asks));
  if (at >= 0) {
    const option = active(groups[at].id).find(asks)!;
    const others = firsts.filter((_, i) => i !== at);
    const colour = catalogue.colours()[0];
    const position = positionNames(option)[0];
    if (others.every((o) => o != null))
      embroidered = {
        modelo,
        cantidad: '1',
        opciones: firsts.map((o, i) => (i === at ? option.codigo : o!.codigo)),
        bordado: {
          name: option.letters > 0 ? [...'Lucía'].slice(0, nameMax(option)).join('') : '',
          emb_color: option.embroidery_color && colour ? localized(colour, 'nombre', lang) : '',
          position: position ? localized(position, 'position', lang) : '',
          emb_style: option.letters > 0 ? EMBROIDERY_STYLES[0] : '',
        },
      };
  }
  return { plain, embroidered };
}

async function checkRows(ctx: ServiceContext, clienteId: number, rows: ReadRow[]) {
  if (rows.length === 0) throw new Invalid({ text: [ORDER_MSG.noRows] });
  const codes = rows.map((r) => r.input.modelo);
  const [catalogue, recent] = await Promise.all([
    clientLineCatalogue(ctx, clienteId, codes),
    recentConfigurations(ctx.db, clienteId, codes),
  ]);
  const recentOf = new Map(recent.map((r) => [r.modelo, r]));
  const staff = isStaff(ctx.actor);
  const lang = ctx.actor.language;
  return { rows: rows.map((r) => checkRow(catalogue, staff, lang, recentOf, r)) };
}

type Recent = Awaited<ReturnType<typeof recentConfigurations>>[number];

/** The builder's errors for a payload, one message per field (none: the line can be added). */
function ruleErrors(catalogue: LineCatalogue, staff: boolean, payload: LineAddData): Record<string, Message> {
  try {
    buildLine(catalogue, staff, payload);
    return {};
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    return Object.fromEntries(Object.entries(err.fields ?? {}).map(([f, m]) => [f, m[0]]));
  }
}

function checkRow(
  catalogue: LineCatalogue,
  staff: boolean,
  lang: Language,
  recentOf: Map<string, Recent>,
  { row, input }: ReadRow,
): QuickOrderRow {
  const errors: Record<string, Message> = {};
  const code = input.modelo.trim();
  const model = code ? catalogue.model(code) : undefined;
  if (!code) errors.modelo = ORDER_MSG.modelRequired;
  else if (!model) errors.modelo = ORDER_MSG.unknownCode({ code });
  else if (model.baja) errors.modelo = ORDER_MSG.modelWithdrawn;
  else if (!staff && !model.client_visible) errors.modelo = ORDER_MSG.modelHidden;
  const quantityText = input.cantidad.trim();
  const cantidad = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  Object.assign(errors, quantityAndNoteErrors(cantidad, input.nota ?? ''));

  // Each option code names an option of one of the model's groups (the first group still free).
  const chosen = new Map<number, number>();
  if (model && !errors.modelo) {
    input.opciones.forEach((raw, i) => {
      const optionCode = raw.trim();
      if (!optionCode) return;
      const matches = optionsByCode(catalogue, model.modelo).get(optionCode.toUpperCase()) ?? [];
      const free = matches.find((m) => m.option.activado && !chosen.has(m.group));
      if (free) chosen.set(free.group, free.option.id);
      else if (matches.some((m) => m.option.activado)) errors[`opciones.${i}`] = ORDER_MSG.oneOptionPerGroup;
      else if (matches.length > 0) errors[`opciones.${i}`] = ORDER_MSG.optionInactive({ code: optionCode });
      else errors[`opciones.${i}`] = ORDER_MSG.optionUnknown({ code: optionCode });
    });
  }

  const given = input.bordado && Object.values(input.bordado).some((v) => (v ?? '').trim() !== '');
  const embroidery = model && !errors.modelo ? embroideryOf(catalogue, model.modelo, chosen) : null;
  const line: QuickLine | null =
    model && !errors.modelo
      ? {
          modelo: model.modelo,
          cantidad: Number.isNaN(cantidad) ? 1 : cantidad,
          parametros_color: [...chosen].map(([g, o]) => ({ parametros_grupos_id: g, parametro: o })),
          parametros_bordado: given
            ? {
                with_custom: 0,
                name: input.bordado?.name ?? '',
                emb_color: colourCode(catalogue, input.bordado?.emb_color ?? ''),
                position: positionName(embroidery, input.bordado?.position ?? ''),
                emb_style: input.bordado?.emb_style ?? '',
              }
            : null,
          nota: (input.nota ?? '').trim(),
        }
      : null;

  // The line rules decide the rest: a group not given, or embroidery asked for and not given,
  // leaves the row to configure; anything else the row gave that breaks a rule is its error.
  let configure = false;
  if (line && Object.keys(errors).length === 0) {
    for (const [field, message] of Object.entries(ruleErrors(catalogue, staff, line))) {
      const missingGroup =
        field.startsWith('parametros_color.') && !chosen.has(Number(field.slice('parametros_color.'.length)));
      const missingEmbroidery = field.startsWith('parametros_bordado.') && !given;
      if (missingGroup || missingEmbroidery) configure = true;
      else errors[field] = valuesMessage(catalogue, lang, line, embroidery, field) ?? message;
    }
  }
  const status = Object.keys(errors).length > 0 ? 'error' : configure ? 'configure' : 'ok';
  let prefilled = false;
  let answer = status === 'error' ? null : line;
  if (status === 'configure' && line && model) {
    const recent = recentOf.get(model.modelo);
    if (recent) {
      answer = prefill(catalogue, line, recent);
      prefilled = answer !== line;
    }
  }
  return {
    row,
    input,
    status,
    errors,
    model: model
      ? { modelo: model.modelo, descripcion: model.descripcion, descripcion_en: model.descripcion_en }
      : null,
    line: answer,
    prefilled,
  };
}

type CodeMatch = { group: number; option: OptionRow };

/**
 * A model's options by code, upper case, in group order: what a row's option code may name. Built
 * once per model and catalogue (a sheet's rows repeat the same models), not scanned per code.
 */
const codeIndexes = new WeakMap<LineCatalogue, Map<string, Map<string, CodeMatch[]>>>();

function optionsByCode(catalogue: LineCatalogue, modelo: string): Map<string, CodeMatch[]> {
  let byModel = codeIndexes.get(catalogue);
  if (!byModel) {
    byModel = new Map();
    codeIndexes.set(catalogue, byModel);
  }
  let index = byModel.get(modelo);
  if (!index) {
    index = new Map();
    for (const g of catalogue.groups(modelo))
      for (const option of catalogue.optionsOf(g.id)) {
        const code = option.codigo.toUpperCase();
        const list = index.get(code);
        if (list) list.push({ group: g.id, option });
        else index.set(code, [{ group: g.id, option }]);
      }
    byModel.set(modelo, index);
  }
  return index;
}

/**
 * A row names its embroidery's colour and position as the screens show them: a colour by its code
 * or its name, a position by its name, in either language, whatever the case and accents. The line
 * takes the catalogue's value (the colour's code, the position's Spanish name); a value matching
 * none is left as given, for the line rules to refuse and `valuesMessage` to explain.
 */
const sameText = (a: string, b: string) => b !== '' && normalizeSearch(a) === normalizeSearch(b);

function colourCode(catalogue: LineCatalogue, value: string): string {
  const found = catalogue
    .colours()
    .find((c) => sameText(value, c.codigo) || sameText(value, c.nombre) || sameText(value, c.nombre_en));
  return found?.codigo ?? value;
}

function positionName(embroidery: OptionRow | null, value: string): string {
  const found = embroidery
    ? positionNames(embroidery).find((p) => sameText(value, p.position) || sameText(value, p.position_en))
    : undefined;
  return found?.position ?? value;
}

/** The embroidery option among the row's chosen options (the line rules' choice), or null. */
function embroideryOf(catalogue: LineCatalogue, modelo: string, chosen: Map<number, number>) {
  const choices = catalogue
    .groups(modelo)
    .filter((g) => chosen.has(g.id))
    .map((group) => ({ group, option: { ...catalogue.option(chosen.get(group.id)!)!, priceCents: 0 } }));
  return embroideryChoice(choices)?.option ?? null;
}

/**
 * For a colour or position the row gave and the rules refused: which values would do, in the
 * user's language. Undefined for any other error (the rules' own message stands).
 */
function valuesMessage(
  catalogue: LineCatalogue,
  lang: Language,
  line: QuickLine,
  embroidery: OptionRow | null,
  field: string,
): Message | undefined {
  const given = line.parametros_bordado;
  if (field === LINE_FIELD.colour && given?.emb_color.trim())
    return ORDER_MSG.colourNotOffered({
      value: given.emb_color.trim(),
      colours: catalogue
        .colours()
        .map((c) => localized(c, 'nombre', lang))
        .join(', '),
    });
  const value = given?.position.trim();
  if (field !== LINE_FIELD.position || !value || !embroidery) return undefined;
  return ORDER_MSG.positionNotOffered({
    value,
    model: line.modelo,
    positions: positionNames(embroidery)
      .map((p) => localized(p, 'position', lang))
      .join(', '),
  });
}

/**
 * The row's line with what it leaves out taken from the client's most recent configuration of the
 * model: each group it did not give, when that option is still active and offered, and the
 * embroidery when it gave none. The same line when nothing could be taken.
 */
function prefill(catalogue: LineCatalogue, line: QuickLine, recent: Recent): QuickLine {
  const offered = new Set(catalogue.groups(line.modelo).map((g) => g.id));
  const given = new Set(line.parametros_color.map((c) => c.parametros_grupos_id));
  const taken = ((recent.parametros_color ?? []) as ChosenOptionSnapshot[])
    .filter((s) => !given.has(s.parametros_grupos_id) && offered.has(s.parametros_grupos_id))
    .filter((s) => {
      const o = catalogue.option(s.id);
      return o?.activado && o.parametros_grupos_id === s.parametros_grupos_id;
    })
    .map((s) => ({ parametros_grupos_id: s.parametros_grupos_id, parametro: s.id }));
  const bordado = recent.parametros_bordado as EmbroiderySnapshot | null;
  const embroidery = line.parametros_bordado ?? (bordado ? embroideryPayload(bordado) : null);
  if (taken.length === 0 && embroidery === line.parametros_bordado) return line;
  return { ...line, parametros_color: [...line.parametros_color, ...taken], parametros_bordado: embroidery };
}

function embroideryPayload(b: EmbroiderySnapshot): NonNullable<QuickLine['parametros_bordado']> {
  return {
    with_custom: b.with_custom,
    name: b.name,
    emb_color: b.emb_color,
    position: b.position,
    emb_style: b.emb_style,
  };
}

// ── Adding ────────────────────────────────────────────────────────────────────────────────────

/**
 * POST pedidos/quick/add: every line checked by the line builder (a bad one: 422 with its errors
 * under `lines.<i>.<field>`, nothing added), then all inserted in one transaction.
 */
export async function addQuickOrder(
  ctx: ServiceContext,
  body: QuickOrderAddData,
): Promise<QuickOrderAddResponse> {
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  if (body.pedido_id) await assertOwnPedido(ctx, body.pedido_id, clienteId);
  const catalogue = await clientLineCatalogue(
    ctx,
    clienteId,
    body.lines.map((l) => l.modelo),
    body.lines.flatMap(optionIdsOf),
    BY_ID,
  );
  const built = buildLines(catalogue, isStaff(ctx.actor), body.lines, 'lines');
  const cartId = await ctx.db.transaction((tx) => insertLines(tx, ctx, clienteId, built));
  return { added: built.length, pedido: withWarnings(await readOrder(ctx, cartId), built) };
}

// ── Reorder ───────────────────────────────────────────────────────────────────────────────────

/**
 * POST pedidos/reorder/check: each primary line of a visible order (or the one line asked for)
 * against today's catalogue; a whole order's lines with their quantities (a quantity the model's
 * minimum or pack size now refuses makes the line unavailable, with the rule's message). Statements: the order (or the line), its lines, the catalogue (the
 * options named by id); a staff caller's scope check adds one, and a withdrawn option one more (the
 * options of the groups that need a substitute).
 */
export async function checkReorder(
  ctx: ServiceContext,
  body: { pedido_id?: number | null; linea_id?: number | null },
): Promise<ReorderCheckResponse> {
  let scope: { pedido_id: number; cliente_id: number; status: string } | null;
  if (body.linea_id != null) {
    scope = await findOrderLine(ctx.db, body.linea_id);
  } else {
    const p = await findPedido(ctx.db, body.pedido_id!);
    scope = p && { pedido_id: p.id, cliente_id: p.cliente_id, status: p.status };
  }
  const notFound = body.linea_id != null ? ORDER_MSG.lineNotFound : ORDER_MSG.orderNotFound;
  if (!scope || scope.status === 'c') throw new NotFound(notFound);
  await assertOrderVisible(ctx, scope.cliente_id);
  const lines = (await orderLines(ctx.db, scope.pedido_id)).filter(
    (l): l is PastLine =>
      l.primary_line_id == null &&
      !l.porte &&
      l.modelo != null &&
      (body.linea_id == null || l.id === body.linea_id),
  );
  const named = await clientLineCatalogue(
    ctx,
    scope.cliente_id,
    lines.map((l) => l.modelo),
    lines.flatMap((l) => snapshotOf(l).map((s) => s.id)),
    BY_ID,
  );
  // The options of a group are read only where a substitute is needed: one more statement then.
  const catalogue = await withOptionsOfGroups(
    ctx.db,
    named,
    lines.flatMap((l) => withdrawn(named, l).map((s) => s.parametros_grupos_id)),
  );
  const staff = isStaff(ctx.actor);
  const lang = ctx.actor.language;
  // A reorder repeats each line's quantity, so it is checked against the model's minimum and pack
  // size; buy again (one line) starts from the model's first valid quantity in the configurator.
  const repeatsQuantity = body.linea_id == null;
  return {
    cliente_id: scope.cliente_id,
    lines: lines.map((l) => recheckLine(catalogue, staff, lang, l, repeatsQuantity)),
  };
}

/** A product line of a past order (not a surcharge, not the shipping line, which has no model). */
type PastLine = Awaited<ReturnType<typeof orderLines>>[number] & { modelo: string };

const snapshotOf = (l: PastLine) => (l.parametros_color ?? []) as ChosenOptionSnapshot[];

/** The line's options that are gone (withdrawn, moved) from a group its model still offers. */
function withdrawn(catalogue: LineCatalogue, l: PastLine): ChosenOptionSnapshot[] {
  const model = catalogue.model(l.modelo);
  if (!model) return [];
  const offered = new Set(catalogue.groups(model.modelo).map((g) => g.id));
  return snapshotOf(l).filter((s) => offered.has(s.parametros_grupos_id) && !stillChosen(catalogue, s));
}

const stillChosen = (catalogue: LineCatalogue, s: ChosenOptionSnapshot) => {
  const option = catalogue.option(s.id);
  return option?.activado === true && option.parametros_grupos_id === s.parametros_grupos_id;
};

function recheckLine(
  catalogue: LineCatalogue,
  staff: boolean,
  lang: Language,
  l: PastLine,
  repeatsQuantity: boolean,
): ReorderLine {
  const snapshot = snapshotOf(l);
  const bordado = l.parametros_bordado as EmbroiderySnapshot | null;
  // The order shows a line's unit price and its embroidery surcharge apart: so does the check.
  const oldSurchargeCents = bordado && bordado.price > 0 ? snapshotCents(bordado.price) : 0;
  const oldUnitCents = l.precio_cents + oldSurchargeCents;
  const base = {
    linea_id: l.id,
    model: { modelo: l.modelo, descripcion: l.descripcion, descripcion_en: l.descripcion_en },
    cantidad: l.unped,
    ...previousPricesOut(l.precio_cents, oldSurchargeCents),
  };
  const unavailable = (issues: Message[]): ReorderLine => ({
    ...base,
    status: 'unavailable',
    issues,
    precio: null,
    recargo: null,
    opciones: snapshot,
    bordado,
    substitutes: [],
    line: null,
  });
  const model = catalogue.model(l.modelo);
  if (!model || model.baja) return unavailable([ORDER_MSG.modelWithdrawn]);
  if (!model.client_visible && !staff) return unavailable([ORDER_MSG.modelHidden]);
  const issues: Message[] = model.client_visible ? [] : [ORDER_MSG.modelHidden];
  const offered = new Map(catalogue.groups(model.modelo).map((g) => [g.id, g]));
  const chosen: QuickLine['parametros_color'] = [];
  const substitutes: SubstituteGroup[] = [];
  for (const s of snapshot) {
    const group = offered.get(s.parametros_grupos_id);
    if (group && stillChosen(catalogue, s)) {
      chosen.push({ parametros_grupos_id: s.parametros_grupos_id, parametro: s.id });
      continue;
    }
    issues.push(
      ORDER_MSG.optionWithdrawn({
        group: localized(s as Record<string, unknown>, 'grupo', lang) as string,
        option: localized(s as Record<string, unknown>, 'nombre', lang) as string,
      }),
    );
    // A group the model no longer offers needs no option; one it still offers takes a substitute.
    if (!group) continue;
    const options = byColourDistance(
      s.color,
      catalogue.optionsOf(group.id).filter((o) => o.activado),
    ).map((o) => ({ id: o.id, codigo: o.codigo, nombre: o.nombre, nombre_en: o.nombre_en, color: o.color }));
    substitutes.push({
      parametros_grupos_id: group.id,
      grupo: group.nombre,
      grupo_en: group.nombre_en,
      old: { id: s.id, codigo: s.codigo, nombre: s.nombre, nombre_en: s.nombre_en, color: s.color },
      options,
    });
    if (options[0]) chosen.push({ parametros_grupos_id: group.id, parametro: options[0].id });
  }
  const line: QuickLine = {
    modelo: model.modelo,
    cantidad: repeatsQuantity ? l.unped : firstValidQuantity(model),
    parametros_color: chosen,
    parametros_bordado: bordado ? embroideryPayload(bordado) : null,
    nota: l.nota,
  };
  let built: BuiltLine;
  try {
    built = buildLine(catalogue, staff, line);
  } catch (err) {
    if (!(err instanceof Invalid)) throw err;
    const messages = Object.values(err.fields ?? {}).map((m) => m[0]);
    return { ...unavailable([...issues, ...messages]), substitutes };
  }
  // Staff may add a model out of its order window (record 053): the check says so.
  if (built.outOfWindow) issues.push(built.outOfWindow.message);
  const newUnitCents = built.primary.precio_cents + (built.dependent?.precio_cents ?? 0);
  if (newUnitCents !== oldUnitCents)
    issues.push(
      ORDER_MSG.priceChanged({
        old: moneyText(oldUnitCents),
        new: moneyText(newUnitCents),
      }),
    );
  return {
    ...base,
    status: issues.length > 0 ? 'changed' : 'ok',
    issues,
    ...priceAndSurchargeOut(built.primary.precio_cents, built.dependent?.precio_cents ?? 0),
    opciones: built.primary.parametros_color,
    bordado: built.primary.parametros_bordado,
    substitutes,
    line,
  };
}
