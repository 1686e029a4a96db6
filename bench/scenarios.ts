import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Database } from '../apps/server/src/db/client.ts';
import { previewAddress } from '../apps/server/src/domains/catalogue/index.ts';
import { createTokens, type Scale, tokenOf } from './generate.ts';
import type { Req } from './measure.ts';

const budgets = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));

export interface BenchContext {
  base: string;
  database: Database;
  password: string;
  scale: Scale;
  /** Salt of the generated session tokens (see generate.ts tokenOf). */
  salt: string;
  seconds: number;
  /** Where the server's disk storage keeps images (DATA_DIR/uploads): a scenario may write real files there. */
  uploadsDir: string;
}

export interface Prepared {
  /** Sent in turn, spread over the connections. */
  requests: Req[];
  /**
   * Each request changes something for good (submitting a cart) and is meant to be sent once: the
   * runner captures the SQL with its own requests and drives the rest.
   */
  once?: boolean;
  /** What the requests cover, for the report (a stream scenario's orders and rows). */
  covers?: string;
  /** An upload scenario's expected answer (a refusal). */
  expect?: { status: number; code: string };
  /** An upload scenario's other heavy requests, sent with each round's uploads (answered 200). */
  alongside?: Req[];
}

export interface Scenario {
  name: string;
  /**
   * read and write have their own p99 budgets; auth (argon2id by design) has its own; stream is a
   * download measured once for the server memory it holds (its first request; run.ts measureStreams);
   * render reads and then draws a document on each request (CPU by design): a read's p99 budget,
   * and not judged against its SQL alone. upload is a file refused while others are in flight,
   * measured by what GET /api/health waits meanwhile (run.ts; its budget in `hold`).
   */
  kind: 'read' | 'write' | 'auth' | 'stream' | 'render' | 'upload';
  /** Server settings (config.ts) of this scenario's own server, on the same database. */
  server?: Record<string, string>;
  /** A stream scenario shown beside the budget, not judged by it. */
  reported?: boolean;
  /** A stream scenario downloaded this many times in turn, its p99 time judged by `budget.p99_ms`. */
  downloads?: number;
  /**
   * A budget of its own (budgets.json `scenarios`): the p99 judged at a paced rate of `rate`
   * requests per second, for a request that does a batch's work (a quick order of 200 rows).
   */
  /** `node_cpu_ms`: the server process's CPU a request may take (every thread: the worker pool's too). */
  budget?: { p99_ms: number; rate?: number; node_cpu_ms?: number };
  /**
   * An upload scenario's budget (budgets.json `scenarios`): `uploads` of its request sent at once
   * every `every_ms`, GET /api/health's p99 at `rate` a second meanwhile, and each upload's p99 to
   * its refusal.
   */
  hold?: {
    uploads: number;
    every_ms: number;
    rate: number;
    health_p99_ms: number;
    refused_p99_ms: number;
    /** The p99 of the `alongside` requests (a 50-page PDF), when the scenario sends some. */
    alongside_p99_ms?: number;
  };
  prepare(ctx: BenchContext): Promise<Prepared>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface BenchUser {
  id: number;
  cliente_id: number;
  email: string;
  token: string;
}

/** Bench client users, spread over the whole client range (at most `n`). */
async function clientUsers(ctx: BenchContext, n = 256): Promise<BenchUser[]> {
  const rows = await ctx.database.query<{ id: number; cliente_id: number; email: string }>(
    `SELECT id, cliente_id, email FROM users WHERE role = 'Cliente' AND email LIKE 'bench%@nido.test'
     AND cliente_id BETWEEN 100001 AND $1 ORDER BY id`,
    [100000 + ctx.scale.clients],
  );
  const step = Math.max(1, Math.floor(rows.length / n));
  return rows
    .filter((_, i) => i % step === 0)
    .slice(0, n)
    .map((r) => ({ ...r, token: tokenOf(r.id, ctx.salt) }));
}

async function adminToken(ctx: BenchContext): Promise<string> {
  const [row] = await ctx.database.query<{ id: number }>(
    `SELECT id FROM users WHERE email = 'bench-admin@nido.test'`,
  );
  return tokenOf(row.id, ctx.salt);
}

/** A spread of model codes over the whole catalogue. */
function modelCodes(ctx: BenchContext, n: number): string[] {
  const step = Math.max(1, Math.floor(ctx.scale.models / n));
  return Array.from(
    { length: n },
    (_, i) => `BM${String(1 + ((i * step + 7) % ctx.scale.models)).padStart(6, '0')}`,
  );
}

/** Valid line payloads: a model and, for each of its groups, its first active option. */
async function linePayloads(ctx: BenchContext, n: number) {
  const codes = modelCodes(ctx, n);
  const rows = await ctx.database.query<{ modelo: string; grupo: number; parametro: number }>(
    `SELECT mg.modelos_modelo AS modelo, mg.parametros_grupos_id AS grupo,
            (SELECT p.id FROM parametros p WHERE p.parametros_grupos_id = mg.parametros_grupos_id AND p.activado
             ORDER BY p.position, p.id LIMIT 1) AS parametro
     FROM modelo_grupos mg WHERE mg.modelos_modelo = ANY($1) ORDER BY mg.modelos_modelo, mg.position`,
    [codes],
  );
  const byModel = new Map<string, Array<{ parametros_grupos_id: number; parametro: number }>>();
  for (const r of rows) {
    const list = byModel.get(r.modelo) ?? [];
    list.push({ parametros_grupos_id: r.grupo, parametro: r.parametro });
    byModel.set(r.modelo, list);
  }
  return [...byModel].map(([modelo, parametros_color], i) => ({
    modelo,
    cantidad: 1 + (i % 3),
    parametros_color,
    nota: i % 4 === 0 ? 'Entrega en tienda' : '',
  }));
}

/** Search terms a shop types: common words (many matches), code prefixes, a full code, English. */
export const SEARCH_TERMS = [
  'capazo',
  'silla modelo 1',
  'pushchair',
  'bm00012',
  'bolso',
  'cuna model 3',
  'sombrilla 9',
  'hood',
];

/** 64 client users searching SEARCH_TERMS in turn, page 1 (`priced`: on the bench's price list). */
function searchScenario(name: string, server?: Record<string, string>, priced = false): Scenario {
  return {
    name,
    kind: 'read',
    server,
    prepare: async (ctx) => {
      const users = await clientUsers(ctx, 64);
      if (priced) await onPriceList(ctx, users);
      return {
        requests: users.flatMap((u, i) =>
          SEARCH_TERMS.map((_, k) => ({
            path: '/api/modelo/searchModel',
            headers: auth(u.token),
            body: { search: SEARCH_TERMS[(i + k) % SEARCH_TERMS.length], page: 1 },
          })),
        ),
      };
    },
  };
}

/**
 * `n` fresh clients (ids after `maxCliente`), each with a user, a token and an open cart of `lines`
 * lines of 99 €, optionally under a tax regime and on a price list; answers the first client's id.
 */
async function freshShopsWithCarts(
  ctx: BenchContext,
  o: {
    n: number;
    label: string;
    lines: number;
    maxUser: number;
    maxCliente: number;
    regime?: string;
    tarifa?: number;
  },
): Promise<number> {
  const q = ctx.database.query.bind(ctx.database);
  const first = o.maxCliente + 1;
  await q(
    `INSERT INTO clientes (id, nomcome, search_text, regimen_fiscal, tarifa_id)
     SELECT $1::int + c, 'Tienda ' || $3 || ' ' || c, 'tienda ' || $3 || ' ' || c, $4, $5::int
     FROM generate_series(0, $2::int - 1) c`,
    [first, o.n, o.label, o.regime ?? 'general', o.tarifa ?? null],
  );
  await q(`SELECT setval(pg_get_serial_sequence('clientes', 'id'), (SELECT max(id) FROM clientes))`);
  await q(
    `INSERT INTO users (email, name, password_hash, role, cliente_id)
     SELECT 'bench-' || $3 || c || '@nido.test', $3 || ' ' || c, 'x', 'Cliente', $1::int + c
     FROM generate_series(0, $2::int - 1) c`,
    [first, o.n, o.label],
  );
  await createTokens(ctx.database, ctx.salt, o.maxUser);
  await q(
    `INSERT INTO pedidos (tipodoc, status, cliente_id) SELECT 'E', 'c', $1::int + c FROM generate_series(0, $2::int - 1) c`,
    [first, o.n],
  );
  await q(
    `INSERT INTO pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, pvp_cents, config_key)
     SELECT p.id, 'BM' || lpad((1 + (p.id + l) % $2::int)::text, 6, '0'), 'Línea', 'Line', 1, 9900, 9900, 'k' || l
     FROM pedidos p, generate_series(1, $3::int) l WHERE p.status = 'c' AND p.cliente_id >= $1`,
    [first, ctx.scale.models, o.lines],
  );
  return first;
}

/** How many net prices the bench's price list holds (issue 19: a list of 20,000 model overrides). */
export const PRICE_LIST_OVERRIDES = 20_000;

/**
 * Puts `users`' clients on the bench's price list (record 049), made once: 15 % off, 25 % off one
 * collection, 10 % off family 1, a net price for up to PRICE_LIST_OVERRIDES models (every one at
 * the large scale), and 3 % of the clients' own. The list's rows move the catalogue version on, as an
 * Admin's edit would: the first searches after it are misses.
 */
async function onPriceList(ctx: BenchContext, users: BenchUser[]): Promise<void> {
  await ctx.database.query(
    `INSERT INTO tarifas (nombre, descuento_bp) VALUES ('Bench', 1500) ON CONFLICT (nombre) DO NOTHING`,
  );
  const [{ id }] = await ctx.database.query<{ id: number }>(`SELECT id FROM tarifas WHERE nombre = 'Bench'`);
  await ctx.database.query(
    `INSERT INTO tarifa_precios (tarifa_id, modelo, precio_cents)
     SELECT $1, modelo, (pvp_cents * 0.8)::int FROM modelos ORDER BY modelo LIMIT $2
     ON CONFLICT DO NOTHING`,
    [id, PRICE_LIST_OVERRIDES],
  );
  await ctx.database.query(
    `INSERT INTO tarifa_descuentos (tarifa_id, colecciones_id, familia, descuento_bp)
     SELECT $1, (SELECT min(id) FROM colecciones), NULL, 2500
     WHERE NOT EXISTS (SELECT 1 FROM tarifa_descuentos WHERE tarifa_id = $1)
     UNION ALL SELECT $1, NULL, 1, 1000
     WHERE NOT EXISTS (SELECT 1 FROM tarifa_descuentos WHERE tarifa_id = $1)`,
    [id],
  );
  await ctx.database.query('UPDATE clientes SET tarifa_id = $1, descuento_bp = 300 WHERE id = ANY($2)', [
    id,
    users.map((u) => u.cliente_id),
  ]);
  await ctx.database.query('ANALYZE tarifa_precios');
}

/** The Admin's list of every submitted order (50,000 at the large scale), one page of 25. */
function listPageScenario(name: string, page: number, server?: Record<string, string>): Scenario {
  return {
    name,
    kind: 'read',
    server,
    prepare: async (ctx) => {
      // The captured request (the SQL replay's) is a miss whatever ran before, as a search's is:
      // the list version moves on, as an order submitted anywhere moves it.
      await ctx.database.query('update order_list_version set version = version + 1');
      return {
        requests: [
          { path: '/api/pedidos/list', headers: auth(await adminToken(ctx)), body: { tipodoc: 'E', page } },
        ],
      };
    },
  };
}

/**
 * The Admin's orders export (POST pedidos/exportXlsx or exportCsv) of the newest `orders` orders:
 * the filter starts on the Madrid day of the `orders`-th newest order, so it holds at least that
 * many (every order when there are fewer).
 */
function exportScenario(name: string, path: string, orders: number, reported = false): Scenario {
  return {
    name,
    kind: 'stream',
    reported,
    prepare: async (ctx) => {
      const [from] = await ctx.database.query<{ day: string }>(
        `SELECT to_char(fecha_pedido AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD') AS day FROM pedidos
         WHERE tipodoc = 'E' AND status <> 'c' ORDER BY fecha_pedido DESC, id DESC OFFSET $1 LIMIT 1`,
        [orders - 1],
      );
      const filters = from ? { desde: from.day } : {};
      const [n] = await ctx.database.query<{ orders: number; rows: number }>(
        `SELECT count(DISTINCT p.id)::int AS orders, count(*) FILTER (WHERE l.primary_line_id IS NULL)::int AS rows
         FROM pedidos p JOIN pedido_lineas l ON l.pedido_id = p.id
         WHERE p.tipodoc = 'E' AND p.status <> 'c' AND p.fecha_pedido >= ($1::date)::timestamp AT TIME ZONE 'Europe/Madrid'`,
        [from?.day ?? '1970-01-01'],
      );
      return {
        covers: `${n.orders} orders, ${n.rows} rows`,
        requests: [
          {
            path,
            headers: auth(await adminToken(ctx)),
            body: { tipodoc: 'E', filters },
          },
        ],
      };
    },
  };
}

/** A scenario's own budget from budgets.json `scenarios`. */
const own = (name: string): Scenario['budget'] => budgets.scenarios[name];

/** The line sheet scenario's name, and the models its collection holds (issue 30: 200 with images). */
const LINE_SHEET_SCENARIO = 'GET colecciones/{id}/linesheet/pdf 200 models';
export const LINE_SHEET_MODELS = 200;

/** An image with a photo's entropy (noise under soft shapes), 320 px as an upload's thumbnail is. */
async function thumbnail(i: number): Promise<Buffer> {
  const hue = (i * 137) % 360;
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
      <rect width="320" height="320" fill="hsl(${hue},45%,85%)" fill-opacity="0.7"/>
      <ellipse cx="160" cy="175" rx="${90 + (i % 30)}" ry="70" fill="hsl(${(hue + 40) % 360},50%,55%)" fill-opacity="0.85"/>
      <rect x="70" y="230" width="180" height="18" rx="9" fill="#333" fill-opacity="0.6"/>
    </svg>`,
  );
  return sharp({
    create: {
      width: 320,
      height: 320,
      channels: 3,
      background: '#ffffff',
      noise: { type: 'gaussian', mean: 200, sigma: 30 },
    },
  })
    .composite([{ input: shapes }])
    .webp({ quality: 78 })
    .toBuffer();
}

/**
 * A season of LINE_SHEET_MODELS models spread over the catalogue (every family), its windows set;
 * each model's main image written as a real file (the generated rows name files that are not
 * there: the sheet would draw "no image" boxes), its thumbnail as the sheet reads it; and a fresh
 * shop on a price list of its own, whose request it is.
 */
async function lineSheetRequest(ctx: BenchContext): Promise<Prepared> {
  const q = ctx.database.query.bind(ctx.database);
  const codes = modelCodes(ctx, LINE_SHEET_MODELS);
  await q(
    `INSERT INTO colecciones (id, nombre, nombre_en, coleccion, pedido_desde, pedido_hasta, entrega_desde, entrega_hasta)
     VALUES (1001, 'Primavera-Verano bench', 'Spring-Summer bench', 'LINESHEET', current_date - 10, current_date + 30,
       current_date + 60, current_date + 120) ON CONFLICT (id) DO NOTHING`,
  );
  await q(
    `INSERT INTO coleccion_modelos (colecciones_id, modelos_modelo, position)
     SELECT 1001, m, ord FROM unnest($1::text[]) WITH ORDINALITY AS x(m, ord) ON CONFLICT DO NOTHING`,
    [codes],
  );
  const images = await q<{ thumb_url: string }>(
    'SELECT thumb_url FROM modelo_imagenes WHERE principal AND modelos_modelo = ANY($1)',
    [codes],
  );
  fs.mkdirSync(ctx.uploadsDir, { recursive: true });
  let bytes = 0;
  for (const [i, { thumb_url }] of images.entries()) {
    const file = await thumbnail(i);
    bytes += file.length;
    fs.writeFileSync(path.join(ctx.uploadsDir, thumb_url.slice('/uploads/'.length)), file);
  }
  const [{ max_user, max_cliente }] = await q<{ max_user: number; max_cliente: number }>(
    'SELECT (SELECT max(id) FROM users) AS max_user, (SELECT max(id) FROM clientes) AS max_cliente',
  );
  await q(
    `INSERT INTO tarifas (nombre, descuento_bp) VALUES ('Bench line sheet', 1200) ON CONFLICT (nombre) DO NOTHING`,
  );
  const [{ id: tarifa }] = await q<{ id: number }>(
    `SELECT id FROM tarifas WHERE nombre = 'Bench line sheet'`,
  );
  const cliente = max_cliente + 1;
  await q(
    `INSERT INTO clientes (id, nomcome, search_text, tarifa_id, descuento_bp)
     VALUES ($1, 'Tienda line sheet', 'tienda line sheet', $2, 200)`,
    [cliente, tarifa],
  );
  await q(`SELECT setval(pg_get_serial_sequence('clientes', 'id'), (SELECT max(id) FROM clientes))`);
  const [{ id: userId }] = await q<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, role, cliente_id)
     VALUES ('bench-linesheet@nido.test', 'Line sheet', 'x', 'Cliente', $1) RETURNING id`,
    [cliente],
  );
  await createTokens(ctx.database, ctx.salt, max_user);
  return {
    covers: `${codes.length} models, ${images.length} images (${(bytes / 1024 / images.length).toFixed(0)} KB each)`,
    requests: [
      { path: '/api/colecciones/1001/linesheet/pdf?lang=es', headers: auth(tokenOf(userId, ctx.salt)) },
    ],
  };
}

/** The production sheet scenario's name (issue 31, record 060), and its orders. */
const PRODUCTION_SCENARIO = 'GET pedidos/produccion/pdf 500 orders';
export const PRODUCTION_ORDERS = 500;
/** The models its orders buy (the first PRODUCTION_EMBROIDERED take a name), and their names. */
const PRODUCTION_MODELS = 40;
const PRODUCTION_EMBROIDERED = 10;
const PRODUCTION_NAMES = ['Lucía', 'Mateo', 'Olivia', 'Hugo'];

/**
 * PRODUCTION_ORDERS submitted orders in January 2020 (clear of the generated orders, which are all
 * within the last 505 days), six lines each over PRODUCTION_MODELS models in three fabrics; a line of
 * the first PRODUCTION_EMBROIDERED models in three takes one of four names. The models' main images
 * and thumbnails written as real files (the previews are drawn on them). The Admin's PDF of every
 * status of that month: the first download renders and stores each embroidery preview, the next
 * ones read them from the storage.
 */
async function productionSheetRequest(ctx: BenchContext): Promise<Prepared> {
  const q = ctx.database.query.bind(ctx.database);
  const codes = modelCodes(ctx, PRODUCTION_MODELS);
  const images = await q<{ url_img: string; thumb_url: string }>(
    'SELECT url_img, thumb_url FROM modelo_imagenes WHERE principal AND modelos_modelo = ANY($1)',
    [codes],
  );
  fs.mkdirSync(ctx.uploadsDir, { recursive: true });
  for (const [i, { url_img, thumb_url }] of images.entries()) {
    const thumb = await thumbnail(i + 7);
    const full = await sharp(thumb).resize(640, 640).webp({ quality: 80 }).toBuffer();
    fs.writeFileSync(path.join(ctx.uploadsDir, url_img.slice('/uploads/'.length)), full);
    if (thumb_url) fs.writeFileSync(path.join(ctx.uploadsDir, thumb_url.slice('/uploads/'.length)), thumb);
  }
  await q(
    `INSERT INTO pedidos (docum, tipodoc, status, cliente_id, fecha_pedido, nota)
     SELECT 'PS' || lpad(o::text, 5, '0'), 'E', (array['w','p','e'])[1 + (o * 7) % 3], 100001 + (o * 37) % $2::int,
       timestamptz '2020-01-02 08:00:00+01' + (o * 77 || ' minutes')::interval, ''
     FROM generate_series(1, $1::int) o`,
    [PRODUCTION_ORDERS, Math.min(ctx.scale.clients, 200)],
  );
  await q(
    `INSERT INTO pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents,
       parametros_color, parametros_bordado)
     SELECT p.id, ($1::text[])[1 + x.h % $2::int], 'Modelo bench', 'Bench model', 1 + (x.h / 7) % 4, 5000,
       jsonb_build_array(jsonb_build_object('parametros_grupos_id', 1, 'grupo', 'Tejido', 'grupo_en', 'Fabric',
         'id', 900 + (x.h / 40) % 3, 'codigo', 'T' || (x.h / 40) % 3, 'nombre', 'Tejido ' || (x.h / 40) % 3,
         'nombre_en', 'Fabric ' || (x.h / 40) % 3, 'color', null, 'price', 0)),
       CASE WHEN x.h % $2::int < $3::int AND (x.h / 120) % 3 = 0 THEN jsonb_build_object(
         'with_custom', 0, 'name', ($4::text[])[1 + (x.h / 360) % 4], 'emb_style', 'Embird', 'emb_color', 'O02',
         'emb_color_id', null, 'emb_color_name', 'Oro', 'emb_color_name_en', 'Gold', 'emb_color_hex', '#c9a227',
         'position', 'Delantera', 'position_en', 'Front', 'letters', 15, 'parametro_id', null,
         'parametros_grupos_id', null, 'name_option', 'Nombre', 'name_option_en', 'Name', 'group', 'Bordado',
         'group_en', 'Embroidery', 'price', 5) END
     FROM pedidos p, generate_series(1, 6) l, LATERAL (SELECT abs(hashtext(p.id || '-' || l)) AS h) x
     WHERE p.docum LIKE 'PS%'`,
    [codes, PRODUCTION_MODELS, PRODUCTION_EMBROIDERED, PRODUCTION_NAMES],
  );
  const [n] = await q<{ orders: number; lines: number; embroidered: number; units: number }>(
    `SELECT count(DISTINCT p.id)::int AS orders, count(*)::int AS lines,
       count(l.parametros_bordado)::int AS embroidered, sum(l.unped)::int AS units
     FROM pedidos p JOIN pedido_lineas l ON l.pedido_id = p.id WHERE p.docum LIKE 'PS%'`,
  );
  return {
    covers: `${n.orders} orders, ${n.lines} lines (${n.embroidered} embroidered), ${n.units} units`,
    requests: [
      {
        path: '/api/pedidos/produccion/pdf?desde=2020-01-01&hasta=2020-01-31&lang=es',
        headers: auth(await adminToken(ctx)),
      },
    ],
  };
}

/** Pasted quick-order text of `n` rows: codes with their options (1 in 8 left to configure). */
async function quickOrderText(ctx: BenchContext, n: number): Promise<string> {
  const payloads = await linePayloads(ctx, 64);
  const codes = new Map(
    (
      await ctx.database.query<{ id: number; codigo: string }>(
        'SELECT id, codigo FROM parametros WHERE id = ANY($1)',
        [payloads.flatMap((p) => p.parametros_color.map((c) => c.parametro))],
      )
    ).map((r) => [r.id, r.codigo]),
  );
  return Array.from({ length: n }, (_, i) => {
    const p = payloads[i % payloads.length];
    const options = i % 8 === 7 ? [] : p.parametros_color.map((c) => codes.get(c.parametro));
    return [p.modelo, 1 + (i % 5), ...options].join('\t');
  }).join('\n');
}

export const UPLOAD_AND_PDF_SCENARIO = 'quick-order XLSX 100k rows and a 50-page PDF';

/**
 * One of the user's submitted orders grown (its lines copied in SQL, as a bench's data is) until its
 * confirmation PDF has at least `pages` pages: the request that downloads it, and what it covers.
 */
async function longOrderPdf(ctx: BenchContext, user: BenchUser, pages: number) {
  const [order] = await ctx.database.query<{ id: number }>(
    `SELECT id FROM pedidos WHERE status <> 'c' AND cliente_id = $1 ORDER BY id DESC LIMIT 1`,
    [user.cliente_id],
  );
  const request: Req = { path: `/api/pedido/${order.id}/pdf`, headers: auth(user.token) };
  const draw = async () => {
    const res = await fetch(ctx.base + request.path, { headers: request.headers });
    if (!res.ok) throw new Error(`${request.path} answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { bytes: bytes.length, pages: (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length };
  };
  const lineCount = async () =>
    (
      await ctx.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pedido_lineas WHERE pedido_id = $1 AND NOT porte',
        [order.id],
      )
    )[0].n;
  // Copies of one of its lines: first a couple of hundred, to learn the lines a page holds, then
  // as many more as the pages missing need.
  const grow = (copies: number) =>
    ctx.database.query(
      `INSERT INTO pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, pvp_cents,
         parametros_color, parametros_bordado, nota, config_key, colecciones_id)
       SELECT l.pedido_id, l.modelo, l.descripcion, l.descripcion_en, l.unped, l.precio_cents, l.pvp_cents,
         l.parametros_color, l.parametros_bordado, l.nota, l.config_key, l.colecciones_id
       FROM (SELECT * FROM pedido_lineas WHERE pedido_id = $1 AND NOT porte AND primary_line_id IS NULL
             ORDER BY id LIMIT 1) l CROSS JOIN generate_series(1, $2::int)`,
      [order.id, copies],
    );
  let drawn = await draw();
  if (drawn.pages < pages) {
    await grow(200);
    drawn = await draw();
    const have = await lineCount();
    if (drawn.pages < pages) await grow(Math.ceil(((pages - drawn.pages + 0.5) * have) / drawn.pages));
    drawn = await draw();
  }
  const [{ lines }] = await ctx.database.query<{ lines: number }>(
    'SELECT count(*)::int AS lines FROM pedido_lineas WHERE pedido_id = $1',
    [order.id],
  );
  return { request, lines, ...drawn };
}

/**
 * A quick-order workbook of a header and `rows` rows, as a multipart upload: written by exceljs's
 * streaming writer with shared strings (the sheet before them, as Excel lays a workbook out).
 */
async function quickOrderWorkbook(rows: number): Promise<{ body: Buffer; contentType: string }> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough().on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Pedido');
  sheet.addRow(['codigo', 'cantidad']).commit();
  // One code: 100,000 rows stay under the 1 MB upload cap (refused for their rows, not their size).
  for (let i = 0; i < rows; i++) sheet.addRow(['BM000001', 1]).commit();
  await workbook.commit();
  const boundary = '----nidobench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n{}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pedido.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    ...chunks,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The missing-translation report (record 056), run last: its preparation blanks English texts of the
 * set (one model in ten, one option in twenty; again for a second scenario, to the same rows).
 */
function translationsScenario(name: string, paths: string[]): Scenario {
  return {
    name,
    kind: 'read',
    prepare: async (ctx) => {
      await ctx.database.query(`UPDATE modelos SET descripcion_en = '' WHERE right(modelo, 1) = '7'`);
      await ctx.database.query(`UPDATE parametros SET nombre_en = '' WHERE id % 20 = 0`);
      await ctx.database.query('VACUUM ANALYZE modelos, parametros');
      const [missing] = await ctx.database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM modelos WHERE btrim(descripcion_en) IN ('', 'NULL')`,
      );
      const headers = auth(await adminToken(ctx));
      return {
        covers: `${missing.n} models without English`,
        requests: paths.map((path) => ({ path, headers })),
      };
    },
  };
}

/** The bench's main images for previews: 1600 × 1200 photo-like WebP files (about 800 KB each). */
const PREVIEW_IMAGES = 8;

/**
 * GET bordado/preview/{token}: `distinct` drawings (a name each) spread over PREVIEW_IMAGES main
 * images, addressed as lines address them. Public: no session. Cold: each drawing is sent once, so
 * each is rendered (on an image whose pixels the server may keep from an earlier name: render.ts).
 */
function previewScenario(name: string, distinct: number, cold: boolean): Scenario {
  return {
    name,
    kind: 'render',
    budget: budgets.scenarios[name],
    prepare: async (ctx) => {
      fs.mkdirSync(ctx.uploadsDir, { recursive: true });
      const images: string[] = [];
      for (let i = 0; i < PREVIEW_IMAGES; i++) {
        const image = `/uploads/bench-embroidery-${i}.webp`;
        const photo = await sharp({
          create: {
            width: 1600,
            height: 1200,
            channels: 3,
            background: `hsl(${(i * 45) % 360}, 30%, 85%)`,
            noise: { type: 'gaussian', mean: 190, sigma: 25 },
          },
        })
          .webp({ quality: 82 })
          .toBuffer();
        fs.writeFileSync(path.join(ctx.uploadsDir, image.slice('/uploads/'.length)), photo);
        images.push(image);
      }
      const [{ secret }] = await ctx.database.query<{ secret: string }>(
        'SELECT secret FROM embroidery_preview_key',
      );
      const box = { x: 0.3, y: 0.55, w: 0.45, h: 0.15 };
      return {
        once: cold,
        requests: Array.from({ length: distinct }, (_, i) => ({
          path:
            previewAddress(secret, {
              image: images[i % images.length],
              name: `Nombre ${i}`,
              style: i % 2 ? 'Embird' : 'Blackboard',
              colour: '#9c2f5b',
              box,
            }) ?? '',
        })),
      };
    },
  };
}

export const scenarios: Scenario[] = [
  searchScenario('searchModel'),
  // Every search a miss: the cost of a term nobody searched since the last catalogue change.
  searchScenario('searchModel uncached', { SEARCH_CACHE_ENTRIES: '0' }),
  {
    name: 'GET modelo/{modelo}',
    kind: 'read',
    prepare: async (ctx) => {
      const users = await clientUsers(ctx, 64);
      return {
        requests: modelCodes(ctx, 256).map((code, i) => ({
          path: `/api/modelo/${code}`,
          headers: auth(users[i % users.length].token),
        })),
      };
    },
  },
  {
    name: 'GET pedido/{id}',
    kind: 'read',
    prepare: async (ctx) => {
      const users = await clientUsers(ctx, 256);
      const orders = await ctx.database.query<{ id: number; cliente_id: number }>(
        `SELECT DISTINCT ON (cliente_id) id, cliente_id FROM pedidos
         WHERE status <> 'c' AND cliente_id = ANY($1) ORDER BY cliente_id, id DESC`,
        [users.map((u) => u.cliente_id)],
      );
      const byClient = new Map(orders.map((o) => [o.cliente_id, o.id]));
      return {
        requests: users.map((u) => ({
          path: `/api/pedido/${byClient.get(u.cliente_id)}`,
          headers: auth(u.token),
        })),
      };
    },
  },
  {
    // The confirmation PDF of a submitted order (pdfkit, drawn on each request).
    name: 'GET pedido/{id}/pdf',
    kind: 'render',
    prepare: async (ctx) => {
      const users = await clientUsers(ctx, 64);
      const orders = await ctx.database.query<{ id: number; cliente_id: number }>(
        `SELECT DISTINCT ON (cliente_id) id, cliente_id FROM pedidos
         WHERE status <> 'c' AND cliente_id = ANY($1) ORDER BY cliente_id, id DESC`,
        [users.map((u) => u.cliente_id)],
      );
      const byClient = new Map(orders.map((o) => [o.cliente_id, o.id]));
      return {
        requests: users.map((u) => ({
          path: `/api/pedido/${byClient.get(u.cliente_id)}/pdf`,
          headers: auth(u.token),
        })),
      };
    },
  },
  {
    name: 'pedidos/cliente',
    kind: 'read',
    prepare: async (ctx) => ({
      requests: (await clientUsers(ctx, 256)).map((u) => ({
        path: '/api/pedidos/cliente',
        headers: auth(u.token),
        body: {},
      })),
    }),
  },
  {
    name: 'pedidos/list client p1',
    kind: 'read',
    prepare: async (ctx) => ({
      requests: (await clientUsers(ctx, 256)).map((u) => ({
        path: '/api/pedidos/list',
        headers: auth(u.token),
        body: { tipodoc: 'E', page: 1 },
      })),
    }),
  },
  listPageScenario('pedidos/list page 1', 1),
  listPageScenario('pedidos/list page 400', 400),
  // Every list counted and every page skipped to from the first order: a filter's first request
  // since the last change of the list (list-cache.ts).
  listPageScenario('pedidos/list page 1 uncached', 1, { ORDER_LIST_CACHE_ENTRIES: '0' }),
  listPageScenario('pedidos/list page 400 uncached', 400, { ORDER_LIST_CACHE_ENTRIES: '0' }),
  // The dashboard (record 055): the Admin's over every client, unfiltered, and filtered by one
  // client, over the default 52 weeks; the clients without an order for 4 weeks. No answer cache:
  // each request sums the summary tables.
  {
    name: 'GET dashboard',
    kind: 'read',
    budget: own('GET dashboard'),
    prepare: async (ctx) => ({
      requests: [{ path: '/api/dashboard', headers: auth(await adminToken(ctx)) }],
    }),
  },
  {
    name: 'GET dashboard one client',
    kind: 'read',
    budget: own('GET dashboard one client'),
    prepare: async (ctx) => {
      const admin = auth(await adminToken(ctx));
      const users = await clientUsers(ctx, 50);
      return {
        requests: users.map((u) => ({ path: `/api/dashboard?cliente_id=${u.cliente_id}`, headers: admin })),
      };
    },
  },
  {
    name: 'GET dashboard/dormant',
    kind: 'read',
    budget: own('GET dashboard/dormant'),
    prepare: async (ctx) => ({
      requests: [{ path: '/api/dashboard/dormant?semanas=4', headers: auth(await adminToken(ctx)) }],
    }),
  },
  {
    name: 'pedidos/pending',
    kind: 'read',
    prepare: async (ctx) => ({
      requests: [{ path: '/api/pedidos/pending', headers: auth(await adminToken(ctx)) }],
    }),
  },
  {
    name: 'modelo/lastPurchased',
    kind: 'read',
    prepare: async (ctx) => ({
      requests: (await clientUsers(ctx, 256)).map((u) => ({
        path: '/api/modelo/lastPurchased',
        headers: auth(u.token),
        body: {},
      })),
    }),
  },
  {
    name: 'pedidos/lineadd',
    kind: 'write',
    prepare: async (ctx) => {
      // Spread over every client so a cart grows by a few lines, as in real use.
      const users = await clientUsers(ctx, ctx.scale.clients);
      const payloads = await linePayloads(ctx, 64);
      return {
        requests: users.map((u, i) => ({
          path: '/api/pedidos/lineadd',
          headers: auth(u.token),
          body: payloads[i % payloads.length],
        })),
      };
    },
  },
  {
    // A cart line's quantity changed in place (its surcharge follows): 64 carts, one line each.
    name: 'pedidos/linequantity',
    kind: 'write',
    prepare: async (ctx) => {
      const users = await clientUsers(ctx, 64);
      const payloads = await linePayloads(ctx, 64);
      const lines = await Promise.all(
        users.map(async (u, i) => {
          const res = await fetch(`${ctx.base}/api/pedidos/lineadd`, {
            method: 'POST',
            headers: { ...auth(u.token), 'content-type': 'application/json' },
            body: JSON.stringify(payloads[i % payloads.length]),
          });
          if (!res.ok) throw new Error(`lineadd answered ${res.status}`);
          const cart = (await res.json()) as {
            id: number;
            detalle: Array<{ id: number; lineaprimaria: number }>;
          };
          const primary = cart.detalle.filter((l) => l.lineaprimaria === 0).at(-1);
          return { token: u.token, pedido_id: cart.id, linea_id: primary?.id ?? 0 };
        }),
      );
      return {
        requests: lines.flatMap((l) =>
          [2, 3, 4, 5].map((cantidad) => ({
            path: '/api/pedidos/linequantity',
            headers: auth(l.token),
            body: { pedido_id: l.pedido_id, linea_id: l.linea_id, cantidad },
          })),
        ),
      };
    },
  },
  {
    name: 'pedidos/processOrder',
    kind: 'write',
    budget: own('pedidos/processOrder'),
    prepare: async (ctx) => {
      // Every request submits its own cart: fresh clients, each with a user, a token and a cart of
      // 3 lines (more than a run of BENCH_SECONDS can submit on this machine).
      const n = Math.max(200, Math.ceil(ctx.seconds * 1000));
      const q = ctx.database.query.bind(ctx.database);
      const [{ max_user, max_cliente }] = await q<{ max_user: number; max_cliente: number }>(
        'SELECT (SELECT max(id) FROM users) AS max_user, (SELECT max(id) FROM clientes) AS max_cliente',
      );
      const first = await freshShopsWithCarts(ctx, {
        n,
        label: 'envío',
        lines: 3,
        maxUser: max_user,
        maxCliente: max_cliente,
      });
      const rows = await q<{ pedido_id: number; user_id: number }>(
        `SELECT p.id AS pedido_id, u.id AS user_id FROM pedidos p JOIN users u ON u.cliente_id = p.cliente_id
         WHERE p.status = 'c' AND p.cliente_id >= $1 ORDER BY p.id`,
        [first],
      );
      await q('ANALYZE pedidos, pedido_lineas, users, clientes, access_tokens');
      return {
        once: true,
        requests: rows.map((r) => ({
          path: '/api/pedidos/processOrder',
          headers: auth(tokenOf(r.user_id, ctx.salt)),
          body: { pedido_id: r.pedido_id },
        })),
      };
    },
  },
  {
    // A 50-line cart with taxes and shipping (issue 19): 64 fresh shops under the equivalence
    // surcharge on a price list that charges 12.95 € of shipping below 5,000 € of goods. Each cart
    // holds 50 lines of 99 € (4,950 €); its first line's quantity goes 2, 1, 3, 1, so every change
    // crosses the free total and the shipping line comes and goes (ordering/shipping.ts).
    name: 'pedidos/linequantity 50-line cart, taxes and shipping',
    kind: 'write',
    prepare: async (ctx) => {
      const n = 64;
      const q = ctx.database.query.bind(ctx.database);
      await q(
        `INSERT INTO tarifas (nombre, descuento_bp, porte_cents, porte_gratis_desde_cents)
         VALUES ('Bench portes', 0, 1295, 500000) ON CONFLICT (nombre) DO NOTHING`,
      );
      const [{ max_user, max_cliente, tarifa }] = await q<{
        max_user: number;
        max_cliente: number;
        tarifa: number;
      }>(
        `SELECT (SELECT max(id) FROM users) AS max_user, (SELECT max(id) FROM clientes) AS max_cliente,
           (SELECT id FROM tarifas WHERE nombre = 'Bench portes') AS tarifa`,
      );
      const first = await freshShopsWithCarts(ctx, {
        n,
        label: 'portes',
        lines: 50,
        maxUser: max_user,
        maxCliente: max_cliente,
        regime: 'recargo',
        tarifa,
      });
      // The carts as a change would leave them: below the free total, so with their shipping line.
      await q(
        `INSERT INTO pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, pvp_cents, porte)
         SELECT p.id, NULL, 'Portes', 'Shipping', 1, 1295, 1295, true FROM pedidos p
         WHERE p.status = 'c' AND p.cliente_id >= $1`,
        [first],
      );
      const rows = await q<{ pedido_id: number; user_id: number; linea_id: number }>(
        `SELECT p.id AS pedido_id, u.id AS user_id,
           (SELECT min(l.id) FROM pedido_lineas l WHERE l.pedido_id = p.id AND NOT l.porte) AS linea_id
         FROM pedidos p JOIN users u ON u.cliente_id = p.cliente_id
         WHERE p.status = 'c' AND p.cliente_id >= $1 ORDER BY p.id`,
        [first],
      );
      await q('ANALYZE pedidos, pedido_lineas, users, clientes, access_tokens, tarifas');
      return {
        requests: rows.flatMap((r) =>
          [2, 1, 3, 1].map((cantidad) => ({
            path: '/api/pedidos/linequantity',
            headers: auth(tokenOf(r.user_id, ctx.salt)),
            body: { pedido_id: r.pedido_id, linea_id: r.linea_id, cantidad },
          })),
        ),
      };
    },
  },
  {
    name: 'login',
    kind: 'auth',
    prepare: async (ctx) => {
      // Different shops from different addresses: the throttle (5 failures per email or IP) is
      // per key, and these all succeed.
      const users = await clientUsers(ctx, 256);
      return {
        requests: users.map((u, i) => ({
          path: '/api/login',
          headers: { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
          body: { email: u.email, password: ctx.password },
        })),
      };
    },
  },
  {
    // A shop pastes 200 rows copied from a spreadsheet (record 042).
    name: 'pedidos/quick/check 200 rows',
    // 200 rows built by the line builder on each request: CPU by design, like a drawn document.
    kind: 'render',
    budget: own('pedidos/quick/check 200 rows'),
    prepare: async (ctx) => {
      const text = await quickOrderText(ctx, 200);
      return {
        requests: (await clientUsers(ctx, 64)).map((u) => ({
          path: '/api/pedidos/quick/check',
          headers: auth(u.token),
          body: { text },
        })),
      };
    },
  },
  {
    // The same 200 rows, reviewed, added in one transaction.
    name: 'pedidos/quick/add 200 lines',
    kind: 'write',
    budget: own('pedidos/quick/add 200 lines'),
    prepare: async (ctx) => {
      const payloads = await linePayloads(ctx, 64);
      const lines = Array.from({ length: 200 }, (_, i) => payloads[i % payloads.length]);
      return {
        requests: (await clientUsers(ctx, ctx.scale.clients)).map((u) => ({
          path: '/api/pedidos/quick/add',
          headers: auth(u.token),
          body: { lines },
        })),
      };
    },
  },
  {
    // The colour grid (issue 30): one model in 20 colours at once, a line each, in one transaction.
    name: 'pedidos/gridadd 20 rows',
    kind: 'write',
    budget: own('pedidos/gridadd 20 rows'),
    prepare: async (ctx) => {
      const q = ctx.database.query.bind(ctx.database);
      // A model of its own (no other scenario's lines change) in a collection shops see, whose one
      // group, of 20 colours, is its grid.
      const [{ id: grupo }] = await q<{ id: number }>(
        `INSERT INTO parametros_grupos (nombre, nombre_en) VALUES ('Bench rejilla', 'Bench grid') RETURNING id`,
      );
      await q(
        `INSERT INTO parametros (parametros_grupos_id, codigo, nombre, nombre_en, color, position)
         SELECT $1, 'BR' || g, 'Color ' || g, 'Colour ' || g, '#8899aa', g FROM generate_series(1, 20) g`,
        [grupo],
      );
      await q(
        `INSERT INTO modelos (modelo, descripcion, descripcion_en, pvp_cents, grupo_rejilla_id, search_text)
         VALUES ('BENCHGRID', 'Babero rejilla', 'Grid bib', 1500, $1, 'benchgrid babero rejilla grid bib')`,
        [grupo],
      );
      await q(
        `INSERT INTO modelo_grupos (modelos_modelo, parametros_grupos_id, position) VALUES ('BENCHGRID', $1, 0)`,
        [grupo],
      );
      await q(
        `INSERT INTO coleccion_modelos (colecciones_id, modelos_modelo, position)
         SELECT id, 'BENCHGRID', 0 FROM colecciones WHERE activado AND NOT solorepresentantes ORDER BY id LIMIT 1`,
      );
      const options = await q<{ id: number }>(
        'SELECT id FROM parametros WHERE parametros_grupos_id = $1 ORDER BY id',
        [grupo],
      );
      const body = { modelo: 'BENCHGRID', filas: options.map((o) => ({ parametro: o.id, cantidad: 3 })) };
      return {
        requests: (await clientUsers(ctx, ctx.scale.clients)).map((u) => ({
          path: '/api/pedidos/gridadd',
          headers: auth(u.token),
          body,
        })),
      };
    },
  },
  {
    // "Order again" on a submitted order of 50 lines (record 043).
    name: 'pedidos/reorder/check 50 lines',
    kind: 'render',
    budget: own('pedidos/reorder/check 50 lines'),
    prepare: async (ctx) => {
      const payloads = await linePayloads(ctx, 64);
      const lines = Array.from({ length: 50 }, (_, i) => payloads[i % payloads.length]);
      // One at a time: each submit draws the order's PDF for its confirmation mail.
      const orders: Array<{ token: string; pedido_id: number }> = [];
      for (const u of await clientUsers(ctx, 16)) {
        const call = async (path: string, body: unknown) => {
          const res = await fetch(`${ctx.base}/api/${path}`, {
            method: 'POST',
            headers: { ...auth(u.token), 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
          return res.json() as Promise<{ pedido: { id: number } }>;
        };
        const { pedido } = await call('pedidos/quick/add', { lines });
        await call('pedidos/processOrder', { pedido_id: pedido.id });
        orders.push({ token: u.token, pedido_id: pedido.id });
      }
      return {
        requests: orders.map((o) => ({
          path: '/api/pedidos/reorder/check',
          headers: auth(o.token),
          body: { pedido_id: o.pedido_id },
        })),
      };
    },
  },
  {
    // A shop uploads a quick order of 100,000 rows (issue 28): four such uploads at once, every
    // second, while a monitor checks GET /api/health. Each is refused at row 501; none holds the server.
    name: 'quick-order XLSX 100k rows refused',
    kind: 'upload',
    hold: budgets.scenarios['quick-order XLSX 100k rows refused'],
    prepare: async (ctx) => {
      const [user] = await clientUsers(ctx, 1);
      const { body, contentType } = await quickOrderWorkbook(100_000);
      return {
        covers: `${(body.length / 1024).toFixed(0)} KB, 100,001 rows`,
        expect: { status: 422, code: 'order.tooManyRows' },
        requests: [
          {
            path: '/api/pedidos/quick/upload',
            headers: { ...auth(user.token), 'content-type': contentType },
            body,
          },
        ],
      };
    },
  },
  {
    // Issue 33: a 100,000-row workbook and a 50-page PDF (an order of about 1,000 lines) drawn at
    // once every second, while a monitor checks GET /api/health: both run on the worker threads
    // (record 061), so the event loop answers the health check as if nothing else ran.
    name: UPLOAD_AND_PDF_SCENARIO,
    kind: 'upload',
    hold: budgets.scenarios[UPLOAD_AND_PDF_SCENARIO],
    prepare: async (ctx) => {
      const [user] = await clientUsers(ctx, 1);
      const { body, contentType } = await quickOrderWorkbook(100_000);
      const pdf = await longOrderPdf(ctx, user, 50);
      return {
        covers: `${(body.length / 1024).toFixed(0)} KB, 100,001 rows; PDF of ${pdf.pages} pages (${pdf.lines} lines, ${(pdf.bytes / 1024).toFixed(0)} KB)`,
        expect: { status: 422, code: 'order.tooManyRows' },
        requests: [
          {
            path: '/api/pedidos/quick/upload',
            headers: { ...auth(user.token), 'content-type': contentType },
            body,
          },
        ],
        alongside: [pdf.request],
      };
    },
  },
  {
    // A shop's line sheet (issue 30) of a season of 200 models with images: streamed as it is drawn,
    // its p99 over `downloads` downloads and the server memory it holds judged (budgets.json).
    name: LINE_SHEET_SCENARIO,
    kind: 'stream',
    downloads: budgets.scenarios[LINE_SHEET_SCENARIO].downloads,
    budget: own(LINE_SHEET_SCENARIO),
    prepare: lineSheetRequest,
  },
  {
    // The Admin's production sheet (issue 31) of a month's 500 orders: grouped in SQL a page at a
    // time, each group's picture drawn (embroidery previews rendered once, then read from the
    // storage), streamed; its p99 over `downloads` downloads and the server memory it holds judged.
    name: PRODUCTION_SCENARIO,
    kind: 'stream',
    downloads: budgets.scenarios[PRODUCTION_SCENARIO].downloads,
    budget: own(PRODUCTION_SCENARIO),
    prepare: productionSheetRequest,
  },
  exportScenario('pedidos/exportXlsx 5000 orders', '/api/pedidos/exportXlsx', 5_000),
  // The same orders as CSV, and every order (ten times the rows) as Excel: what a streamed export
  // holds does not grow with its size (its heap kept after a collection stays near nothing).
  exportScenario('pedidos/exportCsv 5000 orders', '/api/pedidos/exportCsv', 5_000, true),
  exportScenario('pedidos/exportXlsx every order', '/api/pedidos/exportXlsx', 50_000, true),
  // Client prices (record 049), last: their clients stay on the list. The same requests as
  // searchModel and GET modelo/{modelo}, by shops whose list prices 20,000 models.
  searchScenario('searchModel priced', undefined, true),
  {
    name: 'GET modelo/{modelo} priced',
    kind: 'read',
    prepare: async (ctx) => {
      const users = await clientUsers(ctx, 64);
      await onPriceList(ctx, users);
      return {
        requests: modelCodes(ctx, 256).map((code, i) => ({
          path: `/api/modelo/${code}`,
          headers: auth(users[i % users.length].token),
        })),
      };
    },
  },
  // The embroidery preview (issue 31): every request a drawing never rendered (cold), then the
  // same few drawings over and over (served from the storage).
  previewScenario('GET bordado/preview cold', 4000, true),
  previewScenario('GET bordado/preview cached', 16, false),
  translationsScenario('translations/missing counts', ['/api/translations/missing/counts']),
  translationsScenario('translations/missing pages', [
    '/api/translations/missing?page=1',
    '/api/translations/missing?kind=model&page=50',
  ]),
];
