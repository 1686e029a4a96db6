/**
 * Fuzzing every /api route through app.inject with fast-check: generated path params, query strings
 * and bodies (arbitrary JSON, wrong types, huge strings, unicode and NUL, negative and huge numbers,
 * prototype-pollution keys, SQL-ish text, malformed JSON, other content types, multipart garbage),
 * sent as Admin, Representante, a client user, anonymous and with a forged token.
 *
 * For every answer:
 * - never a 5xx;
 * - no stack trace or server file path in the body; a 4xx is JSON with a message;
 * - a signed-out caller never gets a 2xx from a non-public route, a non-admin never from an admin one;
 * - a 4xx changed no row: it is checked against a digest of every table (db-digest.ts) taken after
 *   the last change. The digest is recomputed only when PostgreSQL's transaction-id counter moved
 *   (a row cannot change without a transaction id), which keeps 10k+ requests fast.
 *
 * FUZZ_REQUESTS (default 10 000) and FUZZ_SEED replay or extend a run. The seed is random on a
 * developer's machine (each run explores new inputs) and fixed in CI (CI=true), so whether a change
 * lands never depends on the draw; every run prints its seed.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { buildCatalogue } from '../src/domains/catalogue/test-fixtures.ts';
import { multipart, pngImage } from '../src/domains/catalogue/test-helpers.ts';
import { changedTables, type Digest, databaseDigest } from './db-digest.ts';
import { createClient, createTestContext, createUser, type TestContext, tokenFor } from './harness.ts';
import { expectAnswersDocumented } from './openapi.ts';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CI_SEED = 20_261_123;
const SEED = Number(
  process.env.FUZZ_SEED ?? (process.env.CI ? CI_SEED : Math.floor(Math.random() * 2 ** 31)),
);
const CHUNK = 500;

type Actor = 'admin' | 'rep' | 'client' | 'anonymous' | 'forged';
interface ApiRoute {
  method: string;
  url: string;
  access: unknown;
}
interface RouteShape {
  body: string[];
  query: string[];
}
interface Generated {
  route: number;
  actor: Actor;
  params: string[];
  query: string;
  body: Body;
}
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; fields: Record<string, string>; file: 'png' | 'garbage' | null };

// ── Values ──────────────────────────────────────────────────────────────────────────────────────

const NUMBERS = [
  0,
  1,
  2,
  3,
  4,
  5,
  7,
  8,
  86,
  100,
  -1,
  -2,
  -2147483648,
  -2147483649,
  2147483647,
  2147483648,
  4294967296,
  9007199254740991,
  2 ** 53 + 2,
  1e21,
  -1e21,
  1e308,
  -1e308,
  0.5,
  1.25,
  -0.0001,
  5e-324,
];
const STRINGS = [
  '',
  ' ',
  '0',
  '1',
  '2',
  '-1',
  '01',
  '1e3',
  '0x10',
  '1.5',
  '1,5',
  '-0',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "') OR 1=1 --",
  "admin'--",
  '%',
  '%%',
  '_',
  '\\',
  '\\%',
  '%_\\',
  "'",
  '"',
  '`',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u202e',
  '\ud800',
  '\udfff',
  '😀👶🏽',
  'ñÑáéíóúü',
  'Ωμέγα',
  '中文',
  '\n\r\t',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '..%2f..%2f',
  `$${'{'}7*7}`,
  '{{7*7}}',
  'NDCAP01',
  'ndcap01',
  ' NDCAP01 ',
  'NDSIL02',
  '0802',
  'es',
  'en',
  'fr',
  'w',
  'p',
  'e',
  'c',
  'E',
  'Admin',
  'Cliente',
  '#ff0000',
  '#FFF',
  'admin@fuzz.test',
  'ana@fuzz.test',
  'a@b.co',
  'x@[127.0.0.1]',
  '2026-03-02',
  '2026-13-45',
  '9999-99-99T99:99',
  '0000-00-00',
  '1970-01-01',
];

const longString = fc.oneof(
  fc.integer({ min: 100, max: 6000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 3000 }).map((n) => 'ñ😀'.repeat(n)),
  fc.integer({ min: 10, max: 500 }).map((n) => "'%_\\".repeat(n)),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(...NUMBERS, ...STRINGS, null, true, false) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: longString },
);

/** Every field name the API knows (filled from the OpenAPI document), plus hostile ones. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'isAdmin',
  'role',
  'cliente_id',
  'id',
  '',
  '$where',
];

function value(keys: string[], depth: number): fc.Arbitrary<unknown> {
  if (depth <= 0) return scalar;
  return fc.oneof(
    { weight: 8, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(value(keys, depth - 1), { maxLength: 6 }) },
    { weight: 1, arbitrary: object(keys, depth - 1) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** An object of random keys (the route's, hostile ones, random text) and values. */
function object(keys: string[], depth: number, maxLength = 8): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: fc.constantFrom(...EXTRA_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  return fc.array(fc.tuple(key, value(keys, depth)), { maxLength }).map((pairs) => Object.fromEntries(pairs));
}

/** Values a real client would send for a field of that name (ids that exist, codes, emails…). */
const PLAUSIBLE: Record<string, unknown[]> = {
  id: [0, 1, 2, 3, 4],
  cliente_id: [1, 2, '1', 0, null],
  pedido_id: [1, 2, 3, '3'],
  linea_id: [1, 2, 3, 4],
  coleccion: [1, 2, 3, 'OI26'],
  colecciones_id: [1, 2, 3],
  grupo: [1, 2, 3, 86],
  parametros_grupos_id: [1, 2, 3, 86],
  parametro: [1, 2, 4, 6, 7, 9],
  section: [0, 1, 2, null],
  section_id: [0, 1, null],
  newSectionId: [0, 1],
  sectionId: [0, 1],
  modelo: ['NDCAP01', 'NDSIL02', 'NDNOC06', '0802', 'NDBAJA05'],
  desde: ['NDCAP01', '2026-01-01'],
  hasta: ['NDSIL02', '2026-12-31'],
  cantidad: [1, 2, '3', 9999, 10000],
  page: [1, 2, '1', 100000, 100001],
  per_page: [1, 10, 100, 101],
  search: ['capazo', 'nd', '', 'bebé'],
  text: ['capazo', '', '2026'],
  email: ['admin@fuzz.test', 'new@fuzz.test', 'ana@fuzz.test'],
  password: ['cuna-azul-37', 'short'],
  password_confirmation: ['cuna-azul-37'],
  token: ['x'.repeat(43)],
  name: ['Nombre', '  '],
  name_en: ['Name'],
  nombre: ['Nombre'],
  nombre_en: ['Name', 'NULL'],
  nomcome: ['Tienda nueva'],
  descripcion: ['Capazo'],
  descripcion_en: ['Carrycot', 'NULL', ''],
  locale: ['es', 'en'],
  language: ['es', 'en'],
  status: ['p', 'e', 'w'],
  tipodoc: ['E', 'e'],
  baja: [true, false, 1, '0'],
  activado: [true, false, 1, '1', ''],
  solorepresentantes: [true, false],
  principal: [true, 1],
  codigo: ['ROS', 'AZU', ''],
  color: ['#ff0000', 'red'],
  price: ['2,50', -3, 1e9],
  pvp: ['120', -1],
  size: ['1,5', 0, 1001],
  letters: ['10', 'abc'],
  familia: [1, 8, 100],
  personalizado: [1, 2, 3],
  nota: ['Nota', 'n'.repeat(51)],
  nota_pedido: ['Nota del pedido'],
  representante_id: [null, 0, 2],
};

const SHAPES: Record<string, string[]> = {
  filters: ['search', 'activado', 'page', 'per_page', 'desde', 'hasta', 'status', 'text', 'cliente_id'],
  collection: [
    'id',
    'nombre',
    'nombre_en',
    'coleccion',
    'activado',
    'solorepresentantes',
    'position',
    'modelos',
  ],
  parametros_bordado: ['with_custom', 'name', 'emb_style', 'emb_color', 'position'],
  option: ['parametros_grupos_id', 'parametro', 'id'],
  grupo: ['section', 'grupo'],
  section: ['id', 'name', 'name_en'],
};

/** A body close to what the route expects: each of its fields present or not, mostly plausible values. */
function shaped(keys: string[], depth = 2): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(keys.map((k) => [k, field(k, depth)]));
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), object([...keys, ...EXTRA_KEYS], 1, 2))
    .map(([known, extra]) => ({ ...known, ...extra }));
}

/** One field's worst: text PostgreSQL refuses, out-of-range numbers, wrong types, LIKE and SQL meta. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000',
    'a\u0000b',
    '\ud800',
    "' OR 1=1 --",
    '%_\\',
    '',
    ' ',
    -1,
    0,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    1e308,
    -0.0001,
    1.5,
    'NaN',
    '1e400',
    [],
    {},
    null,
    true,
    ['\u0000'],
    { '\u0000': 1 },
  ),
  longString,
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Plausible values for every field the route knows, then one field made hostile (mutation fuzzing). */
function nearlyValid(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const plausible = (k: string) =>
    PLAUSIBLE[k] ? fc.constantFrom(...PLAUSIBLE[k]) : SHAPES[k] ? nearlyValidNested(SHAPES[k]) : scalar;
  const fields = Object.fromEntries(keys.map((k) => [k, plausible(k)]));
  return fc
    .tuple(fc.record(fields, { requiredKeys: keys }), fc.constantFrom(...keys), hostile)
    .map(([body, key, bad]) => ({ ...body, [key]: bad }));
}

function nearlyValidNested(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    Object.fromEntries(keys.map((k) => [k, PLAUSIBLE[k] ? fc.constantFrom(...PLAUSIBLE[k]) : scalar])),
    { requiredKeys: [] },
  );
}

function field(key: string, depth: number): fc.Arbitrary<unknown> {
  const options: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 2, arbitrary: value(Object.keys(PLAUSIBLE), 1) },
  ];
  if (PLAUSIBLE[key]) options.push({ weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE[key]) });
  if (depth > 0) {
    const nested = (name: string) => shaped(SHAPES[name], depth - 1);
    if (key === 'filters' || key === 'collection' || key === 'parametros_bordado')
      options.push({ weight: 3, arbitrary: nested(key) });
    if (key === 'parametros_color' || key === 'parametros')
      options.push({ weight: 3, arbitrary: fc.array(nested('option'), { maxLength: 4 }) });
    if (key === 'grupos') options.push({ weight: 3, arbitrary: fc.array(nested('grupo'), { maxLength: 4 }) });
    if (key === 'sections')
      options.push({
        weight: 3,
        arbitrary: fc.array(fc.oneof(nested('section'), fc.integer({ min: -1, max: 5 }))),
      });
    if (key === 'parametros' || key === 'modelos')
      options.push({
        weight: 2,
        arbitrary: fc.array(fc.constantFrom(1, 2, 3, 4, 5, 'NDCAP01', 'NDSIL02', 'NOPE'), { maxLength: 5 }),
      });
  }
  return fc.oneof(...options);
}

/** Fields of the multipart calls (uploads and the parameter editor) and of the DELETE-with-body calls. */
const UPLOAD_FIELDS = [
  'modelo',
  'color0',
  'colecciones_id',
  'id',
  'parametros_grupos_id',
  'codigo',
  'nombre',
  'nombre_en',
  'color',
  'price',
  'letters',
  'embroidery_color',
  'embroidery_position',
  'embroidery_position_en',
  'activado',
  'section_id',
];

/** Raw bodies: malformed JSON, prototype pollution written as JSON text, other content types. */
const rawBody = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '{"a":1}garbage',
      '{"__proto__":{"isAdmin":true},"modelo":"NDCAP01"}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"filters":{"__proto__":{"page":2}}}',
      '{"a":"\\ud800"}',
      '{"search":"\\u0000"}',
      '\u0000',
      '"string"',
      '123',
      'null',
      '[]',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
      `{"x":${'{"x":'.repeat(2000)}1${'}'.repeat(2000)}}`,
    )
    .map((text) => ({ kind: 'raw' as const, contentType: 'application/json', text })),
  fc.record({
    kind: fc.constant('raw' as const),
    contentType: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data',
      'multipart/form-data; boundary=zzz',
      'application/json; charset=latin1',
      'application/octet-stream',
      'application/json, text/plain',
      'x/x',
    ),
    text: fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('a=1&b=2', '--zzz\r\n\r\n--zzz--', '{"a":1}'),
    ),
  }),
);

function bodyFor(shape: RouteShape, allKeys: string[]): fc.Arbitrary<Body> {
  const keys = shape.body.length ? [...shape.body, ...shape.body, ...allKeys] : allKeys;
  // Multipart routes declare no JSON body: their fields are those of the `body` part.
  const own = shape.body.length ? shape.body : UPLOAD_FIELDS;
  return fc.oneof(
    { weight: 10, arbitrary: shaped(own).map((v) => ({ kind: 'json' as const, value: v })) },
    { weight: 6, arbitrary: nearlyValid(own).map((v) => ({ kind: 'json' as const, value: v })) },
    { weight: 3, arbitrary: object(keys, 2).map((v) => ({ kind: 'json' as const, value: v })) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ kind: 'json' as const, value: v })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(object(keys, 1), fc.constantFrom(...keys), fc.integer({ min: 200_000, max: 320_000 }))
        .map(([v, k, n]) => ({ kind: 'json' as const, value: { ...v, [k]: 'h'.repeat(n) } })),
    },
    { weight: 2, arbitrary: rawBody },
    {
      weight: 2,
      arbitrary: fc
        .record({
          fields: fc.oneof(
            shaped(own).map((v) => ({ body: JSON.stringify(v) })),
            nearlyValid(own).map((v) => ({ body: JSON.stringify(v) })),
            object(keys, 1).map((v) => ({ body: JSON.stringify(v) })),
            fc.dictionary(fc.constantFrom(...keys, 'body', '__proto__'), fc.string({ maxLength: 30 }), {
              maxKeys: 4,
            }),
          ),
          file: fc.constantFrom<'png' | 'garbage' | null>('png', 'garbage', null),
        })
        .map((m) => ({ kind: 'multipart' as const, ...m })),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 at all. */
function enc(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(LONE_SURROGATE, ''))}%ED%A0%80`;
  }
}

const param = fc.oneof(
  { weight: 4, arbitrary: scalar.map((v) => enc(String(v)).slice(0, 400)) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 40 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '.', '%2e%2e', 'a%2fb', '%00', ';', '?'),
  },
);

function queryFor(shape: RouteShape, allKeys: string[]): fc.Arbitrary<string> {
  const keys = [...shape.query, ...shape.query, 'page', 'per_page', 'search', 'cliente_id', 'id', ...allKeys];
  const pair = fc.tuple(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...keys) },
      { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor[prototype]', 'page[]', 'a[b][c]') },
    ),
    scalar.map((v) => String(v)),
    fc.boolean(),
  );
  const random = fc
    .array(pair, { maxLength: 5 })
    .map((pairs) =>
      pairs.map(([k, v, encoded]) => `${enc(k)}=${encoded ? enc(v) : v.replace(/[#&\s]/g, '')}`).join('&'),
    );
  if (!shape.query.length) return random;
  // The route's own parameters with plausible values, one of them hostile.
  const mutated = nearlyValid(shape.query).map((q) =>
    Object.entries(q)
      .map(
        ([k, v]) => `${enc(k)}=${enc(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`,
      )
      .join('&'),
  );
  return fc.oneof(random, mutated);
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────

let ctx: TestContext;
let png: Buffer;
const tokens = {} as Record<'admin' | 'rep' | 'client', string>;
const actorIds = {} as Record<'admin' | 'rep' | 'client', number>;
let clienteA: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await buildCatalogue(ctx);
  png = await pngImage(40, 30);
  const admin = await createUser(ctx, { email: 'admin@fuzz.test', role: 'Admin', name: 'Ada' });
  const rep = await createUser(ctx, { email: 'rep@fuzz.test', role: 'Representante', name: 'Rita' });
  const A = await createClient(ctx, 'Tienda Fuzz', { representante_id: rep.id });
  clienteA = A.id;
  await createClient(ctx, 'Otra tienda');
  const client = await createUser(ctx, {
    email: 'ana@fuzz.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  Object.assign(actorIds, { admin: admin.id, rep: rep.id, client: client.id });
  for (const a of ['admin', 'rep', 'client'] as const)
    tokens[a] = (await tokenFor(ctx, actorIds[a])).authorization;
  // Some orders, so order ids in the generated requests find something.
  for (let i = 0; i < 3; i++) {
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/lineadd',
      headers: { authorization: tokens.client },
      payload: {
        modelo: 'NDSIL02',
        cantidad: 1 + i,
        parametros_color: [{ parametros_grupos_id: 1, parametro: 2 }],
      },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    if (i < 2) {
      const done = await ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos/processOrder',
        headers: { authorization: tokens.client },
        payload: { pedido_id: cart.json().id },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** The transaction-id horizon: it moves whenever any transaction wrote (or locked) anything. */
async function xid(): Promise<string> {
  const [row] = await ctx.database.query<{ x: string }>(
    'select pg_snapshot_xmax(pg_current_snapshot())::text as x',
  );
  return row.x;
}

/** Routes whose success can end a session of the fuzzing actors. */
const SESSION_ROUTES = new Set([
  'POST /api/logout',
  'POST /api/updateProfile',
  'POST /api/reset-password',
  'PUT /api/clienteUsers/:id',
  'DELETE /api/clienteUsers/:id',
]);

/** Puts back any actor a generated request signed out, deactivated or deleted. */
async function restoreActors(): Promise<void> {
  for (const a of ['admin', 'rep', 'client'] as const) {
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: tokens[a] } });
    if (me.statusCode === 200) continue;
    const [row] = await ctx.database.db.select().from(users).where(eqId(actorIds[a]));
    if (row) {
      await ctx.database.db.update(users).set({ active: true }).where(eqId(actorIds[a]));
    } else {
      const u = await createUser(ctx, {
        email: `${a}-${Date.now()}@fuzz.test`,
        role: a === 'admin' ? 'Admin' : a === 'rep' ? 'Representante' : 'Cliente',
        cliente_id: a === 'client' ? clienteA : null,
      });
      actorIds[a] = u.id;
    }
    tokens[a] = (await tokenFor(ctx, actorIds[a])).authorization;
  }
}

function eqId(id: number) {
  return eq(users.id, id);
}

/**
 * The notifications stream never ends: its answer is read as a stream, whole when refused, cut once
 * accepted (its first comment), as a client closing it.
 */
async function streamAnswer(res: LightResponse) {
  const stream = res.stream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.from(chunk));
    if (res.statusCode < 300) break;
  }
  stream.destroy();
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: res.statusCode, body, json: () => JSON.parse(body) };
}
type LightResponse = Awaited<ReturnType<TestContext['app']['inject']>>;

const FRAME =
  /\n\s+at |\bat (?:async )?[\w$.<>[\]]+ \(|node:internal|node_modules|file:\/\/|\/work\/|(?:\/[\w.@-]+)+\.(?:[cm]?[jt]s|tsx)\b/;

describe('fuzzing every route', () => {
  it(`answers ${REQUESTS} generated requests without a 5xx, a leaked stack or a change by a rejected call`, async () => {
    const routes = ctx.app.apiRoutes as ApiRoute[];
    const spec = ctx.app.swagger() as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown }>
      >;
    };
    const shapes: RouteShape[] = routes.map((r) => {
      const op = spec.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const schema = (op?.requestBody as { content?: Record<string, { schema?: { properties?: object } }> })
        ?.content?.['application/json']?.schema;
      return {
        body: Object.keys(schema?.properties ?? {}),
        query: (op?.parameters ?? [])
          .filter((p) => p.in === 'querystring' || p.in === 'query')
          .map((p) => p.name),
      };
    });
    const allKeys = [...new Set(shapes.flatMap((s) => [...s.body, ...s.query]))];
    allKeys.push(
      'filters',
      'collection',
      'parametros_bordado',
      'with_custom',
      'emb_color',
      'emb_style',
      'name',
    );

    const requestArb: fc.Arbitrary<Generated> = fc
      .integer({ min: 0, max: routes.length - 1 })
      .chain((route) =>
        fc.record({
          route: fc.constant(route),
          actor: fc.oneof(
            { weight: 8, arbitrary: fc.constant<Actor>('admin') },
            { weight: 2, arbitrary: fc.constant<Actor>('rep') },
            { weight: 6, arbitrary: fc.constant<Actor>('client') },
            { weight: 3, arbitrary: fc.constant<Actor>('anonymous') },
            { weight: 1, arbitrary: fc.constant<Actor>('forged') },
          ),
          params: fc.array(param, {
            minLength: (routes[route].url.match(/:/g) ?? []).length,
            maxLength: (routes[route].url.match(/:/g) ?? []).length,
          }),
          query: fc.oneof(
            { weight: 1, arbitrary: fc.constant('') },
            { weight: 2, arbitrary: queryFor(shapes[route], allKeys) },
          ),
          body: bodyFor(shapes[route], allKeys),
        }),
      );

    const statuses = new Map<number, number>();
    const timeByRoute = new Map<string, number>();
    const perActor = new Map<Actor, number>();
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
    let digests = 0;
    let rejected = 0;
    let base: Digest = await databaseDigest(ctx.database);
    let baseXid = await xid();
    let known = true;
    const started = performance.now();

    type Sent = { g: Generated; res: { statusCode: number; body: string }; opts: InjectOptions };
    /** Rejected requests not yet checked against the digest. */
    const batch: Sent[] = [];
    /** The rejected requests since the last check changed no row (or fails naming them). */
    const verify = async (checked: Sent[]) => {
      if (!checked.length) return;
      const x = await xid();
      if (x === baseXid) return;
      const after = await databaseDigest(ctx.database);
      digests++;
      const changed = changedTables(base, after);
      if (changed.length) {
        for (const c of checked) fail(c.g, `rejected but changed ${changed.join(', ')}`, c.res, c.opts);
      }
      base = after;
      baseXid = x;
    };
    const fail = (
      g: Generated,
      what: string,
      res: { statusCode: number; body: string },
      opts: InjectOptions,
    ) => {
      if (failures.length < 40)
        failures.push(
          `${what}: ${routes[g.route].method} ${opts.url} as ${g.actor} → ${res.statusCode} ${res.body.slice(0, 200)} ` +
            `| payload ${String(opts.payload ?? '').slice(0, 200)}`,
        );
    };

    for (let chunk = 0; sent < REQUESTS; chunk++) {
      const generated = fc.sample(requestArb, {
        numRuns: Math.min(CHUNK, REQUESTS - sent),
        seed: SEED + chunk,
      });
      for (const g of generated) {
        const route = routes[g.route];
        const key = `${route.method} ${route.url}`;
        // A caller the route's declared access refuses never reaches a handler (401/403, or an
        // earlier 4xx for a malformed URL): such requests are checked as a batch, with one
        // transaction-id read before the next request that may succeed; the others one by one.
        const refusedByAccess =
          (route.access !== 'public' && (g.actor === 'anonymous' || g.actor === 'forged')) ||
          (route.access === 'admin' && g.actor !== 'admin') ||
          (Array.isArray(route.access) && g.actor === 'client');
        if (!refusedByAccess && batch.length) await verify(batch.splice(0));
        let i = 0;
        const path = route.url.replace(/:\w+/g, () => g.params[i++] ?? '1');
        const url = g.query ? `${path}?${g.query}` : path;
        const headers: Record<string, string> = {};
        if (g.actor === 'forged') headers.authorization = `Bearer ${'A'.repeat(43)}`;
        else if (g.actor !== 'anonymous') headers.authorization = tokens[g.actor];
        if (key === 'POST /api/logout' && g.actor !== 'anonymous' && g.actor !== 'forged') {
          headers.authorization = (await tokenFor(ctx, actorIds[g.actor])).authorization;
          known = false;
        }
        let payload: InjectOptions['payload'];
        if (g.body.kind === 'json') {
          payload = JSON.stringify(g.body.value) ?? 'null';
          headers['content-type'] = 'application/json';
        } else if (g.body.kind === 'raw') {
          payload = g.body.text;
          headers['content-type'] = g.body.contentType;
        } else if (g.body.kind === 'multipart') {
          const file =
            g.body.file === 'png'
              ? { name: 'a.png', type: 'image/png', data: png }
              : g.body.file === 'garbage'
                ? { name: 'x.png', type: 'image/png', data: Buffer.from('GIF89a<script>') }
                : undefined;
          const form = multipart(g.body.fields, file);
          payload = form.payload;
          Object.assign(headers, form.headers);
        }
        const opts: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers,
          payload,
        };

        if (!known) {
          const x = await xid();
          if (x !== baseXid) {
            base = await databaseDigest(ctx.database);
            digests++;
            baseXid = x;
          }
          known = true;
        }
        const t0 = performance.now();
        const res =
          key === 'GET /api/notifications/stream'
            ? await streamAnswer(await ctx.app.inject({ ...opts, payloadAsStream: true }))
            : await ctx.app.inject(opts);
        timeByRoute.set(key, (timeByRoute.get(key) ?? 0) + performance.now() - t0);
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        perActor.set(g.actor, (perActor.get(g.actor) ?? 0) + 1);

        if (res.statusCode >= 500) {
          serverErrors++;
          fail(g, '5xx', res, opts);
        }
        const requestText = `${url} ${typeof payload === 'string' ? payload : (payload?.toString() ?? '')}`;
        if (FRAME.test(res.body) && !FRAME.test(requestText)) fail(g, 'stack trace or file path', res, opts);
        if (res.statusCode >= 200 && res.statusCode < 300) {
          if (route.access !== 'public' && (g.actor === 'anonymous' || g.actor === 'forged'))
            fail(g, 'signed-out caller got a 2xx', res, opts);
          if (route.access === 'admin' && g.actor !== 'admin') fail(g, 'non-admin got a 2xx', res, opts);
        }
        if (res.statusCode >= 400 && res.statusCode < 500) {
          rejected++;
          let message: unknown;
          try {
            message = res.json().message;
          } catch {}
          if (typeof message !== 'string') fail(g, '4xx without a JSON message', res, opts);
          const entry = { g, res: { statusCode: res.statusCode, body: res.body.slice(0, 300) }, opts };
          if (refusedByAccess) {
            batch.push(entry);
          } else await verify([entry]);
        } else {
          if (refusedByAccess) fail(g, 'a caller its access refuses got past it', res, opts);
          known = false;
          if (res.statusCode < 300 && SESSION_ROUTES.has(key)) await restoreActors();
        }
      }
    }
    await verify(batch.splice(0));

    const seconds = (performance.now() - started) / 1000;
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
    console.log(
      `[fuzz] seed ${SEED} (FUZZ_SEED to replay), ${ctx.database.kind}: ${sent} requests over ${routes.length} routes ` +
        `in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s); 5xx: ${serverErrors}; rejected (4xx): ${rejected}; ` +
        `digests taken: ${digests}\n[fuzz] statuses ${histogram.join(' ')}\n[fuzz] callers ${[...perActor].map(([a, n]) => `${a}:${n}`).join(' ')}`,
    );
    const injectMs = [...timeByRoute.values()].reduce((a, b) => a + b, 0);
    console.log(`[fuzz] time in app.inject ${Math.round(injectMs)} ms`);
    const slowest = [...timeByRoute].sort(([, a], [, b]) => b - a).slice(0, 5);
    console.log(
      `[fuzz] slowest routes (total ms): ${slowest.map(([k, ms]) => `${k} ${Math.round(ms)}`).join('; ')}`,
    );
    expect(sent).toBeGreaterThanOrEqual(Math.min(REQUESTS, 10_000));
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
