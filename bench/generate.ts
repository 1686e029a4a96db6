/**
 * Generates a large catalogue and order history straight in SQL (generate_series), so the bench
 * measures the server at a real maker's scale: models with options through shared groups, clients
 * with users, and submitted orders with lines. Every login's password is `bench1234`.
 */
import { hash } from '@node-rs/argon2';
import type { Database } from '../apps/server/src/db/client.ts';

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
export const SMALL: Scale = {
  ...LARGE,
  models: 1_000,
  groups: 60,
  clients: 100,
  ordersPerClient: 10,
  linesPerOrder: 5,
};

export const BENCH_PASSWORD = 'bench1234';

export async function generate(database: Database, scale: Scale): Promise<Record<string, number>> {
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
  await q(
    `INSERT INTO modelos (modelo, descripcion, descripcion_en, pvp_cents, familia, search_text)
    SELECT 'BM' || lpad(i::text, 6, '0'),
           initcap((${words})[1 + i % 10]) || ' modelo ' || i,
           initcap((${wordsEn})[1 + i % 10]) || ' model ' || i,
           5000 + (i * 37) % 60000, 1 + i % 8,
           lower('bm' || lpad(i::text, 6, '0') || ' ' || (${words})[1 + i % 10] || ' modelo ' || i || ' ' || (${wordsEn})[1 + i % 10] || ' model ' || i)
    FROM generate_series(1, $1::int) i`,
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
    `INSERT INTO pedidos (docum, tipodoc, status, cliente_id, fecha_pedido)
    SELECT 'B' || c || '-' || o, 'E', (array['w','p','e'])[1 + (c + o) % 3], 100000 + c,
           now() - ((o * 5 + c % 5) || ' days')::interval
    FROM generate_series(1, $1::int) c, generate_series(1, $2::int) o`,
    [scale.clients, scale.ordersPerClient],
  );
  await q(
    `INSERT INTO pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, parametros_color, config_key)
    SELECT p.id, 'BM' || lpad((1 + (p.id * 13 + l * 101) % $1::int)::text, 6, '0'), 'Línea ' || l, 'Line ' || l,
           1 + l % 3, 5000 + (p.id + l) % 20000, '[]'::jsonb, 'k' || ((p.id * 13 + l * 101) % $1::int)
    FROM pedidos p, generate_series(1, $2::int) l WHERE p.cliente_id > 100000`,
    [scale.models, scale.linesPerOrder],
  );
  for (const t of ['parametros_grupos', 'clientes', 'colecciones']) {
    await q(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
  }
  await q('ANALYZE');
  const [counts] =
    await q(`SELECT (SELECT count(*) FROM modelos)::int AS models, (SELECT count(*) FROM parametros)::int AS options,
    (SELECT count(*) FROM clientes)::int AS clients, (SELECT count(*) FROM pedidos)::int AS orders,
    (SELECT count(*) FROM pedido_lineas)::int AS lines`);
  return counts as Record<string, number>;
}
