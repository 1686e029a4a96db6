import type { Database } from '../apps/server/src/db/client.ts';
import type { Scale } from './generate.ts';
import type { HttpTarget } from './measure.ts';

export interface BenchContext {
  base: string;
  database: Database;
  password: string;
  scale: Scale;
}

export interface Scenario {
  name: string;
  /** read and write have their own p99 budgets; auth (argon2 by design) is reported only. */
  kind: 'read' | 'write' | 'auth';
  prepare(ctx: BenchContext): Promise<{ http: HttpTarget; sql?: { text: string; params: () => unknown[] } }>;
}

async function post(ctx: BenchContext, path: string, body: unknown, token?: string) {
  const res = await fetch(ctx.base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (res.status === 204 ? null : res.json()) as Promise<any>;
}

async function token(ctx: BenchContext, email: string): Promise<string> {
  return (await post(ctx, '/api/login', { email, password: ctx.password })).accessToken;
}

const auth = (t: string) => ({ authorization: `Bearer ${t}` });

export const scenarios: Scenario[] = [
  {
    name: 'health',
    kind: 'read',
    prepare: async () => ({ http: { path: '/api/health' }, sql: { text: 'select 1', params: () => [] } }),
  },
];
