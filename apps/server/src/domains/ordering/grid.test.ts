/**
 * The colour grid (issue 30): POST pedidos/gridadd adds one line per option of the model's grid
 * group, the rest of the configuration chosen once, each line checked as lineadd checks it; all or
 * none.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { modelos } from '../../db/schema.ts';
import { buildCatalogue, countStatements, type Fixture } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let shop: H;

const post = (url: string, payload: unknown, headers: H = shop) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const client = await createClient(ctx, 'Tienda Rejilla');
  const u = await createUser(ctx, { email: 'shop@grid.test', role: 'Cliente', cliente_id: client.id });
  shop = await tokenFor(ctx, u.id);
  // NDCAP01's colour group is its grid.
  await ctx.database.db
    .update(modelos)
    .set({ grupo_rejilla_id: fx.grp.color })
    .where(eq(modelos.modelo, 'NDCAP01'));
});
afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  const cart = (await post('pedidos/cliente', {})).json();
  for (const l of cart.detalle.filter((x: any) => !x.lineaprimaria && !x.porte))
    await post('pedidos/lineremove', { pedido_id: cart.id, linea_id: l.id });
});

/** The grid's payload: cotton, no embroidery, a note, and these rows. */
const grid = (filas: Array<{ parametro: number; cantidad: number }>, extra: object = {}) => ({
  modelo: 'NDCAP01',
  parametros_color: [
    { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
    { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
  ],
  nota: 'Temporada',
  filas,
  ...extra,
});

describe('POST pedidos/gridadd', () => {
  it('adds one line per row, each priced and configured like a lineadd of it', async () => {
    const res = await post(
      'pedidos/gridadd',
      grid([
        { parametro: fx.opt.rosa, cantidad: 3 },
        { parametro: fx.opt.azul, cantidad: 2 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().detalle.filter((l: any) => !l.porte);
    expect(
      lines.map((l: any) => [l.unped, l.parametros_color.map((o: any) => o.codigo).sort(), l.nota]),
    ).toEqual([
      [3, ['ALG', 'ROS', 'SB'], 'Temporada'],
      [2, ['ALG', 'AZU', 'SB'], 'Temporada'],
    ]);
    // The same price as the line added alone.
    const alone = (
      await post('pedidos/lineadd', {
        modelo: 'NDCAP01',
        cantidad: 1,
        parametros_color: [
          { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
          { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
          { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
        ],
      })
    ).json();
    expect(lines[0].precio).toBe(alone.detalle.at(-1).precio);
  });

  it('adds nothing when one row is wrong, naming the row', async () => {
    const before = (await post('pedidos/cliente', {})).json().detalle.length;
    // An inactive option, an option of another group, a repeated option.
    const res = await post(
      'pedidos/gridadd',
      grid([
        { parametro: fx.opt.rosa, cantidad: 1 },
        { parametro: fx.opt.gris, cantidad: 1 },
        { parametro: fx.opt.lino, cantidad: 1 },
        { parametro: fx.opt.rosa, cantidad: 1 },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().issues).toEqual({
      'filas.2.parametro': [{ code: 'order.gridOption' }],
      'filas.3.parametro': [{ code: 'order.gridRepeated' }],
    });
    // The line builder's own checks, per row: the inactive option.
    const inactive = await post('pedidos/gridadd', grid([{ parametro: fx.opt.gris, cantidad: 1 }]));
    expect(inactive.statusCode).toBe(422);
    expect(Object.keys(inactive.json().issues)).toEqual([`filas.0.parametros_color.${fx.grp.color}`]);
    expect((await post('pedidos/cliente', {})).json().detalle.length).toBe(before);
  });

  it('refuses a model without a grid, and an empty grid', async () => {
    const none = await post('pedidos/gridadd', {
      ...grid([{ parametro: fx.opt.rosa, cantidad: 1 }]),
      modelo: 'NDSIL02',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().issues.filas).toEqual([{ code: 'order.noGrid' }]);
    const empty = await post('pedidos/gridadd', grid([]));
    expect(empty.statusCode).toBe(422);
  });

  it('costs the statements of one lineadd, whatever the number of rows', async () => {
    const one = await countStatements(ctx, () =>
      post('pedidos/gridadd', grid([{ parametro: fx.opt.rosa, cantidad: 1 }])),
    );
    const two = await countStatements(ctx, () =>
      post(
        'pedidos/gridadd',
        grid([
          { parametro: fx.opt.rosa, cantidad: 1 },
          { parametro: fx.opt.azul, cantidad: 4 },
        ]),
      ),
    );
    expect(two).toBe(one);
  });
});

it('declares every status the requests of this file got', () => expectAnswersDocumented(ctx));
