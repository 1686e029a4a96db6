/**
 * Line sheets (product.md, line sheets): a collection's cover and its active models by family, priced
 * for a client through the one pricing function (record 049). Who gets whose prices: a shop its own
 * client's, always (naming another client is a 404); staff the client they name, which they must be
 * allowed to act for (a Representante: its own clients; else 404), or PVP alone when they name none.
 * The models are read a page at a time (`sheetPages`), so neither the PDF nor its images are ever
 * all in memory.
 */
import { buffer } from 'node:stream/consumers';
import {
  type Language,
  LINE_SHEET_MSG,
  type LineSheet,
  type LineSheetSendRequest,
  madridIsoDay,
  orderWindowStatus,
} from '@nido/contract';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { isStaff } from '../../../platform/context.ts';
import { Invalid } from '../../../platform/errors.ts';
import type { MailMessage } from '../../../platform/mail.ts';
import { findActiveUsersOfClient } from '../../account/index.ts';
import { findClienteMail, resolveClienteId } from '../../clients/index.ts';
import { priceInputsOfClient, readPrices } from '../pricing.ts';
import { swatchesFor } from '../shop/queries.ts';
import { browsableColeccion } from '../shop/service.ts';
import { lineSheetPdf } from './document.ts';
import { lineSheetMail } from './mails.ts';
import { sheetModelOut } from './present.ts';
import { type SheetCursor, type SheetRow, sheetPage } from './queries.ts';
import { familyKey, type SheetItem, type SheetScope } from './sheet.ts';

/** Models read (and, for the PDF, their images fetched and drawn) per page. */
export const SHEET_PAGE_SIZE = 36;

/**
 * The collection the caller may browse (a shop: active and not representatives-only; else 404) and
 * the client the sheet is priced for (see the rule above). Statements: 1-3.
 */
export async function sheetScope(
  ctx: ServiceContext,
  id: number,
  cliente?: number | null,
): Promise<SheetScope> {
  const [found, clienteId] = await Promise.all([
    browsableColeccion(ctx, id),
    isStaff(ctx.actor) && !cliente ? null : resolveClienteId(ctx, cliente ?? null),
  ]);
  const today = madridIsoDay(ctx.clock.now());
  const coleccion = {
    id: found.id,
    coleccion: found.coleccion,
    nombre: found.nombre,
    nombre_en: found.nombre_en,
    pedido_desde: found.pedido_desde,
    pedido_hasta: found.pedido_hasta,
    entrega_desde: found.entrega_desde,
    entrega_hasta: found.entrega_hasta,
    ...orderWindowStatus(found, today),
  };
  if (clienteId == null) {
    return { coleccion, fabricante: ctx.config.MAKER_NAME, cliente: null, inputs: null, today };
  }
  const [client, inputs] = await Promise.all([
    findClienteMail(ctx.db, clienteId),
    priceInputsOfClient(ctx.db, clienteId),
  ]);
  return {
    coleccion,
    fabricante: ctx.config.MAKER_NAME,
    cliente: { id: clienteId, nomcome: client?.nomcome ?? '' },
    inputs,
    today,
  };
}

/**
 * The sheet's models a page at a time, in sheet order, each page with its swatches and its prices
 * read in parallel (2-3 statements a page, whatever its size).
 */
export async function* sheetPages(ctx: ServiceContext, scope: SheetScope): AsyncGenerator<SheetItem[]> {
  let cursor: SheetCursor | null = null;
  for (;;) {
    const rows: SheetRow[] = await sheetPage(ctx.db, scope.coleccion.id, cursor, SHEET_PAGE_SIZE);
    if (rows.length === 0) return;
    const codes = rows.map((r) => r.modelo);
    const [swatches, prices] = await Promise.all([
      swatchesFor(ctx.db, codes),
      scope.inputs ? readPrices(ctx.db, scope.inputs, codes) : null,
    ]);
    yield rows.map((r) => ({
      familia: r.familia,
      thumb: r.thumb,
      full: r.full,
      model: sheetModelOut(
        r,
        { pvpCents: r.pvp_cents, netCents: prices ? prices.model(r).netCents : null },
        swatches.get(r.modelo) ?? [],
      ),
    }));
    if (rows.length < SHEET_PAGE_SIZE) return;
    const last = rows[rows.length - 1];
    cursor = { rank: last.rank, position: last.position, modelo: last.modelo };
  }
}

/** GET colecciones/{id}/linesheet: the whole sheet, for the print view. */
export async function lineSheet(
  ctx: ServiceContext,
  id: number,
  cliente?: number | null,
): Promise<LineSheet> {
  const scope = await sheetScope(ctx, id, cliente);
  const familias: LineSheet['familias'] = [];
  for await (const page of sheetPages(ctx, scope)) {
    for (const item of page) {
      const last = familias[familias.length - 1];
      // Pages come in family order: a family's models are consecutive.
      const family = last && familyKey(last.familia) === familyKey(item.familia) ? last : null;
      if (family) family.modelos.push(item.model);
      else familias.push({ familia: item.familia, modelos: [item.model] });
    }
  }
  const { coleccion, fabricante, cliente: client } = scope;
  return { coleccion, fabricante, cliente: client, familias };
}

/** A file name for the sheet: the collection's code, safe in a header. */
export function sheetFileName(scope: SheetScope, lang: Language): string {
  const code =
    scope.coleccion.coleccion.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || String(scope.coleccion.id);
  return `${lang === 'es' ? 'catalogo' : 'line-sheet'}-${code}.pdf`;
}

/** GET colecciones/{id}/linesheet/pdf: the scope checked (404s answer before any byte), then the PDF stream. */
export async function lineSheetDocument(
  ctx: ServiceContext,
  id: number,
  query: { cliente?: number; lang?: Language },
) {
  const scope = await sheetScope(ctx, id, query.cliente);
  const lang = query.lang ?? ctx.actor.language;
  return {
    fileName: sheetFileName(scope, lang),
    pdf: await lineSheetPdf(ctx, scope, lang, sheetPages(ctx, scope)),
  };
}

interface Recipient {
  email: string;
  name: string;
  language: Language;
}

/**
 * Who a sent sheet goes to: `email` when given (in the language of the client's user with that
 * email, else the client's: its first active user's, else Spanish); else the client's active users,
 * each in their language; else the client's own email, in Spanish (as the order confirmation).
 */
async function recipientsOf(ctx: ServiceContext, clienteId: number, email?: string): Promise<Recipient[]> {
  const [users, client] = await Promise.all([
    findActiveUsersOfClient(ctx.db, clienteId),
    findClienteMail(ctx.db, clienteId),
  ]);
  const clientLanguage: Language = users[0]?.language ?? 'es';
  const name = client?.nomcome ?? '';
  if (email) {
    const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
    return [{ email, name: user?.name ?? name, language: user?.language ?? clientLanguage }];
  }
  if (users.length) return users;
  if (client?.email) return [{ email: client.email, name, language: 'es' }];
  throw new Invalid({ email: [LINE_SHEET_MSG.noRecipient] });
}

/**
 * POST colecciones/{id}/linesheet/send (staff): the client's line sheet by mail, the PDF in each
 * recipient's language attached, through the outbox (record 035) with its audit row. The PDFs are
 * drawn before the transaction, which only writes the mails and the audit row.
 */
export async function sendLineSheet(ctx: ServiceContext, id: number, body: LineSheetSendRequest) {
  const scope = await sheetScope(ctx, id, body.cliente);
  const clienteId = scope.cliente!.id;
  const recipients = await recipientsOf(ctx, clienteId, body.email);
  const pdfs = new Map<Language, Buffer>();
  for (const language of new Set(recipients.map((r) => r.language))) {
    pdfs.set(language, await buffer(await lineSheetPdf(ctx, scope, language, sheetPages(ctx, scope))));
  }
  const mails: MailMessage[] = recipients.map((r) => ({
    ...lineSheetMail(r.email, r.name, r.language, scope),
    attachments: [
      {
        filename: sheetFileName(scope, r.language),
        contentType: 'application/pdf',
        content: pdfs.get(r.language)!,
      },
    ],
  }));
  await ctx.db.transaction(async (tx) => {
    await ctx.mail.enqueue(tx, mails);
    await audit(tx, ctx, {
      action: 'coleccion.linesheet.send',
      entity: 'coleccion',
      entity_id: id,
      acting_cliente_id: clienteId,
      details: { destinatarios: recipients.map((r) => r.email) },
    });
  });
  ctx.mail.wake();
  return { destinatarios: recipients.map((r) => r.email) };
}
