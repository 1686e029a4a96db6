/**
 * Crash safety: kill -9 the server in the middle of a stream of line adds, restart it on the same
 * data, and check that every line the server acknowledged (2xx) is still in the cart. Runs on the
 * run's database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set: harness `testBackend`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabaseUrl, testBackend } from './harness.ts';
import { call, orderableLine, type ServerProcess, startServer } from './server-process.ts';
import { until } from './smtp.ts';

async function signIn(base: string) {
  const login = await call(base, 'POST', '/api/login', { email: 'shop@nido.test', password: 'demo1234' });
  expect(login.status).toBe(200);
  const token = login.body.accessToken as string;
  const me = await call(base, 'GET', '/api/me', undefined, token);
  return { token, clienteId: me.body.cliente_id as number };
}

describe.each([testBackend])('kill -9 during line adds on %s', (backend) => {
  const dirs: string[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps every acknowledged line after a restart', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-crash-'));
    dirs.push(dataDir);
    // The demo data (its logins and orders) on PostgreSQL too, where it is off by default.
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: '1' };
    if (backend === 'postgres') {
      const pg = await createPgDatabaseUrl();
      env.DATABASE_URL = pg.url;
      cleanups.push(pg.drop);
    }
    let server: ServerProcess = await startServer(env);
    cleanups.push(() => server.kill('SIGKILL'));
    const { token, clienteId } = await signIn(server.base);
    const cart = await call(server.base, 'POST', '/api/pedidos/cliente', { cliente_id: clienteId }, token);
    expect(cart.status).toBe(200);
    const line = await orderableLine(server.base, token, clienteId);

    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const nota = `crash-${sent++}`;
        try {
          const res = await call(
            server.base,
            'POST',
            '/api/pedidos/lineadd',
            { ...line, pedido_id: cart.body.id, nota },
            token,
          );
          if (res.status >= 200 && res.status < 300) acknowledged.push(nota);
          else if (!stop) throw new Error(`lineadd answered ${res.status}: ${JSON.stringify(res.body)}`);
        } catch (err) {
          if (!stop) throw err;
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    // The crash comes once writes are acknowledged, with the next ones in flight.
    await until('20 line adds acknowledged', () => acknowledged.length >= 20, 60_000);
    stop = true;
    server.child.kill('SIGKILL');
    await Promise.allSettled(workers);
    await new Promise<void>((r) =>
      server.child.exitCode !== null || server.child.signalCode ? r() : server.child.once('exit', () => r()),
    );
    expect(acknowledged.length).toBeGreaterThan(5);

    server = await startServer(env);
    const again = await signIn(server.base);
    const after = await call(
      server.base,
      'POST',
      '/api/pedidos/cliente',
      { cliente_id: again.clienteId },
      again.token,
    );
    const present = new Set((after.body.detalle as any[]).map((l) => l.nota));
    const lost = acknowledged.filter((n) => !present.has(n));
    console.log(`[crash ${backend}] ${sent} sent, ${acknowledged.length} acknowledged, ${lost.length} lost`);
    expect(lost).toEqual([]);
    await server.kill();
  });
});
