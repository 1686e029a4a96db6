import { CLIENT_MSG, PAGE_SIZE } from '@nido/contract';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  fieldErrorAnswer,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { access_tokens, audit_log, clientes, users } from '../../db/schema.ts';

type Headers = { authorization: string };

let ctx: TestContext;
let admin: Headers;
let repA: Headers;
let repAId: number;
let repBId: number;
let clienteUser: Headers;
let bebes: { id: number };
let ownedByA: { id: number };
let ownedByB: { id: number };

const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, payload: payload as never });

beforeAll(async () => {
  ctx = await createTestContext();
  const adminUser = await createUser(ctx, { email: 'admin@nido.test', role: 'Admin', name: 'Ana Admin' });
  const ra = await createUser(ctx, { email: 'rep.a@nido.test', role: 'Representante', name: 'Rita Rep' });
  const rb = await createUser(ctx, { email: 'rep.b@nido.test', role: 'Representante', name: 'Bruno Rep' });
  repAId = ra.id;
  repBId = rb.id;
  bebes = await createClient(ctx, 'Bebés del Sur', {
    search_text: 'bebes del sur',
    poblacion: 'Sevilla',
    representante_id: ra.id,
  });
  ownedByA = await createClient(ctx, 'Carritos Norte', {
    search_text: 'carritos norte',
    representante_id: ra.id,
  });
  ownedByB = await createClient(ctx, 'Cunas Este', { search_text: 'cunas este', representante_id: rb.id });
  // 30 more clients for paging, none of them the representatives'.
  await ctx.database.db.insert(clientes).values(
    Array.from({ length: 30 }, (_, i) => ({
      nomcome: `Zeta ${String(i).padStart(2, '0')}`,
      search_text: `zeta ${String(i).padStart(2, '0')} 100%_off`,
    })),
  );
  const cu = await createUser(ctx, {
    email: 'tienda@bebes.test',
    role: 'Cliente',
    cliente_id: bebes.id,
    name: 'Tienda',
  });
  await createUser(ctx, { email: 'otra@bebes.test', role: 'Cliente', cliente_id: bebes.id, name: 'Otra' });
  admin = await tokenFor(ctx, adminUser.id);
  repA = await tokenFor(ctx, ra.id);
  clienteUser = await tokenFor(ctx, cu.id);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/cliente (list)', () => {
  it('needs a session and a staff role', async () => {
    expect((await get('/api/cliente')).statusCode).toBe(401);
    expect((await get('/api/cliente', clienteUser)).statusCode).toBe(403);
  });

  it('gives an Admin every client, 25 a page, ordered by trade name, with paging meta', async () => {
    const res = await get('/api/cliente', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.meta).toEqual({
      per_page: PAGE_SIZE,
      current_page: 1,
      from: 1,
      to: 25,
      total: 33,
      last_page: 2,
    });
    expect(body.data).toHaveLength(25);
    expect(body.data[0]).toEqual({
      id: bebes.id,
      nomcome: 'Bebés del Sur',
      nombre: '',
      cif: '',
      email: '',
      telefono: '',
      poblacion: 'Sevilla',
      provincia: '',
      activo: true,
      usuarios: 2,
      representante: 'Rita Rep',
    });
    const names = body.data.map((c: { nomcome: string }) => c.nomcome);
    expect(names.slice(0, 3)).toEqual(['Bebés del Sur', 'Carritos Norte', 'Cunas Este']);
    expect(body.data[2].representante).toBe('Bruno Rep');
    expect(body.data[3].representante).toBeNull();
    expect(body.data[3].usuarios).toBe(0);

    const page2 = (await get('/api/cliente?page=2', admin)).json();
    expect(page2.meta).toMatchObject({ current_page: 2, from: 26, to: 33, total: 33 });
    expect(page2.data).toHaveLength(8);
    expect(page2.data.at(-1).nomcome).toBe('Zeta 29');
  });

  it('searches accent- and case-insensitively, word by word', async () => {
    for (const text of ['bebes', 'BEBÉS', 'sur bebés']) {
      const body = (await get(`/api/cliente?text=${encodeURIComponent(text)}`, admin)).json();
      expect(body.data.map((c: { id: number }) => c.id)).toEqual([bebes.id]);
      expect(body.meta.total).toBe(1);
    }
    const none = (await get('/api/cliente?text=nadie', admin)).json();
    expect(none.data).toEqual([]);
    expect(none.meta).toMatchObject({ total: 0, from: 0, to: 0 });
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    // "%" would match everything, "_" any character: escaped, they match only the literal text.
    expect((await get(`/api/cliente?text=${encodeURIComponent('%')}`, admin)).json().meta.total).toBe(30);
    expect((await get(`/api/cliente?text=${encodeURIComponent('0%_o')}`, admin)).json().meta.total).toBe(30);
    expect((await get(`/api/cliente?text=${encodeURIComponent('e_a')}`, admin)).json().meta.total).toBe(0);
  });

  it('gives a Representante only its own clients', async () => {
    const body = (await get('/api/cliente', repA)).json();
    expect(body.data.map((c: { id: number }) => c.id)).toEqual([bebes.id, ownedByA.id]);
    expect(body.meta.total).toBe(2);
    expect((await get('/api/cliente?text=cunas', repA)).json().data).toEqual([]);
  });

  it('rejects a bad page number with 422', async () => {
    const res = await get('/api/cliente?page=0', admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.page).toBeDefined();
  });
});

describe('GET /api/cliente/:id and companyInfo', () => {
  it('lets an Admin read any client with every field', async () => {
    const res = await get(`/api/cliente/${ownedByB.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      data: {
        id: ownedByB.id,
        nomcome: 'Cunas Este',
        nombre: '',
        cif: '',
        email: '',
        telefono: '',
        direccion: '',
        poblacion: '',
        provincia: '',
        cp: '',
        pais: 'España',
        regimen_fiscal: 'general',
        activo: true,
        representante_id: repBId,
        representante: 'Bruno Rep',
        tarifa_id: null,
        descuento: 0,
      },
    });
    expect((await get('/api/cliente/999999', admin)).statusCode).toBe(404);
  });

  it('lets a Representante read its clients only (404 for the others)', async () => {
    expect((await get(`/api/cliente/${ownedByA.id}`, repA)).statusCode).toBe(200);
    expect((await get(`/api/cliente/${ownedByB.id}`, repA)).statusCode).toBe(404);
  });

  it('lets a client user read only its own client', async () => {
    const own = await get(`/api/cliente/${bebes.id}`, clienteUser);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.nomcome).toBe('Bebés del Sur');
    const other = await get(`/api/cliente/${ownedByB.id}`, clienteUser);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Client not found', code: 'client.clientNotFound' });
  });

  it('answers companyInfo with the caller’s own client and its users’ names', async () => {
    const res = await get('/api/cliente/companyInfo', clienteUser);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.id).toBe(bebes.id);
    expect(body.data.usuarios.map((u: { name: string }) => u.name)).toEqual(['Otra', 'Tienda']);
    expect(Object.keys(body.data.usuarios[0]).sort()).toEqual(['id', 'name']);
    // A client user naming another client gets 404; staff name the client they act for.
    expect((await get(`/api/cliente/companyInfo?cliente_id=${ownedByB.id}`, clienteUser)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/cliente/companyInfo?cliente_id=${ownedByB.id}`, admin)).json().data.id).toBe(
      ownedByB.id,
    );
    expect((await get(`/api/cliente/companyInfo?cliente_id=${ownedByB.id}`, repA)).statusCode).toBe(404);
    expect((await get('/api/cliente/companyInfo', admin)).statusCode).toBe(404);
  });
});

describe('POST /api/cliente and PUT /api/cliente/:id', () => {
  const full = {
    nomcome: 'Pequeños Pasos',
    nombre: 'Pequeños Pasos S.L.',
    cif: 'B12345678',
    email: 'compras@pasos.test',
    telefono: '+34 600 000 000',
    direccion: 'Calle Mayor 1',
    poblacion: 'Málaga',
    provincia: 'Málaga',
    cp: '29001',
    pais: 'España',
    activo: true,
    representante_id: null,
  };

  it('is for Admins only', async () => {
    expect((await send('POST', '/api/cliente', repA, full)).statusCode).toBe(403);
    expect((await send('PUT', `/api/cliente/${bebes.id}`, repA, full)).statusCode).toBe(403);
    expect((await send('PUT', `/api/cliente/${bebes.id}`, clienteUser, full)).statusCode).toBe(403);
  });

  it('creates a client that the search then finds', async () => {
    const res = await send('POST', '/api/cliente', admin, { ...full, representante_id: repAId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.data).toMatchObject({ ...full, representante_id: repAId, representante: 'Rita Rep' });
    const [row] = await ctx.database.db.select().from(clientes).where(eq(clientes.id, body.data.id));
    expect(row.search_text).toBe('pequenos pasos pequenos pasos s.l. b12345678 compras@pasos.test malaga');
    const found = (await get('/api/cliente?text=pequenos', repA)).json();
    expect(found.data.map((c: { id: number }) => c.id)).toEqual([body.data.id]);
  });

  it('answers 422 with field errors', async () => {
    const res = await send('PUT', `/api/cliente/${bebes.id}`, admin, {
      ...full,
      nomcome: '  ',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.nomcome).toEqual(['The trade name is required']);
    expect(body.errors.email).toEqual(['Email format is not valid']);
    expect(body.message).toEqual(expect.any(String));

    const missing = await send('POST', '/api/cliente', admin, { nombre: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.nomcome).toEqual(['The trade name is required']);

    for (const representante_id of [
      repAId + 100_000,
      (await ctx.database.db.select().from(users).where(eq(users.email, 'admin@nido.test')))[0].id,
    ]) {
      const rep = await send('PUT', `/api/cliente/${bebes.id}`, admin, { ...full, representante_id });
      expect(rep.statusCode).toBe(422);
      expect(rep.json()).toEqual(fieldErrorAnswer('representante_id', CLIENT_MSG.representanteInvalid));
      expect(rep.json().issues).toEqual({ representante_id: [{ code: 'client.representanteInvalid' }] });
    }
    // Nothing was written.
    expect((await get(`/api/cliente/${bebes.id}`, admin)).json().data.nomcome).toBe('Bebés del Sur');
  });

  it('keeps the tax regime (general by default); a client in another EU state needs an EU VAT number', async () => {
    const created = await send('POST', '/api/cliente', admin, { nomcome: 'Régimen Test' });
    expect(created.json().data.regimen_fiscal).toBe('general');
    const id = created.json().data.id;
    const recargo = await send('PUT', `/api/cliente/${id}`, admin, {
      nomcome: 'Régimen Test',
      regimen_fiscal: 'recargo',
    });
    expect(recargo.json().data.regimen_fiscal).toBe('recargo');
    // Intra-EU with the stored Spanish (empty) tax id, then with one given in the same request: 422 on cif.
    for (const body of [
      { regimen_fiscal: 'intracomunitario' },
      { regimen_fiscal: 'intracomunitario', cif: 'B12345678' },
    ]) {
      const refused = await send('PUT', `/api/cliente/${id}`, admin, { nomcome: 'Régimen Test', ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().errors.cif).toEqual(['A client in another EU state needs a valid EU VAT number']);
    }
    expect((await get(`/api/cliente/${id}`, admin)).json().data.regimen_fiscal).toBe('recargo');
    const eu = await send('PUT', `/api/cliente/${id}`, admin, {
      nomcome: 'Régimen Test',
      regimen_fiscal: 'intracomunitario',
      cif: 'PT509274183',
    });
    expect(eu.statusCode, eu.body).toBe(200);
    expect(eu.json().data).toMatchObject({ regimen_fiscal: 'intracomunitario', cif: 'PT509274183' });
    // And the tax id cannot then be changed to one that does not fit.
    expect(
      (await send('PUT', `/api/cliente/${id}`, admin, { nomcome: 'Régimen Test', cif: 'B12345678' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await send('PUT', `/api/cliente/${id}`, admin, { nomcome: 'Régimen Test', regimen_fiscal: 'nada' }))
        .statusCode,
    ).toBe(422);
  });

  it('updates the given fields, keeps the others and refreshes search_text', async () => {
    const target = await createClient(ctx, 'Viejo Nombre', { telefono: '111', representante_id: repBId });
    const res = await send('PUT', `/api/cliente/${target.id}`, admin, {
      nomcome: 'Nuevo Ñandú',
      email: '',
      poblacion: 'Cádiz',
      activo: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: target.id,
      nomcome: 'Nuevo Ñandú',
      telefono: '111',
      poblacion: 'Cádiz',
      activo: false,
      representante_id: repBId,
    });
    expect(
      (await get('/api/cliente?text=nandu cadiz', admin)).json().data.map((c: { id: number }) => c.id),
    ).toEqual([target.id]);
    expect((await get('/api/cliente?text=viejo', admin)).json().meta.total).toBe(0);
    // representante_id null (or 0) clears the representative.
    const cleared = await send('PUT', `/api/cliente/${target.id}`, admin, {
      nomcome: 'Nuevo Ñandú',
      representante_id: 0,
    });
    expect(cleared.json().data.representante_id).toBeNull();
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entity_id, String(target.id)));
    expect(audits.filter((a) => a.entity === 'cliente' && a.action === 'update')).toHaveLength(2);
    expect((await send('PUT', '/api/cliente/999999', admin, full)).statusCode).toBe(404);
  });
});

describe('client users', () => {
  const newUser = () => ({
    cliente_id: bebes.id,
    name: 'Lucía Compras',
    email: 'Lucia@Bebes.test',
    password: 'cuna-lila-12',
    password_confirmation: 'cuna-lila-12',
    language: 'en',
    active: true,
  });

  it('lists a client’s users for an Admin and its Representante only', async () => {
    const res = await get(`/api/clienteUsers/${bebes.id}`, admin);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((u: { email: string }) => u.email)).toEqual(['otra@bebes.test', 'tienda@bebes.test']);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'Otra',
      email: 'otra@bebes.test',
      role: 'Cliente',
      language: 'es',
      active: true,
    });
    expect((await get(`/api/clienteUsers/${bebes.id}`, repA)).json()).toEqual(list);
    expect((await get(`/api/clienteUsers/${ownedByB.id}`, repA)).statusCode).toBe(404);
    expect((await get(`/api/clienteUsers/${bebes.id}`, clienteUser)).statusCode).toBe(403);
    expect((await get('/api/clienteUsers/999999', admin)).statusCode).toBe(404);
  });

  it('lets only an Admin create, edit or delete users', async () => {
    expect((await send('POST', '/api/clienteUsers', repA, newUser())).statusCode).toBe(403);
    expect((await send('POST', '/api/clienteUsers', clienteUser, newUser())).statusCode).toBe(403);
    const [someone] = await ctx.database.db.select().from(users).where(eq(users.email, 'otra@bebes.test'));
    expect(
      (await send('PUT', `/api/clienteUsers/${someone.id}`, repA, { name: 'x', email: 'x@y.es' })).statusCode,
    ).toBe(403);
    expect((await send('DELETE', `/api/clienteUsers/${someone.id}`, repA)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/clienteUsers/${someone.id}`, clienteUser)).statusCode).toBe(403);
  });

  it('validates a new user: password rules, email format and uniqueness, the client', async () => {
    const short = await send('POST', '/api/clienteUsers', admin, {
      ...newUser(),
      password: 'abc',
      password_confirmation: 'abc',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 6 characters']);

    const mismatch = await send('POST', '/api/clienteUsers', admin, {
      ...newUser(),
      password_confirmation: 'abc124',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Passwords do not match']);

    const badEmail = await send('POST', '/api/clienteUsers', admin, { ...newUser(), email: 'lucia@bebes' });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors.email).toEqual(['Email format is not valid']);

    const taken = await send('POST', '/api/clienteUsers', admin, {
      ...newUser(),
      email: 'TIENDA@bebes.test',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual(fieldErrorAnswer('email', CLIENT_MSG.emailTaken));

    const noClient = await send('POST', '/api/clienteUsers', admin, { ...newUser(), cliente_id: 999999 });
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json().errors.cliente_id).toBeDefined();

    const noName = await send('POST', '/api/clienteUsers', admin, { ...newUser(), name: '' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual(['Name is required']);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'lucia@bebes.test'))).toEqual([]);
  });

  it('creates, edits and deletes a user; the user signs in; deactivation and deletion end its sessions at once', async () => {
    // Create.
    const created = await send('POST', '/api/clienteUsers', admin, newUser());
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toEqual({
      ok: true,
      data: {
        id: expect.any(Number),
        name: 'Lucía Compras',
        email: 'lucia@bebes.test',
        role: 'Cliente',
        language: 'en',
        active: true,
      },
    });
    const id: number = body.data.id;
    const [stored] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(stored.cliente_id).toBe(bebes.id);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(stored.password_hash, 'cuna-lila-12')).toBe(true);

    // The new user signs in through the real login route and sees its own client.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'lucia@bebes.test', password: 'cuna-lila-12' },
    });
    expect(login.statusCode).toBe(200);
    const session = { authorization: `Bearer ${login.json().accessToken}` };
    expect((await get('/api/cliente/companyInfo', session)).json().data.id).toBe(bebes.id);

    // Edit without a password keeps the password and the session.
    const edited = await send('PUT', `/api/clienteUsers/${id}`, admin, {
      name: 'Lucía G.',
      email: 'lucia.g@bebes.test',
      language: 'es',
      active: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      ok: true,
      data: {
        id,
        name: 'Lucía G.',
        email: 'lucia.g@bebes.test',
        role: 'Cliente',
        language: 'es',
        active: true,
      },
    });
    expect((await get('/api/cliente/companyInfo', session)).statusCode).toBe(200);

    // Edit validation: another user's email, a short password.
    const dup = await send('PUT', `/api/clienteUsers/${id}`, admin, {
      name: 'Lucía G.',
      email: 'otra@bebes.test',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.email).toEqual(['The email has already been taken']);
    const shortPw = await send('PUT', `/api/clienteUsers/${id}`, admin, {
      name: 'Lucía G.',
      email: 'lucia.g@bebes.test',
      password: '12345',
      password_confirmation: '12345',
    });
    expect(shortPw.statusCode).toBe(422);
    expect(shortPw.json().errors.password).toEqual(['Password must be at least 6 characters']);
    // Keeping its own email is not a duplicate.
    expect(
      (await send('PUT', `/api/clienteUsers/${id}`, admin, { name: 'Lucía', email: 'LUCIA.G@bebes.test' }))
        .statusCode,
    ).toBe(200);

    // Deactivating ends the session at once and blocks sign-in.
    const off = await send('PUT', `/api/clienteUsers/${id}`, admin, {
      name: 'Lucía',
      email: 'lucia.g@bebes.test',
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await get('/api/cliente/companyInfo', session)).statusCode).toBe(401);
    const tokens = await ctx.database.db.select().from(access_tokens).where(eq(access_tokens.user_id, id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.revoked_at !== null)).toBe(true);
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'lucia.g@bebes.test', password: 'cuna-lila-12' },
    });
    expect(blocked.statusCode).not.toBe(200);

    // Reactivate with a new password: the new password signs in, the old does not.
    const on = await send('PUT', `/api/clienteUsers/${id}`, admin, {
      name: 'Lucía',
      email: 'lucia.g@bebes.test',
      active: true,
      password: 'nueva123',
      password_confirmation: 'nueva123',
    });
    expect(on.statusCode).toBe(200);
    const [rehashed] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(await verify(rehashed.password_hash, 'nueva123')).toBe(true);
    expect(await verify(rehashed.password_hash, 'cuna-lila-12')).toBe(false);
    const second = await tokenFor(ctx, id);
    expect((await get('/api/cliente/companyInfo', second)).statusCode).toBe(200);

    // Deleting ends the session at once.
    const del = await send('DELETE', `/api/clienteUsers/${id}`, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect((await get('/api/cliente/companyInfo', second)).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(access_tokens).where(eq(access_tokens.user_id, id))).toEqual(
      [],
    );
    expect((await send('DELETE', `/api/clienteUsers/${id}`, admin)).statusCode).toBe(404);

    // Every change was audited with the client acted for.
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entity_id, String(id)));
    const userAudits = audits.filter((a) => a.entity === 'user');
    expect(userAudits.map((a) => a.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
      'delete',
    ]);
    expect(userAudits.every((a) => a.acting_cliente_id === bebes.id)).toBe(true);
  });

  it('does not manage staff accounts through clienteUsers', async () => {
    const res = await send('PUT', `/api/clienteUsers/${repAId}`, admin, {
      name: 'x',
      email: 'rep.a@nido.test',
    });
    expect(res.statusCode).toBe(404);
    expect((await send('DELETE', `/api/clienteUsers/${repAId}`, admin)).statusCode).toBe(404);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
