/**
 * Authorization matrix: every endpoint of the contract's table × {anonymous, a user of client A, a user of
 * client B, the Representante of client A, an Admin}, with the status each one must get.
 *
 * - Each request is valid apart from who sends it (real ids of seeded rows, a fresh object where the
 *   call consumes one), so the status says only what the caller may do.
 * - 401 without a session on every non-public route; 403 for a role the route does not admit;
 *   404 for another client's objects (a user of client B naming client A's client, order, line or
 *   cart; a Representante naming a client it does not represent); 2xx where allowed.
 * - A rejected call changes no row (digest of every table before and after).
 * - A route without an entry here (or an entry without a route) fails the first test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_EMBROIDERY_BOX, endpointList } from '@nido/contract';
import { eq, gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit_log,
  coleccion_imagenes,
  coleccion_modelos,
  mail_outbox,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametro_sections,
  parametros,
  password_resets,
  users,
} from '../src/db/schema.ts';
import { hashToken, newToken } from '../src/domains/account/index.ts';
import { previewAddress, previewKey } from '../src/domains/catalogue/index.ts';
import { buildCatalogue, type Fixture, insertModel } from '../src/domains/catalogue/test-fixtures.ts';
import { multipart, pngImage } from '../src/domains/catalogue/test-helpers.ts';
import { changedTables, databaseDigest } from './db-digest.ts';
import {
  createClient,
  createTestContext,
  createUser,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
} from './harness.ts';
import { expectAnswersDocumented } from './openapi.ts';

const ROLES = ['anonymous', 'clientA', 'clientB', 'rep', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expect = Record<Role, number>;
type Target = 'A' | 'B';

const row = (anonymous: number, clientA: number, clientB: number, rep: number, admin: number): Expect => ({
  anonymous,
  clientA,
  clientB,
  rep,
  admin,
});
/** Anyone, signed in or not. */
const PUBLIC = (ok = 200) => row(ok, ok, ok, ok, ok);
/** Any signed-in user; nothing client-specific. */
const USER = (ok = 200) => row(401, ok, ok, ok, ok);
/** Client A's object: its users, its Representante and Admin; client B's user gets 404. */
const OWN_A = (ok = 200) => row(401, ok, 404, ok, ok);
/** Admin and Representante (a Representante limited to its clients by the service). */
const STAFF = (ok = 200) => row(401, 403, 403, ok, ok);
const ADMIN = (ok = 200) => row(401, 403, 403, 403, ok);

interface Entry {
  expect: Expect;
  /**
   * The request, built for one caller (the caller's auth header is added unless `auth` is given).
   * May create what the call consumes first. `t` is the client whose objects are named (A unless a
   * test says otherwise); only routes marked `scoped` use it.
   */
  request: (role: Role, t: Target) => Promise<Req> | Req;
  /** The route names a client's objects: a Representante naming a client not its own gets 404. */
  scoped?: true;
  /**
   * Every route but a GET says what a successful call writes to the audit log (its action), or why
   * it writes nothing.
   */
  audit?: string | { none: string };
  /** The audit row names the client a staff caller acted for (client A); null for the client's user. */
  acting?: true;
}
type Req = Omit<InjectOptions, 'method' | 'url'> & { path: string; auth?: string };

let ctx: TestContext;
let fx: Fixture;
const ids = {} as {
  A: number;
  B: number;
  admin: number;
  rep: number;
  userA: number;
  userB: number;
  resetUser: number;
  /** A submitted (w) order per client. */
  orderA: number;
  orderB: number;
  /** An invoice of each client (of another submitted order). */
  invoiceA: number;
  invoiceB: number;
  /** A model image of NDCAP01 and a collection image with its file on disk. */
  modelImage: number;
  colImage: number;
  telaSection: number;
  /** A price list client A is on. */
  priceList: number;
};
const auth = {} as Record<Exclude<Role, 'anonymous'>, string>;
const userOf: Record<Exclude<Role, 'anonymous'>, () => number> = {
  clientA: () => ids.userA,
  clientB: () => ids.userB,
  rep: () => ids.rep,
  admin: () => ids.admin,
};
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

/** A setup call as Admin; fails the test unless it succeeds. */
async function asAdmin(method: InjectOptions['method'], path: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method,
    url: `/api/${path}`,
    payload: payload as InjectOptions['payload'],
    headers: { authorization: auth.admin },
  });
  if (res.statusCode >= 300) throw new Error(`setup ${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.statusCode === 204 ? null : res.json();
}

const clientId = (t: Target) => (t === 'A' ? ids.A : ids.B);
const orderOf = (t: Target) => (t === 'A' ? ids.orderA : ids.orderB);

/** A line of the client's open cart (added by Admin); returns the cart and the line. */
async function cartLine(t: Target): Promise<{ cart: number; line: number }> {
  const cart = await asAdmin('POST', 'pedidos/lineadd', {
    cliente_id: clientId(t),
    modelo: 'NDSIL02',
    cantidad: 1,
    parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
  });
  return { cart: cart.id, line: Math.max(...cart.detalle.map((l: { id: number }) => l.id)) };
}

/** A submitted (w) order of the client. */
async function submittedOrder(t: Target): Promise<number> {
  const { cart } = await cartLine(t);
  return (await asAdmin('POST', 'pedidos/processOrder', { pedido_id: cart })).pedido.id;
}

/** A new price list, on no client. */
async function freshPriceList(): Promise<number> {
  return (await asAdmin('POST', 'tarifas', { nombre: unique('Tarifa '), descuento: 5 })).id;
}

/** A net-price file upload to `path`. */
function priceFile(path: string) {
  const form = multipart(
    {},
    { field: 'file', name: 'tarifa.csv', type: 'text/csv', data: Buffer.from('NDSIL02;180\n') },
  );
  return { path, payload: form.payload, headers: form.headers };
}

/** A new delivery address of the client (added by Admin). */
async function freshAddress(t: Target): Promise<number> {
  const answer = await asAdmin('POST', `cliente/${clientId(t)}/direcciones`, { nombre: unique('Almacén ') });
  return Math.max(...answer.data.map((a: { id: number }) => a.id));
}

/** An invoice of a new submitted order of the client. */
async function freshInvoice(t: Target): Promise<number> {
  return (await asAdmin('POST', 'facturas', { pedido_id: await submittedOrder(t) })).data.id;
}

async function freshModel(): Promise<string> {
  const modelo = unique('NDMX');
  await insertModel(ctx, { modelo, descripcion: `Modelo ${modelo}`, descripcion_en: `Model ${modelo}` });
  return modelo;
}

async function freshSection(grupo = fx.grp.tela): Promise<number> {
  const [s] = await ctx.database.db
    .insert(parametro_sections)
    .values({ parametros_grupos_id: grupo, name: unique('Sección '), name_en: 'Section', position: 9 })
    .returning({ id: parametro_sections.id });
  return s.id;
}

async function freshParametro(section: number | null = null): Promise<number> {
  const [p] = await ctx.database.db
    .insert(parametros)
    .values({
      parametros_grupos_id: fx.grp.tela,
      codigo: unique('T'),
      nombre: 'Tela',
      nombre_en: 'Fabric',
      section_id: section,
      position: 50,
    })
    .returning({ id: parametros.id });
  return p.id;
}

/** A mail out of tries, for the Admin to send again. */
async function failedMail(): Promise<number> {
  const [m] = await ctx.database.db
    .insert(mail_outbox)
    .values({
      message_id: `<${unique('matrix')}@nido.test>`,
      recipients: 'ana@matrix.test',
      subject: 'Matrix',
      text: 'x',
      status: 'failed',
      attempts: 8,
      last_error: '451 Try again later',
    })
    .returning({ id: mail_outbox.id });
  return m.id;
}

async function freshClienteUser(): Promise<number> {
  const u = await createUser(ctx, {
    email: `${unique('user')}@matrix.test`,
    role: 'Cliente',
    cliente_id: ids.A,
  });
  return u.id;
}

/** A fresh notification of the user's (what marking one read consumes). */
async function notificationOf(userId: number): Promise<number> {
  const [row] = await ctx.database.query<{ id: number }>(
    `insert into notifications (user_id, kind, payload) values ($1, 'mail_failed', '{}') returning id`,
    [userId],
  );
  return row.id;
}

function upload(path: string, body: unknown, png: Buffer): Req {
  const form = multipart({ body: JSON.stringify(body) }, { name: 'p.png', type: 'image/png', data: png });
  return { path, payload: form.payload, headers: form.headers };
}

let png: Buffer;

/** The table: one entry per /api route, keyed "METHOD /api/path". */
const MATRIX: Record<string, Entry> = {
  // ── Platform and account ────────────────────────────────────────────────────────────────────
  'GET /api/health': { expect: PUBLIC(), request: () => ({ path: 'health' }) },
  'GET /api/ready': { expect: PUBLIC(), request: () => ({ path: 'ready' }) },
  'GET /api/mail/failed': { expect: ADMIN(), request: () => ({ path: 'mail/failed?page=1' }) },
  'POST /api/mail/:id/resend': {
    audit: 'mail.resend',
    expect: ADMIN(),
    request: async () => ({ path: `mail/${await failedMail()}/resend` }),
  },
  // ── Notifications: every signed-in user, each their own ──────────────────────────────────────
  'GET /api/notifications': { expect: USER(), request: () => ({ path: 'notifications?page=1' }) },
  'POST /api/notifications/read-all': {
    audit: { none: 'the caller’s own notifications' },
    expect: USER(),
    request: () => ({ path: 'notifications/read-all' }),
  },
  'POST /api/notifications/:id/read': {
    audit: { none: 'the caller’s own notifications' },
    expect: USER(),
    request: async (role) => ({
      path: `notifications/${role === 'anonymous' ? 1 : await notificationOf(userOf[role]())}/read`,
    }),
  },
  'GET /api/notifications/stream': {
    expect: USER(),
    request: () => ({ path: 'notifications/stream', payloadAsStream: true }),
  },
  'POST /api/login': {
    audit: { none: 'account: signing in is not an order or catalogue change' },
    expect: PUBLIC(),
    request: () => ({ path: 'login', payload: { email: 'ana@matrix.test', password: TEST_PASSWORD } }),
  },
  'POST /api/logout': {
    audit: { none: 'account' },
    expect: USER(204),
    // Logging out revokes the token: each caller uses a token of its own for this call.
    request: async (role) => ({
      path: 'logout',
      auth: role === 'anonymous' ? undefined : (await tokenFor(ctx, userOf[role]())).authorization,
    }),
  },
  'GET /api/me': { expect: USER(), request: () => ({ path: 'me' }) },
  'POST /api/forgot-password': {
    audit: { none: 'account' },
    expect: PUBLIC(),
    request: () => ({ path: 'forgot-password', payload: { email: 'reset@matrix.test' } }),
  },
  'POST /api/reset-password': {
    audit: { none: 'account' },
    expect: PUBLIC(),
    request: async () => {
      const token = newToken();
      const now = ctx.clock.now();
      await ctx.database.db.insert(password_resets).values({
        user_id: ids.resetUser,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + 3_600_000),
      });
      const password = 'nueva-clave-1';
      return {
        path: 'reset-password',
        payload: { email: 'reset@matrix.test', token, password, password_confirmation: password },
      };
    },
  },
  'POST /api/setLocale': {
    audit: { none: 'account: the user’s own language' },
    expect: USER(),
    request: () => ({ path: 'setLocale', payload: { locale: 'es' } }),
  },
  'POST /api/updateProfile': {
    audit: { none: 'account: the user’s own profile' },
    expect: USER(),
    // The caller's own name and email, unchanged.
    request: async (role) => {
      const id = role === 'anonymous' ? ids.userA : userOf[role]();
      const [u] = await ctx.database.db.select().from(users).where(eq(users.id, id));
      return { path: 'updateProfile', payload: { name: u.name, email: u.email } };
    },
  },
  'POST /api/infoData': {
    audit: { none: 'browser diagnostics, logged' },
    expect: USER(204),
    request: () => ({ path: 'infoData', payload: { userAgent: 'matrix', screen: '1280x800' } }),
  },

  // ── Clients ─────────────────────────────────────────────────────────────────────────────────
  'GET /api/cliente': { expect: STAFF(), request: () => ({ path: 'cliente?text=tienda&page=1' }) },
  'GET /api/cliente/companyInfo': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `cliente/companyInfo?cliente_id=${clientId(t)}` }),
  },
  'GET /api/cliente/:id': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `cliente/${clientId(t)}` }),
  },
  'POST /api/cliente': {
    audit: 'create',
    expect: ADMIN(),
    request: () => ({ path: 'cliente', payload: { nomcome: unique('Tienda nueva '), email: '' } }),
  },
  'PUT /api/cliente/:id': {
    audit: 'update',
    expect: ADMIN(),
    request: () => ({ path: `cliente/${ids.A}`, payload: { nomcome: 'Tienda A', poblacion: 'Sevilla' } }),
  },
  'GET /api/cliente/:clienteId/direcciones': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `cliente/${clientId(t)}/direcciones` }),
  },
  // The Admin and the client's own users keep its addresses; a Representante only reads them.
  'POST /api/cliente/:clienteId/direcciones': {
    audit: 'create',
    acting: true,
    expect: row(401, 200, 404, 403, 200),
    request: () => ({ path: `cliente/${ids.A}/direcciones`, payload: { nombre: unique('Tienda ') } }),
  },
  'PUT /api/direccion/:id': {
    audit: 'update',
    acting: true,
    expect: row(401, 200, 404, 403, 200),
    request: async () => ({
      path: `direccion/${await freshAddress('A')}`,
      payload: { nombre: unique('Nave ') },
    }),
  },
  'DELETE /api/direccion/:id': {
    audit: 'delete',
    acting: true,
    expect: row(401, 200, 404, 403, 200),
    request: async () => ({ path: `direccion/${await freshAddress('A')}` }),
  },
  'GET /api/clienteUsers/:id': {
    expect: STAFF(),
    scoped: true,
    request: (_, t) => ({ path: `clienteUsers/${clientId(t)}` }),
  },
  'POST /api/clienteUsers': {
    audit: 'create',
    acting: true,
    expect: ADMIN(),
    request: () => ({
      path: 'clienteUsers',
      payload: {
        cliente_id: ids.A,
        name: 'Nuevo',
        email: `${unique('nuevo')}@matrix.test`,
        password: 'cuna-azul-37',
        password_confirmation: 'cuna-azul-37',
      },
    }),
  },
  'PUT /api/clienteUsers/:id': {
    audit: 'update',
    acting: true,
    expect: ADMIN(),
    request: async () => {
      const id = await freshClienteUser();
      return {
        path: `clienteUsers/${id}`,
        payload: { name: 'Renombrado', email: `${unique('ren')}@matrix.test` },
      };
    },
  },
  'DELETE /api/clienteUsers/:id': {
    audit: 'delete',
    acting: true,
    expect: ADMIN(),
    request: async () => ({ path: `clienteUsers/${await freshClienteUser()}` }),
  },

  // ── Order administration ────────────────────────────────────────────────────────────────────
  'GET /api/pedidos/pending': { expect: STAFF(), request: () => ({ path: 'pedidos/pending' }) },
  'POST /api/pedidos/status': {
    audit: 'status',
    acting: true,
    expect: ADMIN(),
    request: async () => ({
      path: 'pedidos/status',
      payload: { pedido_id: await submittedOrder('A'), status: 'p' },
    }),
  },
  'POST /api/pedidos/status/bulk': {
    audit: 'status',
    acting: true,
    expect: ADMIN(),
    request: async () => ({
      path: 'pedidos/status/bulk',
      payload: { ids: [await submittedOrder('A')], status: 'p' },
    }),
  },
  'POST /api/pedidos/cancel': {
    audit: 'status',
    acting: true,
    expect: ADMIN(),
    request: async () => ({
      path: 'pedidos/cancel',
      payload: { pedido_id: await submittedOrder('A'), reason: 'Duplicado' },
    }),
  },
  // The production sheet (record 060): the Admin's alone, of any client's orders.
  'GET /api/pedidos/produccion': {
    expect: ADMIN(),
    request: async () => ({ path: `pedidos/produccion?pedido_id=${await submittedOrder('A')}` }),
  },
  'GET /api/pedidos/produccion/pdf': {
    expect: ADMIN(),
    request: async () => ({ path: `pedidos/produccion/pdf?pedido_id=${await submittedOrder('A')}` }),
  },
  'GET /api/pedido/:id/history': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `pedido/${orderOf(t)}/history` }),
  },

  // ── Catalogue, shop side ────────────────────────────────────────────────────────────────────
  // Priced for a client (record 049): naming another client's prices is a 404 like its orders.
  'POST /api/modelo/searchModel': {
    audit: { none: 'read' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'modelo/searchModel',
      payload: { search: 'capazo', page: 1, cliente_id: clientId(t) },
    }),
  },
  'GET /api/modelo/:modelo': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `modelo/NDCAP01?cliente_id=${clientId(t)}` }),
  },
  'POST /api/modelo/modeloscoleccion': {
    audit: { none: 'read' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'modelo/modeloscoleccion',
      payload: { coleccion: fx.col.open, cliente_id: clientId(t) },
    }),
  },
  'POST /api/modelo/modeloscoleccionlist': {
    audit: { none: 'read' },
    expect: USER(),
    request: () => ({ path: 'modelo/modeloscoleccionlist', payload: { coleccion: fx.col.open } }),
  },
  'GET /api/modeloBase/list': { expect: USER(), request: () => ({ path: 'modeloBase/list?search=nd' }) },
  'POST /api/modelo/lastPurchased': {
    audit: { none: 'read' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: 'modelo/lastPurchased', payload: { cliente_id: clientId(t) } }),
  },

  // ── Orders ──────────────────────────────────────────────────────────────────────────────────
  'POST /api/pedidos/cliente': {
    audit: { none: 'read (the empty cart is created on first use, nothing in it changes)' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: 'pedidos/cliente', payload: { cliente_id: clientId(t) } }),
  },
  'POST /api/pedidos/lineadd': {
    audit: 'pedido.lineadd',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'pedidos/lineadd',
      payload: {
        cliente_id: clientId(t),
        modelo: 'NDSIL02',
        cantidad: 2,
        parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
        nota: 'matrix',
      },
    }),
  },
  'POST /api/pedidos/gridadd': {
    audit: 'pedido.lineadd',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'pedidos/gridadd',
      payload: {
        cliente_id: clientId(t),
        modelo: 'NDSIL02',
        filas: [
          { parametro: fx.opt.rosa, cantidad: 2 },
          { parametro: fx.opt.azul, cantidad: 1 },
        ],
      },
    }),
  },
  'POST /api/pedidos/linecollection': {
    audit: 'pedido.linecollection',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart, line } = await cartLine(t);
      return {
        path: 'pedidos/linecollection',
        payload: { pedido_id: cart, linea_id: line, coleccion_id: fx.col.open },
      };
    },
  },
  'POST /api/pedidos/lineremoveclosed': {
    audit: { none: 'no line of the cart is out of its window: nothing changes' },
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart } = await cartLine(t);
      return { path: 'pedidos/lineremoveclosed', payload: { pedido_id: cart } };
    },
  },
  'POST /api/pedidos/lineremove': {
    audit: 'pedido.lineremove',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart, line } = await cartLine(t);
      return { path: 'pedidos/lineremove', payload: { pedido_id: cart, linea_id: line } };
    },
  },
  'POST /api/pedidos/linequantity': {
    audit: 'pedido.linequantity',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart, line } = await cartLine(t);
      return { path: 'pedidos/linequantity', payload: { pedido_id: cart, linea_id: line, cantidad: 3 } };
    },
  },
  'POST /api/pedidos/linereplace': {
    audit: 'pedido.linereplace',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart, line } = await cartLine(t);
      return {
        path: 'pedidos/linereplace',
        payload: {
          pedido_id: cart,
          linea_id: line,
          modelo: 'NDSIL02',
          cantidad: 1,
          parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
          nota: 'matrix edit',
        },
      };
    },
  },
  'POST /api/pedidos/savenote': {
    audit: 'pedido.savenote',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart } = await cartLine(t);
      return { path: 'pedidos/savenote', payload: { pedido_id: cart, nota_pedido: 'Entregar por la tarde' } };
    },
  },
  'POST /api/pedidos/savedetails': {
    audit: 'pedido.savedetails',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart } = await cartLine(t);
      return { path: 'pedidos/savedetails', payload: { pedido_id: cart, referencia: 'PO-matrix' } };
    },
  },
  'POST /api/pedidos/processOrder': {
    audit: 'pedido.process',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: async (_, t) => {
      const { cart } = await cartLine(t);
      return { path: 'pedidos/processOrder', payload: { pedido_id: cart } };
    },
  },
  'GET /api/pedido/:id': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `pedido/${orderOf(t)}` }),
  },
  'GET /api/pedido/:id/pdf': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `pedido/${orderOf(t)}/pdf` }),
  },
  'GET /api/pedidos/settings': { expect: USER(), request: () => ({ path: 'pedidos/settings' }) },
  'PUT /api/pedidos/settings': {
    audit: 'update',
    expect: ADMIN(),
    request: () => ({ path: 'pedidos/settings', payload: { delivery_lead_days: 3 } }),
  },
  'GET /api/dashboard': {
    expect: STAFF(),
    scoped: true,
    request: (_, t) => ({ path: `dashboard?cliente_id=${clientId(t)}` }),
  },
  'GET /api/dashboard/dormant': {
    expect: STAFF(),
    scoped: true,
    request: (_, t) => ({ path: `dashboard/dormant?semanas=4&cliente_id=${clientId(t)}` }),
  },
  'GET /api/facturas': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `facturas?page=1&cliente_id=${clientId(t)}` }),
  },
  'POST /api/facturas': {
    audit: 'factura.create',
    acting: true,
    expect: ADMIN(),
    request: async () => ({ path: 'facturas', payload: { pedido_id: await submittedOrder('A') } }),
  },
  'GET /api/factura/:id/pdf': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `factura/${t === 'A' ? ids.invoiceA : ids.invoiceB}/pdf` }),
  },
  'POST /api/pedidos/list': {
    audit: { none: 'read' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'pedidos/list',
      payload: { tipodoc: 'E', page: 1, filters: { cliente_id: clientId(t) } },
    }),
  },
  'POST /api/pedidos/exportCsv': {
    audit: { none: 'read (a file of the list)' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: 'pedidos/exportCsv', payload: { filters: { cliente_id: clientId(t) } } }),
  },
  'POST /api/pedidos/exportXlsx': {
    audit: { none: 'read (a file of the list)' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: 'pedidos/exportXlsx', payload: { filters: { cliente_id: clientId(t) } } }),
  },

  // Quick order and reorder (records 042, 043).
  'POST /api/pedidos/quick/check': {
    audit: { none: 'read (rows checked, nothing added)' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'pedidos/quick/check',
      payload: { cliente_id: clientId(t), text: 'NDSIL02 2 AZU' },
    }),
  },
  'POST /api/pedidos/quick/upload': {
    audit: { none: 'read (a file of rows checked, nothing added)' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => {
      const form = multipart(
        { body: JSON.stringify({ cliente_id: clientId(t) }) },
        {
          field: 'file',
          name: 'pedido.csv',
          type: 'text/csv',
          data: Buffer.from('codigo;cantidad\nNDSIL02;2\n'),
        },
      );
      return { path: 'pedidos/quick/upload', payload: form.payload, headers: form.headers };
    },
  },
  'GET /api/pedidos/quick/template': { expect: USER(), request: () => ({ path: 'pedidos/quick/template' }) },
  'POST /api/pedidos/quick/add': {
    audit: 'pedido.lineadd',
    acting: true,
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({
      path: 'pedidos/quick/add',
      payload: {
        cliente_id: clientId(t),
        lines: [
          {
            modelo: 'NDSIL02',
            cantidad: 2,
            parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
          },
        ],
      },
    }),
  },
  'POST /api/pedidos/reorder/check': {
    audit: { none: 'read (the lines checked, nothing added)' },
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: 'pedidos/reorder/check', payload: { pedido_id: orderOf(t) } }),
  },

  // ── Catalogue administration: models ────────────────────────────────────────────────────────
  'POST /api/modelo/update': {
    audit: 'modelo.update',
    expect: ADMIN(),
    request: () => ({
      path: 'modelo/update',
      payload: {
        modelo: 'NDCAP01',
        descripcion: 'Capazo Bebé Classic',
        descripcion_en: 'Classic baby carrycot',
      },
    }),
  },
  'POST /api/modelo/modeloBaja': {
    audit: 'modelo.baja',
    expect: ADMIN(),
    request: async () => ({ path: 'modelo/modeloBaja', payload: { modelo: await freshModel(), baja: 1 } }),
  },
  'GET /api/modelo-admin/list': {
    expect: ADMIN(),
    request: () => ({ path: 'modelo-admin/list?search=nd&page=1' }),
  },
  'POST /api/modelo-admin/list': {
    audit: { none: 'read' },
    expect: ADMIN(),
    request: () => ({
      path: 'modelo-admin/list',
      payload: { coleccion: fx.col.open, page: 1, per_page: 10 },
    }),
  },
  'GET /api/modelo-admin/:modelo': { expect: ADMIN(), request: () => ({ path: 'modelo-admin/NDCAP01' }) },
  // ── Embroidery preview (record 059) ─────────────────────────────────────────────────────────
  'GET /api/modelo/:modelo/bordado': { expect: ADMIN(), request: () => ({ path: 'modelo/NDCAP01/bordado' }) },
  'PUT /api/modelo/:modelo/bordado': {
    audit: 'modelo.embroidery_boxes',
    expect: ADMIN(),
    request: () => ({
      path: 'modelo/NDCAP01/bordado',
      payload: { posiciones: [{ posicion: 'Derecha', box: { x: 0.5, y: 0.6, w: 0.4, h: 0.2 } }] },
    }),
  },
  'GET /api/bordado/preview/:token': {
    expect: PUBLIC(),
    request: async () => {
      const image = '/uploads/matrix-fabric.png';
      fs.mkdirSync(path.join(ctx.dir, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(ctx.dir, image), await pngImage(200, 150));
      const drawing = {
        image,
        name: 'Lucía',
        style: 'Embird',
        colour: '#d4af37',
        box: DEFAULT_EMBROIDERY_BOX,
      };
      const address = previewAddress(await previewKey(ctx.database.db), drawing) ?? '';
      return { path: address.replace('/api/', '') };
    },
  },
  'GET /api/modelo/sincoleccion': {
    expect: ADMIN(),
    request: () => ({ path: 'modelo/sincoleccion?page=1' }),
  },
  'POST /api/modelo/uploadImage': {
    audit: 'modelo.image.upload',
    expect: ADMIN(),
    request: () => upload('modelo/uploadImage', { modelo: 'NDNOC06', color0: '' }, png),
  },
  'POST /api/modelo/actualizaImagenParametro': {
    audit: 'modelo.image.color',
    expect: ADMIN(),
    request: () => ({
      path: 'modelo/actualizaImagenParametro',
      payload: { id: ids.modelImage, codigo: 'ROS' },
    }),
  },
  'DELETE /api/modelo/deleteImage': {
    audit: 'modelo.image.delete',
    expect: ADMIN(),
    request: async () => {
      const [img] = await ctx.database.db
        .insert(modelo_imagenes)
        .values({ modelos_modelo: 'NDSIL02', url_img: `/uploads/${unique('gone')}.webp` })
        .returning({ id: modelo_imagenes.id });
      return { path: 'modelo/deleteImage', payload: { id: img.id } };
    },
  },
  'POST /api/modelo/actualizaImagenPrincipal': {
    audit: 'modelo.image.principal',
    expect: ADMIN(),
    request: () => ({
      path: 'modelo/actualizaImagenPrincipal',
      payload: { id: ids.modelImage, principal: 1, modelo: 'NDCAP01' },
    }),
  },
  'POST /api/modelo/updateModelGroupSize': {
    audit: 'modelo.grupo.size',
    expect: ADMIN(),
    request: () => ({
      path: 'modelo/updateModelGroupSize',
      payload: { modelo: 'NDCAP01', grupo: fx.grp.tela, size: '1,5' },
    }),
  },
  'POST /api/modelo/setPositionGroupsModel': {
    audit: 'modelo.grupos.order',
    expect: ADMIN(),
    request: () => ({
      path: 'modelo/setPositionGroupsModel',
      payload: {
        modelo: 'NDCAP01',
        grupos: [
          { section: fx.sec.fabrics, grupo: fx.grp.color },
          { section: fx.sec.fabrics, grupo: fx.grp.tela },
          { section: fx.sec.embroidery, grupo: fx.grp.bordado },
        ],
      },
    }),
  },
  'POST /api/modelo/updateModelGroupAdd': {
    audit: 'modelo.grupo.add',
    expect: ADMIN(),
    request: async () => ({
      path: 'modelo/updateModelGroupAdd',
      payload: { modelo: await freshModel(), grupo: fx.grp.color, section: fx.sec.fabrics },
    }),
  },
  'POST /api/modelo/updateModelGroupDelete': {
    audit: 'modelo.grupo.delete',
    expect: ADMIN(),
    request: async () => {
      const modelo = await freshModel();
      await ctx.database.db
        .insert(modelo_grupos)
        .values({ modelos_modelo: modelo, parametros_grupos_id: fx.grp.color, position: 0 });
      return { path: 'modelo/updateModelGroupDelete', payload: { modelo, grupo: fx.grp.color } };
    },
  },
  'GET /api/modelo/sections': { expect: ADMIN(), request: () => ({ path: 'modelo/sections' }) },
  'POST /api/modelo/createSection': {
    audit: 'section_models.create',
    expect: ADMIN(),
    request: () => ({ path: 'modelo/createSection', payload: { name: 'Capota', name_en: 'Hood' } }),
  },
  'POST /api/modelo/copyParamsCollection': {
    audit: 'modelo.grupos.copy',
    expect: ADMIN(),
    request: async () => ({
      path: 'modelo/copyParamsCollection',
      payload: { desde: 'NDCAP01', hasta: await freshModel() },
    }),
  },
  'POST /api/modelo/getParametrosGruposColeccion': {
    audit: { none: 'read' },
    expect: ADMIN(),
    request: () => ({ path: 'modelo/getParametrosGruposColeccion', payload: { id: fx.col.open } }),
  },

  // ── Catalogue administration: parameter groups and parameters ───────────────────────────────
  'GET /api/parametrosgrupos': {
    expect: ADMIN(),
    request: () => ({ path: 'parametrosgrupos?search=co&page=1' }),
  },
  'GET /api/parametrosgrupos/:id': {
    expect: ADMIN(),
    request: () => ({ path: `parametrosgrupos/${fx.grp.color}` }),
  },
  'POST /api/parametrosgrupos': {
    audit: 'parametros_grupo.create',
    expect: ADMIN(),
    request: () => ({
      path: 'parametrosgrupos',
      payload: { id: 0, nombre: 'Asa', nombre_en: 'Handle', size: 1 },
    }),
  },
  'PUT /api/parametrosgrupos/:id': {
    audit: 'parametros_grupo.update',
    expect: ADMIN(),
    request: () => ({
      path: `parametrosgrupos/${fx.grp.color}`,
      payload: { nombre: 'Color', nombre_en: 'Colour', activado: true },
    }),
  },
  'POST /api/parametrosgrupos/:id/sections': {
    audit: 'parametros_grupo.section.create',
    expect: ADMIN(),
    request: () => ({ path: `parametrosgrupos/${fx.grp.tela}/sections`, payload: { name: 'Sintéticos' } }),
  },
  'POST /api/parametrosgrupos/:id/sections/order': {
    audit: 'parametros_grupo.section.order',
    expect: ADMIN(),
    request: () => ({
      path: `parametrosgrupos/${fx.grp.tela}/sections/order`,
      payload: { sections: [ids.telaSection] },
    }),
  },
  'PUT /api/parametrosgrupos/:id/sections/:sectionId': {
    audit: 'parametros_grupo.section.rename',
    expect: ADMIN(),
    request: () => ({
      path: `parametrosgrupos/${fx.grp.tela}/sections/${ids.telaSection}`,
      payload: { name: 'Naturales', name_en: 'Natural' },
    }),
  },
  'DELETE /api/parametrosgrupos/:id/sections/:sectionId': {
    audit: 'parametros_grupo.section.delete',
    expect: ADMIN(),
    request: async () => ({ path: `parametrosgrupos/${fx.grp.tela}/sections/${await freshSection()}` }),
  },
  'POST /api/parametro/updateNewWithImage': {
    audit: 'parametro.create',
    expect: ADMIN(),
    request: () => ({
      path: 'parametro/updateNewWithImage',
      payload: {
        id: 0,
        parametros_grupos_id: fx.grp.color,
        codigo: unique('V'),
        nombre: 'Verde',
        nombre_en: 'Green',
        color: '#33aa55',
        price: '2,50',
      },
    }),
  },
  'POST /api/parametro/updatePosition': {
    audit: 'parametro.position',
    expect: ADMIN(),
    request: () => ({
      path: 'parametro/updatePosition',
      payload: { parametros: [fx.opt.azul, fx.opt.rosa] },
    }),
  },
  'GET /api/translations/missing': {
    expect: ADMIN(),
    request: () => ({ path: 'translations/missing?kind=option&page=1' }),
  },
  'GET /api/translations/missing/counts': {
    expect: ADMIN(),
    request: () => ({ path: 'translations/missing/counts' }),
  },
  'PUT /api/translations/:kind/:id': {
    audit: 'parametro.update',
    expect: ADMIN(),
    request: async () => {
      const id = await freshParametro();
      await ctx.database.db.update(parametros).set({ nombre_en: '' }).where(eq(parametros.id, id));
      return { path: `translations/option/${id}`, payload: { text: 'Fabric' } };
    },
  },
  'DELETE /api/parametros/:id': {
    audit: 'parametro.delete',
    expect: ADMIN(),
    request: async () => ({ path: `parametros/${await freshParametro()}` }),
  },
  'POST /api/parametro/deleteParametroSection': {
    audit: 'parametro.delete_section',
    expect: ADMIN(),
    request: async () => {
      const section = await freshSection();
      const p = await freshParametro(section);
      return { path: 'parametro/deleteParametroSection', payload: { parametros: [p], section_id: section } };
    },
  },
  'POST /api/parametro/updateParametrosSection': {
    audit: 'parametro.move_section',
    expect: ADMIN(),
    request: async () => ({
      path: 'parametro/updateParametrosSection',
      payload: { newSectionId: ids.telaSection, parametros: [await freshParametro()] },
    }),
  },

  // ── Price lists (record 049) ─────────────────────────────────────────────────────────────────
  'GET /api/tarifas': { expect: ADMIN(), request: () => ({ path: 'tarifas' }) },
  'POST /api/tarifas': {
    audit: 'create',
    expect: ADMIN(),
    request: () => ({ path: 'tarifas', payload: { nombre: unique('Tarifa '), descuento: 10 } }),
  },
  'GET /api/tarifas/:id': { expect: ADMIN(), request: () => ({ path: `tarifas/${ids.priceList}` }) },
  'PUT /api/tarifas/:id': {
    audit: 'update',
    expect: ADMIN(),
    request: () => ({
      path: `tarifas/${ids.priceList}`,
      payload: {
        nombre: 'Tiendas',
        descuento: 15,
        colecciones: [{ colecciones_id: fx.col.open, descuento: 20 }],
      },
    }),
  },
  'DELETE /api/tarifas/:id': {
    audit: 'delete',
    expect: ADMIN(204),
    request: async () => ({ path: `tarifas/${await freshPriceList()}` }),
  },
  'GET /api/tarifas/:id/precios': {
    expect: ADMIN(),
    request: () => ({ path: `tarifas/${ids.priceList}/precios?page=1` }),
  },
  'PUT /api/tarifas/:id/precios/:modelo': {
    audit: 'tarifa.precio',
    expect: ADMIN(204),
    request: () => ({ path: `tarifas/${ids.priceList}/precios/NDSIL02`, payload: { precio: 199.5 } }),
  },
  'DELETE /api/tarifas/:id/precios/:modelo': {
    audit: 'tarifa.precio.delete',
    expect: ADMIN(204),
    request: async () => {
      const id = await freshPriceList();
      await asAdmin('PUT', `tarifas/${id}/precios/NDSIL02`, { precio: 10 });
      return { path: `tarifas/${id}/precios/NDSIL02` };
    },
  },
  'GET /api/tarifas/:id/export': {
    expect: ADMIN(),
    request: () => ({ path: `tarifas/${ids.priceList}/export` }),
  },
  'POST /api/tarifas/:id/import/preview': {
    audit: { none: 'read (a file checked, nothing saved)' },
    expect: ADMIN(),
    request: () => priceFile(`tarifas/${ids.priceList}/import/preview`),
  },
  'POST /api/tarifas/:id/import': {
    audit: 'tarifa.import',
    expect: ADMIN(),
    request: () => priceFile(`tarifas/${ids.priceList}/import`),
  },

  // ── Collections ─────────────────────────────────────────────────────────────────────────────
  'POST /api/colecciones/list': {
    audit: { none: 'read' },
    expect: USER(),
    request: () => ({ path: 'colecciones/list', payload: { filters: { search: '', page: 1 } } }),
  },
  'GET /api/colecciones/:id/:flag': {
    expect: ADMIN(),
    request: () => ({ path: `colecciones/${fx.col.open}/1` }),
  },
  'POST /api/colecciones/showClear': {
    audit: { none: 'read (a preview)' },
    expect: ADMIN(),
    request: () => ({ path: 'colecciones/showClear', payload: { id: fx.col.open } }),
  },
  'POST /api/coleccion/setActive': {
    audit: 'coleccion.active',
    expect: ADMIN(),
    request: () => ({ path: 'coleccion/setActive', payload: { id: fx.col.open, activado: 1 } }),
  },
  'POST /api/coleccion/setSoloRepresentantes': {
    audit: 'coleccion.solorepresentantes',
    expect: ADMIN(),
    request: () => ({
      path: 'coleccion/setSoloRepresentantes',
      payload: { id: fx.col.reps, solorepresentantes: true },
    }),
  },
  'PUT /api/colecciones/update': {
    audit: 'coleccion.update',
    expect: ADMIN(),
    request: () => ({
      path: 'colecciones/update',
      payload: { collection: { id: fx.col.open, nombre: 'Otoño 26', nombre_en: 'Autumn 26' } },
    }),
  },
  'POST /api/coleccion/addModelo': {
    audit: 'coleccion.modelo.add',
    expect: ADMIN(),
    request: async () => ({
      path: 'coleccion/addModelo',
      payload: { id: fx.col.closed, modelo: await freshModel() },
    }),
  },
  'POST /api/coleccion/removeModelo': {
    audit: 'coleccion.modelo.remove',
    expect: ADMIN(),
    request: async () => {
      const modelo = await freshModel();
      await ctx.database.db
        .insert(coleccion_modelos)
        .values({ colecciones_id: fx.col.closed, modelos_modelo: modelo, position: 5 });
      return { path: 'coleccion/removeModelo', payload: { id: fx.col.closed, modelo } };
    },
  },
  'POST /api/coleccion/uploadImage': {
    audit: 'coleccion.image.upload',
    expect: ADMIN(),
    request: () => upload('coleccion/uploadImage', { colecciones_id: fx.col.closed }, png),
  },
  'DELETE /api/coleccion/deleteImage': {
    audit: 'coleccion.image.delete',
    expect: ADMIN(),
    request: async () => {
      const [img] = await ctx.database.db
        .insert(coleccion_imagenes)
        .values({ colecciones_id: fx.col.reps, url_img: `/uploads/${unique('gone')}.webp` })
        .returning({ id: coleccion_imagenes.id });
      return { path: 'coleccion/deleteImage', payload: { id: img.id, colecciones_id: fx.col.reps } };
    },
  },
  'POST /api/coleccion/setImgPrincipal': {
    audit: 'coleccion.image.initial',
    expect: ADMIN(),
    request: () => ({ path: 'coleccion/setImgPrincipal', payload: { id: ids.colImage } }),
  },
  'GET /api/colecciones/:id/linesheet': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `colecciones/${fx.col.open}/linesheet?cliente=${clientId(t)}` }),
  },
  'GET /api/colecciones/:id/linesheet/pdf': {
    expect: OWN_A(),
    scoped: true,
    request: (_, t) => ({ path: `colecciones/${fx.col.open}/linesheet/pdf?cliente=${clientId(t)}` }),
  },
  'POST /api/colecciones/:id/linesheet/send': {
    audit: 'coleccion.linesheet.send',
    acting: true,
    expect: STAFF(),
    scoped: true,
    request: (_, t) => ({
      path: `colecciones/${fx.col.open}/linesheet/send`,
      payload: { cliente: clientId(t) },
    }),
  },
  'POST /api/coleccion/downloadImages': {
    audit: { none: 'read (a zip of the images)' },
    expect: ADMIN(),
    request: () => ({ path: 'coleccion/downloadImages', payload: { id: fx.col.open } }),
  },
};

beforeAll(async () => {
  // Sign-in throttling is tested in account.test.ts; here the same IP signs in many times.
  ctx = await createTestContext({ AUTH_MAX_FAILURES: '10000' });
  fx = await buildCatalogue(ctx);
  // NDSIL02's colours are its grid (pedidos/gridadd).
  await ctx.database.db
    .update(modelos)
    .set({ grupo_rejilla_id: fx.grp.color })
    .where(eq(modelos.modelo, 'NDSIL02'));
  png = await pngImage(120, 80);
  const admin = await createUser(ctx, { email: 'admin@matrix.test', role: 'Admin', name: 'Ada Admin' });
  const rep = await createUser(ctx, { email: 'rep@matrix.test', role: 'Representante', name: 'Rita Rep' });
  const rep2 = await createUser(ctx, { email: 'rep2@matrix.test', role: 'Representante', name: 'Roque Rep' });
  const A = await createClient(ctx, 'Tienda A', { representante_id: rep.id });
  const B = await createClient(ctx, 'Tienda B', { representante_id: rep2.id });
  const userA = await createUser(ctx, {
    email: 'ana@matrix.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  const userB = await createUser(ctx, {
    email: 'bea@matrix.test',
    role: 'Cliente',
    cliente_id: B.id,
    name: 'Bea',
  });
  const resetUser = await createUser(ctx, { email: 'reset@matrix.test', role: 'Cliente', cliente_id: A.id });
  Object.assign(ids, {
    A: A.id,
    B: B.id,
    admin: admin.id,
    rep: rep.id,
    userA: userA.id,
    userB: userB.id,
    resetUser: resetUser.id,
  });
  for (const role of ['clientA', 'clientB', 'rep', 'admin'] as const) {
    auth[role] = (await tokenFor(ctx, userOf[role]())).authorization;
  }
  ids.priceList = (await asAdmin('POST', 'tarifas', { nombre: 'Tiendas', descuento: 20 })).id;
  await asAdmin('PUT', `cliente/${A.id}`, { nomcome: 'Tienda A', tarifa_id: ids.priceList });
  ids.orderA = await submittedOrder('A');
  ids.orderB = await submittedOrder('B');
  ids.invoiceA = await freshInvoice('A');
  ids.invoiceB = await freshInvoice('B');
  const [img] = await ctx.database.db
    .select({ id: modelo_imagenes.id })
    .from(modelo_imagenes)
    .where(eq(modelo_imagenes.modelos_modelo, 'NDCAP01'))
    .limit(1);
  ids.modelImage = img.id;
  const form = upload('coleccion/uploadImage', { colecciones_id: fx.col.open }, png);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/${form.path}`,
    payload: form.payload,
    headers: { ...form.headers, authorization: auth.admin },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  ids.colImage = uploaded.json().id;
  const [tela] = await ctx.database.db
    .select({ id: parametro_sections.id })
    .from(parametro_sections)
    .where(eq(parametro_sections.parametros_grupos_id, fx.grp.tela))
    .limit(1);
  ids.telaSection = tela.id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

interface Outcome {
  status: number;
  body: string;
  changed: string[];
  /** Audit rows written during the call. */
  audits: Array<typeof audit_log.$inferSelect>;
}

/** Sends one cell's request; for an expected rejection, also reports which tables changed. */
async function send(
  entry: Entry,
  key: string,
  role: Role,
  target: Target,
  expected: number,
): Promise<Outcome> {
  const [method] = key.split(' ');
  const req = await entry.request(role, target);
  const { path, auth: explicit, headers, ...rest } = req;
  const authorization = explicit ?? (role === 'anonymous' ? undefined : auth[role]);
  const rejected = expected >= 400;
  const before = rejected ? await databaseDigest(ctx.database) : null;
  const [{ last }] = await ctx.database.query<{ last: number }>(
    'select coalesce(max(id), 0)::int as last from audit_log',
  );
  const res = await ctx.app.inject({
    ...rest,
    method: method as InjectOptions['method'],
    url: `/api/${path}`,
    headers: { ...headers, ...(authorization ? { authorization } : {}) },
  });
  // A stream (notifications/stream) never ends: its answer is read as a stream, its body only when refused.
  let body: string;
  if (rest.payloadAsStream) {
    const stream = res.stream();
    if (res.statusCode >= 400) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk));
      body = Buffer.concat(chunks).toString('utf8');
    } else {
      stream.destroy();
      body = '';
    }
  } else body = res.body;
  const changed = before ? changedTables(before, await databaseDigest(ctx.database)) : [];
  const audits = await ctx.database.db.select().from(audit_log).where(gt(audit_log.id, last));
  return { status: res.statusCode, body: body.slice(0, 300), changed, audits };
}

/** What is wrong with the audit rows a successful call wrote (empty when they are right). */
function auditProblems(entry: Entry, role: Role, audits: Outcome['audits']): string[] {
  if (entry.audit === undefined || typeof entry.audit !== 'string') {
    return audits.length
      ? [`wrote audit rows (${audits.map((a) => a.action).join(', ')}) it does not declare`]
      : [];
  }
  const row = audits.find((a) => a.action === entry.audit);
  if (!row) return [`no audit row ${entry.audit} (got ${audits.map((a) => a.action).join(', ') || 'none'})`];
  const problems: string[] = [];
  const caller = role === 'anonymous' ? null : userOf[role]();
  if (row.user_id !== caller) problems.push(`audit user ${row.user_id}, caller ${caller}`);
  if (row.at.getTime() !== ctx.clock.now().getTime()) problems.push(`audit time ${row.at.toISOString()}`);
  if (entry.acting) {
    const acting = role === 'clientA' || role === 'clientB' ? null : ids.A;
    if (row.acting_cliente_id !== acting)
      problems.push(`acting client ${row.acting_cliente_id}, expected ${acting}`);
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has exactly one entry per endpoint of the table, consistent with its declared access', () => {
    const table = endpointList.map((e) => ({ method: e.method, url: `/api${e.path}`, access: e.access }));
    const routes = table.map((r) => `${r.method} ${r.url}`);
    // The server registers exactly the table's endpoints.
    expect(ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([...routes].sort());
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((k) => !routes.includes(k));
    expect(missing, 'routes without an entry in the authorization matrix').toEqual([]);
    expect(stale, 'matrix entries naming no route').toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);

    // The table must agree with each route's declared access.
    const roleOf = { clientA: 'Cliente', clientB: 'Cliente', rep: 'Representante', admin: 'Admin' } as const;
    const disagreements: string[] = [];
    for (const r of table) {
      const e = MATRIX[`${r.method} ${r.url}`].expect;
      if (r.access !== 'public' && e.anonymous !== 401) disagreements.push(`${r.method} ${r.url}: anonymous`);
      if (r.access === 'public' || r.access === 'user') continue;
      const admitted: readonly string[] = r.access === 'admin' ? ['Admin'] : r.access;
      for (const role of ['clientA', 'clientB', 'rep', 'admin'] as const) {
        const refused = !admitted.includes(roleOf[role]);
        if (refused !== (e[role] === 403)) disagreements.push(`${r.method} ${r.url}: ${role}`);
      }
    }
    expect(disagreements).toEqual([]);

    // Every call that may change something says what it writes to the audit log.
    const undeclared = table
      .filter((r) => r.method !== 'GET' && MATRIX[`${r.method} ${r.url}`].audit === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'non-GET routes without an audit declaration').toEqual([]);
    console.log(
      `[authorization matrix] ${routes.length} routes × ${ROLES.length} roles = ${routes.length * ROLES.length} cells` +
        ` (+ ${Object.values(MATRIX).filter((e) => e.scoped).length} client-scoped routes × a Representante of another client)`,
    );
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    it(key, async () => {
      const mismatches: string[] = [];
      for (const role of ROLES) {
        const expected = entry.expect[role];
        const got = await send(entry, key, role, 'A', expected);
        if (got.status !== expected)
          mismatches.push(`${role}: expected ${expected}, got ${got.status} ${got.body}`);
        if (got.changed.length)
          mismatches.push(`${role}: rejected (${got.status}) but changed ${got.changed.join(', ')}`);
        if (got.status < 300)
          mismatches.push(...auditProblems(entry, role, got.audits).map((p) => `${role}: ${p}`));
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe('client scope', () => {
  const scoped = Object.entries(MATRIX).filter(([, e]) => e.scoped);

  it('a Representante gets 404 for the objects of a client it does not represent, and nothing changes', async () => {
    const mismatches: string[] = [];
    for (const [key, entry] of scoped) {
      const got = await send(entry, key, 'rep', 'B', 404);
      if (got.status !== 404) mismatches.push(`${key}: expected 404, got ${got.status} ${got.body}`);
      if (got.changed.length) mismatches.push(`${key}: changed ${got.changed.join(', ')}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('the same calls succeed for the client’s own user (the 404 above is about scope, not the request)', async () => {
    const mismatches: string[] = [];
    for (const [key, entry] of scoped) {
      const expected = entry.expect.clientA;
      const got = await send(entry, key, 'clientB', 'B', expected);
      if (got.status !== expected)
        mismatches.push(`${key}: expected ${expected}, got ${got.status} ${got.body}`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
