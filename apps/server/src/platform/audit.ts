import { and, asc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { audit_log } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { AuthUser } from './context.ts';

/** Who acts and when: a request's ServiceContext, or a command-line tool's (no actor: the operator). */
export interface AuditActor {
  actor: AuthUser | null;
  clock: Clock;
}

export interface AuditEntry {
  action: string;
  entity:
    | 'pedido'
    | 'linea'
    | 'modelo'
    | 'parametros_grupo'
    | 'parametro'
    | 'coleccion'
    | 'cliente'
    | 'direccion'
    | 'factura'
    | 'order_settings'
    | 'user'
    | 'mail'
    | 'tarifa';
  entity_id: string | number;
  /** For an admin or representative acting for a client: that client. */
  acting_cliente_id?: number | null;
  details?: unknown;
}

/**
 * Records who did what (product.md §5.8). Call it inside the same transaction as the change.
 * The time is the app's clock, like the order status history beside it on the order screen.
 */
export async function audit(db: Db | Tx, ctx: AuditActor, entry: AuditEntry): Promise<void> {
  await auditAll(db, ctx, [entry]);
}

/** Records several entries in one statement (lines added together: a quick order, a reorder). */
export async function auditAll(db: Db | Tx, ctx: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const user = ctx.actor;
  const at = ctx.clock.now();
  await db.insert(audit_log).values(
    entries.map((entry) => ({
      at,
      user_id: user?.id ?? null,
      acting_cliente_id:
        entry.acting_cliente_id != null && user && user.role !== 'Cliente' ? entry.acting_cliente_id : null,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entity_id),
      details: entry.details ?? null,
    })),
  );
}

/** An object and its parts, whose entries make one history (an order and its lines). */
export interface AuditSubject {
  entity: AuditEntry['entity'];
  entity_id: string | number;
  parts: {
    entity: AuditEntry['entity'];
    /** The current parts' ids as text: a one-column subquery of the caller's own table. */
    ids: SQLWrapper;
    /** The object's entries of this action name a part removed since, in details[key]. */
    removedBy: { action: string; key: string };
  };
}

/**
 * How the rows name the user who acted and the client acted for: columns other modules make of
 * their own tables (users, clientes), each from an id column of the audit row.
 */
export interface AuditNames {
  userName: (userId: AnyPgColumn) => SQL<string | null>;
  userRole: (userId: AnyPgColumn) => SQL<string | null>;
  clientName: (clienteId: AnyPgColumn) => SQL<string | null>;
}

/**
 * The history of an object (product.md §5.8), oldest first, at most `limit` rows: the entries
 * recorded on the object itself and those on its parts, current or removed since. One statement;
 * every branch goes through the (entity, entity_id, at) index.
 */
export async function findAuditHistory(db: Db, subject: AuditSubject, names: AuditNames, limit: number) {
  const onObject = and(
    eq(audit_log.entity, subject.entity),
    eq(audit_log.entity_id, String(subject.entity_id)),
  );
  const { parts } = subject;
  const removedParts = db
    .select({ id: sql<string>`${audit_log.details}->>${parts.removedBy.key}::text` })
    .from(audit_log)
    .where(and(onObject, eq(audit_log.action, parts.removedBy.action)));
  const partIds = sql`(${parts.ids} union ${removedParts})`;
  return db
    .select({
      id: audit_log.id,
      at: audit_log.at,
      user_id: audit_log.user_id,
      user: names.userName(audit_log.user_id),
      role: names.userRole(audit_log.user_id),
      acting_cliente_id: audit_log.acting_cliente_id,
      acting_cliente: names.clientName(audit_log.acting_cliente_id),
      action: audit_log.action,
      entity: audit_log.entity,
      entity_id: audit_log.entity_id,
      details: audit_log.details,
    })
    .from(audit_log)
    .where(or(onObject, and(eq(audit_log.entity, parts.entity), inArray(audit_log.entity_id, partIds))))
    .orderBy(asc(audit_log.at), asc(audit_log.id))
    .limit(limit);
}
