/**
 * What building order lines reads of the catalogue, for any number of lines at once: the models
 * by code, the groups each offers (active ones) and the options of those groups (every state: a
 * quick order names an inactive option, a reorder a withdrawn one) with the embroidery colours
 * and any option asked for by id, and the client's prices of those models (pricing.ts, record 049).
 * Three statements whatever the number of lines (record 042), four with a price list, one more for
 * the order windows when the read names its day (record 053): a quick order
 * of 200 rows reads what one line reads. A caller that names every option by id (a line add, a
 * reorder) reads only those and the embroidery colours: a 50-line reorder reads 150 options, not
 * every option of 150 groups.
 */

import { EMBROIDERY_COLOURS_GROUP_ID, type Language } from '@nido/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import { byPosition } from '../../db/position.ts';
import { modelo_grupos, modelos, parametros, parametros_grupos, section_models } from '../../db/schema.ts';
import { outerColumn } from '../../db/subquery.ts';
import { groupBy } from '../../platform/group-by.ts';
import { modelGroupColumns, type OptionDbRow, optionOrder, selectOptions } from './columns.ts';
import { chooseCollection, type LineCollection, readModelCollections } from './order-window.ts';
import { type PriceInputs, type Prices, PVP_INPUTS, readPrices } from './pricing.ts';
import { selectModelRows } from './shop/queries.ts';

/**
 * The codes as asked and upper-cased (the shop's codes are upper case; a paste may not be), in one
 * array: one index lookup per code.
 */
const byCode = (column: typeof modelos.modelo | typeof modelo_grupos.modelos_modelo) =>
  sql`${column} = any(${sql.placeholder('codes')}::text[])`;

const modelsQuery = preparedOn((db) =>
  selectModelRows(db).where(byCode(modelos.modelo)).prepare('line_models'),
);
export type LineModel = Awaited<ReturnType<ReturnType<typeof modelsQuery>['execute']>>[number];

const groupsQuery = preparedOn((db) =>
  db
    .select({
      modelo: modelo_grupos.modelos_modelo,
      ...modelGroupColumns,
    })
    .from(modelo_grupos)
    .innerJoin(parametros_grupos, eq(parametros_grupos.id, modelo_grupos.parametros_grupos_id))
    .leftJoin(section_models, eq(section_models.id, modelo_grupos.section_models_id))
    .where(and(byCode(modelo_grupos.modelos_modelo), eq(parametros_grupos.activado, true)))
    .orderBy(modelo_grupos.modelos_modelo, ...byPosition(modelo_grupos.position, parametros_grupos.id))
    .prepare('line_model_groups'),
);
export type LineGroup = Awaited<ReturnType<ReturnType<typeof groupsQuery>['execute']>>[number];

const embroideryColoursOrNamed = [
  eq(parametros.parametros_grupos_id, EMBROIDERY_COLOURS_GROUP_ID),
  sql`${parametros.id} = any(${sql.placeholder('ids')}::int[])`,
];

const optionsQuery = preparedOn((db) =>
  selectOptions(db)
    .where(
      or(
        sql`${parametros.parametros_grupos_id} in (select g.parametros_grupos_id from ${modelo_grupos} g
          where g.modelos_modelo = any(${sql.placeholder('codes')}::text[]))`,
        ...embroideryColoursOrNamed,
      ),
    )
    .orderBy(asc(parametros.parametros_grupos_id), ...optionOrder)
    .prepare('line_options'),
);

const namedOptionsQuery = preparedOn((db) =>
  selectOptions(db)
    .where(or(...embroideryColoursOrNamed))
    .orderBy(asc(parametros.parametros_grupos_id), ...optionOrder)
    .prepare('line_named_options'),
);

const groupsOptionsQuery = preparedOn((db) =>
  selectOptions(db)
    .where(sql`${parametros.parametros_grupos_id} = any(${sql.placeholder('groups')}::int[])`)
    .orderBy(asc(parametros.parametros_grupos_id), ...optionOrder)
    .prepare('line_groups_options'),
);

/**
 * A catalogue read with `groupOptions: false`, extended with every option (any state) of these
 * groups: one statement, none without groups. For a reorder's substitutes.
 */
export async function withOptionsOfGroups(
  db: Db | Tx,
  catalogue: LineCatalogue,
  groupIds: readonly number[],
): Promise<LineCatalogue> {
  if (groupIds.length === 0) return catalogue;
  const rows = await groupsOptionsQuery(db).execute({ groups: [...new Set(groupIds)] });
  const byId = new Map(rows.map((o) => [o.id, o]));
  const byGroup = groupBy(rows, (o) => o.parametros_grupos_id);
  return {
    ...catalogue,
    option: (id) => byId.get(id) ?? catalogue.option(id),
    optionsOf: (groupId) => byGroup.get(groupId) ?? catalogue.optionsOf(groupId),
  };
}

/**
 * A model's quantity rule (line-rules.ts `QuantityRule`) as two columns of ordering's statement on a
 * line whose model code is the column `modelo`: 1 and 1 (no rule) when the model is gone.
 */
export function modelQuantityRuleSql(modelo: AnyPgColumn) {
  const code = outerColumn(modelo);
  return {
    cantidad_minima: sql<number>`coalesce((select m.cantidad_minima from ${modelos} m where m.modelo = ${code}), 1)`,
    multiplo: sql<number>`coalesce((select m.multiplo from ${modelos} m where m.modelo = ${code}), 1)`,
  };
}

/** The catalogue as the lines of one request need it, read once. */
export interface LineCatalogue {
  /** The model of a code as typed (exact, else upper-cased), or undefined. */
  model(code: string): LineModel | undefined;
  /** The active groups the model offers, in the agreed order. */
  groups(modelo: string): LineGroup[];
  /** An option by id (any state), or undefined. */
  option(id: number): OptionDbRow | undefined;
  /**
   * Every option of a group (any state), in the configurator's order. Read only with
   * `groupOptions` (the default); without, asking is a programming error and throws.
   */
  optionsOf(groupId: number): OptionDbRow[];
  /** An active embroidery colour (group 86) by id or by codigo, like `findEmbroideryColour`. */
  colour(value: number | string): OptionDbRow | null;
  /** Every active embroidery colour, by id (a quick order's row may name one by its name). */
  colours(): OptionDbRow[];
  /** The client's prices of these models (every line price comes from here). */
  prices: Prices;
  /**
   * The collection a line of the model (its code as stored) is ordered through on the read's day,
   * `requested` if it can be, and why it takes no orders then (order-window.ts, records 053 and
   * 054). Always no collection and no reason for a read without `orderDay`.
   */
  collectionOf(modelo: string, requested?: number | null): LineCollection;
}

/** The day (yyyy-MM-dd, Madrid) whose order windows a read checks, and the language of its messages. */
export interface OrderDay {
  today: string;
  lang: Language;
}

/**
 * Reads what the lines of these model codes (and these option ids) need, priced with `inputs` (the
 * client's: `priceInputsOfClient`): 3 statements, 4 with a price list. `groupOptions: false` when
 * every option is named by id (no option is looked up by code): then `optionsOf` is not read.
 * `orderDay`: the models' collections and their windows on that day (`collectionOf`), one statement more.
 */
export async function lineCatalogue(
  db: Db | Tx,
  codes: readonly string[],
  optionIds: readonly number[] = [],
  inputs: PriceInputs = PVP_INPUTS,
  { groupOptions = true, orderDay }: { groupOptions?: boolean; orderDay?: OrderDay } = {},
): Promise<LineCatalogue> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  const values = { codes: [...new Set([...wanted, ...wanted.map((c) => c.toUpperCase())])] };
  const ids = [...new Set(optionIds)];
  const [models, groups, options, prices, collectionsOf] = await Promise.all([
    modelsQuery(db).execute(values),
    groupsQuery(db).execute(values),
    groupOptions ? optionsQuery(db).execute({ ...values, ids }) : namedOptionsQuery(db).execute({ ids }),
    readPrices(db, inputs, values.codes),
    orderDay ? readModelCollections(db, values.codes) : () => [],
  ]);
  const modelByCode = new Map(models.map((m) => [m.modelo, m]));
  const groupsByModel = groupBy(groups, (g) => g.modelo);
  const optionById = new Map(options.map((o) => [o.id, o]));
  const optionsByGroup = groupBy(options, (o) => o.parametros_grupos_id);
  const colours = (optionsByGroup.get(EMBROIDERY_COLOURS_GROUP_ID) ?? [])
    .filter((o) => o.activado)
    .sort((a, b) => a.id - b.id);
  return {
    model: (code) => {
      const c = code.trim();
      return modelByCode.get(c) ?? modelByCode.get(c.toUpperCase());
    },
    prices,
    groups: (modelo) => groupsByModel.get(modelo) ?? [],
    option: (id) => optionById.get(id),
    optionsOf: (groupId) => {
      if (!groupOptions) throw new Error('lineCatalogue: the options of groups were not read');
      return optionsByGroup.get(groupId) ?? [];
    },
    colour: (value) => {
      const asId = typeof value === 'number' ? value : /^\d{1,9}$/.test(value) ? Number(value) : null;
      const code = String(value).trim();
      return colours.find((o) => o.id === asId) ?? colours.find((o) => o.codigo === code) ?? null;
    },
    colours: () => colours,
    collectionOf: (modelo, requested = null) =>
      orderDay
        ? chooseCollection(collectionsOf(modelo), orderDay.today, orderDay.lang, requested)
        : { colecciones_id: null, outOfWindow: null },
  };
}
