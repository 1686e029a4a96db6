/**
 * Client prices (record 049): the one place a client's net price of a model and of its options is
 * computed. Every price the server answers or stores for a client comes from `readPrices` and
 * `ModelPrice`: search results, collection cards, the configurator, the lines the line builder
 * makes (cart, quick order, reorder) and so the order.
 *
 * How a price list prices a model:
 * 1. a net price of the model in the list (an override) is the model's base price, whatever the
 *    discounts; otherwise the base is PVP less one discount, the first of: the list's discount for a
 *    collection the model is in (the largest, when it is in several), the list's discount for the
 *    model's family, the list's own discount;
 * 2. an option's surcharge is its PVP surcharge less that same discount (an override names the
 *    model's price only);
 * 3. the client's own extra discount applies after, to both;
 * 4. each amount (the base, each surcharge) is rounded to the cent once, half up, at the end.
 * A client without a list pays PVP less its own extra discount (none: PVP).
 */
import { eq, sql } from 'drizzle-orm';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import { coleccion_modelos, tarifa_descuentos, tarifa_precios, tarifas } from '../../db/schema.ts';
import { outerColumn } from '../../db/subquery.ts';
import { isStaff, type ServiceContext } from '../../platform/context.ts';
import { findClientPriceTerms, resolveClienteId } from '../clients/index.ts';

/** What decides a client's prices: its list and its own discount (basis points). */
export interface PriceInputs {
  tarifaId: number | null;
  clientBp: number;
}

/** Retail prices: no list, no discount (staff browsing for no client). */
export const PVP_INPUTS: PriceInputs = { tarifaId: null, clientBp: 0 };

/** A cache key part for answers priced with these inputs. */
export function priceKey(inputs: PriceInputs): string {
  return `${inputs.tarifaId ?? '-'}/${inputs.clientBp}`;
}

/**
 * Whose prices a catalogue read shows: a client user's own client's; staff, the client they act for
 * (`requested`, which they must be allowed to act for: else 404) or PVP when none. Statements: none
 * for staff without a client; 1 for a client user; 2 for staff acting for a client.
 */
export async function priceInputsFor(ctx: ServiceContext, requested?: number | null): Promise<PriceInputs> {
  if (isStaff(ctx.actor) && !requested) return PVP_INPUTS;
  const clienteId = await resolveClienteId(ctx, requested || null);
  return priceInputsOfClient(ctx.db, clienteId);
}

/** A client's price inputs (1 statement). */
export async function priceInputsOfClient(db: Db | Tx, clienteId: number): Promise<PriceInputs> {
  const t = await findClientPriceTerms(db, clienteId);
  return { tarifaId: t.tarifa_id, clientBp: t.descuento_bp };
}

/** `amount` less the discounts `discountsBp` (basis points each), rounded to the cent once. */
export function discounted(amountCents: number, ...discountsBp: number[]): number {
  let num = amountCents;
  let den = 1;
  for (const bp of discountsBp) {
    num *= 10_000 - bp;
    den *= 10_000;
  }
  // Half up: floor((2·num + den) / (2·den)). Integers below 2^53 for prices up to 10^7 cents and two
  // discounts; a quotient's distance from the next integer (≥ 1/2den) is far above the float error.
  return Math.floor((2 * num + den) / (2 * den));
}

/** What pricing reads of a model. */
export interface PricedModel {
  modelo: string;
  pvp_cents: number;
  familia: number;
}

/** A model's prices for one client. */
export interface ModelPrice {
  pvpCents: number;
  /** The client's net unit price of the model (without options). */
  netCents: number;
  /** The client's net price of an option surcharge whose PVP is `pvpCents`. */
  option(pvpCents: number): number;
}

/** A client's prices for the models read. */
export interface Prices {
  model(m: PricedModel): ModelPrice;
}

/** A list's terms as pricing reads them (the demo seed builds them from its own data). */
export interface PriceListTerms {
  descuento_bp: number;
  familias: Array<[number, number]>;
  precios: Array<[string, number]>;
  colecciones: Array<[string, number]>;
}

/**
 * One statement: the list's discount, its family discounts, its net prices of these models and
 * their best collection discount.
 */
const listQuery = preparedOn((db) =>
  db
    .select({
      descuento_bp: tarifas.descuento_bp,
      familias: sql<
        Array<[number, number]>
      >`(select coalesce(json_agg(json_build_array(d.familia, d.descuento_bp)), '[]'::json)
        from ${tarifa_descuentos} d where d.tarifa_id = ${outerColumn(tarifas.id)} and d.familia is not null)`,
      precios: sql<
        Array<[string, number]>
      >`(select coalesce(json_agg(json_build_array(p.modelo, p.precio_cents)), '[]'::json)
        from ${tarifa_precios} p where p.tarifa_id = ${outerColumn(tarifas.id)}
        and p.modelo = any(${sql.placeholder('codes')}::text[]))`,
      colecciones: sql<
        Array<[string, number]>
      >`(select coalesce(json_agg(json_build_array(x.modelo, x.bp)), '[]'::json)
        from (select cm.modelos_modelo as modelo, max(d.descuento_bp) as bp
          from ${coleccion_modelos} cm join ${tarifa_descuentos} d on d.colecciones_id = cm.colecciones_id
          where d.tarifa_id = ${outerColumn(tarifas.id)} and cm.modelos_modelo = any(${sql.placeholder('codes')}::text[])
          group by cm.modelos_modelo) x)`,
    })
    .from(tarifas)
    .where(eq(tarifas.id, sql.placeholder('id')))
    .prepare('price_list_terms'),
);

/** Prices from a list's row (null: no list) and the client's discount: the rules above. */
export function pricesOf(list: PriceListTerms | null, clientBp: number): Prices {
  const families = new Map(list?.familias ?? []);
  const overrides = new Map(list?.precios ?? []);
  const collections = new Map(list?.colecciones ?? []);
  return {
    model(m) {
      const discountBp = list
        ? (collections.get(m.modelo) ?? families.get(m.familia) ?? list.descuento_bp)
        : 0;
      const override = overrides.get(m.modelo);
      return {
        pvpCents: m.pvp_cents,
        netCents:
          override != null ? discounted(override, clientBp) : discounted(m.pvp_cents, discountBp, clientBp),
        option: (pvpCents) => discounted(pvpCents, discountBp, clientBp),
      };
    },
  };
}

/** PVP for everything. */
export const PVP_PRICES: Prices = pricesOf(null, 0);

/**
 * The prices of these models for a client with these inputs: no statement without a list, else
 * one whatever the number of models.
 */
export async function readPrices(
  db: Db | Tx,
  inputs: PriceInputs,
  codes: readonly string[],
): Promise<Prices> {
  if (inputs.tarifaId == null) return inputs.clientBp === 0 ? PVP_PRICES : pricesOf(null, inputs.clientBp);
  const [row] = await listQuery(db).execute({ id: inputs.tarifaId, codes: [...new Set(codes)] });
  return pricesOf(row ?? null, inputs.clientBp);
}
