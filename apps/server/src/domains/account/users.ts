/**
 * The users table as the other modules may use it: client users kept by staff (clients module),
 * names and counts for their lists. Only the account module names the table.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { outerColumn } from '../../db/subquery.ts';

/** A user's name by id, as a column of another module's query (null when no such user). */
export function userNameSql(userId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select u.name from ${users} u where u.id = ${outerColumn(userId)})`;
}

/** A user's role by id, as a column of another module's query (null when no such user). */
export function userRoleSql(userId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select u.role from ${users} u where u.id = ${outerColumn(userId)})`;
}

/**
 * The active users an event concerns, as a subquery of one `id` column for another module's
 * statement (the notifications' recipients): every Admin when `admins`, the users of the client
 * `clientUsersOf`, those `ids` names (a subquery of ids); never `except` (who caused the event).
 */
export function activeUserIdsSql(who: {
  admins?: boolean;
  clientUsersOf?: number;
  ids?: SQL;
  except?: number;
}): SQL {
  const any: SQL[] = [];
  if (who.admins) any.push(sql`u.role = 'Admin'`);
  if (who.clientUsersOf != null) any.push(sql`u.cliente_id = ${who.clientUsersOf}`);
  if (who.ids) any.push(sql`u.id in ${who.ids}`);
  const matches = any.length ? sql.join(any, sql` or `) : sql`false`;
  const except = who.except != null ? sql` and u.id <> ${who.except}` : sql``;
  return sql`(select u.id from ${users} u where u.active and (${matches})${except})`;
}

/** How many users a client has, as a column of another module's query. */
export function clientUserCountSql(clienteId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*) from ${users} u where u.cliente_id = ${outerColumn(clienteId)})`.mapWith(
    Number,
  );
}

export async function findUserNamesOfClient(db: Db, clienteId: number) {
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

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  language: users.language,
  active: users.active,
};

export async function findUsersOfClient(db: Db, clienteId: number) {
  return db
    .select(userColumns)
    .from(users)
    .where(eq(users.cliente_id, clienteId))
    .orderBy(asc(users.name), asc(users.id));
}

/** A user that belongs to a client (role Cliente); other accounts are not managed here. */
export async function findClientUser(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ ...userColumns, cliente_id: users.cliente_id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'Cliente')))
    .limit(1);
  return row;
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning(userColumns);
  return row;
}

export async function updateUserRow(tx: Tx, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
  return row;
}

export async function deleteUser(tx: Tx, id: number) {
  await tx.delete(users).where(eq(users.id, id));
}

/** Active client users of a client (confirmation mail recipients when staff submitted). */
export async function findActiveUsersOfClient(db: Db, clienteId: number) {
  return db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(and(eq(users.cliente_id, clienteId), eq(users.role, 'Cliente'), eq(users.active, true)))
    .orderBy(asc(users.id));
}
