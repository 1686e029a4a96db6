import { MSG } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../../test/harness.ts';
import { createAdmin } from './first-admin.ts';

// What `npm run admin:create` runs (its process is tested in test/first-start.test.ts).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const strong = 'Tr3s-Gatos-Azules';

async function refusal(input: Parameters<typeof createAdmin>[1]) {
  const err = await createAdmin(ctx.database, input).then(
    () => undefined,
    (e) => e,
  );
  expect(err, 'refused').toBeDefined();
  return Object.fromEntries(
    Object.entries(err.fields).map(([f, ms]) => [f, (ms as any[]).map((m) => m.code)]),
  );
}

describe('createAdmin', () => {
  it('creates an active Admin who signs in and reaches the admin-only screens', async () => {
    const admin = await createAdmin(ctx.database, {
      email: ' Jefa@Nido.Example ',
      name: ' Ana Ruiz ',
      password: strong,
    });
    expect(admin).toMatchObject({
      email: 'jefa@nido.example',
      name: 'Ana Ruiz',
      role: 'Admin',
      active: true,
    });
    const auth = await login(ctx, 'jefa@nido.example', strong);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.body).toContain('jefa@nido.example');
    // Creating a client is for Admins only: past the access check, an empty body is a 422, not a 403.
    const client = await ctx.app.inject({ method: 'POST', url: '/api/cliente', headers: auth, payload: {} });
    expect(client.statusCode).toBe(422);
  });

  it('refuses a taken email, whatever its case, and creates nothing', async () => {
    expect(await refusal({ email: 'JEFA@nido.example', name: 'Otra', password: strong })).toEqual({
      email: [MSG.emailTaken.code],
    });
  });

  it('refuses a common password, a short one, a bad email and an empty name', async () => {
    expect(await refusal({ email: 'a@nido.example', name: 'A', password: 'Password1' })).toEqual({
      password: [MSG.passwordTooCommon.code],
    });
    expect(await refusal({ email: 'not-an-email', name: ' ', password: 'abc' })).toEqual({
      email: [MSG.emailFormat.code],
      name: [MSG.nameRequired.code],
      password: [MSG.passwordLength.code],
    });
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@nido.example', password: 'Password1' },
    });
    expect(denied.statusCode).toBe(401);
  });
});
