/**
 * /metrics (decision 040): off by default; with METRICS=1 served on its own port bound to
 * 127.0.0.1 and never on the public port; the series a scrape holds move with the requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestContext, createUser, login, type TestContext } from './harness.ts';

let ctx: TestContext;
let base: string;
let metricsUrl: string;
let auth: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext({ METRICS: '1', METRICS_PORT: '0' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as import('node:net').AddressInfo).port}`;
  const address = ctx.app.metricsAddress();
  if (!address) throw new Error('no metrics port');
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
  const client = await createClient(ctx);
  await createUser(ctx, { email: 'shop@metrics.test', role: 'Cliente', cliente_id: client.id });
  // One submitted order: a list with rows is filed in the list cache (an empty one is not).
  await ctx.database.query(
    `insert into pedidos (cliente_id, status, tipodoc, docum, fecha_pedido) values ($1, 'w', 'E', '2026-000001', now())`,
    [client.id],
  );
  auth = await login(ctx, 'shop@metrics.test');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};
/** The value of one series (its full name with labels, as the scrape prints it). */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  it('listen only on 127.0.0.1, on their own port; the public port has no /metrics', async () => {
    expect(ctx.app.metricsAddress()?.address).toBe('127.0.0.1');
    const onPublic = await fetch(`${base}/metrics`);
    expect(onPublic.status).toBe(404);
    expect(await onPublic.text()).not.toContain('nido_http_request_duration_seconds');
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('time requests by route pattern and status, count cache hits and misses, show the outbox', async () => {
    const before = await scrape();
    const search = () =>
      fetch(`${base}/api/modelo/searchModel`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ search: 'capazo', page: 1 }),
      });
    expect((await search()).status).toBe(200);
    expect((await search()).status).toBe(200);
    const list = () =>
      ctx.app.inject({ method: 'POST', url: '/api/pedidos/list', headers: auth, payload: {} });
    expect((await list()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    expect((await fetch(`${base}/api/pedido/999999`, { headers: auth })).status).toBe(404);

    const after = await scrape();
    const searchSeries =
      'nido_http_request_duration_seconds_count{method="POST",route="/api/modelo/searchModel",status_code="200"}';
    expect(value(after, searchSeries)).toBe((value(before, searchSeries) ?? 0) + 2);
    // The route's pattern, not the URL: one series for every order id.
    expect(
      value(
        after,
        'nido_http_request_duration_seconds_count{method="GET",route="/api/pedido/:id",status_code="404"}',
      ),
    ).toBe(1);
    expect(after).not.toContain('route="/api/pedido/999999"');
    for (const cache of ['search', 'order_list']) {
      const hit = `nido_cache_requests_total{cache="${cache}",result="hit"}`;
      const miss = `nido_cache_requests_total{cache="${cache}",result="miss"}`;
      expect(value(after, hit)).toBe((value(before, hit) ?? 0) + 1);
      expect(value(after, miss)).toBe((value(before, miss) ?? 0) + 1);
    }
    expect(value(after, 'nido_mail_outbox{status="queued"}')).toBe(0);
    expect(value(after, 'nido_mail_outbox{status="failed"}')).toBe(0);
    expect(value(after, 'nido_mail_outbox_oldest_queued_seconds')).toBe(0);
    expect(value(after, 'nido_mail_tries_total{outcome="sent"}')).toBeGreaterThanOrEqual(0);
    expect(after).toContain('process_cpu_seconds_total');
    if (ctx.database.kind === 'postgres') {
      expect(value(after, 'nido_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(value(after, 'nido_db_pool_connections{state="waiting"}')).toBe(0);
    }
  });

  it('count the mails this process sends', async () => {
    const sent = 'nido_mail_tries_total{outcome="sent"}';
    const before = value(await scrape(), sent) ?? 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: 'shop@metrics.test' },
    });
    expect(res.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((value(await scrape(), sent) ?? 0) === before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(value(await scrape(), sent)).toBe(before + 1);
  });
});

describe('metrics off (the default)', () => {
  it('open no port and add no route', { timeout: 120_000 }, async () => {
    const off = await createTestContext();
    try {
      expect(off.app.metricsAddress()).toBeNull();
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
