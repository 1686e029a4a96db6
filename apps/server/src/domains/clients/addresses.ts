/**
 * A client's delivery addresses. Everyone who may see the client reads them (a client user its own
 * client's, a Representante its clients', an Admin all); the Admin and the client's own users keep
 * them. A client with addresses has exactly one default: the first address becomes it, making
 * another the default moves the flag in one transaction, and deleting the default hands it to the
 * oldest remaining address (the partial unique index `cliente_direcciones_one_default` refuses two).
 */
import type { DeliveryAddress, DeliveryAddressFields, DeliveryAddressWriteData } from '@nido/contract';
import { CLIENT_MSG } from '@nido/contract';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cliente_direcciones } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { NotFound } from '../../platform/errors.ts';
import { resolveClienteId } from './scope.ts';

const addressFields = {
  nombre: cliente_direcciones.nombre,
  direccion: cliente_direcciones.direccion,
  cp: cliente_direcciones.cp,
  poblacion: cliente_direcciones.poblacion,
  provincia: cliente_direcciones.provincia,
  pais: cliente_direcciones.pais,
  telefono: cliente_direcciones.telefono,
};
const addressColumns = {
  id: cliente_direcciones.id,
  cliente_id: cliente_direcciones.cliente_id,
  ...addressFields,
  predeterminada: cliente_direcciones.predeterminada,
};

async function addressesOf(db: Db | Tx, clienteId: number): Promise<DeliveryAddress[]> {
  return db
    .select(addressColumns)
    .from(cliente_direcciones)
    .where(eq(cliente_direcciones.cliente_id, clienteId))
    .orderBy(desc(cliente_direcciones.predeterminada), asc(cliente_direcciones.id));
}

/** The client an address belongs to, if the caller may see that client; else 404. */
async function scopedAddress(ctx: ServiceContext, id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ cliente_id: cliente_direcciones.cliente_id })
    .from(cliente_direcciones)
    .where(eq(cliente_direcciones.id, id))
    .limit(1);
  if (!row) throw new NotFound(CLIENT_MSG.addressNotFound);
  return resolveClienteId(ctx, row.cliente_id).catch((err) => {
    throw err instanceof NotFound ? new NotFound(CLIENT_MSG.addressNotFound) : err;
  });
}

/** GET cliente/{clienteId}/direcciones. */
export async function listAddresses(ctx: ServiceContext, clienteId: number) {
  const id = await resolveClienteId(ctx, clienteId);
  return { data: await addressesOf(ctx.db, id) };
}

/** Takes the default flag off the client's addresses (before another one gets it). */
async function clearDefault(tx: Tx, clienteId: number) {
  await tx
    .update(cliente_direcciones)
    .set({ predeterminada: false })
    .where(and(eq(cliente_direcciones.cliente_id, clienteId), eq(cliente_direcciones.predeterminada, true)));
}

function fieldsOf(body: DeliveryAddressWriteData): DeliveryAddressFields {
  const { predeterminada: _, ...fields } = body;
  return fields;
}

/** POST cliente/{clienteId}/direcciones: the client's first address is its default. */
export async function createAddress(ctx: ServiceContext, clienteId: number, body: DeliveryAddressWriteData) {
  const id = await resolveClienteId(ctx, clienteId);
  await ctx.db.transaction(async (tx) => {
    // Lock the client's addresses so two first addresses added at once cannot both be the default.
    const existing = await tx
      .select({ id: cliente_direcciones.id })
      .from(cliente_direcciones)
      .where(eq(cliente_direcciones.cliente_id, id))
      .for('update');
    const predeterminada = body.predeterminada || existing.length === 0;
    if (predeterminada) await clearDefault(tx, id);
    const [row] = await tx
      .insert(cliente_direcciones)
      .values({ cliente_id: id, ...fieldsOf(body), predeterminada })
      .returning({ id: cliente_direcciones.id });
    await audit(tx, ctx, {
      action: 'create',
      entity: 'direccion',
      entity_id: row.id,
      acting_cliente_id: id,
      details: { ...fieldsOf(body), predeterminada },
    });
  });
  return { data: await addressesOf(ctx.db, id) };
}

/** PUT direccion/{id}: submitted orders keep the copy they were given. */
export async function updateAddress(ctx: ServiceContext, addressId: number, body: DeliveryAddressWriteData) {
  const clienteId = await scopedAddress(ctx, addressId);
  await ctx.db.transaction(async (tx) => {
    if (body.predeterminada) await clearDefault(tx, clienteId);
    await tx
      .update(cliente_direcciones)
      .set({
        ...fieldsOf(body),
        ...(body.predeterminada ? { predeterminada: true } : {}),
        updated_at: ctx.clock.now(),
      })
      .where(eq(cliente_direcciones.id, addressId));
    await audit(tx, ctx, {
      action: 'update',
      entity: 'direccion',
      entity_id: addressId,
      acting_cliente_id: clienteId,
      details: { ...fieldsOf(body), ...(body.predeterminada ? { predeterminada: true } : {}) },
    });
  });
  return { data: await addressesOf(ctx.db, clienteId) };
}

/** DELETE direccion/{id}: deleting the default makes the oldest remaining address the default. */
export async function deleteAddress(ctx: ServiceContext, addressId: number) {
  const clienteId = await scopedAddress(ctx, addressId);
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(cliente_direcciones)
      .where(eq(cliente_direcciones.id, addressId))
      .returning({ predeterminada: cliente_direcciones.predeterminada });
    if (!gone) throw new NotFound(CLIENT_MSG.addressNotFound);
    if (gone.predeterminada) {
      await tx
        .update(cliente_direcciones)
        .set({ predeterminada: true })
        .where(
          eq(
            cliente_direcciones.id,
            sql`(select min(${cliente_direcciones.id}) from ${cliente_direcciones} where ${cliente_direcciones.cliente_id} = ${clienteId} and ${ne(cliente_direcciones.id, addressId)})`,
          ),
        );
    }
    await audit(tx, ctx, {
      action: 'delete',
      entity: 'direccion',
      entity_id: addressId,
      acting_cliente_id: clienteId,
    });
  });
  return { data: await addressesOf(ctx.db, clienteId) };
}

/**
 * What an order copies of one of its client's addresses on submission: the address named (404 when
 * it is not the client's), else the client's default; null when the client has none.
 */
export async function deliveryAddressFor(
  db: Db | Tx,
  clienteId: number,
  addressId: number | null | undefined,
): Promise<DeliveryAddressFields | null> {
  const [row] = await db
    .select(addressFields)
    .from(cliente_direcciones)
    .where(
      and(
        eq(cliente_direcciones.cliente_id, clienteId),
        addressId ? eq(cliente_direcciones.id, addressId) : eq(cliente_direcciones.predeterminada, true),
      ),
    )
    .limit(1);
  if (!row && addressId) throw new NotFound(CLIENT_MSG.addressNotFound);
  return row ?? null;
}
