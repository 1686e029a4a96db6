/**
 * Generates a large catalogue and order history straight in SQL (generate_series), so the bench
 * measures the server at a real maker's scale: models with options through shared groups and three
 * images each, clients with users, submitted orders with lines (option snapshots like the server
 * writes), and an open cart of 8 lines per client. Every login's password is `bench1234`; every
 * bench user also gets a session token `benchtoken-<user id>-<salt>` (see `tokenOf`), so scenarios
 * can spread their requests over many users without paying argon2 for each.
 */
import { hash } from '@node-rs/argon2';
import type { Database } from '../apps/server/src/db/client.ts';

/** What the generator needs: raw SQL on a connection without the app's statement timeout. */
export type Sql = Pick<Database, 'query'>;

export interface Scale {
  models: number;
  /** Options a model offers: groups per model × options per group. */
  groupsPerModel: number;
  optionsPerGroup: number;
  groups: number;
  clients: number;
  ordersPerClient: number;
  linesPerOrder: number;
}

export const LARGE: Scale = {
  models: 20_000,
  groupsPerModel: 3,
  optionsPerGroup: 10,
  groups: 600,
  clients: 2_000,
  ordersPerClient: 25,
  linesPerOrder: 10,
};
/** Small catalogue, but still 10,100 orders so page 400 of the Admin's list exists. */
export const SMALL: Scale = {
  ...LARGE,
  models: 1_000,
  groups: 60,
  clients: 100,
  ordersPerClient: 101,
  linesPerOrder: 5,
};

export const BENCH_PASSWORD = 'bench1234';
export const CART_LINES = 8;

/** The session token of a bench user (the hash of it is stored by `generate`). */
export function tokenOf(userId: number, salt: string): string {
  return `benchtoken-${userId}-${salt}`;
}

/** A line's option snapshot, as the server writes it: 3 chosen options (SQL, from the line's number). */
function snapshotSql(n: string): string {
  return `jsonb_build_array(${[0, 1, 2]
    .map(
      (
        k,
      ) => `jsonb_build_object('parametros_grupos_id', 1000 + (${n} + ${k}) % 600, 'grupo', 'Grupo ' || (${n} + ${k}) % 600,
        'grupo_en', 'Group ' || (${n} + ${k}) % 600, 'id', 1 + (${n} * 7 + ${k}) % 6000, 'codigo', 'C' || (${n} + ${k}) % 600 || '-' || ${k},
        'nombre', 'Color ' || ${k}, 'nombre_en', 'Colour ' || ${k}, 'color', '#a0b0c0', 'price', ${k} * 2.5)`,
    )
    .join(', ')})`;
}

/** Creates session tokens for the bench users with id > afterUserId (all of them by default). */
export async function createTokens(database: Sql, salt: string, afterUserId = 0): Promise<void> {
  await database.query(
    `INSERT INTO access_tokens (user_id, token_hash, expires_at)
    SELECT id, encode(sha256(convert_to('benchtoken-' || id || '-' || $1, 'UTF8')), 'hex'), now() + interval '2 days'
    FROM users WHERE email LIKE 'bench%@nido.test' AND id > $2`,
    [salt, afterUserId],
  );
}

export async function generate(database: Sql, scale: Scale, salt: string): Promise<Record<string, number>> {
  const q = (sql: string, params?: unknown[]) => database.query(sql, params);
  const passwordHash = await hash(BENCH_PASSWORD);
  const words = `array['capazo','silla','bolso','saco','capota','cuna','colchón','mantita','cambiador','sombrilla']`;
  const wordsEn = `array['carrycot','pushchair','bag','footmuff','hood','cradle','mattress','blanket','changer','parasol']`;

  await q(
    `INSERT INTO parametros_grupos (id, nombre, nombre_en, size)
    SELECT g, 'Grupo ' || g, 'Group ' || g, 1 FROM generate_series(1000, 999 + $1::int) g`,
    [scale.groups],
  );
  await q(
    `INSERT INTO parametros (parametros_grupos_id, codigo, nombre, nombre_en, color, price_cents, position)
    SELECT g, 'C' || g || '-' || o, 'Color ' || o, 'Colour ' || o,
           '#' || lpad(to_hex((g * 7919 + o * 104729) % 16777215), 6, '0'), (o % 4) * 250, o
    FROM generate_series(1000, 999 + $1::int) g, generate_series(0, $2::int - 1) o`,
    [scale.groups, scale.optionsPerGroup],
  );
  // Words picked by a hash of the number, not by i % 10: periodic data fools the planner's
  // statistics (every histogram bound fell on the same word).
  const adjectives = `array['classic','luna','nube','estrella','bosque','marino','vintage','sport','confort','mini','soft','nordic']`;
  await q(
    `INSERT INTO modelos (modelo, descripcion, descripcion_en, pvp_cents, familia, search_text)
    SELECT 'BM' || lpad(i::text, 6, '0'),
           initcap((${words})[w]) || ' ' || initcap((${adjectives})[a]) || ' modelo ' || i,
           initcap((${wordsEn})[w]) || ' ' || initcap((${adjectives})[a]) || ' model ' || i,
           5000 + abs(hashint4(i + 1)) % 60000, 1 + abs(hashint4(i + 2)) % 8,
           lower('bm' || lpad(i::text, 6, '0') || ' ' || (${words})[w] || ' ' || (${adjectives})[a] || ' modelo ' || i || ' ' || (${wordsEn})[w] || ' ' || (${adjectives})[a] || ' model ' || i)
    FROM generate_series(1, $1::int) i,
         LATERAL (SELECT 1 + abs(hashint4(i)) % 10 AS w, 1 + abs(hashint4(-i)) % 12 AS a) pick`,
    [scale.models],
  );
  await q(`UPDATE modelos SET search_text = translate(search_text, 'áéíóúñ', 'aeioun')`);
  await q(
    `INSERT INTO modelo_grupos (modelos_modelo, parametros_grupos_id, position, size)
    SELECT 'BM' || lpad(i::text, 6, '0'), 1000 + (i * 3 + k) % $2::int, k, 1
    FROM generate_series(1, $1::int) i, generate_series(0, $3::int - 1) k`,
    [scale.models, scale.groups, scale.groupsPerModel],
  );
  await q(
    `INSERT INTO modelo_imagenes (modelos_modelo, url_img, thumb_url, color0, principal)
    SELECT 'BM' || lpad(i::text, 6, '0'), '/uploads/bm' || i || '-' || k || '.webp', '/uploads/bm' || i || '-' || k || '-t.webp',
           CASE WHEN k = 0 THEN NULL ELSE 'C' || ((i * 3) % $2::int) || '-' || k END, k = 0
    FROM generate_series(1, $1::int) i, generate_series(0, 2) k`,
    [scale.models, scale.groups],
  );
  await q(
    `INSERT INTO colecciones (id, nombre, nombre_en, coleccion) VALUES (1000, 'Bench', 'Bench', 'BENCH')`,
  );
  await q(`INSERT INTO coleccion_modelos (colecciones_id, modelos_modelo, position)
    SELECT 1000, modelo, 0 FROM modelos WHERE modelo LIKE 'BM%'`);
  await q(
    `INSERT INTO clientes (id, nomcome, search_text)
    SELECT 100000 + c, 'Tienda bench ' || c, 'tienda bench ' || c FROM generate_series(1, $1::int) c`,
    [scale.clients],
  );
  await q(
    `INSERT INTO users (email, name, password_hash, role, cliente_id)
    SELECT 'bench' || c || '@nido.test', 'Bench ' || c, $2, 'Cliente', 100000 + c FROM generate_series(1, $1::int) c`,
    [scale.clients, passwordHash],
  );
  await q(
    `INSERT INTO users (email, name, password_hash, role) VALUES ('bench-admin@nido.test', 'Bench admin', $1, 'Admin')`,
    [passwordHash],
  );
  await q(
    `INSERT INTO pedidos (docum, tipodoc, status, cliente_id, fecha_pedido, nota)
    SELECT 'B' || c || '-' || o, 'E', (array['w','p','e'])[1 + (c + o) % 3], 100000 + c,
           now() - ((o * 5 + c % 5) || ' days')::interval - (c || ' minutes')::interval, 'Pedido ' || o
    FROM generate_series(1, $1::int) c, generate_series(1, $2::int) o`,
    [scale.clients, scale.ordersPerClient],
  );
  // One open cart per client.
  await q(
    `INSERT INTO pedidos (tipodoc, status, cliente_id) SELECT 'E', 'c', 100000 + c FROM generate_series(1, $1::int) c`,
    [scale.clients],
  );
  await q(
    `INSERT INTO pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, parametros_color, config_key)
    SELECT p.id, 'BM' || lpad((1 + (p.id * 13 + l * 101) % $1::int)::text, 6, '0'), 'Línea ' || l, 'Line ' || l,
           1 + l % 3, 5000 + (p.id + l) % 20000, ${snapshotSql('(p.id + l)')}, 'k' || ((p.id * 13 + l * 101) % $1::int)
    FROM pedidos p, generate_series(1, CASE WHEN p.status = 'c' THEN $3::int ELSE $2::int END) l
    WHERE p.cliente_id > 100000`,
    [scale.models, scale.linesPerOrder, CART_LINES],
  );
  // The dashboard's summary tables (record 055), as migration 0019 fills them from existing orders:
  // the orders above were written in bulk, not through submission.
  await q(
    `SELECT nido_apply_sales(array(SELECT id FROM pedidos WHERE status IN ('w', 'p', 'e') ORDER BY id), 1)`,
  );
  // And the last 52 weeks' tables for this week, which the week's first dashboard would roll.
  await q(`SELECT nido_roll_sales(date_trunc('week', now() AT TIME ZONE 'Europe/Madrid')::date)`);
  await createTokens(database, salt);
  for (const t of ['parametros_grupos', 'clientes', 'colecciones']) {
    await q(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
  }
  // VACUUM, not only ANALYZE: a bulk load leaves the GIN indexes' pending lists full (searches scan
  // them linearly) until autovacuum runs; a live catalogue is in the vacuumed state.
  await q('VACUUM ANALYZE');
  // And a checkpoint: otherwise the bulk load's dirty pages are written out while the first
  // scenarios are measured, which shows as their tail latency.
  await q('CHECKPOINT');
  const [counts] =
    await q(`SELECT (SELECT count(*) FROM modelos)::int AS models, (SELECT count(*) FROM parametros)::int AS options,
    (SELECT count(*) FROM clientes)::int AS clients, (SELECT count(*) FROM pedidos WHERE status <> 'c')::int AS orders,
    (SELECT count(*) FROM pedido_lineas)::int AS lines, (SELECT count(*) FROM modelo_imagenes)::int AS images`);
  return counts as Record<string, number>;
}
