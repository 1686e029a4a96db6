import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client.ts';

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface HttpTarget {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Several bodies used in turn (e.g. different search terms). */
  bodies?: string[];
}

export async function measureHttp(
  t: HttpTarget & { url: string; seconds: number; connections: number },
): Promise<Measure> {
  let i = 0;
  const result = await autocannon({
    url: t.url,
    method: t.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...t.headers },
    body: t.body,
    duration: t.seconds,
    connections: t.connections,
    requests: t.bodies
      ? [{ setupRequest: (req: any) => ({ ...req, body: t.bodies![i++ % t.bodies!.length] }) }]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The same statement straight on the driver with the same concurrency: the database's own limit. */
export async function measureSql(
  database: Database,
  sql: { text: string; params: () => unknown[] },
  seconds: number,
  connections: number,
): Promise<Measure> {
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          await database.query(sql.text, sql.params());
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), non2xx: 0, errors };
}
