import type { Db, Tx } from '../db/client.ts';
import { audit_log } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';

export interface AuditEntry {
  action: string;
  entity: 'pedido' | 'linea' | 'modelo' | 'parametros_grupo' | 'parametro' | 'coleccion' | 'cliente' | 'user';
  entity_id: string | number;
  /** For an admin or representative acting for a client: that client. */
  acting_cliente_id?: number | null;
  details?: unknown;
}

/**
 * Records who did what (product.md §5.8). Call it inside the same transaction as the change.
 * The time is the app's clock, like the order status history beside it on the order screen.
 */
export async function audit(db: Db | Tx, ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  const user = ctx.actor;
  await db.insert(audit_log).values({
    at: ctx.clock.now(),
    user_id: user?.id ?? null,
    acting_cliente_id:
      entry.acting_cliente_id != null && user && user.role !== 'Cliente' ? entry.acting_cliente_id : null,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entity_id),
    details: entry.details ?? null,
  });
}
