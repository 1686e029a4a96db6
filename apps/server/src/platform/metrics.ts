/**
 * Prometheus metrics (decision 040), on when METRICS=1: served at /metrics on a port of their own,
 * METRICS_PORT on METRICS_HOST (127.0.0.1 by default), never on the public port, so no proxy rule
 * or leaked token can publish them and each process is scraped on its own. What they count:
 * requests by route pattern, method and status (a histogram of their duration), the PostgreSQL
 * pool, the mail outbox (its depth, and this process's deliveries), the two answer caches, and
 * prom-client's process metrics (CPU, memory, event loop).
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { cacheCounts } from './cache-counts.ts';
import { type MailTryOutcome, mailBacklog } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics port's address once the app is ready; null when METRICS is off. */
    metricsAddress: () => AddressInfo | null;
  }
}

export interface Metrics {
  /** Counts one try of the mail sender of this process. */
  mailTried(outcome: MailTryOutcome): void;
}

export const noMetrics: Metrics = { mailTried: () => {} };

/** Buckets of the request duration, seconds: the bench's budgets sit between 5 and 250 ms. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance, config: Config, database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'nido_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern (not URL), method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      // A URL no route matched (a page of the SPA, a missing file) is one series, whatever the URL.
      { method: req.method, route: req.routeOptions.url ?? 'no route', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'nido_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total (open), idle, waiting (requests queued for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.poolUse?.();
      if (!pool) return; // PGlite: one connection in the process
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  new Gauge({
    name: 'nido_mail_outbox',
    help: 'Mails in the outbox (every process) by status: queued (to send, retrying included), failed (out of tries)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const backlog = await mailBacklog(database.background);
      this.set({ status: 'queued' }, backlog.queued);
      this.set({ status: 'failed' }, backlog.failed);
    },
  });
  new Gauge({
    name: 'nido_mail_outbox_oldest_queued_seconds',
    help: 'Age of the oldest queued mail (0 when none): /api/ready fails past MAIL_BACKLOG_MAX_SECONDS',
    registers: [registry],
    async collect() {
      this.set((await mailBacklog(database.background)).oldestSeconds ?? 0);
    },
  });
  const mailTries = new Counter({
    name: 'nido_mail_tries_total',
    help: "This process's sending tries by outcome: sent, retry (refused, tried again later), failed (the last try)",
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['sent', 'retry', 'failed'] as const) mailTries.inc({ outcome }, 0);

  new Counter({
    name: 'nido_cache_requests_total',
    help: 'Answer cache lookups by cache (search, order_list, embroidery_preview) and result (hit, miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of Object.entries(cacheCounts)) {
        this.inc({ cache, result: 'hit' }, counts.hit);
        this.inc({ cache, result: 'miss' }, counts.miss);
      }
    },
  });

  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType }).end(body);
    } catch (err) {
      app.log.error({ err }, 'metrics could not be collected');
      res.writeHead(500).end();
    }
  });
  app.decorate('metricsAddress', () => (server.listening ? (server.address() as AddressInfo) : null));
  app.addHook('onReady', async () => {
    server.listen(config.METRICS_PORT, config.METRICS_HOST);
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([err]) => {
        throw new Error(
          `The metrics port ${config.METRICS_HOST}:${config.METRICS_PORT} could not be opened (${(err as Error).message}): ` +
            'set METRICS_PORT to a free port (one per process).',
        );
      }),
    ]);
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
  return { mailTried: (outcome) => mailTries.inc({ outcome }) };
}
