/**
 * Two server processes on one PostgreSQL: parallel line adds and processOrder calls spread over
 * both. Invariants: no lost line, one order per cart, the order total equals the sum of its lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabaseUrl } from './harness.ts';
import { call, type ServerProcess, startServer } from './server-process.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes sharing one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const s of servers) await s.kill();
    for (const c of cleanups) await c();
  });

  it('loses no line and makes one order', { timeout: 240_000 }, async () => {
    const pg = await createPgDatabaseUrl();
    cleanups.push(pg.drop);
    for (let i = 0; i < 2; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-multi-'));
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      // The second process starts after the first has migrated and seeded.
      servers.push(await startServer({ DATA_DIR: dir, DATABASE_URL: pg.url }));
    }
    const [a, b] = servers.map((s) => s.base);
    const login = await call(a, 'POST', '/api/login', { email: 'shop@nido.test', password: 'demo1234' });
    const token = login.body.accessToken as string;
    const me = await call(b, 'GET', '/api/me', undefined, token);
    const clienteId = me.body.cliente_id as number;
    const cart = await call(b, 'POST', '/api/pedidos/cliente', { cliente_id: clienteId }, token);
    const carts = await Promise.all(
      [a, b, a, b].map((s) => call(s, 'POST', '/api/pedidos/cliente', { cliente_id: clienteId }, token)),
    );
    expect(new Set(carts.map((c) => c.body.id))).toEqual(new Set([cart.body.id]));

    const list = await call(a, 'GET', '/api/modeloBase/list', undefined, token);
    const models = (list.body.data ?? list.body) as Array<{ modelo: string }>;
    let line: any;
    for (const { modelo } of models) {
      const m = (await call(a, 'GET', `/api/modelo/${encodeURIComponent(modelo)}`, undefined, token)).body;
      const choice = m.grupos.map((g: any) => ({
        parametros_grupos_id: g.id,
        parametro: g.parametros.find((p: any) => !p.letters && !p.embroidery_color && !p.embroidery_position)
          ?.id,
      }));
      if (choice.every((c: any) => c.parametro)) {
        line = {
          cliente_id: clienteId,
          pedido_id: cart.body.id,
          modelo,
          cantidad: 2,
          parametros_color: choice,
        };
        break;
      }
    }
    expect(line).toBeDefined();

    const adds = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', '/api/pedidos/lineadd', { ...line, nota: `mp-${i}` }, token),
      ),
    );
    expect(adds.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    const processed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', '/api/pedidos/processOrder', { pedido_id: cart.body.id }, token),
      ),
    );
    expect(processed.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const ids = new Set(processed.map((r) => (r.body.pedido ?? r.body).id));
    const docums = new Set(processed.map((r) => (r.body.pedido ?? r.body).docum));
    expect(ids.size).toBe(1);
    expect(docums.size).toBe(1);

    const order = (await call(a, 'GET', `/api/pedido/${[...ids][0]}`, undefined, token)).body;
    const notes = new Set((order.detalle as any[]).map((l) => l.nota));
    expect(Array.from({ length: 40 }, (_, i) => `mp-${i}`).filter((n) => !notes.has(n))).toEqual([]);
    const sum = (order.detalle as any[]).reduce((s, l) => s + Math.round(l.precio * 100) * l.unped, 0);
    expect(Math.round(order.total * 100)).toBe(sum);

    // The next use opens a fresh, empty cart.
    const fresh = await call(b, 'POST', '/api/pedidos/cliente', { cliente_id: clienteId }, token);
    expect(fresh.body.id).not.toBe(cart.body.id);
    expect(fresh.body.detalle).toEqual([]);
  });
});
