/**
 * The ordering settings the Admin keeps (one row, order_settings): the delivery lead time, and the
 * addresses told of every new order by mail (with their language). Checkout reads the lead time to
 * offer the earliest date, processOrder to refuse an earlier one and to mail the list.
 */
import type { Language, OrderSettings, OrderSettingsWriteRequest } from '@nido/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
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

/** The new-order mail list and its language (none before an Admin first saves one). */
export async function newOrderMailList(db: Db | Tx): Promise<{ emails: string[]; language: Language }> {
  const [row] = await db
    .select({
      emails: order_settings.new_order_emails,
      language: order_settings.new_order_emails_language,
    })
    .from(order_settings)
    .where(eq(order_settings.id, 1));
  return { emails: row?.emails ?? [], language: row?.language ?? 'es' };
}

/**
 * GET pedidos/settings: the lead time, and the maker the documents name (the print view's too);
 * the new-order mail list to the Admin only (staff addresses are not the shops' to read).
 */
export async function readOrderSettings(ctx: ServiceContext): Promise<OrderSettings> {
  const { MAKER_NAME, MAKER_TAX_ID, MAKER_ADDRESS } = ctx.config;
  const list = ctx.actor.role === 'Admin' ? await newOrderMailList(ctx.db) : null;
  return {
    delivery_lead_days: await deliveryLeadDays(ctx.db),
    maker: { name: MAKER_NAME, tax_id: MAKER_TAX_ID, address: MAKER_ADDRESS },
    new_order_emails: list?.emails ?? [],
    new_order_emails_language: list?.language ?? 'es',
  };
}

/** PUT pedidos/settings (Admin): what the body names changes; the list's addresses are kept lower-cased. */
export async function saveOrderSettings(
  ctx: ServiceContext,
  body: z.output<typeof OrderSettingsWriteRequest>,
): Promise<OrderSettings> {
  const changes = {
    delivery_lead_days: body.delivery_lead_days,
    ...(body.new_order_emails ? { new_order_emails: body.new_order_emails.map((e) => e.toLowerCase()) } : {}),
    ...(body.new_order_emails_language ? { new_order_emails_language: body.new_order_emails_language } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(order_settings)
      .values({ id: 1, ...changes, updated_at: ctx.clock.now() })
      .onConflictDoUpdate({
        target: order_settings.id,
        set: { ...changes, updated_at: ctx.clock.now() },
      });
    await audit(tx, ctx, {
      action: 'update',
      entity: 'order_settings',
      entity_id: 1,
      details: changes,
    });
  });
  return readOrderSettings(ctx);
}
