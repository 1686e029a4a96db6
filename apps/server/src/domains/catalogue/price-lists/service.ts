/**
 * The Admin's price lists (record 049): the lists and their discounts, their net prices one by one,
 * and as a file: exported as CSV, imported from CSV or XLSX through a preview that checks every row
 * (unknown codes, bad prices) before anything is saved, then all or nothing.
 */
import {
  CATALOG_ADMIN_MSG,
  type Message,
  ORDER_MSG,
  PAGE_SIZE,
  PRICE_LIST_FILE_MAX_BYTES,
  PRICE_LIST_ROWS_MAX,
  type PriceList,
  type PriceListImportPreview,
  type PriceListImportRow,
  type PriceListWriteData,
  paging,
} from '@nido/contract';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { Conflict, Invalid, NotFound } from '../../../platform/errors.ts';
import type { UploadRequest } from '../../../platform/images.ts';
import { fileMoney } from '../../../platform/money.ts';
import { cellsOfFileOffThread } from '../../../platform/table-file.ts';
import { searchTerms } from '../../../platform/text.ts';
import {
  netPriceIn,
  priceListDetailOut,
  priceListOut,
  priceListValuesIn,
  priceRowOut,
  retailPriceOut,
} from './present.ts';
import * as q from './queries.ts';

const notFound = () => new NotFound(CATALOG_ADMIN_MSG.priceListNotFound);

function codeOf(err: unknown): string | undefined {
  for (let e: any = err; e; e = e.cause)
    if (typeof e.code === 'string' && /^\d{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** A database refusal of a list's values as the caller's error: a taken name, an unknown collection. */
function refusal(err: unknown): unknown {
  const code = codeOf(err);
  if (
    code === '23505' &&
    String((err as any)?.cause?.constraint ?? (err as any)?.constraint ?? '').includes('nombre')
  )
    return new Conflict(CATALOG_ADMIN_MSG.priceListNameTaken);
  if (code === '23505') return new Invalid({ colecciones: [CATALOG_ADMIN_MSG.repeatedDiscount] });
  if (code === '23503') return new Invalid({ colecciones: [CATALOG_ADMIN_MSG.unknownCollection] });
  return err;
}

function valuesOf(body: PriceListWriteData): q.PriceListValues {
  const colecciones = body.colecciones ?? [];
  const familias = body.familias ?? [];
  if (new Set(colecciones.map((c) => c.colecciones_id)).size !== colecciones.length)
    throw new Invalid({ colecciones: [CATALOG_ADMIN_MSG.repeatedDiscount] });
  if (new Set(familias.map((f) => f.familia)).size !== familias.length)
    throw new Invalid({ familias: [CATALOG_ADMIN_MSG.repeatedDiscount] });
  return priceListValuesIn(body);
}

/** GET tarifas. */
export async function listPriceLists(ctx: ServiceContext) {
  const rows = await q.listPriceLists(ctx.db);
  return { data: rows.map(priceListOut) };
}

/** GET tarifas/{id}: the list with its discounts (2 statements). */
export async function getPriceList(ctx: ServiceContext, id: number): Promise<PriceList> {
  const [row, discounts] = await Promise.all([q.findPriceList(ctx.db, id), q.findDiscounts(ctx.db, id)]);
  if (!row) throw notFound();
  return priceListDetailOut(row, discounts);
}

/** POST tarifas. */
export async function createPriceList(ctx: ServiceContext, body: PriceListWriteData): Promise<PriceList> {
  const values = valuesOf(body);
  const id = await ctx.db
    .transaction(async (tx) => {
      const newId = await q.insertPriceList(tx, values);
      await audit(tx, ctx, { action: 'create', entity: 'tarifa', entity_id: newId, details: values });
      return newId;
    })
    .catch((err) => {
      throw refusal(err);
    });
  return getPriceList(ctx, id);
}

/** PUT tarifas/{id}: name and discounts (the discounts given replace the list's). */
export async function updatePriceList(
  ctx: ServiceContext,
  id: number,
  body: PriceListWriteData,
): Promise<PriceList> {
  const values = valuesOf(body);
  await ctx.db
    .transaction(async (tx) => {
      if (!(await q.updatePriceList(tx, id, values, ctx.clock.now()))) throw notFound();
      await audit(tx, ctx, { action: 'update', entity: 'tarifa', entity_id: id, details: values });
    })
    .catch((err) => {
      throw refusal(err);
    });
  return getPriceList(ctx, id);
}

/** DELETE tarifas/{id}: its clients are left without a list (PVP less their own discount). */
export async function deletePriceList(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await q.deletePriceList(tx, id))) throw notFound();
    await audit(tx, ctx, { action: 'delete', entity: 'tarifa', entity_id: id });
  });
}

async function assertExists(ctx: ServiceContext, id: number) {
  if (!(await q.findPriceList(ctx.db, id))) throw notFound();
}

/** GET tarifas/{id}/precios. */
export async function listPrices(ctx: ServiceContext, id: number, query: { search?: string; page: number }) {
  await assertExists(ctx, id);
  const terms = searchTerms(query.search).slice(0, 8);
  const [rows, total] = await Promise.all([
    q.findPricesPage(ctx.db, id, terms, PAGE_SIZE, (query.page - 1) * PAGE_SIZE),
    q.countPrices(ctx.db, id, terms),
  ]);
  return {
    data: rows.map(priceRowOut),
    meta: paging(total, query.page),
  };
}

/** PUT tarifas/{id}/precios/{modelo}. */
export async function setPrice(
  ctx: ServiceContext,
  id: number,
  modelo: string,
  precio: number,
): Promise<void> {
  await assertExists(ctx, id);
  const [model] = await q.modelsByCode(ctx.db, [modelo]);
  if (!model) throw new NotFound(CATALOG_ADMIN_MSG.modelNotFound);
  const cents = netPriceIn(precio);
  await ctx.db.transaction(async (tx) => {
    await q.upsertPrice(tx, id, model.modelo, cents);
    await audit(tx, ctx, {
      action: 'tarifa.precio',
      entity: 'tarifa',
      entity_id: id,
      details: { modelo, precio_cents: cents },
    });
  });
}

/** DELETE tarifas/{id}/precios/{modelo}. */
export async function removePrice(ctx: ServiceContext, id: number, modelo: string): Promise<void> {
  await assertExists(ctx, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await q.deletePrice(tx, id, modelo))) throw new NotFound(CATALOG_ADMIN_MSG.modelNotFound);
    await audit(tx, ctx, {
      action: 'tarifa.precio.delete',
      entity: 'tarifa',
      entity_id: id,
      details: { modelo },
    });
  });
}

/** GET tarifas/{id}/export: `modelo;precio`, UTF-8 with a BOM, one row a model. */
export async function exportPrices(ctx: ServiceContext, id: number): Promise<string> {
  await assertExists(ctx, id);
  const rows = await q.allPrices(ctx.db, id);
  return `\uFEFFmodelo;precio\r\n${rows.map((r) => `${r.modelo};${fileMoney(r.precio_cents, 'csv')}\r\n`).join('')}`;
}

/**
 * A price as a file may write it: digits with an optional decimal comma or point and at most two
 * decimals, an optional € sign; anything else (a thousands separator, a negative, text) is not one.
 */
export function parsePrice(text: string): number | null {
  const t = text.replace(/€/g, '').trim();
  if (!/^\d{1,5}([.,]\d{1,2})?$/.test(t)) return null;
  return Number(t.replace(',', '.'));
}

interface CheckedRow extends PriceListImportRow {
  cents: number | null;
}

/** Reads and checks the file's rows: a header row (a non-price in the second cell of row 1) is skipped. */
async function checkFile(
  ctx: ServiceContext,
  id: number,
  read: () => Promise<UploadRequest>,
): Promise<CheckedRow[]> {
  await assertExists(ctx, id);
  const upload = await read();
  if (!upload.file) throw new Invalid({ file: [ORDER_MSG.fileRequired] });
  let cells = await cellsOfFileOffThread(ctx.workers, upload.file, {
    maxBytes: PRICE_LIST_FILE_MAX_BYTES,
    maxRows: PRICE_LIST_ROWS_MAX,
  });
  if (cells.length > 0 && parsePrice(cells[0].cells[1] ?? '') == null) cells = cells.slice(1);
  const codes = cells.map((c) => (c.cells[0] ?? '').trim());
  const models = new Map((await q.modelsByCode(ctx.db, [...new Set(codes)])).map((m) => [m.modelo, m]));
  const seen = new Set<string>();
  return cells.map(({ row, cells: c }, i) => {
    const modelo = codes[i];
    const precio = parsePrice(c[1] ?? '');
    const model = models.get(modelo);
    const errors: Message[] = [];
    if (!model) errors.push(CATALOG_ADMIN_MSG.unknownModelCode({ modelo }));
    else if (seen.has(modelo)) errors.push(CATALOG_ADMIN_MSG.repeatedModelCode({ modelo }));
    seen.add(modelo);
    if (precio == null) errors.push(CATALOG_ADMIN_MSG.priceInvalid);
    return {
      row,
      modelo,
      precio,
      pvp: retailPriceOut(model),
      errors: errors.map((m) => (m.params ? { code: m.code, params: m.params } : { code: m.code })),
      cents: precio == null ? null : netPriceIn(precio),
    };
  });
}

/** POST tarifas/{id}/import/preview: every row checked, nothing saved. */
export async function previewImport(
  ctx: ServiceContext,
  id: number,
  read: () => Promise<UploadRequest>,
): Promise<PriceListImportPreview> {
  const rows = await checkFile(ctx, id, read);
  const errores = rows.filter((r) => r.errors.length > 0).length;
  return { rows: rows.map(({ cents: _, ...r }) => r), validos: rows.length - errores, errores };
}

/**
 * POST tarifas/{id}/import: the file's net prices replace the list's, in one transaction, when every
 * row is good; else 422 naming how many rows are wrong, and nothing changes.
 */
export async function importPrices(
  ctx: ServiceContext,
  id: number,
  read: () => Promise<UploadRequest>,
): Promise<{ importados: number }> {
  const rows = await checkFile(ctx, id, read);
  const bad = rows.filter((r) => r.errors.length > 0).length;
  if (bad > 0) throw new Invalid({ file: [CATALOG_ADMIN_MSG.priceListRowsInvalid({ count: bad })] });
  await ctx.db.transaction(async (tx) => {
    await q.replacePrices(
      tx,
      id,
      rows.map((r) => ({ modelo: r.modelo, cents: r.cents! })),
    );
    await audit(tx, ctx, {
      action: 'tarifa.import',
      entity: 'tarifa',
      entity_id: id,
      details: { rows: rows.length },
    });
  });
  return { importados: rows.length };
}
