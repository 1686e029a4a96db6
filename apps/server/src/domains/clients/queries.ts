import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { access_tokens, clientes, users } from '../../db/schema.ts';
import { escapeLike } from '../../platform/text.ts';

const rep = alias(users, 'rep');

/** Columns of a client on the wire (GET cliente/{id}). */
const clienteColumns = {
  id: clientes.id,
  nomcome: clientes.nomcome,
  nombre: clientes.nombre,
  cif: clientes.cif,
  email: clientes.email,
  telefono: clientes.telefono,
  direccion: clientes.direccion,
  poblacion: clientes.poblacion,
  provincia: clientes.provincia,
  cp: clientes.cp,
  pais: clientes.pais,
  activo: clientes.activo,
  representante_id: clientes.representante_id,
  representante: rep.name,
};

export interface ClienteListFilter {
  /** Normalised search words; every one must occur in search_text. */
  terms: string[];
  /** Only this representative's clients (Representante callers). */
  representanteId?: number;
}

function listWhere(filter: ClienteListFilter): SQL | undefined {
  const conds: SQL[] = filter.terms.map((t) => sql`${clientes.search_text} like ${`%${escapeLike(t)}%`}`);
  if (filter.representanteId != null) conds.push(eq(clientes.representante_id, filter.representanteId));
  return conds.length ? and(...conds) : undefined;
}

/** One page of clients ordered by trade name, with their user count and representative's name. */
export async function findClientesPage(db: Db, filter: ClienteListFilter, limit: number, offset: number) {
  return db
    .select({
      id: clientes.id,
      nomcome: clientes.nomcome,
      nombre: clientes.nombre,
      cif: clientes.cif,
      email: clientes.email,
      telefono: clientes.telefono,
      poblacion: clientes.poblacion,
      provincia: clientes.provincia,
      activo: clientes.activo,
      usuarios:
        sql<number>`(select count(*) from ${users} where ${users.cliente_id} = ${clientes.id})`.mapWith(
          Number,
        ),
      representante: rep.name,
    })
    .from(clientes)
    .leftJoin(rep, eq(rep.id, clientes.representante_id))
    .where(listWhere(filter))
    .orderBy(asc(clientes.nomcome), asc(clientes.id))
    .limit(limit)
    .offset(offset);
}

export async function countClientes(db: Db, filter: ClienteListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(clientes)
    .where(listWhere(filter));
  return row?.n ?? 0;
}

export async function findCliente(db: Db | Tx, id: number) {
  const [row] = await db
    .select(clienteColumns)
    .from(clientes)
    .leftJoin(rep, eq(rep.id, clientes.representante_id))
    .where(eq(clientes.id, id))
    .limit(1);
  return row;
}

export async function findClienteUserNames(db: Db, clienteId: number) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.cliente_id, clienteId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function findUserRole(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export type ClienteValues = Partial<Omit<typeof clientes.$inferInsert, 'id' | 'created_at'>>;

export async function insertCliente(tx: Tx, values: ClienteValues & { nomcome: string }) {
  const [row] = await tx.insert(clientes).values(values).returning({ id: clientes.id });
  return row.id;
}

export async function updateCliente(tx: Tx, id: number, values: ClienteValues) {
  await tx.update(clientes).set(values).where(eq(clientes.id, id));
}

/** The stored row (for rebuilding search_text after a partial update). */
export async function findClienteRow(db: Db | Tx, id: number) {
  const [row] = await db.select().from(clientes).where(eq(clientes.id, id)).limit(1);
  return row;
}

// ── Client users ────────────────────────────────────────────────────────────────────────────────

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  language: users.language,
  active: users.active,
};

export async function findClienteUsers(db: Db, clienteId: number) {
  return db
    .select(userColumns)
    .from(users)
    .where(eq(users.cliente_id, clienteId))
    .orderBy(asc(users.name), asc(users.id));
}

/** A user that belongs to a client (role Cliente); other accounts are not managed here. */
export async function findClienteUser(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ ...userColumns, cliente_id: users.cliente_id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'Cliente')))
    .limit(1);
  return row;
}

export async function emailTaken(db: Db | Tx, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return row != null;
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning(userColumns);
  return row;
}

export async function updateUser(tx: Tx, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
  return row;
}

export async function deleteUser(tx: Tx, id: number) {
  await tx.delete(users).where(eq(users.id, id));
}

/** Ends every session of a user at once. */
export async function revokeUserTokens(tx: Tx, userId: number, at: Date) {
  await tx
    .update(access_tokens)
    .set({ revoked_at: at })
    .where(and(eq(access_tokens.user_id, userId), sql`${access_tokens.revoked_at} is null`));
}
