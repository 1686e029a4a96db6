/**
 * The colour grid (issue 30): one model in several options of its grid group at once, the rest of
 * the configuration chosen once. Each row is a line built as lineadd builds it; all are added in one
 * transaction, or none.
 */
import { type GridAddData, type LineAddData, ORDER_MSG, type Order } from '@nido/contract';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { FieldErrors, Invalid } from '../../platform/errors.ts';
import { resolveClienteId } from '../clients/index.ts';
import { BY_ID, buildLines, clientLineCatalogue, optionIdsOf, withWarnings } from './line-builder.ts';
import { assertOwnPedido, insertLines, readOrder } from './service.ts';

/**
 * POST pedidos/gridadd: a line per row (an option of the model's grid group and its quantity), each
 * with the payload's other options, embroidery, note and collection. A row naming an option outside
 * the grid group (or twice) is `filas.<i>.parametro`; a row the line builder refuses has its errors
 * under `filas.<i>.<field>`; any error adds nothing. Statements: those of one lineadd, whatever the
 * number of rows (one catalogue read, one insert of the lines, one of their surcharges, one audit).
 */
export async function addGrid(ctx: ServiceContext, body: GridAddData): Promise<Order> {
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  if (body.pedido_id) await assertOwnPedido(ctx, body.pedido_id, clienteId);
  const rowOptions = body.filas.map((f) => f.parametro);
  const catalogue = await clientLineCatalogue(
    ctx,
    clienteId,
    [body.modelo],
    [...optionIdsOf(body), ...rowOptions],
    BY_ID,
  );
  const model = catalogue.model(body.modelo);
  if (!model) throw new Invalid({ modelo: [ORDER_MSG.modelNotFound] });
  // The grid counts only while the model offers its group.
  const gridGroup = model.grupo_rejilla_id;
  if (gridGroup == null || !catalogue.groups(model.modelo).some((g) => g.id === gridGroup))
    throw new Invalid({ filas: [ORDER_MSG.noGrid] });

  const errors = new FieldErrors();
  const seen = new Set<number>();
  body.filas.forEach((f, i) => {
    const option = catalogue.option(f.parametro);
    if (option?.parametros_grupos_id !== gridGroup) errors.add(`filas.${i}.parametro`, ORDER_MSG.gridOption);
    else if (seen.has(f.parametro)) errors.add(`filas.${i}.parametro`, ORDER_MSG.gridRepeated);
    seen.add(f.parametro);
  });
  errors.throwIfAny();

  // The options chosen once: every group's but the grid group's, which each row names.
  const { filas, parametros_color, parametros, ...line } = body;
  const others = (parametros_color ?? parametros ?? []).filter(
    (c) =>
      (c.parametros_grupos_id ?? catalogue.option(c.parametro ?? c.id ?? 0)?.parametros_grupos_id) !==
      gridGroup,
  );
  const payloads: LineAddData[] = filas.map((f) => ({
    ...line,
    cantidad: f.cantidad,
    parametros_color: [...others, { parametros_grupos_id: gridGroup, parametro: f.parametro }],
  }));
  const built = buildLines(catalogue, isStaff(ctx.actor), payloads, 'filas');
  const cartId = await ctx.db.transaction((tx) => insertLines(tx, ctx, clienteId, built));
  return withWarnings(await readOrder(ctx, cartId), built);
}
