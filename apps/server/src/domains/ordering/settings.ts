/**
 * The ordering settings the Admin keeps (one row, order_settings): the delivery lead time. Checkout
 * reads it to offer the earliest date, processOrder to refuse an earlier one.
 */
import type { OrderSettings } from '@nido/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { order_settings } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';

/** What the settings are before an Admin first saves them (the column's default). */
const DEFAULT_LEAD_DAYS = 3;

/** The delivery lead time, days. */
export async function deliveryLeadDays(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ delivery_lead_days: order_settings.delivery_lead_days })
    .from(order_settings)
    .where(eq(order_settings.id, 1));
  return row?.delivery_lead_days ?? DEFAULT_LEAD_DAYS;
}

/** GET pedidos/settings: the lead time, and the maker the documents name (the print view's too). */
export async function readOrderSettings(ctx: ServiceContext): Promise<OrderSettings> {
  const { MAKER_NAME, MAKER_TAX_ID, MAKER_ADDRESS } = ctx.config;
  return {
    delivery_lead_days: await deliveryLeadDays(ctx.db),
    maker: { name: MAKER_NAME, tax_id: MAKER_TAX_ID, address: MAKER_ADDRESS },
  };
}

/** PUT pedidos/settings (Admin). */
export async function saveOrderSettings(
  ctx: ServiceContext,
  body: { delivery_lead_days: number },
): Promise<OrderSettings> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(order_settings)
      .values({ id: 1, delivery_lead_days: body.delivery_lead_days, updated_at: ctx.clock.now() })
      .onConflictDoUpdate({
        target: order_settings.id,
        set: { delivery_lead_days: sql`excluded.delivery_lead_days`, updated_at: ctx.clock.now() },
      });
    await audit(tx, ctx, {
      action: 'update',
      entity: 'order_settings',
      entity_id: 1,
      details: { delivery_lead_days: body.delivery_lead_days },
    });
  });
  return readOrderSettings(ctx);
}
