/**
 * Clients and client users (product.md §8 Clients, §6 roles).
 *
 * Who may do what (product.md §3 leaves the Representante open; this is the decision):
 * - Admin sees and manages every client and every client user.
 * - Representante sees only the clients whose `clientes.representante_id` is its own user id (the list,
 *   the detail, and their users), and may act on their behalf (cart, lines, orders: enforced by
 *   platform/auth `resolveClienteId`). It may NOT create, edit or delete client users, nor edit the
 *   client record, and it does not see the pending orders of other representatives' clients.
 *   Another representative's client answers 404, like any object the caller may not see.
 * - A Cliente user sees only its own client (GET cliente/{own id}, GET cliente/companyInfo); any
 *   other client id answers 404; the list and the users calls answer 403.
 *
 * Client users are accounts with role Cliente. Deactivating, deleting or changing the password of a
 * user ends its sessions at once (its access tokens are revoked or removed in the same transaction).
 */
import type {
  ClienteUserCreateData,
  ClienteUserUpdateRequest,
  ClienteWriteRequest,
  TaxRegime,
} from '@nido/contract';
import { CATALOG_ADMIN_MSG, CLIENT_MSG, MSG, PAGE_SIZE, paging, taxIdFits } from '@nido/contract';
import type { Db, Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { FieldErrors, Invalid, NotFound } from '../../platform/errors.ts';
import { basisPointsToPercent, percentToBasisPoints } from '../../platform/money.ts';
import { searchable, searchTerms } from '../../platform/text.ts';
import * as accounts from '../account/index.ts';
import * as q from './queries.ts';
import { assertCanActFor, resolveClienteId } from './scope.ts';

// ── Clients ─────────────────────────────────────────────────────────────────────────────────────

export async function listClientes(ctx: ServiceContext, query: { text?: string; page: number }) {
  const { db } = ctx;
  const user = ctx.actor;
  const filter: q.ClienteListFilter = {
    terms: searchTerms(query.text),
    representanteId: user.role === 'Representante' ? user.id : undefined,
  };
  const page = query.page;
  const [total, rows] = await Promise.all([
    q.countClientes(db, filter),
    q.findClientesPage(db, filter, PAGE_SIZE, (page - 1) * PAGE_SIZE),
  ]);
  return { ok: true, data: rows, meta: paging(total, page, PAGE_SIZE) };
}

export async function getCliente(ctx: ServiceContext, id: number) {
  const { db } = ctx;
  await assertCanActFor(db, ctx.actor, id);
  const row = await q.findCliente(db, id);
  if (!row) throw new NotFound(CLIENT_MSG.clientNotFound);
  return { ok: true, data: { ...row, descuento: basisPointsToPercent(row.descuento_bp) } };
}

/** A price list that does not exist (the foreign key refused it): 422 on tarifa_id. */
function unknownPriceList(err: unknown): unknown {
  for (let e: any = err; e; e = e.cause)
    if (e.code === '23503' && String(e.constraint ?? e.message).includes('tarifa'))
      return new Invalid({ tarifa_id: [CATALOG_ADMIN_MSG.priceListInvalid] });
  return err;
}

/** The caller's own client (a Cliente), or the client a staff member names and may see. */
export async function getCompanyInfo(ctx: ServiceContext, clienteId?: number) {
  const { db } = ctx;
  const id = await resolveClienteId(ctx, clienteId || null);
  const row = await q.findCliente(db, id);
  if (!row) throw new NotFound(CLIENT_MSG.clientNotFound);
  const usuarios = await accounts.findUserNamesOfClient(db, id);
  return { ok: true, data: { ...row, usuarios } };
}

async function checkRepresentante(db: Db, errors: FieldErrors, representanteId: number | null | undefined) {
  if (!representanteId) return;
  const target = await accounts.findUserRole(db, representanteId);
  if (target?.role !== 'Representante') errors.add('representante_id', CLIENT_MSG.representanteInvalid);
}

/** Body fields → column values; undefined fields are left out (PUT keeps them). */
function clienteValues(body: ClienteWriteRequest): q.ClienteValues & { nomcome: string } {
  const values: q.ClienteValues & { nomcome: string } = { nomcome: body.nomcome };
  for (const key of [
    'nombre',
    'cif',
    'email',
    'telefono',
    'direccion',
    'poblacion',
    'provincia',
    'cp',
    'pais',
    'regimen_fiscal',
    'activo',
  ] as const) {
    if (body[key] !== undefined) (values as Record<string, unknown>)[key] = body[key];
  }
  if (body.representante_id !== undefined) values.representante_id = body.representante_id || null;
  if (body.tarifa_id !== undefined) values.tarifa_id = body.tarifa_id || null;
  if (body.descuento !== undefined) values.descuento_bp = percentToBasisPoints(body.descuento);
  return values;
}

/** The tax id the regime needs (contract tax.ts), on the values the client will have. */
function checkTaxId(errors: FieldErrors, next: { regimen_fiscal: TaxRegime; cif: string }) {
  if (!taxIdFits(next.regimen_fiscal, next.cif)) errors.add('cif', CLIENT_MSG.vatNumberInvalid);
}

function clienteSearchText(row: {
  nomcome: string;
  nombre: string;
  cif: string;
  email: string;
  poblacion: string;
}): string {
  return searchable(row.nomcome, row.nombre, row.cif, row.email, row.poblacion);
}

export async function createCliente(ctx: ServiceContext, body: ClienteWriteRequest) {
  const { db } = ctx;
  const errors = new FieldErrors();
  await checkRepresentante(db, errors, body.representante_id);
  const values = clienteValues(body);
  checkTaxId(errors, { regimen_fiscal: 'general', cif: '', ...values });
  errors.throwIfAny();
  const id = await db
    .transaction(async (tx) => {
      const newId = await q.insertCliente(tx, {
        ...values,
        search_text: clienteSearchText({
          nomcome: values.nomcome,
          nombre: values.nombre ?? '',
          cif: values.cif ?? '',
          email: values.email ?? '',
          poblacion: values.poblacion ?? '',
        }),
      });
      await audit(tx, ctx, { action: 'create', entity: 'cliente', entity_id: newId, details: values });
      return newId;
    })
    .catch((err) => {
      throw unknownPriceList(err);
    });
  return getCliente(ctx, id);
}

export async function updateCliente(ctx: ServiceContext, id: number, body: ClienteWriteRequest) {
  const { db } = ctx;
  const errors = new FieldErrors();
  await checkRepresentante(db, errors, body.representante_id);
  errors.throwIfAny();
  const values = clienteValues(body);
  await db
    .transaction(async (tx) => {
      const current = await q.findClienteRow(tx, id);
      if (!current) throw new NotFound(CLIENT_MSG.clientNotFound);
      const next = { ...current, ...values };
      checkTaxId(errors, next);
      errors.throwIfAny();
      await q.updateCliente(tx, id, {
        ...values,
        search_text: clienteSearchText(next),
        updated_at: ctx.clock.now(),
      });
      await audit(tx, ctx, {
        action: 'update',
        entity: 'cliente',
        entity_id: id,
        acting_cliente_id: id,
        details: values,
      });
    })
    .catch((err) => {
      throw unknownPriceList(err);
    });
  return getCliente(ctx, id);
}

// ── Client users ────────────────────────────────────────────────────────────────────────────────

export async function listClienteUsers(ctx: ServiceContext, clienteId: number) {
  const { db } = ctx;
  await assertCanActFor(db, ctx.actor, clienteId);
  return accounts.findUsersOfClient(db, clienteId);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) if (e.code === '23505') return true;
  return false;
}

function emailTakenError(): Invalid {
  return new Invalid({ email: [CLIENT_MSG.emailTaken] });
}

export async function createClienteUser(ctx: ServiceContext, body: ClienteUserCreateData) {
  const { db } = ctx;
  const email = body.email.toLowerCase();
  const cliente = await q.findCliente(db, body.cliente_id);
  const errors = new FieldErrors();
  if (!cliente) errors.add('cliente_id', CLIENT_MSG.clientNotFound);
  if (await accounts.emailTaken(db, email)) errors.add('email', CLIENT_MSG.emailTaken);
  errors.throwIfAny();
  const password_hash = await accounts.hashNewPassword(body.password);
  try {
    const user = await db.transaction(async (tx) => {
      const row = await accounts.insertUser(tx, {
        cliente_id: body.cliente_id,
        name: body.name,
        email,
        password_hash,
        role: 'Cliente',
        language: body.language,
        active: body.active,
      });
      await audit(tx, ctx, {
        action: 'create',
        entity: 'user',
        entity_id: row.id,
        acting_cliente_id: body.cliente_id,
        details: { email, name: body.name, cliente_id: body.cliente_id, active: body.active },
      });
      return row;
    });
    return { ok: true, data: user };
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
}

export async function updateClienteUser(ctx: ServiceContext, id: number, body: ClienteUserUpdateRequest) {
  const { db } = ctx;
  const existing = await accounts.findClientUser(db, id);
  if (!existing) throw new NotFound(MSG.userNotFound);
  const email = body.email.toLowerCase();
  if (await accounts.emailTaken(db, email, id)) throw emailTakenError();
  const values: Parameters<typeof accounts.updateUserRow>[2] = {
    name: body.name,
    email,
    updated_at: ctx.clock.now(),
  };
  if (body.language !== undefined) values.language = body.language;
  if (body.active !== undefined) values.active = body.active;
  const passwordChanged = !!body.password;
  if (body.password) values.password_hash = await accounts.hashNewPassword(body.password);
  const endSessions = passwordChanged || values.active === false;
  const credentialsChanged = passwordChanged || email !== existing.email;
  try {
    const user = await db.transaction(async (tx) => {
      const row = await accounts.updateUserRow(tx, id, values);
      if (!row) throw new NotFound(MSG.userNotFound);
      if (endSessions) await accounts.revokeUserTokens(tx, id, ctx.clock.now());
      if (credentialsChanged) await accounts.endResetLinks(tx, id, ctx.clock.now());
      const { password_hash: _, updated_at: __, ...changed } = values;
      await audit(tx, ctx, {
        action: 'update',
        entity: 'user',
        entity_id: id,
        acting_cliente_id: existing.cliente_id,
        details: { ...changed, password_changed: passwordChanged },
      });
      return row;
    });
    return { ok: true, data: user };
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
}

export async function deleteClienteUser(ctx: ServiceContext, id: number) {
  const { db } = ctx;
  await db.transaction(async (tx: Tx) => {
    const existing = await accounts.findClientUser(tx, id);
    if (!existing) throw new NotFound(MSG.userNotFound);
    // access_tokens rows go with the user (ON DELETE CASCADE): its sessions end at once.
    await accounts.deleteUser(tx, id);
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'user',
      entity_id: id,
      acting_cliente_id: existing.cliente_id,
      details: { email: existing.email, name: existing.name, cliente_id: existing.cliente_id },
    });
  });
  return { ok: true };
}
