/**
 * Reads must not become writes (bench/README.md): an authenticated request records the token's use
 * (access_tokens.last_used_at) at most once a minute, and the idle expiry still holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { TOUCH_EVERY_MS } from './sessions.ts';

let ctx: TestContext;
let h: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  const c = await createClient(ctx, 'Tienda Toque');
  const u = await createUser(ctx, { email: 'touch@auth.test', role: 'Cliente', cliente_id: c.id });
  h = await tokenFor(ctx, u.id);
});
afterAll(async () => {
  await ctx?.close();
});

/** Statements writing access_tokens while `fn` runs. */
async function tokenWrites(fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const stop = ctx.database.onStatement((sql) => {
    if (/^\s*update\s+"access_tokens"/i.test(sql)) n++;
  });
  try {
    await fn();
  } finally {
    stop();
  }
  return n;
}

const me = () => ctx.app.inject({ method: 'GET', url: '/api/me', headers: h });

describe('access token use', () => {
  it('is written at most once a minute, however many requests use the token', async () => {
    expect(
      await tokenWrites(async () => {
        for (let i = 0; i < 10; i++) {
          expect((await me()).statusCode).toBe(200);
          ctx.clock.advance(5_000); // 50 s in all
        }
      }),
    ).toBe(0);
    ctx.clock.advance(TOUCH_EVERY_MS);
    expect(await tokenWrites(() => Promise.all(Array.from({ length: 5 }, me)))).toBeGreaterThan(0);
    expect(await tokenWrites(me)).toBe(0); // just recorded
  });

  it('keeps a token in steady use alive past the idle period and ends it after the idle period', async () => {
    const idleMs = ctx.app.deps.config.TOKEN_IDLE_MINUTES * 60_000;
    // one request every 40 s for longer than the idle period
    for (let t = 0; t < idleMs + 10 * 60_000; t += 40_000) {
      ctx.clock.advance(40_000);
      expect((await me()).statusCode).toBe(200);
    }
    ctx.clock.advance(idleMs + 1_000);
    expect((await me()).statusCode).toBe(401);
  });
});
