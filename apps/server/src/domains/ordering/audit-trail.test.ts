/**
 * The audit trail of an order as the order screen shows it (GET pedido/{id}/history): every change
 * made through the API, by whom (name and role), for which client a staff member acted, and when
 * (the app's clock), in order, including the lines removed since. Staff see it; the client's own
 * users see only the status history; other clients get 404.
 * Every mutating route's audit row (action, user, time, client acted for) is checked route by route in
 * test/authorization-matrix.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { buildCatalogue, type Fixture } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number };
const who = {} as Record<'ana' | 'ada' | 'rita' | 'bea', { id: number; h: H }>;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const rita = await createUser(ctx, { email: 'rita@audit.test', role: 'Representante', name: 'Rita Rep' });
  A = await createClient(ctx, 'Bebés del Sur', { representante_id: rita.id });
  const B = await createClient(ctx, 'Cunas Este');
  const ana = await createUser(ctx, {
    email: 'ana@audit.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  const bea = await createUser(ctx, {
    email: 'bea@audit.test',
    role: 'Cliente',
    cliente_id: B.id,
    name: 'Bea',
  });
  const ada = await createUser(ctx, { email: 'ada@audit.test', role: 'Admin', name: 'Ada Admin' });
  for (const [k, u] of Object.entries({ ana, ada, rita, bea })) {
    who[k as keyof typeof who] = { id: u.id, h: await tokenFor(ctx, u.id) };
  }
});

afterAll(async () => {
  await ctx?.close();
});

async function call(method: 'GET' | 'POST', url: string, h: H, payload?: object) {
  const res = await ctx.app.inject({ method, url: `/api/${url}`, headers: h, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const line = (cliente_id?: number) => ({
  ...(cliente_id ? { cliente_id } : {}),
  modelo: 'NDSIL02',
  cantidad: 1,
  parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
});

describe('the audit trail on the order screen', () => {
  it('shows who did what to the order, for which client, and when, removed lines included', async () => {
    const times: string[] = [];
    const step = async <T>(fn: () => Promise<T>): Promise<T> => {
      ctx.clock.advance(60_000);
      times.push(ctx.clock.now().toISOString());
      return fn();
    };
    const l1 = await step(() => call('POST', 'pedidos/lineadd', who.ana.h, line()));
    const pedido = l1.id as number;
    const l2 = await step(() => call('POST', 'pedidos/lineadd', who.ada.h, line(A.id)));
    const removedLine = l2.detalle.at(-1).id as number;
    await step(() => call('POST', 'pedidos/lineadd', who.rita.h, line(A.id)));
    await step(() =>
      call('POST', 'pedidos/lineremove', who.ana.h, { pedido_id: pedido, linea_id: removedLine }),
    );
    await step(() =>
      call('POST', 'pedidos/savenote', who.rita.h, { pedido_id: pedido, nota_pedido: 'Por la tarde' }),
    );
    await step(() => call('POST', 'pedidos/processOrder', who.ana.h, { pedido_id: pedido }));
    await step(() => call('POST', 'pedidos/status', who.ada.h, { pedido_id: pedido, status: 'p' }));

    const { data } = await call('GET', `pedido/${pedido}/history`, who.ada.h);
    const trail = data.audit.map((a: Record<string, unknown>) => ({
      at: a.at,
      action: a.action,
      user: a.user,
      role: a.role,
      acting_cliente: a.acting_cliente,
    }));
    expect(trail).toEqual([
      { at: times[0], action: 'pedido.lineadd', user: 'Ana', role: 'Cliente', acting_cliente: null },
      {
        at: times[1],
        action: 'pedido.lineadd',
        user: 'Ada Admin',
        role: 'Admin',
        acting_cliente: 'Bebés del Sur',
      },
      {
        at: times[2],
        action: 'pedido.lineadd',
        user: 'Rita Rep',
        role: 'Representante',
        acting_cliente: 'Bebés del Sur',
      },
      { at: times[3], action: 'pedido.lineremove', user: 'Ana', role: 'Cliente', acting_cliente: null },
      {
        at: times[4],
        action: 'pedido.savenote',
        user: 'Rita Rep',
        role: 'Representante',
        acting_cliente: 'Bebés del Sur',
      },
      { at: times[5], action: 'pedido.process', user: 'Ana', role: 'Cliente', acting_cliente: null },
      { at: times[6], action: 'status', user: 'Ada Admin', role: 'Admin', acting_cliente: 'Bebés del Sur' },
    ]);
    // The removal names the line, whose own addition (by Ada, for the client) is still listed.
    const removal = data.audit.find((a: { action: string }) => a.action === 'pedido.lineremove');
    expect(removal.details).toMatchObject({ linea_id: removedLine, modelo: 'NDSIL02' });
    expect(data.audit[1]).toMatchObject({ entity: 'linea', entity_id: String(removedLine) });
    expect(data.audit.find((a: { action: string }) => a.action === 'status').details).toEqual({
      from: 'w',
      to: 'p',
    });
    // The status history beside it, on the same clock.
    expect(
      data.history.map((h: { status: string; at: string; user: string }) => [h.status, h.at, h.user]),
    ).toEqual([
      ['w', times[5], 'Ana'],
      ['p', times[6], 'Ada Admin'],
    ]);

    // The client's Representante sees the same trail; the client's user only the status history.
    expect((await call('GET', `pedido/${pedido}/history`, who.rita.h)).data.audit).toEqual(data.audit);
    const own = (await call('GET', `pedido/${pedido}/history`, who.ana.h)).data;
    expect(own.audit).toEqual([]);
    expect(own.history).toHaveLength(2);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/pedido/${pedido}/history`,
      headers: who.bea.h,
    });
    expect(other.statusCode).toBe(404);
  });

  it('does not mix in another order’s entries', async () => {
    const first = (await call('POST', 'pedidos/lineadd', who.ana.h, line())).id as number;
    await call('POST', 'pedidos/processOrder', who.ana.h, { pedido_id: first });
    const second = (await call('POST', 'pedidos/lineadd', who.ana.h, line())).id as number;
    expect(second).not.toBe(first);
    const removed = (await call('POST', 'pedidos/lineadd', who.ana.h, line())).detalle.at(-1).id;
    await call('POST', 'pedidos/lineremove', who.ana.h, { pedido_id: second, linea_id: removed });
    const trail = (await call('GET', `pedido/${first}/history`, who.ada.h)).data.audit;
    expect(trail.map((a: { action: string }) => a.action)).toEqual(['pedido.lineadd', 'pedido.process']);
    const cart = (await call('GET', `pedido/${second}/history`, who.ada.h)).data.audit;
    expect(cart.map((a: { action: string }) => a.action)).toEqual([
      'pedido.lineadd',
      'pedido.lineadd',
      'pedido.lineremove',
    ]);
  });
});
