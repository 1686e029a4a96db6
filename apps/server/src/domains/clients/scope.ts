import { CLIENT_MSG } from '@nido/contract';
/**
 * Which clients a caller may see and act for (product.md, roles): a client user its own client; an
 * Admin any client; a Representante the clients assigned to it. Another client answers 404.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clientes } from '../../db/schema.ts';
import type { AuthUser, ServiceContext } from '../../platform/context.ts';
import { Forbidden, NotFound } from '../../platform/errors.ts';

/**
 * The client a request acts for (product.md §3). A client user always acts for its own client and may only
 * name that one; an Admin may name any existing client; a Representante only the clients assigned
 * to it. Naming a client the caller may not act for answers 404, like any other foreign object.
 */
export async function resolveClienteId(ctx: ServiceContext, requested?: number | null): Promise<number> {
  const { actor: user, db } = ctx;
  if (user.role === 'Cliente') {
    if (requested != null && requested !== 0 && requested !== user.cliente_id)
      throw new NotFound(CLIENT_MSG.clientNotFound);
    if (user.cliente_id == null) throw new Forbidden();
    return user.cliente_id;
  }
  const id = requested ?? user.cliente_id;
  if (!id) throw new NotFound(CLIENT_MSG.clientNotFound);
  await assertCanActFor(db, user, id);
  return id;
}

/** Throws NotFound unless the user may see or act for that client. */
export async function assertCanActFor(db: Db | Tx, user: AuthUser, clienteId: number): Promise<void> {
  if (user.role === 'Cliente') {
    if (user.cliente_id !== clienteId) throw new NotFound(CLIENT_MSG.clientNotFound);
    return;
  }
  const [row] = await db
    .select({ id: clientes.id, representante_id: clientes.representante_id })
    .from(clientes)
    .where(eq(clientes.id, clienteId))
    .limit(1);
  if (!row) throw new NotFound(CLIENT_MSG.clientNotFound);
  if (user.role === 'Representante' && row.representante_id !== user.id)
    throw new NotFound(CLIENT_MSG.clientNotFound);
}
