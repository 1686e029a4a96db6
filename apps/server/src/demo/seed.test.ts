import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChosenOptionSnapshot, EmbroiderySnapshot, positionNames } from '@nido/contract';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/client.ts';
import { configKey } from '../platform/config-key.ts';
import { createStorage } from '../platform/create-storage.ts';
import { optionPriceCents } from '../platform/money.ts';
import { type Storage, storedName } from '../platform/storage.ts';
import { searchable } from '../platform/text.ts';
import { seedIfEmpty } from './seed.ts';

let database: Database;
let drop: () => Promise<void>;
let storage: Storage;
let uploads: string;
let dir: string;
let firstResult: boolean;
let seedMs: number;
// A "now" early in the year, so the six-month history spans two years of document numbers.
const NOW = new Date('2026-03-02T10:00:00Z');

const q = <T = Record<string, any>>(text: string, params?: unknown[]) => database.query<T>(text, params);

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
  ];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await q<{ n: number }>(`select count(*)::int as n from ${t}`))[0].n;
  return out;
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-seed-'));
  uploads = path.join(dir, 'uploads');
  storage = await createStorage({ kind: 'disk', dir: uploads });
  const started = performance.now();
  firstResult = await seedIfEmpty(database, storage, { now: NOW });
  seedMs = Math.round(performance.now() - started);
  console.log(`seedIfEmpty on ${database.kind}: ${seedMs} ms`);
});

afterAll(async () => {
  await drop?.();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('seedIfEmpty on an empty database', () => {
  it('reports that it seeded', () => {
    expect(firstResult).toBe(true);
  });

  it('creates the five demo logins with the password demo1234', async () => {
    const users = await q(
      `select u.email, u.name, u.role, u.language, u.active, u.password_hash, c.nomcome
         from users u left join clientes c on c.id = u.cliente_id order by u.email`,
    );
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(
      ['admin@nido.test', 'rep@nido.test', 'shop.b@nido.test', 'shop2@nido.test', 'shop@nido.test'].sort(),
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
    expect(byEmail['rep@nido.test']).toMatchObject({ role: 'Representante', nomcome: null });
    expect(users.every((u) => u.active)).toBe(true);
    expect(byEmail['shop@nido.test'].password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(byEmail['shop@nido.test'].password_hash, 'demo1234')).toBe(true);
    expect(await verify(byEmail['shop@nido.test'].password_hash, 'demo12345')).toBe(false);
  });

  it('assigns the representative to the first shop and one more client, not to the second shop', async () => {
    const rows = await q(
      `select c.nomcome from clientes c join users r on r.id = c.representante_id
        where r.email = 'rep@nido.test' order by c.nomcome`,
    );
    const names = rows.map((r) => r.nomcome);
    expect(names).toHaveLength(2);
    expect(names).toContain('Bebés del Sur');
    const [shop2] = await q(
      `select c.representante_id from clientes c join users u on u.cliente_id = c.id where u.email = 'shop2@nido.test'`,
    );
    expect(shop2.representante_id).toBeNull();
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
              m.modelobordado, m.search_text,
              (select count(*)::int from coleccion_modelos cm where cm.modelos_modelo = m.modelo) as collections,
              (select count(*)::int from modelo_grupos mg where mg.modelos_modelo = m.modelo) as groups
         from modelos m`,
    );
    expect(models.length).toBeGreaterThanOrEqual(40);
    const families = new Set(models.map((m) => m.familia));
    for (let f = 1; f <= 7; f++) expect(families.has(f)).toBe(true);
    expect(models.filter((m) => m.familia > 7).length).toBeGreaterThanOrEqual(3);
    expect(models.filter((m) => m.baja)).toHaveLength(2);
    expect(models.filter((m) => m.collections === 0)).toHaveLength(3);
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

  it('creates an order history for both shops with pending and processed or bought orders, and no carts', async () => {
    const rows = await q(
      `select c.nomcome, p.status, count(*)::int as n,
              min((select count(*) from pedido_lineas l where l.pedido_id = p.id and l.primary_line_id is null and not l.porte))::int as min_lines,
              max((select count(*) from pedido_lineas l where l.pedido_id = p.id and l.primary_line_id is null and not l.porte))::int as max_lines
         from pedidos p join clientes c on c.id = p.cliente_id group by c.nomcome, p.status`,
    );
    expect(rows.some((r) => r.status === 'c')).toBe(false);
    const shops = new Set(rows.map((r) => r.nomcome));
    expect(shops.size).toBe(2);
    for (const shop of shops) {
      const of = (status: string) => rows.find((r) => r.nomcome === shop && r.status === status)?.n ?? 0;
      expect(of('w'), shop).toBeGreaterThanOrEqual(2);
      expect(of('p') + of('e'), shop).toBeGreaterThanOrEqual(8);
    }
    for (const r of rows) {
      expect(r.min_lines).toBeGreaterThanOrEqual(1);
      expect(r.max_lines).toBeLessThanOrEqual(5);
    }
    const orders = await q(
      `select p.id, p.docum, p.tipodoc, p.status, p.fecha_pedido, u.role, u.cliente_id = p.cliente_id as own
         from pedidos p join users u on u.id = p.submitted_by`,
    );
    for (const o of orders) {
      expect(o.docum).toMatch(/^\d{4}-\d{6}$/);
      expect(o.tipodoc).toBe('E');
      expect(new Date(o.fecha_pedido).getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(new Date(o.fecha_pedido).getTime()).toBeGreaterThan(NOW.getTime() - 190 * 86_400_000);
      expect(o).toMatchObject({ role: 'Cliente', own: true });
    }
    expect(orders.some((o) => o.status === 'p')).toBe(true);
    expect(orders.some((o) => o.status === 'e')).toBe(true);
    // Every status change is recorded and ends in the order's status.
    const history = await q(
      `select p.id, p.status, (select h.status from pedido_status_history h where h.pedido_id = p.id order by h.at desc, h.id desc limit 1) as last,
              (select count(*)::int from pedido_status_history h where h.pedido_id = p.id) as changes
         from pedidos p`,
    );
    for (const h of history) {
      expect(h.last).toBe(h.status);
      expect(h.changes).toBe({ w: 1, p: 2, e: 3 }[h.status as 'w' | 'p' | 'e']);
    }
  });

  it('keeps the document counters at the highest number used per year', async () => {
    const counters = await q<{ year: number; last: number }>(
      'select year, last from docum_counters order by year',
    );
    const used = await q<{ year: number; last: number }>(
      `select split_part(docum, '-', 1)::int as year, max(split_part(docum, '-', 2)::int) as last
         from pedidos group by 1 order by 1`,
    );
    expect(counters).toEqual(used);
    expect(used.length).toBe(2); // the history crosses new year
  });

  it('prices and snapshots every line as the server does (embroidery surcharge on a dependent 0802 line)', async () => {
    const lines = await q(
      `select l.id, l.pedido_id, l.modelo, l.precio_cents, l.pvp_cents as line_pvp_cents, l.unped,
              l.parametros_color, l.parametros_bordado,
              l.primary_line_id, l.porte, l.config_key, l.nota, m.pvp_cents, m.modelobordado
         from pedido_lineas l left join modelos m on m.modelo = l.modelo order by l.id`,
    );
    const options = await q(
      'select id, parametros_grupos_id, codigo, price_cents, letters, embroidery_position, embroidery_position_en from parametros',
    );
    const sizes = await q('select modelos_modelo, parametros_grupos_id, size from modelo_grupos');
    const optionById = new Map(options.map((o) => [o.id, o]));
    const lineById = new Map(lines.map((l) => [l.id, l]));
    const sizeOf = (modelo: string, grupo: number) =>
      Number(sizes.find((s) => s.modelos_modelo === modelo && s.parametros_grupos_id === grupo)?.size);
    /** Catalogue price of a chosen option for a model, cents; checks the snapshot on the way. */
    const optionCents = (modelo: string, chosen: any) => {
      const option = optionById.get(chosen.id)!;
      expect(option, `option ${chosen.id}`).toBeDefined();
      expect(chosen.parametros_grupos_id).toBe(option.parametros_grupos_id);
      expect(chosen.codigo).toBe(option.codigo);
      const size = sizeOf(modelo, option.parametros_grupos_id);
      expect(Number.isFinite(size), `${modelo} offers group ${option.parametros_grupos_id}`).toBe(true);
      const cents = optionPriceCents(option.price_cents, size);
      expect(chosen.price).toBe(cents / 100);
      return cents;
    };
    const counts = { withOptions: 0, embroidered: 0, dependent: 0, shipping: 0 };
    for (const l of lines) {
      if (l.porte) {
        // The shipping line, as ordering/shipping.ts writes it: no model, one per order.
        counts.shipping++;
        expect(l).toMatchObject({ modelo: null, unped: 1, primary_line_id: null, config_key: '' });
        expect(lines.filter((o) => o.porte && o.pedido_id === l.pedido_id)).toHaveLength(1);
        continue;
      }
      expect(l.unped).toBeGreaterThanOrEqual(1);
      expect(l.unped).toBeLessThanOrEqual(4);
      // No demo client has a price list: every line's PVP is its price (no "PVP 0,00 €" on screen).
      expect(l.line_pvp_cents, `line ${l.id}`).toBe(l.precio_cents);
      expect(ChosenOptionSnapshot.array().safeParse(l.parametros_color).success, `line ${l.id}`).toBe(true);
      if (l.parametros_bordado) expect(EmbroiderySnapshot.safeParse(l.parametros_bordado).success).toBe(true);
      if (l.primary_line_id != null) {
        // The embroidery surcharge: the embroidery option of the primary line, per unit.
        counts.dependent++;
        const primary = lineById.get(l.primary_line_id)!;
        expect(primary.pedido_id).toBe(l.pedido_id);
        expect(primary.primary_line_id).toBeNull();
        expect(l.modelo).toBe(primary.modelobordado);
        expect(l.unped).toBe(primary.unped);
        expect(l.parametros_bordado).toEqual(primary.parametros_bordado);
        expect(l.parametros_color).toHaveLength(1);
        expect(l.parametros_color[0].id).toBe(primary.parametros_bordado.parametro_id);
        const surcharge = optionCents(primary.modelo, l.parametros_color[0]);
        expect(surcharge).toBeGreaterThan(0);
        expect(l.precio_cents, `line ${l.id}`).toBe(surcharge);
        expect(primary.parametros_bordado.price).toBe(surcharge / 100);
        continue;
      }
      const b = l.parametros_bordado;
      let expected = l.pvp_cents;
      for (const chosen of l.parametros_color as any[]) {
        const cents = optionCents(l.modelo, chosen);
        if (!(b && chosen.id === b.parametro_id && cents > 0)) expected += cents;
      }
      expect(l.precio_cents, `line ${l.id}`).toBe(expected);
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
    expect(counts.withOptions).toBeGreaterThan(20);
    expect(counts.embroidered).toBeGreaterThan(0);
    expect(counts.dependent).toBeGreaterThan(0);
    expect(counts.shipping).toBeGreaterThan(0);
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
