/**
 * The production layout (README, "Deploying"): two server processes on one PostgreSQL, started
 * together, behind Debian's nginx running deploy/nginx/nido.conf (TLS, round robin, the client
 * address in X-Forwarded-For, TRUST_PROXY=loopback). What one process does, the other sees at once:
 * sessions and logout, the sign-in throttle, a withdrawn model in search (behind its cache), a
 * submitted order in the orders list and the pending poll (behind theirs); parallel line adds and
 * submits spread over both lose nothing and make one order per cart; an image uploaded through one
 * (to the shared bucket, STORAGE_URL on a real S3-compatible server) is served by both and deleted
 * through the other; while one process restarts, nginx sends every request to the other; the
 * rolling restart drops nothing; halfway through an upgrade both releases serve the same API and
 * each release's pages find their files.
 *
 * Without nginx (NGINX_PATH, /usr/sbin/nginx) the requests alternate between the two ports and the
 * test says so; REQUIRE_NGINX=1 (CI) makes that a failure. The processes' environment is
 * `layoutEnv`, with the object store's STORAGE_URL and credentials.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, noisyPng } from '../src/domains/catalogue/test-helpers.ts';
import { createPgDatabaseUrl } from './harness.ts';
import { findNginx, type Nginx, startNginx } from './nginx.ts';
import { startS3Server, type TestS3 } from './s3.ts';
import {
  type Answer,
  type CallOptions,
  call,
  orderableLine,
  type ServerProcess,
  startServer,
} from './server-process.ts';

type Call = (
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  options?: CallOptions,
) => Promise<Answer>;

/** How the test reaches the processes: through nginx, or (without it) each port in turn. */
interface Front {
  kind: 'nginx' | 'alternating';
  /** One request, to whichever process nginx (or the alternation) picks next. */
  call: Call;
  /**
   * `request` once on each process, one after the other; it must make exactly one request. Through
   * nginx that is two requests in a row, and nginx's log must show they reached both processes.
   */
  onEach<T>(request: (call: Call) => Promise<T>): Promise<T[]>;
  /** Where each request sent so far went ('127.0.0.1:port'; nginx's log), for the figures and checks. */
  upstreams(): Promise<string[]>;
  /** Counts a request sent to nginx by other means (a notifications stream), whose log line `upstreams` must wait for. */
  sentOutside(): void;
}

/** Client addresses: Linux answers all of 127.0.0.0/8, so each is another client to nginx. */
const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';

const nginxBinary = findNginx();

const layoutEnv = (
  databaseUrl: string,
  dataDir: string,
  s3: TestS3,
  webDist: string,
): Record<string, string> => ({
  ...s3.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  // The release link (README, "Upgrading"): a process serves the web build it started from.
  WEB_DIST: webDist,
  // The tests sign in as the demo users (on PostgreSQL the demo data is off by default, record 046).
  DEMO_DATA: '1',
  TRUST_PROXY: 'loopback',
  PUBLIC_URL: 'https://nido.example.com',
  // The caches whose answers another process's change must end (records 023, 025).
  SEARCH_CACHE_ENTRIES: '500',
  ORDER_LIST_CACHE_ENTRIES: '1000',
  AUTH_LOCKED_DELAY_MS: '200',
  // Each request's line (the log test follows one from nginx to its process).
  LOG_LEVEL: 'info',
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the production layout: nginx, two processes, one PostgreSQL',
  () => {
    let started = 0;
    let databaseUrl: string;
    let dataDirs: string[];
    let s3: TestS3;
    let layoutStarted = 0;
    const servers: ServerProcess[] = [];
    const cleanups: Array<() => Promise<void>> = [];
    let nginx: Nginx | undefined;
    let front: Front;
    let ordersChecked = 0;
    let imageBytesChecked = 0;
    let admin: string;
    let shop: string;
    let shopClienteId: number;
    let line: Record<string, unknown>;
    let releases: Releases;
    const processEnv = (i: number) => layoutEnv(databaseUrl, dataDirs[i], s3, releases.current);

    /**
     * deploy/rolling-restart.sh as the README gives it (every process, or those of `ports`), with the
     * test's nginx; what systemd does for nido@.service is done here: a process that exits is started
     * again on its port. Resolves when the script has ended and every process it restarted is up.
     */
    async function rollingRestart(...ports: string[]): Promise<{ code: number; log: string }> {
      if (!nginx) throw new Error('nginx did not start');
      const pidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-pids-'));
      let supervising = true;
      const restarted: Array<Promise<void>> = [];
      const supervise = (i: number) => {
        const port = new URL(servers[i].base).port;
        fs.writeFileSync(path.join(pidDir, `${port}.pid`), String(servers[i].child.pid));
        servers[i].child.once('exit', () => {
          if (!supervising) return;
          restarted.push(
            startServer({ ...processEnv(i), PORT: port }).then((s) => {
              servers[i] = s;
              supervise(i);
            }),
          );
        });
      };
      for (const i of servers.keys()) supervise(i);
      const script = await new Promise<{ code: number; log: string }>((resolve) => {
        execFile(
          'bash',
          [path.join(import.meta.dirname, '../../../deploy/rolling-restart.sh'), ...ports],
          {
            env: {
              ...process.env,
              NGINX_SITE: nginx!.site,
              NGINX_RELOAD: nginx!.reloadCommand,
              RESTART: `pid=$(cat ${pidDir}/{port}.pid); kill -TERM $pid; while kill -0 $pid 2>/dev/null; do sleep 0.1; done`,
            },
          },
          (err, _stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, log: stderr }),
        );
      });
      supervising = false;
      await Promise.all(restarted);
      fs.rmSync(pidDir, { recursive: true, force: true });
      return script;
    }

    /**
     * Where nginx sent `/api/me`, asked until both processes have answered (at most 10 times): after
     * the script's last reload, nginx's old workers (a process still down in their configuration)
     * may take a request until the new ones take over, on a new connection or a kept-alive one.
     */
    async function untilBothAnswer(): Promise<Set<string>> {
      const from = (await front.upstreams()).length;
      for (let i = 0; i < 10 && new Set((await front.upstreams()).slice(from)).size < 2; i++)
        await front.call('GET', '/api/me', undefined, shop);
      return new Set((await front.upstreams()).slice(from));
    }

    beforeAll(async () => {
      started = Date.now();
      const pg = await createPgDatabaseUrl();
      cleanups.push(pg.drop);
      s3 = await startS3Server();
      cleanups.push(() => s3.close());
      // Both at once, as systemd starts them: they migrate one after the other and seed once.
      databaseUrl = pg.url;
      dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'nido-multi-')));
      for (const dir of dataDirs) cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      releases = makeReleases(['r1', 'r2']);
      cleanups.push(async () => fs.rmSync(releases.root, { recursive: true, force: true }));
      releases.deploy('r1');
      servers.push(...(await Promise.all(dataDirs.map((_, i) => startServer(processEnv(i))))));
      const ports = servers.map((s) => Number(new URL(s.base).port)) as [number, number];

      if (nginxBinary) {
        nginx = await startNginx(nginxBinary, ports);
        front = nginxFront(nginx, ports);
      } else {
        if (process.env.REQUIRE_NGINX === '1')
          throw new Error('REQUIRE_NGINX=1 but no nginx (apt-get install -y nginx)');
        console.warn(
          '[multi-process] nginx not found (apt-get install -y nginx, or NGINX_PATH): requests alternate between the two ports instead',
        );
        front = alternatingFront(servers.map((s) => s.base));
      }
      layoutStarted = Date.now();
      admin = await signIn('admin@nido.test');
      shop = await signIn('shop@nido.test');
      shopClienteId = (await front.call('GET', '/api/me', undefined, shop)).body.cliente_id;
      line = await orderableLine(servers[0].base, shop, shopClienteId);
    }, 180_000);

    afterAll(async () => {
      const upstreams = (await front?.upstreams()) ?? [];
      const perProcess = new Map<string, number>();
      for (const u of upstreams) perProcess.set(u, (perProcess.get(u) ?? 0) + 1);
      const per = [...perProcess].map(([u, n]) => `${u} ${n}`);
      console.log(
        `[multi-process ${front?.kind}] ${((Date.now() - started) / 1000).toFixed(1)} s ` +
          `(${((layoutStarted - started) / 1000).toFixed(1)} s to start the processes and nginx), ` +
          (nginx ? `${upstreams.length} requests through nginx (${per.join(', ')}), ` : '') +
          `${ordersChecked} orders checked, ${imageBytesChecked} image bytes checked`,
      );
      await nginx?.stop();
      for (const s of servers) await s.kill();
      for (const c of cleanups) await c();
    });

    async function signIn(email: string): Promise<string> {
      const res = await front.call('POST', '/api/login', { email, password: 'demo1234' });
      expect(res.status).toBe(200);
      return res.body.accessToken;
    }

    it.skipIf(!nginxBinary)('serves the site over TLS and sends plain http to https', async () => {
      if (!nginx) throw new Error('nginx did not start');
      const health = await front.call('GET', '/api/health');
      expect(health.status).toBe(200);
      const plain = await call(nginx.httpBase, 'GET', '/pedidos');
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toMatch(/^https:\/\/[^/]+\/pedidos$/);
    });

    it.skipIf(!nginxBinary)(
      "a request is followed by its id from nginx's log line to its process's",
      async () => {
        if (!nginx) throw new Error('nginx did not start');
        const answer = await front.call('GET', '/api/pedido/999999999', undefined, shop);
        expect(answer.status).toBe(404);
        await front.upstreams(); // every line written
        const logged = nginx.requests().at(-1);
        expect(logged).toMatchObject({ method: 'GET', uri: '/api/pedido/999999999', status: '404' });
        if (!logged) return;
        expect(logged.request_id).toMatch(/^[0-9a-f]{32}$/);
        expect(answer.headers['x-request-id']).toBe(logged.request_id);
        const port = logged.upstream.split(':')[1];
        const server = servers.find((s) => new URL(s.base).port === port);
        // The process writes its line after answering: wait for it rather than race it.
        const lines = await vi.waitFor(() => {
          const found = (server?.stdout() ?? '').split('\n').filter((l) => l.includes(logged.request_id));
          expect(found).toHaveLength(1);
          return found;
        });
        expect(JSON.parse(lines[0])).toMatchObject({
          reqId: logged.request_id,
          msg: 'request completed',
          req: { method: 'GET', url: '/api/pedido/999999999' },
          route: '/api/pedido/:id',
          statusCode: 404,
        });
        expect(JSON.parse(lines[0]).durationMs).toBeGreaterThanOrEqual(0);
      },
    );

    it('a session made on one process works on the other, and logout ends it on both at once', async () => {
      const token = await signIn('shop.b@nido.test');
      const mine = await front.onEach((c) => c('GET', '/api/me', undefined, token));
      expect(mine.map((r) => [r.status, r.body.email])).toEqual([
        [200, 'shop.b@nido.test'],
        [200, 'shop.b@nido.test'],
      ]);
      expect((await front.call('POST', '/api/logout', undefined, token)).status).toBe(204);
      const after = await front.onEach((c) => c('GET', '/api/me', undefined, token));
      expect(after.map((r) => r.status)).toEqual([401, 401]);
    });

    it('the sign-in throttle counts across both processes, per client address as nginx saw it', async () => {
      const wrong = { email: 'shop2@nido.test', password: 'wrong-password' };
      const before = (await front.upstreams()).length;
      for (let i = 0; i < 5; i++) {
        const res = await front.call('POST', '/api/login', wrong, undefined, { from: ATTACKER });
        expect(res.status).toBe(401);
      }
      if (nginx) expect(new Set((await front.upstreams()).slice(before)).size).toBe(2);
      // The sixth failure from that address is refused, whichever process takes it.
      const refused = await front.onEach((c) =>
        c('POST', '/api/login', wrong, undefined, { from: ATTACKER }),
      );
      expect(refused.map((r) => r.status)).toEqual([429, 429]);
      expect(refused[0].headers['retry-after']).toBeDefined();

      // Another client (another address, as nginx passed it on) still signs in to the locked account.
      const owner = await front.call(
        'POST',
        '/api/login',
        { email: 'shop2@nido.test', password: 'demo1234' },
        undefined,
        { from: OWNER },
      );
      expect(owner.status).toBe(200);

      if (nginx) {
        // nginx overwrites a forged X-Forwarded-For: the attacker's address is still the one refused.
        const forged = await front.call(
          'POST',
          '/api/login',
          { email: 'shop.b@nido.test', password: 'demo1234' },
          undefined,
          { from: ATTACKER, headers: { 'x-forwarded-for': '198.51.100.7' } },
        );
        expect(forged.status).toBe(429);
      }
    });

    it('a model withdrawn through one process leaves search on both at once, past their caches', async () => {
      const shown = (await front.call('POST', '/api/modelo/searchModel', { search: '' }, shop)).body.data;
      const withdrawn = (shown as Array<{ modelo: string }>)
        .map((m) => m.modelo)
        .find((m) => m !== line.modelo) as string;
      const search = (c: Call) => c('POST', '/api/modelo/searchModel', { search: withdrawn }, shop);
      const found = (answers: Answer[]) =>
        answers.map((r) => (r.body.data as Array<{ modelo: string }>).some((m) => m.modelo === withdrawn));
      // Twice on each: the second answer comes from each process's cache.
      expect(found(await front.onEach(search))).toEqual([true, true]);
      expect(found(await front.onEach(search))).toEqual([true, true]);

      const off = await front.call(
        'POST',
        '/api/modelo/modeloBaja',
        { modelo: withdrawn, baja: true },
        admin,
      );
      expect(off.body).toEqual({ modelo: withdrawn, baja: true });
      expect(found(await front.onEach(search))).toEqual([false, false]);

      await front.call('POST', '/api/modelo/modeloBaja', { modelo: withdrawn, baja: false }, admin);
      expect(found(await front.onEach(search))).toEqual([true, true]);
    });

    it('parallel adds and submits lose no line and make one order, seen at once in the list and the pending poll of both', {
      timeout: 120_000,
    }, async () => {
      const cart = await front.call('POST', '/api/pedidos/cliente', { cliente_id: shopClienteId }, shop);
      const carts = await Promise.all(
        Array.from({ length: 4 }, () =>
          front.call('POST', '/api/pedidos/cliente', { cliente_id: shopClienteId }, shop),
        ),
      );
      expect(new Set(carts.map((c) => c.body.id))).toEqual(new Set([cart.body.id]));

      // Both processes answer the lists once before the submit, so each holds them in its cache.
      const listed = (c: Call) => c('POST', '/api/pedidos/list', {}, shop);
      const pending = (c: Call) => c('GET', '/api/pedidos/pending', undefined, admin);
      // What a user sees of each: the orders shown and the count (what the list cache keeps).
      const seen = (answers: Answer[]) =>
        answers.map((r) => ({
          ids: (r.body.data as Array<{ id: number }>).map((o) => o.id),
          total: (r.body.meta?.total ?? r.body.total_count) as number,
        }));
      const listBefore = seen(await front.onEach(listed));
      const pendingBefore = seen(await front.onEach(pending));
      for (const { ids } of [...listBefore, ...pendingBefore]) expect(ids).not.toContain(cart.body.id);

      const adds = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          front.call(
            'POST',
            '/api/pedidos/lineadd',
            { ...line, pedido_id: cart.body.id, nota: `mp-${i}` },
            shop,
          ),
        ),
      );
      expect(adds.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

      const processed = await Promise.all(
        Array.from({ length: 10 }, () =>
          front.call('POST', '/api/pedidos/processOrder', { pedido_id: cart.body.id }, shop),
        ),
      );
      expect(processed.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      expect(new Set(processed.map((r) => r.body.pedido.id))).toEqual(new Set([cart.body.id]));
      expect(new Set(processed.map((r) => r.body.pedido.docum)).size).toBe(1);

      const order = (await front.call('GET', `/api/pedido/${cart.body.id}`, undefined, shop)).body;
      const notes = new Set((order.detalle as any[]).map((l) => l.nota));
      expect(Array.from({ length: 40 }, (_, i) => `mp-${i}`).filter((n) => !notes.has(n))).toEqual([]);
      const sum = (order.detalle as any[]).reduce((s, l) => s + Math.round(l.precio * 100) * l.unped, 0);
      expect(Math.round(order.total * 100)).toBe(sum);
      ordersChecked++;

      for (const [after, before] of [
        [seen(await front.onEach(listed)), listBefore],
        [seen(await front.onEach(pending)), pendingBefore],
      ]) {
        expect(after.map((a) => a.ids.includes(cart.body.id))).toEqual([true, true]);
        expect(after.map((a) => a.total)).toEqual(before.map((b) => b.total + 1));
      }

      // The next use opens a fresh, empty cart.
      const fresh = await front.call('POST', '/api/pedidos/cliente', { cliente_id: shopClienteId }, shop);
      expect(fresh.body.id).not.toBe(cart.body.id);
      expect(fresh.body.detalle).toEqual([]);
    });

    it('a stream open on one process hears within 2 s of an order submitted through the other, and through nginx', {
      timeout: 60_000,
    }, async () => {
      const [a, b] = servers.map((s) => s.base);
      const streams = [openStream(b, admin)];
      if (nginx) {
        streams.push(openStream(nginx.base, admin, nginx.certificate));
        front.sentOutside();
      }
      await Promise.all(streams.map((s) => s.opened));
      for (const s of streams) expect(s.headers()['content-type']).toMatch(/^text\/event-stream/);
      // nginx reads X-Accel-Buffering itself (and keeps it): the process sends it.
      expect(streams[0].headers()['x-accel-buffering']).toBe('no');
      const cart = await call(a, 'POST', '/api/pedidos/cliente', { cliente_id: shopClienteId }, shop);
      const added = await call(a, 'POST', '/api/pedidos/lineadd', { ...line, pedido_id: cart.body.id }, shop);
      expect(added.status).toBe(200);
      const started = Date.now();
      const submitted = await call(a, 'POST', '/api/pedidos/processOrder', { pedido_id: cart.body.id }, shop);
      expect(submitted.status).toBe(200);
      try {
        await vi.waitFor(
          () => {
            for (const s of streams) expect(s.text()).toContain('event: notification');
          },
          { timeout: 2000, interval: 20 },
        );
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        for (const s of streams) s.close();
      }
      // nginx logs the stream once it ends: every line written before the next test reads the log.
      await front.upstreams();
      const listed = await call(b, 'GET', '/api/notifications', undefined, admin);
      expect(listed.body.data[0]).toMatchObject({ kind: 'order_submitted', pedido_id: cart.body.id });
      ordersChecked++;
    });

    it('a cut stream leaves the poll answering the news, and a new stream on the same process hears the next', {
      timeout: 60_000,
    }, async () => {
      const [a, b] = servers.map((s) => s.base);
      const submitOnA = async () => {
        const cart = await call(a, 'POST', '/api/pedidos/cliente', { cliente_id: shopClienteId }, shop);
        expect(
          (await call(a, 'POST', '/api/pedidos/lineadd', { ...line, pedido_id: cart.body.id }, shop)).status,
        ).toBe(200);
        expect(
          (await call(a, 'POST', '/api/pedidos/processOrder', { pedido_id: cart.body.id }, shop)).status,
        ).toBe(200);
        ordersChecked++;
        return cart.body.id as number;
      };
      // The browser's stream to B is cut (a network blip, B's socket gone).
      const cut = openStream(b, admin);
      await cut.opened;
      cut.close();
      // Meanwhile the web polls: the list, through either process, has the order submitted to A.
      const missed = await submitOnA();
      const polled = await front.call('GET', '/api/notifications', undefined, admin);
      expect(polled.body.data[0]).toMatchObject({ kind: 'order_submitted', pedido_id: missed });
      // It reconnects to B, which hears of the next order within 2 s, as the first stream did.
      const again = openStream(b, admin);
      await again.opened;
      try {
        const started = Date.now();
        await submitOnA();
        await vi.waitFor(() => expect(again.text()).toContain('event: notification'), {
          timeout: 2000,
          interval: 20,
        });
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        again.close();
      }
    });

    it('20 parallel submits of 4 carts spread over both make exactly one order per cart', {
      timeout: 120_000,
    }, async () => {
      const clients = (await front.call('GET', '/api/cliente', undefined, admin)).body.data as Array<{
        id: number;
      }>;
      const clienteIds = clients
        .map((c) => c.id)
        .filter((id) => id !== shopClienteId)
        .slice(0, 4);
      expect(clienteIds).toHaveLength(4);
      const cartIds: number[] = [];
      // A demo cart may already hold lines; the order must keep them besides the three added here.
      // (A client whose price list charges shipping also gets its shipping line on submit.)
      const notesBefore: string[][] = [];
      for (const clienteId of clienteIds) {
        const cart = await front.call('POST', '/api/pedidos/cliente', { cliente_id: clienteId }, admin);
        notesBefore.push((cart.body.detalle as Array<{ nota: string }>).map((l) => l.nota));
        const adds = await Promise.all(
          [0, 1, 2].map((i) =>
            front.call(
              'POST',
              '/api/pedidos/lineadd',
              { ...line, cliente_id: clienteId, pedido_id: cart.body.id, nota: `cart-${clienteId}-${i}` },
              admin,
            ),
          ),
        );
        expect(adds.map((r) => r.status)).toEqual([200, 200, 200]);
        cartIds.push(cart.body.id);
      }

      const before = (await front.upstreams()).length;
      const submits = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const pedido_id = cartIds[i % cartIds.length];
          return front
            .call('POST', '/api/pedidos/processOrder', { pedido_id }, admin)
            .then((res) => ({ pedido_id, res }));
        }),
      );
      if (nginx) expect(new Set((await front.upstreams()).slice(before)).size).toBe(2);
      expect(submits.map((s) => s.res.status).filter((s) => s !== 200)).toEqual([]);
      for (const pedido_id of cartIds) {
        const answers = submits.filter((s) => s.pedido_id === pedido_id).map((s) => s.res.body.pedido);
        expect(new Set(answers.map((p) => p.id))).toEqual(new Set([pedido_id]));
        expect(new Set(answers.map((p) => p.docum)).size).toBe(1);
      }
      const docums = new Set(submits.map((s) => s.res.body.pedido.docum));
      expect(docums.size).toBe(cartIds.length);

      for (const [i, pedido_id] of cartIds.entries()) {
        const order = (await front.call('GET', `/api/pedido/${pedido_id}`, undefined, admin)).body;
        expect(order.status).toBe('w');
        const goods = (order.detalle as any[]).filter((l) => !l.porte);
        expect(goods.map((l) => l.nota).sort()).toEqual(
          [...notesBefore[i], ...[0, 1, 2].map((n) => `cart-${clienteIds[i]}-${n}`)].sort(),
        );
        ordersChecked++;
      }
      const pendingIds = (await front.onEach((c) => c('GET', '/api/pedidos/pending', undefined, admin))).map(
        (r) => (r.body.data as Array<{ id: number }>).map((o) => o.id),
      );
      for (const ids of pendingIds) expect(ids).toEqual(expect.arrayContaining(cartIds));
    });

    it('an image uploaded through one process is served by the other, and deleted through it (STORAGE_URL)', async () => {
      const form = multipart(
        { body: JSON.stringify({ modelo: line.modelo }) },
        { name: 'foto.png', type: 'image/png', data: await noisyPng(600, 400) },
      );
      const uploaded = await front.call('POST', '/api/modelo/uploadImage', undefined, admin, {
        raw: { data: form.payload, contentType: form.headers['content-type'] },
      });
      expect(uploaded.status).toBe(200);
      const { id, url_img, thumb_url } = uploaded.body;
      const uploader = (await front.upstreams()).at(-1) as string;
      const [other] = servers.filter((s) => !s.base.endsWith(uploader));
      expect(other).toBeDefined();
      const keys = [url_img, thumb_url].map((u: string) => u.slice('/uploads/'.length));
      expect(await s3.keys()).toEqual(expect.arrayContaining(keys));

      // Each process straight on its own port, then (with nginx) through it: the same image and headers.
      const fronts: Call[] = servers.map((s) => (m, u, b, t, o) => call(s.base, m, u, b, t, o));
      if (nginx) fronts.push(front.call);
      const served = (answer: Answer) => ({
        status: answer.status,
        'content-type': answer.headers['content-type'],
        'cache-control': answer.headers['cache-control'],
        etag: answer.headers.etag,
        'x-content-type-options': answer.headers['x-content-type-options'],
      });
      for (const url of [url_img, thumb_url]) {
        const answers = await Promise.all(fronts.map((c) => c('GET', url)));
        expect(answers[0].bytes.length).toBeGreaterThan(0);
        for (const a of answers) {
          expect(served(a)).toEqual({
            status: 200,
            'content-type': 'image/webp',
            'cache-control': 'public, max-age=31536000, immutable',
            etag: answers[0].headers.etag,
            'x-content-type-options': 'nosniff',
          });
          expect(a.bytes.equals(answers[0].bytes)).toBe(true);
          imageBytesChecked += a.bytes.length;
        }
      }

      const deleted = await call(other.base, 'DELETE', '/api/modelo/deleteImage', { id }, admin);
      expect(deleted.status).toBe(200);
      expect((await s3.keys()).filter((k) => keys.includes(k))).toEqual([]);
      for (const url of [url_img, thumb_url])
        expect((await Promise.all(fronts.map((c) => c('GET', url)))).map((a) => a.status)).toEqual(
          fronts.map(() => 404),
        );
    });

    it.skipIf(!nginxBinary)(
      'a process restarted behind nginx costs no request: the other takes them meanwhile, POSTs too',
      { timeout: 180_000 },
      async () => {
        if (!nginx) throw new Error('nginx did not start');
        const [stopped, other] = servers.map((s) => new URL(s.base).port);
        await servers[0].kill('SIGTERM');
        const before = (await front.upstreams()).length;
        const searches = await Promise.all(
          Array.from({ length: 10 }, () =>
            front.call('POST', '/api/modelo/searchModel', { search: '' }, shop),
          ),
        );
        const lastRefused = Date.now();
        expect(searches.map((r) => r.status)).toEqual(Array(10).fill(200));
        // Each ended on the other process: straight, or after the stopped one refused the connection.
        const reached = (await front.upstreams()).slice(before);
        expect(reached.filter((u) => !u.endsWith(`127.0.0.1:${other}`))).toEqual([]);
        expect(reached.some((u) => u.includes(`127.0.0.1:${stopped}`))).toBe(true);

        servers[0] = await startServer({ ...processEnv(0), PORT: stopped });
        // nginx tries a refusing process again only after fail_timeout (5 s in the site file): that
        // wait is nginx's configured behaviour under test, not a guess at how long something takes.
        await new Promise((r) => setTimeout(r, Math.max(0, lastRefused + 5_500 - Date.now())));
        // Back in the round: nginx weighs a peer that failed back in gradually, and each of its
        // workers retries it after its own fail_timeout; on a loaded machine that takes a few seconds.
        const answeredBy: string[] = [];
        const giveUp = Date.now() + 20_000;
        while (Date.now() < giveUp && !answeredBy.some((u) => u.endsWith(`:${stopped}`))) {
          expect((await front.call('GET', '/api/me', undefined, shop)).status).toBe(200);
          answeredBy.push((await front.upstreams()).at(-1) as string);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(answeredBy.at(-1)).toBe(`127.0.0.1:${stopped}`);
      },
    );

    it.skipIf(!nginxBinary)(
      'deploy/rolling-restart.sh restarts both processes under parallel reads and writes: no request fails, no line is lost or doubled',
      { timeout: 240_000 },
      async () => {
        if (!nginx) throw new Error('nginx did not start');
        const ports = servers.map((s) => new URL(s.base).port);
        const pidsBefore = servers.map((s) => s.child.pid);
        const cart = (await front.call('POST', '/api/pedidos/cliente', { cliente_id: shopClienteId }, shop))
          .body;
        const failures: string[] = [];
        const written: string[] = [];
        let requests = 0;
        let running = true;
        const send = async (method: string, url: string, body?: unknown) => {
          requests++;
          try {
            return (await front.call(method, url, body, shop)).status;
          } catch (err) {
            return String(err);
          }
        };
        const reader = async () => {
          while (running) {
            const status = await send('POST', '/api/modelo/searchModel', { search: '' });
            if (status !== 200) failures.push(`search ${status}`);
          }
        };
        const writer = async (w: number) => {
          for (let i = 0; running; i++) {
            const nota = `rr-${w}-${i}`;
            const status = await send('POST', '/api/pedidos/lineadd', { ...line, pedido_id: cart.id, nota });
            if (status === 200) written.push(nota);
            else failures.push(`lineadd ${status}`);
            await new Promise((r) => setTimeout(r, 100));
          }
        };
        const load = Promise.all([reader(), reader(), writer(0), writer(1)]);

        const script = await rollingRestart();
        running = false;
        await load;

        expect(script.code, script.log).toBe(0);
        expect(script.log).toContain(`rolling-restart: done: ${ports.join(' ')}`);
        expect(servers.map((s) => s.child.pid).filter((pid) => pidsBefore.includes(pid))).toEqual([]);
        expect(failures).toEqual([]);
        expect(requests).toBeGreaterThan(40);
        const order = (await front.call('GET', `/api/pedido/${cart.id}`, undefined, shop)).body;
        const lines = (order.detalle as Array<{ nota: string }>)
          .map((l) => l.nota)
          .filter((n) => n.startsWith('rr-'));
        expect(lines.sort()).toEqual([...written].sort());
        // Both processes back in nginx's round.
        expect(fs.readFileSync(nginx.site, 'utf8')).not.toMatch(/ down;/);
        expect(await untilBothAnswer()).toEqual(new Set(ports.map((p) => `127.0.0.1:${p}`)));
        console.log(
          `[rolling restart] ${requests} requests during the restart, ${written.length} lines written`,
        );
      },
    );

    it.skipIf(!nginxBinary)(
      'an upgrade as the README gives it: halfway, the old and the new release serve the same API and every page finds its files through nginx; a rollback is the same',
      { timeout: 240_000 },
      async () => {
        const ports = servers.map((s) => new URL(s.base).port);
        const releaseOf = async (port: string) => {
          const page = await call(`http://127.0.0.1:${port}`, 'GET', '/', undefined, undefined, {
            headers: { accept: 'text/html' },
          });
          return /<title>Nido (\w+)<\/title>/.exec(page.bytes.toString('utf8'))?.[1];
        };
        const restarted = async (...only: string[]) => {
          const script = await rollingRestart(...only);
          expect(script.code, script.log).toBe(0);
        };
        expect(await Promise.all(ports.map(releaseOf))).toEqual(['r1', 'r1']);

        // Halfway: the link moved on to r2 and the first process restarted from it.
        releases.deploy('r2');
        await restarted(ports[0]);
        expect(await Promise.all(ports.map(releaseOf))).toEqual(['r2', 'r1']);
        expect(await untilBothAnswer()).toEqual(new Set(ports.map((p) => `127.0.0.1:${p}`)));
        const before = (await front.upstreams()).length;
        for (const release of ['r1', 'r2'])
          for (let i = 0; i < 4; i++) {
            const asset = await front.call('GET', `/assets/app-${release}.js`);
            expect(asset.status).toBe(200);
            expect(asset.bytes.toString('utf8')).toBe(releases.asset(release));
          }
        // Some reached the process of the other release first, which had no such file: nginx asked
        // the next one (its log names both).
        expect((await front.upstreams()).slice(before).some((u) => u.includes(', '))).toBe(true);
        for (const [method, url, body] of [
          ['GET', '/api/me', undefined],
          ['POST', '/api/modelo/searchModel', { search: 'saco' }],
          ['POST', '/api/colecciones/list', {}],
        ] as const) {
          const [onNew, onOld] = await front.onEach((c) => c(method, url, body, shop));
          expect(onNew.status, url).toBe(200);
          expect(onOld.body, url).toEqual(onNew.body);
        }

        await restarted(ports[1]);
        expect(await Promise.all(ports.map(releaseOf))).toEqual(['r2', 'r2']);
        // Rolling back is the same with the previous release's directory.
        releases.deploy('r1');
        await restarted();
        expect(await Promise.all(ports.map(releaseOf))).toEqual(['r1', 'r1']);
      },
    );
  },
);

/** Release directories as the README's upgrade lays them out, each with a web build of its own. */
interface Releases {
  root: string;
  /** The link a process's WEB_DIST names (`/opt/nido/current`). */
  current: string;
  /** Points the link at a release (`ln -sfn`). */
  deploy(release: string): void;
  /** The content of a release's one script (assets/app-<release>.js, which only that release has). */
  asset(release: string): string;
}

function makeReleases(names: string[]): Releases {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-releases-'));
  const current = path.join(root, 'current');
  const asset = (release: string) => `export const release = '${release}';\n`;
  for (const release of names) {
    fs.mkdirSync(path.join(root, release, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(root, release, 'index.html'),
      `<!doctype html><html><head><title>Nido ${release}</title>` +
        `<script type="module" src="/assets/app-${release}.js"></script></head><body><div id="root"></div></body></html>`,
    );
    fs.writeFileSync(path.join(root, release, `assets/app-${release}.js`), asset(release));
  }
  return {
    root,
    current,
    deploy(release) {
      const next = `${current}.next`;
      fs.symlinkSync(path.join(root, release), next);
      fs.renameSync(next, current); // as `ln -sfn`: the link is never missing
    },
    asset,
  };
}

function nginxFront(nginx: Nginx, ports: [number, number]): Front {
  const ca = nginx.certificate;
  let sent = 0;
  const through: Call = (method, url, body, token, options) => {
    sent++;
    return call(nginx.base, method, url, body, token, { ca, ...options });
  };
  // nginx writes a request's log line just after its answer: wait for every request sent.
  const upstreams = async () => {
    for (let i = 0; i < 100 && nginx.upstreams().length < sent; i++)
      await new Promise((r) => setTimeout(r, 20));
    return nginx.upstreams();
  };
  return {
    kind: 'nginx',
    call: through,
    upstreams,
    sentOutside: () => {
      sent++;
    },
    async onEach(request) {
      const before = (await upstreams()).length;
      const answers = [await request(through), await request(through)];
      expect((await upstreams()).slice(before).sort()).toEqual(ports.map((p) => `127.0.0.1:${p}`).sort());
      return answers;
    },
  };
}

function alternatingFront(bases: string[]): Front {
  let next = 0;
  const sentTo: string[] = [];
  return {
    kind: 'alternating',
    call: (method, url, body, token, options) => {
      const base = bases[next++ % bases.length];
      sentTo.push(new URL(base).host);
      return call(base, method, url, body, token, options);
    },
    upstreams: async () => [...sentTo],
    sentOutside: () => {},
    onEach: async (request) => {
      const answers = [];
      for (const base of bases) answers.push(await request((m, u, b, t, o) => call(base, m, u, b, t, o)));
      return answers;
    },
  };
}

/** GET /api/notifications/stream on `base` (https through nginx, with its certificate), read as it comes. */
function openStream(base: string, token: string, ca?: string) {
  let text = '';
  let headers: Record<string, unknown> = {};
  const target = new URL(`${base}/api/notifications/stream`);
  const get = target.protocol === 'https:' ? https.get : http.get;
  let req: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    req = get(
      target,
      { ca, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res: http.IncomingMessage) => {
        headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes(': connected')) resolve();
        });
        res.on('error', () => {});
        if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
      },
    );
    req.on('error', reject);
  });
  return { opened, text: () => text, headers: () => headers, close: () => req?.destroy() };
}
