import fs from 'node:fs';
import path from 'node:path';
import {
  ChosenOptionSnapshot,
  EmbroiderySnapshot,
  firstValidQuantity,
  modelQuantityError,
  positionNames,
} from '@nido/contract';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf.ts';
import type { Database } from '../db/client.ts';
import { priceInputsOfClient, readPrices } from '../domains/catalogue/index.ts';
import { configKey } from '../platform/config-key.ts';
import { createStorage } from '../platform/create-storage.ts';
import { optionPriceCents } from '../platform/money.ts';
import { type Storage, storedName } from '../platform/storage.ts';
import { searchable } from '../platform/text.ts';
import { DEMO_CLIENTS, DEMO_SEASONS } from './demo-data.ts';
import { seedIfEmpty } from './seed.ts';

let ctx: TestContext;
let database: Database;
let storage: Storage;
let uploads: string;
let firstResult: boolean;
let seedMs: number;
// A "now" early in the year, so the six-month history spans two years of document numbers.
const NOW = new Date('2026-03-02T10:00:00Z');

/** The clients with a year and a half of orders (the dashboard's), by trade name. */
const SEASON_CLIENTS = new Set(
  DEMO_SEASONS.map((h) => DEMO_CLIENTS.find((c) => c.key === h.cliente)!.nomcome),
);

const q = <T = Record<string, any>>(text: string, params?: unknown[]) => database.query<T>(text, params);

/** A demo user's bearer header, signed in with the demo password. */
async function login(email: string): Promise<{ authorization: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'demo1234' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().accessToken}` };
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = [
    'users',
    'clientes',
    'cliente_direcciones',
    'colecciones',
    'coleccion_imagenes',
    'modelos',
    'modelo_imagenes',
    'coleccion_modelos',
    'parametros_grupos',
    'parametro_sections',
    'parametros',
    'section_models',
    'modelo_grupos',
    'pedidos',
    'pedido_lineas',
    'pedido_status_history',
    'docum_counters',
    'tarifas',
    'tarifa_descuentos',
    'tarifa_precios',
    'facturas',
    'invoice_counters',
    'audit_log',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await q<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n;
  return out;
}

beforeAll(async () => {
  // The app on the seeded database (its clock at NOW), so the demo is also read as a user reads it.
  ctx = await createTestContext();
  database = ctx.database;
  uploads = path.join(ctx.dir, 'uploads');
  storage = await createStorage({ kind: 'disk', dir: uploads });
  const started = performance.now();
  firstResult = await seedIfEmpty(database, storage, { now: NOW });
  seedMs = Math.round(performance.now() - started);
  console.log(`seedIfEmpty on ${database.kind}: ${seedMs} ms`);
}, 180_000); // the app and the whole demo (images included), on a machine that may be busy

afterAll(async () => {
  await ctx?.close();
});

describe('seedIfEmpty on an empty database', () => {
  it('reports that it seeded', () => {
    expect(firstResult).toBe(true);
  });

  it('creates the six demo logins with the password demo1234', async () => {
    const users = await q(
      `select u.email, u.name, u.role, u.language, u.active, u.password_hash, c.nomcome
         from users u left join clientes c on c.id = u.cliente_id order by u.email`,
    );
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(
      [
        'admin@nido.test',
        'rep@nido.test',
        'shop.b@nido.test',
        'shop2@nido.test',
        'shop3@nido.test',
        'shop@nido.test',
      ].sort(),
    );
    expect(byEmail['admin@nido.test']).toMatchObject({ role: 'Admin', name: 'Ana Admin', nomcome: null });
    expect(byEmail['shop@nido.test']).toMatchObject({
      role: 'Cliente',
      nomcome: 'Bebés del Sur',
      language: 'es',
    });
    expect(byEmail['shop.b@nido.test']).toMatchObject({
      role: 'Cliente',
      nomcome: 'Bebés del Sur',
      language: 'en',
    });
    expect(byEmail['shop2@nido.test'].role).toBe('Cliente');
    expect(byEmail['shop2@nido.test'].nomcome).not.toBe('Bebés del Sur');
    // The new shop, on the price list with a minimum order (issue 30), has ordered nothing yet.
    expect(byEmail['shop3@nido.test']).toMatchObject({ role: 'Cliente', nomcome: 'Nanas y Nanitas' });
    expect(byEmail['rep@nido.test']).toMatchObject({ role: 'Representante', nomcome: null });
    expect(users.every((u) => u.active)).toBe(true);
    expect(byEmail['shop@nido.test'].password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(byEmail['shop@nido.test'].password_hash, 'demo1234')).toBe(true);
    expect(await verify(byEmail['shop@nido.test'].password_hash, 'demo12345')).toBe(false);
  });

  it('assigns the representative the first shop, an EU client and an export client, not the second shop', async () => {
    const rows = await q(
      `select c.nomcome, c.regimen_fiscal from clientes c join users r on r.id = c.representante_id
        where r.email = 'rep@nido.test' order by c.nomcome`,
    );
    const names = rows.map((r) => r.nomcome);
    expect(names).toContain('Bebés del Sur');
    expect(rows.map((r) => r.regimen_fiscal)).toEqual(
      expect.arrayContaining(['recargo', 'intracomunitario', 'exportacion']),
    );
    const [shop2] = await q(
      `select c.representante_id from clientes c join users u on u.cliente_id = c.id where u.email = 'shop2@nido.test'`,
    );
    expect(shop2.representante_id).toBeNull();
  });

  it('puts every client on a price list: discounts per collection and family, a net price, a shipping rule', async () => {
    const lists = await q(
      `select t.id, t.descuento_bp, t.porte_cents, t.porte_gratis_desde_cents,
              (select count(*)::int from clientes c where c.tarifa_id = t.id) as clients,
              (select count(*)::int from tarifa_descuentos d where d.tarifa_id = t.id and d.colecciones_id is not null) as by_collection,
              (select count(*)::int from tarifa_descuentos d where d.tarifa_id = t.id and d.familia is not null) as by_family,
              (select count(*)::int from tarifa_precios p where p.tarifa_id = t.id) as net_prices
         from tarifas t`,
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lists.map((l) => l.descuento_bp)).size).toBe(lists.length);
    for (const l of lists) expect(l.clients).toBeGreaterThan(0);
    expect(lists.some((l) => l.by_collection > 0)).toBe(true);
    expect(lists.some((l) => l.by_family > 0)).toBe(true);
    expect(lists.some((l) => l.net_prices > 0)).toBe(true);
    expect(lists.some((l) => l.porte_cents > 0 && l.porte_gratis_desde_cents > 0)).toBe(true);
    expect(lists.some((l) => l.porte_cents == null)).toBe(true);
    const [off] = await q<{ n: number }>('select count(*)::int as n from clientes where tarifa_id is null');
    expect(off.n).toBe(0);
    // The three demo shops, each on a list of its own (one with the shipping rule, one without, one
    // with a minimum order value for the first order and the next ones, and no order yet).
    const shops = await q(
      `select distinct u.cliente_id, c.tarifa_id, t.porte_cents, t.pedido_minimo_primero_cents,
              t.pedido_minimo_cents,
              (select count(*)::int from pedidos p where p.cliente_id = c.id and p.status <> 'c') as orders
         from users u join clientes c on c.id = u.cliente_id join tarifas t on t.id = c.tarifa_id
        where u.role = 'Cliente'`,
    );
    expect(shops).toHaveLength(3);
    expect(new Set(shops.map((x) => x.tarifa_id)).size).toBe(3);
    expect(shops.some((x) => x.porte_cents > 0)).toBe(true);
    expect(shops.filter((x) => x.pedido_minimo_primero_cents > x.pedido_minimo_cents)).toMatchObject([
      { orders: 0 },
    ]);
  });

  it('taxes clients under every regime, each with a default delivery address that its orders copy', async () => {
    const clients = await q(
      `select c.id, c.regimen_fiscal, c.pais,
              (select count(*)::int from cliente_direcciones d where d.cliente_id = c.id) as addresses,
              (select count(*)::int from cliente_direcciones d where d.cliente_id = c.id and d.predeterminada) as defaults
         from clientes c`,
    );
    const regimes = clients.map((c) => c.regimen_fiscal);
    for (const r of ['general', 'recargo', 'intracomunitario', 'exportacion']) expect(regimes).toContain(r);
    for (const c of clients) {
      expect(c.addresses).toBeGreaterThanOrEqual(1);
      expect(c.defaults).toBe(1);
      if (c.regimen_fiscal === 'intracomunitario') expect(c.pais).not.toBe('España');
    }
    expect(clients.some((c) => c.regimen_fiscal === 'intracomunitario' && c.addresses > 1)).toBe(true);
    const shops = await q(
      `select distinct c.regimen_fiscal from users u join clientes c on c.id = u.cliente_id where u.role = 'Cliente'`,
    );
    expect(shops).toEqual([{ regimen_fiscal: 'recargo' }]);
    // Submitted as processOrder submits: the client's regime and a copy of one of its addresses.
    const orders = await q(
      `select p.id, p.regimen_fiscal, c.regimen_fiscal as client_regimen, p.entrega,
              (select json_agg(json_build_object('nombre', d.nombre, 'direccion', d.direccion, 'cp', d.cp,
                 'poblacion', d.poblacion, 'provincia', d.provincia, 'pais', d.pais, 'telefono', d.telefono))
                 from cliente_direcciones d where d.cliente_id = c.id) as addresses
         from pedidos p join clientes c on c.id = p.cliente_id where p.status <> 'c'`,
    );
    for (const o of orders) {
      expect(o.regimen_fiscal, `order ${o.id}`).toBe(o.client_regimen);
      expect(o.addresses, `order ${o.id}`).toContainEqual(o.entrega);
    }
    expect(new Set(orders.map((o) => o.regimen_fiscal)).size).toBe(4);
  });

  it('fills the clients list with searchable, accent-free text', async () => {
    const clients = await q('select nomcome, nombre, cif, email, poblacion, search_text from clientes');
    expect(clients.length).toBeGreaterThanOrEqual(10);
    for (const c of clients) {
      expect(c.search_text).toBe(searchable(c.nomcome, c.nombre, c.cif, c.email, c.poblacion));
      expect(c.cif).not.toBe('');
    }
    const [sur] = await q(`select search_text from clientes where nomcome = 'Bebés del Sur'`);
    expect(sur.search_text).toContain('bebes del sur');
  });

  it('creates collections including a representatives-only one and an inactive one, each with one initial image', async () => {
    const cols = await q(
      `select c.id, c.activado, c.solorepresentantes,
              (select count(*)::int from coleccion_imagenes i where i.colecciones_id = c.id) as images,
              (select count(*)::int from coleccion_imagenes i where i.colecciones_id = c.id and i.initial) as initials,
              (select count(*)::int from coleccion_modelos m where m.colecciones_id = c.id) as models
         from colecciones c`,
    );
    expect(cols.length).toBeGreaterThanOrEqual(4);
    expect(cols.some((c) => c.solorepresentantes && c.activado)).toBe(true);
    expect(cols.some((c) => !c.activado)).toBe(true);
    expect(cols.filter((c) => c.activado && !c.solorepresentantes).length).toBeGreaterThanOrEqual(2);
    for (const c of cols) {
      expect(c.images).toBeGreaterThanOrEqual(1);
      expect(c.initials).toBe(1);
      expect(c.models).toBeGreaterThan(0);
    }
  });

  it('creates at least 40 models over families 1-7 and some without family', async () => {
    const models = await q(
      `select m.modelo, m.descripcion, m.descripcion_en, m.pvp_cents, m.familia, m.baja, m.personalizado,
              m.modelobordado, m.search_text, m.cantidad_minima, m.multiplo,
              (select count(*)::int from coleccion_modelos cm where cm.modelos_modelo = m.modelo) as collections,
              (select count(*)::int from modelo_grupos mg where mg.modelos_modelo = m.modelo) as groups
         from modelos m`,
    );
    expect(models.length).toBeGreaterThanOrEqual(40);
    // One sold in packs (a bib, six at least, in threes: issue 30's minimums).
    expect(models.filter((m) => m.multiplo > 1)).toMatchObject([
      { modelo: 'NDCOM508', cantidad_minima: 6, multiplo: 3, collections: 1 },
    ]);
    const families = new Set(models.map((m) => m.familia));
    for (let f = 1; f <= 7; f++) expect(families.has(f)).toBe(true);
    expect(models.filter((m) => m.familia > 7).length).toBeGreaterThanOrEqual(3);
    expect(models.filter((m) => m.baja)).toHaveLength(2);
    expect(models.filter((m) => m.collections === 0)).toHaveLength(2);
    expect(models.some((m) => m.personalizado === 2)).toBe(true);
    for (const m of models) {
      expect(m.descripcion).not.toBe('');
      expect(m.descripcion_en).not.toBe('');
      expect(m.modelobordado).toBe('0802');
      if (m.modelo !== '0802') expect(m.pvp_cents).toBeGreaterThan(0);
      expect(m.search_text).toBe(searchable(m.modelo, m.descripcion, m.descripcion_en));
      if (m.familia <= 7) expect(m.groups).toBeGreaterThanOrEqual(2);
      expect(m.groups).toBeLessThanOrEqual(4);
    }
  });

  it('creates option groups with sections, surcharges and the embroidery-colours group 86', async () => {
    const colours = await q(
      'select codigo, nombre, nombre_en, color, price_cents from parametros where parametros_grupos_id = 86',
    );
    expect(colours.length).toBeGreaterThanOrEqual(8);
    for (const c of colours) {
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(c.price_cents).toBe(0);
      expect(c.nombre_en).not.toBe('');
    }
    const [group86] = await q('select nombre, nombre_en from parametros_grupos where id = 86');
    expect(group86).toEqual({ nombre: 'Colores bordado', nombre_en: 'Embroidery colours' });
    const [sections] = await q<{ n: number }>(
      'select count(*)::int as n from parametros where section_id is not null',
    );
    expect(sections.n).toBeGreaterThan(0);
    const [surcharged] = await q<{ n: number }>(
      'select count(*)::int as n from parametros where price_cents > 0 and color is not null',
    );
    expect(surcharged.n).toBeGreaterThan(0);
    const embroidery = await q(
      `select letters, embroidery_color, embroidery_position, embroidery_position_en, price_cents
         from parametros where letters > 0 order by id`,
    );
    expect(
      embroidery.some((e) => e.letters === 12 && e.embroidery_color && e.embroidery_position.includes(',')),
    ).toBe(true);
    // Every demo position has its English name, in the same order (Delantera → Front…).
    expect(
      embroidery
        .filter((e) => e.embroidery_position)
        .map((e) => [e.embroidery_position, e.embroidery_position_en]),
    ).toEqual([
      ['Delantera,Lateral', 'Front,Side'],
      ['Delantera', 'Front'],
      ['Delantera,Lateral,Capota', 'Front,Side,Hood'],
    ]);
    // Sequences were moved past the explicit ids: a new group does not collide.
    const [next] = await q<{ n: number }>(
      `select nextval(pg_get_serial_sequence('parametros_grupos', 'id'))::int as n`,
    );
    expect(next.n).toBeGreaterThan(86);
  });

  it('gives every model exactly one main image, tied to its colours, with the files in storage', async () => {
    const models = await q(
      `select m.modelo, count(i.id)::int as images, count(i.id) filter (where i.principal)::int as principals
         from modelos m left join modelo_imagenes i on i.modelos_modelo = m.modelo group by m.modelo`,
    );
    for (const m of models) {
      expect(m.principals, m.modelo).toBe(1);
      expect(m.images, m.modelo).toBeGreaterThanOrEqual(2);
      expect(m.images, m.modelo).toBeLessThanOrEqual(4);
    }
    const untied = await q(
      `select i.id from modelo_imagenes i
        where i.color0 is not null and not exists (
          select 1 from modelo_grupos mg join parametros p on p.parametros_grupos_id = mg.parametros_grupos_id
           where mg.modelos_modelo = i.modelos_modelo and p.codigo = i.color0)`,
    );
    expect(untied).toEqual([]);
    const urls = await q<{ url_img: string; thumb_url: string }>(
      'select url_img, thumb_url from modelo_imagenes union all select url_img, thumb_url from coleccion_imagenes',
    );
    for (const { url_img, thumb_url } of urls) {
      for (const url of [url_img, thumb_url]) {
        expect(await storage.size(url), url).toBeGreaterThan(0);
      }
    }
    const [sample] = urls;
    const bytes = fs.readFileSync(path.join(uploads, storedName(sample.url_img)!));
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('creates a season of orders in every status, placed by the shops, the representative and the Admin', async () => {
    const rows = await q(
      `select c.nomcome, p.status, count(*)::int as n,
              min((select count(*) from pedido_lineas l where l.pedido_id = p.id and l.primary_line_id is null and not l.porte))::int as min_lines,
              max((select count(*) from pedido_lineas l where l.pedido_id = p.id and l.primary_line_id is null and not l.porte))::int as max_lines
         from pedidos p join clientes c on c.id = p.cliente_id group by c.nomcome, p.status`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['c', 'w', 'p', 'e']));
    expect(new Set(rows.map((r) => r.nomcome)).size).toBeGreaterThanOrEqual(5);
    for (const shop of ['Bebés del Sur', 'Pasitos Boutique']) {
      const of = (status: string) => rows.find((r) => r.nomcome === shop && r.status === status)?.n ?? 0;
      expect(of('w'), shop).toBeGreaterThanOrEqual(2);
      expect(of('p'), shop).toBeGreaterThanOrEqual(1);
      expect(of('e'), shop).toBeGreaterThanOrEqual(5);
    }
    for (const r of rows) {
      expect(r.min_lines).toBeGreaterThanOrEqual(1);
      expect(r.max_lines).toBeLessThanOrEqual(5);
    }
    const orders = await q(
      `select p.id, p.docum, p.tipodoc, p.status, p.fecha_pedido, p.iva_bp, p.re_bp, u.role,
              u.cliente_id = p.cliente_id as own, c.representante_id = u.id as represented, c.nomcome
         from pedidos p join users u on u.id = p.submitted_by join clientes c on c.id = p.cliente_id
        where p.status <> 'c'`,
    );
    for (const o of orders) {
      expect(o.docum).toMatch(/^\d{4}-\d{6}$/);
      expect(o.tipodoc).toBe('E');
      expect(new Date(o.fecha_pedido).getTime()).toBeLessThanOrEqual(NOW.getTime());
      // A season for the journeys' shops; a year and a half for the dashboard's clients (DEMO_SEASONS).
      const days = SEASON_CLIENTS.has(o.nomcome) ? 545 : 190;
      expect(new Date(o.fecha_pedido).getTime()).toBeGreaterThan(NOW.getTime() - days * 86_400_000);
      expect(o.iva_bp).toBe(2100);
      // A client user for its own shop, the representative for its clients, or the Admin.
      expect(
        o.role === 'Admin' ||
          (o.role === 'Cliente' && o.own) ||
          (o.role === 'Representante' && o.represented),
      ).toBe(true);
    }
    // The representative placed orders for each of its clients; the Admin for clients without users.
    const rep = await q(
      `select c.id, (select count(*)::int from pedidos p join users u on u.id = p.submitted_by
                     where p.cliente_id = c.id and u.role = 'Representante') as placed
         from clientes c join users r on r.id = c.representante_id`,
    );
    for (const c of rep) expect(c.placed, `client ${c.id}`).toBeGreaterThan(0);
    expect(orders.some((o) => o.role === 'Admin')).toBe(true);
    // Each shop's newest orders begin with an embroidered line ("Last purchases" shows embroidery).
    const newest = await q(
      `select p.id from pedidos p where p.status = 'w' and not exists (
         select 1 from pedido_lineas l where l.pedido_id = p.id and l.primary_line_id is null
            and l.parametros_bordado->>'name' <> '' and l.parametros_bordado->>'position' <> '')`,
    );
    expect(newest).toEqual([]);
    // Every status change is recorded and ends in the order's status.
    const history = await q(
      `select p.id, p.status, (select h.status from pedido_status_history h where h.pedido_id = p.id order by h.at desc, h.id desc limit 1) as last,
              (select count(*)::int from pedido_status_history h where h.pedido_id = p.id) as changes
         from pedidos p where p.status <> 'c'`,
    );
    for (const h of history) {
      expect(h.last).toBe(h.status);
      expect(h.changes).toBe({ w: 1, p: 2, e: 3 }[h.status as 'w' | 'p' | 'e']);
    }
  });

  it('leaves the first shop a cart in progress with embroidered lines, priced for it', async () => {
    const carts = await q(
      `select p.id, p.docum, p.fecha_pedido, p.regimen_fiscal, c.nomcome,
              (select count(*)::int from pedido_lineas l where l.pedido_id = p.id and l.parametros_bordado is not null and l.primary_line_id is null) as embroidered,
              (select count(*)::int from pedido_lineas l where l.pedido_id = p.id and l.primary_line_id is not null) as surcharges,
              (select count(*)::int from pedido_status_history h where h.pedido_id = p.id) as changes
         from pedidos p join clientes c on c.id = p.cliente_id where p.status = 'c'`,
    );
    expect(carts).toHaveLength(1);
    const [cart] = carts;
    expect(cart).toMatchObject({
      nomcome: 'Bebés del Sur',
      docum: null,
      fecha_pedido: null,
      regimen_fiscal: null,
    });
    expect(cart.embroidered).toBeGreaterThanOrEqual(2);
    expect(cart.surcharges).toBe(cart.embroidered);
    expect(cart.changes).toBe(0);
    // What the shop's user opens: that cart, each line at its list's price, below its PVP.
    const shop = await login('shop@nido.test');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/cliente',
      headers: shop,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const open = res.json();
    expect(open.id).toBe(cart.id);
    const goods = open.detalle.filter((l: { porte: boolean }) => !l.porte);
    expect(goods.length).toBeGreaterThanOrEqual(3);
    for (const l of goods) expect(l.precio, l.modelo).toBeLessThan(l.pvp);
  });

  it('keeps the document and invoice counters at the highest number used per year', async () => {
    const counters = await q<{ year: number; last: number }>(
      'select year, last from docum_counters order by year',
    );
    const used = await q<{ year: number; last: number }>(
      `select split_part(docum, '-', 1)::int as year, max(split_part(docum, '-', 2)::int) as last
         from pedidos where docum is not null group by 1 order by 1`,
    );
    expect(counters).toEqual(used);
    expect(used.length).toBeGreaterThanOrEqual(2); // the history crosses new year
    // The invoices: each year's series from 1 without gaps, numbered in date order.
    const invoices = await q<{ numero: string; fecha: string }>(
      `select numero, to_char(fecha, 'YYYY-MM-DD') as fecha from facturas order by created_at, id`,
    );
    const series = new Map<string, number>();
    for (const f of invoices) {
      const year = f.fecha.slice(0, 4);
      const n = (series.get(year) ?? 0) + 1;
      series.set(year, n);
      expect(f.numero).toBe(`F${year}-${String(n).padStart(6, '0')}`);
    }
    const invoiceCounters = await q<{ year: number; last: number }>(
      'select year, last from invoice_counters order by year',
    );
    expect(invoiceCounters).toEqual([...series].map(([year, last]) => ({ year: Number(year), last })));
    expect(series.size).toBe(2);
  });

  it('invoices every bought order and some processed ones, after they were processed', async () => {
    const orders = await q(
      `select p.id, p.status, f.fecha, f.created_at,
              (select h.at from pedido_status_history h where h.pedido_id = p.id and h.status = 'p') as processed,
              (select c.nomcome from clientes c where c.id = p.cliente_id) as nomcome
         from pedidos p left join facturas f on f.pedido_id = p.id where p.status <> 'c'`,
    );
    for (const o of orders) {
      // The dashboard's history (DEMO_SEASONS) is never invoiced: the invoice series stay the journeys'.
      if (SEASON_CLIENTS.has(o.nomcome)) expect(o.fecha, `order ${o.id}`).toBeNull();
      else if (o.status === 'e') expect(o.fecha, `order ${o.id}`).not.toBeNull();
      if (o.status === 'w') expect(o.fecha, `order ${o.id}`).toBeNull();
      if (o.fecha) {
        expect(new Date(o.created_at).getTime()).toBeGreaterThan(new Date(o.processed).getTime());
        expect(new Date(o.created_at).getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    }
    expect(orders.some((o) => o.status === 'p' && o.fecha)).toBe(true);
    expect(orders.some((o) => o.status === 'p' && !o.fecha)).toBe(true);
  });

  it('gives the dashboard a year and a half of sales, in its summary tables', async () => {
    const [span] = await q(
      `select (extract(epoch from max(fecha_pedido) - min(fecha_pedido)) / 86400)::int as days,
              count(*)::int as orders from pedidos where status in ('w', 'p', 'e')`,
    );
    expect(span.days).toBeGreaterThan(365 + 120);
    const [summary] = await q(
      'select sum(pedidos)::int as orders from sales_weeks where cliente_id = 0 and coleccion_id = 0',
    );
    expect(summary.orders).toBe(span.orders);
  });

  it('writes the activity log the services write: each line added, submission, status change and invoice', async () => {
    const [counts] = await q(
      `select (select count(*)::int from pedido_lineas where primary_line_id is null and not porte) as lines,
              (select count(*)::int from pedido_status_history) as changes,
              (select count(*)::int from facturas) as invoices,
              (select count(*)::int from audit_log where action = 'pedido.lineadd' and entity = 'linea') as lineadds,
              (select count(*)::int from audit_log where action in ('pedido.process', 'status') and entity = 'pedido') as statuses,
              (select count(*)::int from audit_log where action = 'factura.create' and entity = 'factura') as created`,
    );
    expect(counts.lineadds).toBe(counts.lines);
    expect(counts.statuses).toBe(counts.changes);
    expect(counts.created).toBe(counts.invoices);
    // Staff acting for a client name it; a client user acts for its own client.
    const acting = await q(
      `select u.role, count(*)::int as n, count(a.acting_cliente_id)::int as named
         from audit_log a join users u on u.id = a.user_id group by u.role`,
    );
    for (const r of acting) expect(r.named, r.role).toBe(r.role === 'Cliente' ? 0 : r.n);
  });

  it('shows the same figures, to the cent, in the invoice list, the order, the orders list and the invoice PDF', async () => {
    const admin = await login('admin@nido.test');
    const get = async (url: string, headers = admin) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res;
    };
    const invoices = [];
    for (let page = 1; ; page++) {
      const answer = (await get(`facturas?page=${page}`)).json();
      invoices.push(...answer.data);
      if (page >= answer.meta.last_page) break;
    }
    const [{ n }] = await q<{ n: number }>('select count(*)::int as n from facturas');
    expect(invoices).toHaveLength(n);
    const listed = new Map();
    for (let page = 1; ; page++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pedidos/list',
        headers: admin,
        payload: { tipodoc: 'E', page },
      });
      const answer = res.json();
      for (const o of answer.data) listed.set(o.id, o);
      if (page >= answer.meta.last_page) break;
    }
    const euros = (amount: number) =>
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' })
        .format(amount)
        .replace(/\s/g, ' ');
    for (const [i, invoice] of invoices.entries()) {
      const order = (await get(`pedido/${invoice.pedido_id}`)).json();
      // The lines add up to the base; the base and its taxes to the total to pay.
      const lines = order.detalle.reduce(
        (sum: number, l: { importe: number }) => sum + Math.round(l.importe * 100),
        0,
      );
      expect(lines, invoice.numero).toBe(Math.round(order.total * 100));
      expect(order.factura).toMatchObject({ id: invoice.id, numero: invoice.numero, fecha: invoice.fecha });
      expect(invoice.base, invoice.numero).toBe(order.total);
      expect(invoice.total, invoice.numero).toBe(order.impuestos.total);
      expect(listed.get(order.id)).toMatchObject({ total: order.total, total_pagar: order.impuestos.total });
      // The PDF of a few of them (every regime among the first ones read): the same total to pay.
      if (i < 6) {
        const pdf = await pdfText((await get(`factura/${invoice.id}/pdf`)).rawPayload);
        expect(pdf).toContain(`Número: ${invoice.numero}`);
        expect(pdf).toContain(`Total ${euros(invoice.total)}`);
      }
    }
    // Every regime is invoiced: recargo, general, intra-community and export.
    const regimes = await q(
      'select distinct p.regimen_fiscal from facturas f join pedidos p on p.id = f.pedido_id',
    );
    expect(regimes).toHaveLength(4);
  });

  it('prices and snapshots every line as the server does for its client (embroidery surcharge on a dependent 0802 line)', async () => {
    const lines = await q(
      `select l.id, l.pedido_id, l.modelo, l.precio_cents, l.pvp_cents as line_pvp_cents, l.unped,
              l.parametros_color, l.parametros_bordado, l.primary_line_id, l.porte, l.config_key, l.nota,
              m.pvp_cents, m.familia, m.modelobordado, m.cantidad_minima, m.multiplo, p.cliente_id, p.status,
              t.porte_cents, t.porte_gratis_desde_cents
         from pedido_lineas l join pedidos p on p.id = l.pedido_id
         join clientes c on c.id = p.cliente_id join tarifas t on t.id = c.tarifa_id
         left join modelos m on m.modelo = l.modelo order by l.id`,
    );
    const options = await q(
      'select id, parametros_grupos_id, codigo, price_cents, letters, embroidery_position, embroidery_position_en from parametros',
    );
    const sizes = await q('select modelos_modelo, parametros_grupos_id, size from modelo_grupos');
    const optionById = new Map(options.map((o) => [o.id, o]));
    const lineById = new Map(lines.map((l) => [l.id, l]));
    const sizeOf = (modelo: string, grupo: number) =>
      Number(sizes.find((s) => s.modelos_modelo === modelo && s.parametros_grupos_id === grupo)?.size);
    // Each client's prices, read as the server reads them (catalogue pricing.ts).
    const codes = [...new Set(lines.flatMap((l) => (l.modelo ? [l.modelo] : [])))];
    const pricesOf = new Map();
    for (const id of new Set(lines.map((l) => l.cliente_id))) {
      pricesOf.set(id, await readPrices(database.db, await priceInputsOfClient(database.db, id), codes));
    }
    const modelPrice = (l: any) =>
      pricesOf.get(l.cliente_id).model({ modelo: l.modelo, pvp_cents: l.pvp_cents, familia: l.familia });
    /** A chosen option's price for a model, at PVP and for the client; checks the snapshot on the way. */
    const optionCents = (l: any, chosen: any) => {
      const option = optionById.get(chosen.id)!;
      expect(option, `option ${chosen.id}`).toBeDefined();
      expect(chosen.parametros_grupos_id).toBe(option.parametros_grupos_id);
      expect(chosen.codigo).toBe(option.codigo);
      const size = sizeOf(l.modelo, option.parametros_grupos_id);
      expect(Number.isFinite(size), `${l.modelo} offers group ${option.parametros_grupos_id}`).toBe(true);
      const pvp = optionPriceCents(option.price_cents, size);
      const net = modelPrice(l).option(pvp);
      expect(chosen.price).toBe(net / 100);
      return { pvp, net };
    };
    const goods = new Map<number, number>();
    for (const l of lines)
      if (!l.porte) goods.set(l.pedido_id, (goods.get(l.pedido_id) ?? 0) + l.unped * l.precio_cents);
    const counts = { withOptions: 0, embroidered: 0, dependent: 0, shipping: 0, discounted: 0 };
    for (const l of lines) {
      if (l.porte) {
        // The shipping line, as ordering/shipping.ts writes it from the client's list: no model, one per order.
        counts.shipping++;
        expect(l).toMatchObject({ modelo: null, unped: 1, primary_line_id: null, config_key: '' });
        expect(l.precio_cents).toBe(l.porte_cents);
        expect(l.line_pvp_cents).toBe(l.porte_cents);
        expect(goods.get(l.pedido_id)).toBeLessThan(l.porte_gratis_desde_cents ?? Number.POSITIVE_INFINITY);
        expect(lines.filter((o) => o.porte && o.pedido_id === l.pedido_id)).toHaveLength(1);
        continue;
      }
      // 1 to 4, or 1 to 4 packs from the model's minimum (every path checks a line's quantity).
      const rule = { cantidad_minima: l.cantidad_minima ?? 1, multiplo: l.multiplo ?? 1 };
      expect(modelQuantityError(l.unped, rule), l.modelo).toBeNull();
      expect(l.unped).toBeGreaterThanOrEqual(1);
      expect(l.unped).toBeLessThanOrEqual(Math.max(4, firstValidQuantity(rule) + 3 * rule.multiplo));
      expect(ChosenOptionSnapshot.array().safeParse(l.parametros_color).success, `line ${l.id}`).toBe(true);
      if (l.parametros_bordado) expect(EmbroiderySnapshot.safeParse(l.parametros_bordado).success).toBe(true);
      if (l.primary_line_id != null) {
        // The embroidery surcharge: the embroidery option of the primary line, per unit, at the client's price.
        counts.dependent++;
        const primary = lineById.get(l.primary_line_id)!;
        expect(primary.pedido_id).toBe(l.pedido_id);
        expect(primary.primary_line_id).toBeNull();
        expect(l.modelo).toBe(primary.modelobordado);
        expect(l.unped).toBe(primary.unped);
        expect(l.parametros_bordado).toEqual(primary.parametros_bordado);
        expect(l.parametros_color).toHaveLength(1);
        expect(l.parametros_color[0].id).toBe(primary.parametros_bordado.parametro_id);
        const surcharge = optionCents(primary, l.parametros_color[0]);
        expect(surcharge.net).toBeGreaterThan(0);
        expect(l.precio_cents, `line ${l.id}`).toBe(surcharge.net);
        expect(l.line_pvp_cents, `line ${l.id}`).toBe(surcharge.pvp);
        expect(primary.parametros_bordado.price).toBe(surcharge.net / 100);
        continue;
      }
      const b = l.parametros_bordado;
      const price = modelPrice(l);
      let net = price.netCents;
      let pvp = price.pvpCents;
      for (const chosen of l.parametros_color as any[]) {
        const cents = optionCents(l, chosen);
        const embroidery = b && chosen.id === b.parametro_id;
        if (!(embroidery && cents.net > 0)) net += cents.net;
        if (!(embroidery && cents.pvp > 0)) pvp += cents.pvp;
      }
      expect(l.precio_cents, `line ${l.id}`).toBe(net);
      expect(l.line_pvp_cents, `line ${l.id}`).toBe(pvp);
      if (net < pvp) counts.discounted++;
      expect(l.config_key).toBe(
        configKey(
          l.modelo,
          (l.parametros_color as any[]).map((c) => c.id),
          b,
          l.nota,
        ),
      );
      if ((l.parametros_color as any[]).length) counts.withOptions++;
      if (b) {
        counts.embroidered++;
        expect(b.emb_style).toBe('Embird');
        expect([...b.name].length).toBeGreaterThan(0);
        expect([...b.name].length).toBeLessThanOrEqual(Math.min(15, b.letters));
        expect(b.letters).toBe(Math.min(15, optionById.get(b.parametro_id)!.letters));
        expect(
          options.some(
            (o) => o.parametros_grupos_id === 86 && o.id === b.emb_color_id && o.codigo === b.emb_color,
          ),
        ).toBe(true);
        const dependents = lines.filter((d) => d.primary_line_id === l.id);
        expect(dependents, `line ${l.id}`).toHaveLength(b.price > 0 ? 1 : 0);
        // The position with its English name, as the line builder stores it.
        const option = optionById.get(b.parametro_id)!;
        const named = positionNames({
          embroidery_position: option.embroidery_position,
          embroidery_position_en: option.embroidery_position_en,
        });
        if (b.position) expect(named).toContainEqual({ position: b.position, position_en: b.position_en });
        else expect(b.position_en).toBe('');
      }
    }
    // Orders of a list with a shipping rule carry the line exactly when their goods are below its free total.
    const orders = new Map(lines.map((l) => [l.pedido_id, l]));
    for (const [id, o] of orders) {
      const shipped = lines.some((l) => l.pedido_id === id && l.porte);
      const due =
        o.porte_cents > 0 && goods.get(id)! < (o.porte_gratis_desde_cents ?? Number.POSITIVE_INFINITY);
      expect(shipped, `order ${id}`).toBe(due);
    }
    expect(counts.withOptions).toBeGreaterThan(20);
    expect(counts.embroidered).toBeGreaterThan(0);
    expect(counts.dependent).toBeGreaterThan(0);
    expect(counts.shipping).toBeGreaterThan(0);
    expect(counts.discounted).toBeGreaterThan(20);
  });
});

describe('seedIfEmpty on a database that has data', () => {
  it('returns false and adds nothing', async () => {
    const before = await tableCounts();
    const files = fs.readdirSync(uploads).length;
    expect(await seedIfEmpty(database, storage, { now: NOW })).toBe(false);
    expect(await tableCounts()).toEqual(before);
    expect(fs.readdirSync(uploads).length).toBe(files);
  });
});
