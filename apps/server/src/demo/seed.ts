/**
 * Demo data: seeds the catalogue of demo-data.ts, its price lists, generated product images, five
 * demo logins, a season of orders (every status, invoiced once processed or bought) and a cart in
 * progress into an EMPTY database (no users). The rows are built in memory
 * first (explicit ids, deterministic pseudo-random choices), the images rendered and stored, then
 * everything is inserted in one transaction; serial sequences are moved past the explicit ids.
 */

import {
  EMBROIDERY_NAME_MAX,
  firstValidQuantity,
  madridIsoDay,
  positionNames,
  ratesInBasisPoints,
  ratesOn,
  SALE_STATUSES,
  SHIPPING_LINE_DESCRIPTION,
} from '@nido/contract';
import { hash } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { type PriceListTerms, pricesOf } from '../domains/catalogue/index.ts';
import { configKey } from '../platform/config-key.ts';
import { optionPriceCents, snapshotEuros } from '../platform/money.ts';
import type { Storage } from '../platform/storage.ts';
import { searchable } from '../platform/text.ts';
import {
  DEMO_CART,
  DEMO_CLIENTS,
  DEMO_COLLECTIONS,
  DEMO_GROUPS,
  DEMO_HISTORIES,
  DEMO_MODEL_SECTIONS,
  DEMO_MODELS,
  DEMO_PASSWORD,
  DEMO_PRICE_LISTS,
  DEMO_SEASONS,
  DEMO_USERS,
  type DemoAddress,
  type DemoClient,
  type DemoModel,
  type DemoOption,
  type DemoPriceList,
  EMBROIDERY_GROUP_ID,
  EMBROIDERY_INITIALS,
  EMBROIDERY_MODELO,
  EMBROIDERY_NAMES,
  EMBROIDERY_NAMES_DATES,
  EMBROIDERY_OPTIONS_GROUP_ID,
  FABRIC_GROUP_ID,
  LINE_NOTES,
  ORDER_NOTES,
  ORDER_REFERENCES,
  PIQUE_GROUP_ID,
  WOOD_GROUP_ID,
} from './demo-data.ts';
import { collectionSvg, productSvg, type RenderedImage, renderSvg } from './demo-images.ts';

export interface SeedOptions {
  /** "Now" for the order history (default: the real time). */
  now?: Date;
  /** Receives one line per phase with its duration (the CLI prints them). */
  log?: (line: string) => void;
}

/** Any constant: serialises concurrent seeders (two processes starting on one PostgreSQL). */
const SEED_LOCK_KEY = 6_150_726;

/** Seeds the demo data into an empty database (no users); returns whether it did. */
export async function seedIfEmpty(
  database: Database,
  storage: Storage,
  options: SeedOptions = {},
): Promise<boolean> {
  if (!(await isEmpty(database.db))) return false;
  const log = options.log ?? (() => {});
  let t = performance.now();
  const lap = (what: string) => {
    const now = performance.now();
    log(`${what}: ${Math.round(now - t)} ms`);
    t = now;
  };

  const plan = buildPlan(options.now ?? new Date());
  const [hashes, stored] = await Promise.all([
    Promise.all(DEMO_USERS.map(() => hash(DEMO_PASSWORD))),
    renderAndStore(plan.images, storage),
  ]);
  lap(`passwords and ${plan.images.length} images`);

  const files = stored.flatMap((i) => [i.url_img, i.thumb_url]);
  let seeded = false;
  try {
    seeded = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (!(await isEmpty(tx))) return false;
      await insertPlan(tx, plan, hashes, stored);
      return true;
    });
  } finally {
    if (!seeded) await Promise.all(files.map((f) => storage.remove(f)));
  }
  lap('database rows');
  return seeded;
}

async function isEmpty(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: s.users.id }).from(s.users).limit(1);
  return rows.length === 0;
}

// ── The plan: every row, built in memory ──────────────────────────────────────────────────────

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

interface ImageJob {
  svg: string;
  /** Either a model image or a collection image. */
  modelo?: string;
  color0?: string | null;
  principal?: boolean;
  colecciones_id?: number;
  initial?: boolean;
}

interface StoredImage {
  url_img: string;
  thumb_url: string;
}

interface Plan {
  tarifas: Array<Insert<typeof s.tarifas>>;
  tarifaDescuentos: Array<Insert<typeof s.tarifa_descuentos>>;
  tarifaPrecios: Array<Insert<typeof s.tarifa_precios>>;
  clientes: Array<Insert<typeof s.clientes>>;
  direcciones: Array<Insert<typeof s.cliente_direcciones>>;
  representedClienteIds: number[];
  users: Array<Omit<Insert<typeof s.users>, 'password_hash'>>;
  repUserId: number;
  grupos: Array<Insert<typeof s.parametros_grupos>>;
  parametroSections: Array<Insert<typeof s.parametro_sections>>;
  parametros: Array<Insert<typeof s.parametros>>;
  sectionModels: Array<Insert<typeof s.section_models>>;
  colecciones: Array<Insert<typeof s.colecciones>>;
  modelos: Array<Insert<typeof s.modelos>>;
  coleccionModelos: Array<Insert<typeof s.coleccion_modelos>>;
  modeloGrupos: Array<Insert<typeof s.modelo_grupos>>;
  images: ImageJob[];
  pedidos: Array<Insert<typeof s.pedidos>>;
  lineas: Array<Insert<typeof s.pedido_lineas>>;
  history: Array<Insert<typeof s.pedido_status_history>>;
  counters: Array<Insert<typeof s.docum_counters>>;
  facturas: Array<Insert<typeof s.facturas>>;
  invoiceCounters: Array<Insert<typeof s.invoice_counters>>;
  audit: Array<Insert<typeof s.audit_log>>;
}

interface OptionRow extends DemoOption {
  id: number;
  grupoId: number;
}

function buildPlan(now: Date): Plan {
  const random = mulberry32(20_261_122);

  // People, their price lists and delivery addresses
  const tarifaId = idsByKey(DEMO_PRICE_LISTS, (l) => l.key);
  const tarifas = DEMO_PRICE_LISTS.map((l, i) => ({
    id: i + 1,
    nombre: l.nombre,
    descuento_bp: l.descuento_bp,
    porte_cents: l.porte_cents ?? null,
    porte_gratis_desde_cents: l.porte_gratis_desde_cents ?? null,
    pedido_minimo_primero_cents: l.pedido_minimo_primero_cents ?? null,
    pedido_minimo_cents: l.pedido_minimo_cents ?? null,
  }));
  const clienteId = idsByKey(DEMO_CLIENTS, (c) => c.key);
  const clientes = DEMO_CLIENTS.map(
    (
      { key: _key, rep: _rep, tarifa, direcciones: _direcciones, activo, regimen_fiscal, descuento_bp, ...c },
      i,
    ) => ({
      id: i + 1,
      ...c,
      regimen_fiscal: regimen_fiscal ?? 'recargo',
      tarifa_id: tarifaId.get(tarifa)!,
      descuento_bp: descuento_bp ?? 0,
      activo: activo ?? true,
      search_text: searchable(c.nomcome, c.nombre, c.cif, c.email, c.poblacion),
    }),
  );
  // Each client's fiscal address is its default delivery address; some have another one.
  const direcciones = DEMO_CLIENTS.flatMap((c) =>
    [{ ...c, nombre: c.nomcome }, ...(c.direcciones ?? [])].map((a, i) => ({
      cliente_id: clienteId.get(c.key)!,
      ...addressCopy(a),
      predeterminada: i === 0,
    })),
  ).map((a, i) => ({ id: i + 1, ...a }));
  const users = DEMO_USERS.map((u, i) => ({
    id: i + 1,
    email: u.email,
    name: u.name,
    role: u.role,
    cliente_id: u.cliente ? clienteId.get(u.cliente)! : null,
    language: u.language,
  }));
  const userId = (email: string) => users.find((u) => u.email === email)!.id;
  const repUserId = userId('rep@nido.test');
  const representedClienteIds = DEMO_CLIENTS.filter((c) => c.rep).map((c) => clienteId.get(c.key)!);

  // Option groups, their sections and options
  const grupos = DEMO_GROUPS.map((g) => ({
    id: g.id,
    nombre: g.nombre,
    nombre_en: g.nombre_en,
    activado: g.activado ?? true,
    size: g.size ?? 1,
  }));
  const parametroSections: Plan['parametroSections'] = [];
  const parametros: Plan['parametros'] = [];
  const options = new Map<number, OptionRow[]>();
  for (const g of DEMO_GROUPS) {
    const sectionId = new Map<string, number>();
    for (const [i, sec] of (g.sections ?? []).entries()) {
      const id = parametroSections.length + 1;
      sectionId.set(sec.key, id);
      parametroSections.push({
        id,
        parametros_grupos_id: g.id,
        name: sec.name,
        name_en: sec.name_en,
        position: i,
      });
    }
    const positions = new Map<string, number>();
    const rows: OptionRow[] = [];
    for (const o of g.options) {
      const id = parametros.length + 1;
      const sectionKey = o.section ?? '';
      const position = positions.get(sectionKey) ?? 0;
      positions.set(sectionKey, position + 1);
      parametros.push({
        id,
        parametros_grupos_id: g.id,
        codigo: o.codigo,
        nombre: o.nombre,
        nombre_en: o.nombre_en,
        color: o.color ?? null,
        price_cents: o.price_cents ?? 0,
        letters: o.letters ?? 0,
        embroidery_color: o.embroidery_color ?? false,
        embroidery_position: o.embroidery_position ?? '',
        embroidery_position_en: o.embroidery_position_en ?? '',
        activado: o.activado ?? true,
        position,
        section_id: o.section ? sectionId.get(o.section)! : null,
      });
      rows.push({ ...o, id, grupoId: g.id });
    }
    options.set(g.id, rows);
  }
  const groupById = new Map(DEMO_GROUPS.map((g) => [g.id, g]));
  const activeOptions = (grupoId: number) => options.get(grupoId)!.filter((o) => o.activado !== false);

  const sectionModels = DEMO_MODEL_SECTIONS.map((m) => ({ id: m.id, name: m.name, name_en: m.name_en }));
  const sectionModelId = new Map<string, number>(DEMO_MODEL_SECTIONS.map((m) => [m.key, m.id]));

  // Collections
  const coleccionId = idsByKey(DEMO_COLLECTIONS, (c) => c.coleccion);
  // The windows' days counted from the seed's day (Madrid), so each season keeps its kind.
  const dayFrom = (days: number | null) =>
    days == null ? null : madridIsoDay(new Date(now.getTime() + days * 86_400_000));
  const colecciones = DEMO_COLLECTIONS.map(({ images: _images, pedido, entrega, ...c }, i) => ({
    id: i + 1,
    ...c,
    position: i,
    pedido_desde: dayFrom(pedido?.[0] ?? null),
    pedido_hasta: dayFrom(pedido?.[1] ?? null),
    entrega_desde: dayFrom(entrega?.[0] ?? null),
    entrega_hasta: dayFrom(entrega?.[1] ?? null),
  }));

  const tarifaDescuentos = DEMO_PRICE_LISTS.flatMap((l) => [
    ...(l.colecciones ?? []).map(([c, bp]) => ({
      tarifa_id: tarifaId.get(l.key)!,
      colecciones_id: coleccionId.get(c)!,
      descuento_bp: bp,
    })),
    ...(l.familias ?? []).map(([familia, bp]) => ({
      tarifa_id: tarifaId.get(l.key)!,
      familia,
      descuento_bp: bp,
    })),
  ]);
  const tarifaPrecios = DEMO_PRICE_LISTS.flatMap((l) =>
    (l.precios ?? []).map(([modelo, precio_cents]) => ({
      tarifa_id: tarifaId.get(l.key)!,
      modelo,
      precio_cents,
    })),
  );

  // Models, their collections, groups and images
  const modelos: Plan['modelos'] = [];
  const coleccionModelos: Plan['coleccionModelos'] = [];
  const modeloGrupos: Plan['modeloGrupos'] = [];
  const images: ImageJob[] = [];
  const collectionPositions = new Map<string, number>();
  for (const [index, m] of DEMO_MODELS.entries()) {
    modelos.push({
      modelo: m.modelo,
      descripcion: m.descripcion,
      descripcion_en: m.descripcion_en,
      pvp_cents: m.pvp_cents,
      personalizado: m.personalizado ?? 1,
      modelobordado: EMBROIDERY_MODELO,
      familia: m.familia,
      baja: m.baja ?? false,
      cantidad_minima: m.cantidad_minima ?? 1,
      multiplo: m.multiplo ?? 1,
      grupo_rejilla_id: m.grupo_rejilla_id ?? null,
      search_text: searchable(m.modelo, m.descripcion, m.descripcion_en),
    });
    for (const c of m.colecciones) {
      const position = collectionPositions.get(c) ?? 0;
      collectionPositions.set(c, position + 1);
      coleccionModelos.push({ colecciones_id: coleccionId.get(c)!, modelos_modelo: m.modelo, position });
    }
    for (const [position, mg] of m.grupos.entries()) {
      modeloGrupos.push({
        modelos_modelo: m.modelo,
        parametros_grupos_id: mg.id,
        position,
        section_models_id: mg.section ? sectionModelId.get(mg.section)! : null,
        size: mg.size ?? 1,
      });
    }
    // One image per colour of the model's fabric group (2-4 of them); the first is the main image.
    const colourGroup = m.grupos.find((mg) =>
      [FABRIC_GROUP_ID, PIQUE_GROUP_ID, WOOD_GROUP_ID].includes(mg.id),
    );
    const colours = colourGroup ? activeOptions(colourGroup.id).filter((o) => o.color) : [];
    if (colours.length >= 2) {
      const count = Math.min(2 + (index % 3), colours.length);
      const step = Math.max(1, Math.floor(colours.length / count));
      for (let i = 0; i < count; i++) {
        const o = colours[(index + i * step) % colours.length];
        images.push({
          svg: productSvg({ familia: m.familia, color: o.color!, modelo: m.modelo, label: o.nombre }),
          modelo: m.modelo,
          color0: o.codigo,
          principal: i === 0,
        });
      }
    } else {
      for (const [i, color] of ['#d9c8a9', '#9db3c8'].entries()) {
        images.push({
          svg: productSvg({ familia: m.familia, color, modelo: m.modelo }),
          modelo: m.modelo,
          color0: null,
          principal: i === 0,
        });
      }
    }
  }
  for (const c of DEMO_COLLECTIONS) {
    const familias = [
      ...new Set(DEMO_MODELS.filter((m) => m.colecciones.includes(c.coleccion)).map((m) => m.familia)),
    ];
    for (const [i, color] of c.images.entries()) {
      images.push({
        svg: collectionSvg({
          color,
          nombre: c.nombre,
          coleccion: c.coleccion,
          familias: rotate(familias, i),
        }),
        colecciones_id: coleccionId.get(c.coleccion)!,
        initial: i === 0,
      });
    }
  }

  // Orders: each client's season, priced exactly as the server prices a line for it (its price
  // list and own discount: catalogue pricing.ts), taxed as processOrder taxes a submission,
  // shipped by its list's rule (ordering/shipping.ts) and invoiced in the yearly series.
  const visible = new Set(
    DEMO_COLLECTIONS.filter((c) => c.activado && !c.solorepresentantes).map((c) => c.coleccion),
  );
  const orderable = DEMO_MODELS.filter(
    (m) => !m.baja && m.familia <= 7 && m.colecciones.some((c) => visible.has(c)),
  );
  const embroiderable = orderable.filter((m) => m.grupos.some((g) => g.id === EMBROIDERY_OPTIONS_GROUP_ID));
  const modelByCode = new Map(DEMO_MODELS.map((m) => [m.modelo, m]));
  const adminId = userId('admin@nido.test');
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const yearOf = (at: Date) => Number(madridIsoDay(at).slice(0, 4));
  const listOf = (c: DemoClient) => DEMO_PRICE_LISTS.find((l) => l.key === c.tarifa)!;
  const pricesOfClient = new Map(
    DEMO_CLIENTS.map((c) => [clienteId.get(c.key)!, pricesOf(listTerms(listOf(c)), c.descuento_bp ?? 0)]),
  );

  interface Draft {
    cliente: DemoClient;
    submitted_by: number;
    fecha: Date;
    status: 'w' | 'p' | 'e';
  }
  const drafts: Draft[] = [];
  for (const h of DEMO_HISTORIES) {
    const cliente = DEMO_CLIENTS.find((c) => c.key === h.cliente)!;
    const by = h.by.map(userId);
    const at = (daysAgo: number) => {
      const d = new Date(now.getTime() - daysAgo * DAY);
      d.setUTCHours(between(7, 17), between(0, 59), between(0, 59), 0);
      return d.getTime() < now.getTime() ? d : new Date(now.getTime() - between(1, 5) * HOUR);
    };
    for (let i = 0; i < h.past; i++) {
      const daysAgo = Math.round(176 - (i * 158) / Math.max(1, h.past - 1)) + between(-3, 3);
      drafts.push({
        cliente,
        submitted_by: by[i % by.length],
        fecha: at(daysAgo),
        status: daysAgo > 45 ? 'e' : 'p',
      });
    }
    for (let i = 0; i < h.pending; i++) {
      drafts.push({ cliente, submitted_by: by[(h.past + i) % by.length], fecha: at(9 - i * 4), status: 'w' });
    }
  }
  drafts.sort((a, b) => a.fecha.getTime() - b.fecha.getTime());

  const pedidos: Plan['pedidos'] = [];
  const lineas: Plan['lineas'] = [];
  const history: Plan['history'] = [];
  const facturas: Plan['facturas'] = [];
  const counters = new Map<number, number>();
  const embroideryColours = activeOptions(EMBROIDERY_GROUP_ID);
  // The activity log the services write with each change (platform/audit.ts): staff acting for a
  // client name that client.
  const auditLog: Plan['audit'] = [];
  const roleOf = new Map(users.map((u) => [u.id, u.role]));
  const audit = (
    at: Date,
    userId: number,
    clienteId: number,
    entry: { action: string; entity: string; entity_id: number; details: unknown },
  ) =>
    auditLog.push({
      at,
      user_id: userId,
      acting_cliente_id: roleOf.get(userId) === 'Cliente' ? null : clienteId,
      ...entry,
      entity_id: String(entry.entity_id),
    });

  /** The lines of one order (or the cart), as orders/line-builder.ts builds them, and its shipping line. */
  const addLines = (
    pedidoId: number,
    cliente: DemoClient,
    models: DemoModel[],
    embroider: (m: DemoModel) => boolean,
    lineAt: () => Date,
    createdBy: () => number,
  ) => {
    const prices = pricesOfClient.get(clienteId.get(cliente.key)!)!;
    const line = (values: Omit<Insert<typeof s.pedido_lineas>, 'id' | 'pedido_id'>) => {
      const id = lineas.length + 1;
      lineas.push({ id, pedido_id: pedidoId, ...values });
      return id;
    };
    let goods = 0;
    let last = new Date(0);
    for (const m of models) {
      const price = prices.model(m);
      const wantEmbroidery = embroider(m);
      const chosen = m.grupos.map((mg) => {
        const list = activeOptions(mg.id);
        const option =
          mg.id !== EMBROIDERY_OPTIONS_GROUP_ID
            ? list[between(0, list.length - 1)]
            : wantEmbroidery
              ? pick(list.filter((o) => (o.letters ?? 0) > 0))
              : random() < 0.4
                ? list[0]
                : list[between(0, list.length - 1)];
        const pvpCents = optionPriceCents(option.price_cents ?? 0, mg.size ?? 1);
        // The client's price of the option: its surcharge less the model's discount (pricing.ts).
        return { option, group: groupById.get(mg.id)!, pvpCents, cents: price.option(pvpCents) };
      });
      const snapshotOf = (c: (typeof chosen)[number]) => ({
        parametros_grupos_id: c.group.id,
        grupo: c.group.nombre,
        grupo_en: c.group.nombre_en,
        id: c.option.id,
        codigo: c.option.codigo,
        nombre: c.option.nombre,
        nombre_en: c.option.nombre_en,
        color: c.option.color ?? null,
        price: snapshotEuros(c.cents),
      });
      // As the server builds a line: the embroidery option is the first one asking for letters, a
      // colour or a position; its surcharge (at the client's price) is billed on a dependent line.
      const emb = chosen.find(
        (c) =>
          (c.option.letters ?? 0) > 0 ||
          c.option.embroidery_color ||
          (c.option.embroidery_position ?? '') !== '',
      );
      const surcharge = emb ? emb.cents : 0;
      const pvpSurcharge = emb ? emb.pvpCents : 0;
      let bordado: Record<string, unknown> | null = null;
      if (emb) {
        const o = emb.option;
        const letters = Math.min(EMBROIDERY_NAME_MAX, o.letters ?? 0);
        const names =
          letters <= 3 ? EMBROIDERY_INITIALS : letters <= 12 ? EMBROIDERY_NAMES : EMBROIDERY_NAMES_DATES;
        const colour = o.embroidery_color ? pick(embroideryColours) : null;
        const positions = positionNames({
          embroidery_position: o.embroidery_position ?? '',
          embroidery_position_en: o.embroidery_position_en,
        });
        const position = positions.length ? pick(positions) : null;
        bordado = {
          with_custom: 0,
          name: letters > 0 ? pick(names.filter((n) => [...n].length <= letters)) : '',
          emb_style: letters > 0 ? 'Embird' : '',
          emb_color: colour?.codigo ?? '',
          emb_color_id: colour?.id ?? null,
          emb_color_name: colour?.nombre ?? '',
          emb_color_name_en: colour?.nombre_en ?? '',
          emb_color_hex: colour?.color ?? null,
          position: position?.position ?? '',
          position_en: position?.position_en ?? '',
          letters,
          parametro_id: o.id,
          parametros_grupos_id: emb.group.id,
          name_option: o.nombre,
          name_option_en: o.nombre_en,
          group: emb.group.nombre,
          group_en: emb.group.nombre_en,
          price: snapshotEuros(surcharge),
        };
      }
      // contract linePrice: the base and every option but a surcharged embroidery, net and at PVP.
      const sum = (base: number, cents: (c: (typeof chosen)[number]) => number, skip: boolean) =>
        chosen.filter((c) => !(skip && c === emb)).reduce((total, c) => total + cents(c), base);
      const precio = sum(price.netCents, (c) => c.cents, surcharge > 0);
      const pvp = sum(price.pvpCents, (c) => c.pvpCents, pvpSurcharge > 0);
      // 1 to 4 units, or as many packs above the model's minimum (as every path checks).
      const packs = between(1, 4);
      const rule = { cantidad_minima: m.cantidad_minima ?? 1, multiplo: m.multiplo ?? 1 };
      const unped = rule.multiplo > 1 ? firstValidQuantity(rule) + rule.multiplo * (packs - 1) : packs;
      const nota = random() < 0.2 ? pick(LINE_NOTES) : '';
      const at = lineAt();
      if (at > last) last = at;
      const by = createdBy();
      const primaryId = line({
        modelo: m.modelo,
        descripcion: m.descripcion,
        descripcion_en: m.descripcion_en,
        unped,
        precio_cents: precio,
        pvp_cents: pvp,
        parametros_color: chosen.map(snapshotOf),
        parametros_bordado: bordado,
        nota,
        porte: false,
        config_key: configKey(
          m.modelo,
          chosen.map((c) => c.option.id),
          bordado,
          nota,
        ),
        created_by: by,
        created_at: at,
      });
      goods += unped * precio;
      let dependentId: number | null = null;
      if (emb && surcharge > 0) {
        const service = modelByCode.get(EMBROIDERY_MODELO)!;
        dependentId = line({
          modelo: service.modelo,
          descripcion: service.descripcion,
          descripcion_en: service.descripcion_en,
          unped,
          precio_cents: surcharge,
          pvp_cents: pvpSurcharge,
          parametros_color: [snapshotOf(emb)],
          parametros_bordado: bordado,
          nota: '',
          primary_line_id: primaryId,
          porte: false,
          config_key: '',
          created_by: by,
          created_at: at,
        });
        goods += unped * surcharge;
      }
      audit(at, by, clienteId.get(cliente.key)!, {
        action: 'pedido.lineadd',
        entity: 'linea',
        entity_id: primaryId,
        details: {
          pedido_id: pedidoId,
          modelo: m.modelo,
          unped,
          precio_cents: precio,
          dependent_id: dependentId,
          dependent_precio_cents: dependentId ? surcharge : null,
        },
      });
    }
    // As syncShippingLine leaves it after the last change: the list's charge below its free total.
    const rule = listOf(cliente);
    if (
      rule.porte_cents &&
      (rule.porte_gratis_desde_cents == null || goods < rule.porte_gratis_desde_cents)
    ) {
      line({
        modelo: null,
        ...SHIPPING_LINE_DESCRIPTION,
        unped: 1,
        precio_cents: rule.porte_cents,
        pvp_cents: rule.porte_cents,
        parametros_color: [],
        parametros_bordado: null,
        nota: '',
        porte: true,
        config_key: '',
        created_by: null,
        created_at: last,
      });
    }
  };

  const invoices: Array<{ pedido_id: number; at: Date }> = [];
  const placeOrder = (draft: Draft, index: number, invoice: boolean) => {
    const pedidoId = index + 1;
    const cid = clienteId.get(draft.cliente.key)!;
    const year = yearOf(draft.fecha);
    const number = (counters.get(year) ?? 0) + 1;
    counters.set(year, number);
    const createdAt = new Date(draft.fecha.getTime() - between(1, 72) * HOUR);

    // Status history: the cart is submitted (c → w); an admin processes it (w → p) and marks it
    // bought (p → e), invoicing it then; a processed order is sometimes invoiced already.
    const changes: Array<{ from: string | null; to: string; at: Date; by: number }> = [
      { from: 'c', to: 'w', at: draft.fecha, by: draft.submitted_by },
    ];
    if (draft.status !== 'w') {
      const processed = new Date(draft.fecha.getTime() + between(18, 60) * HOUR);
      changes.push({ from: 'w', to: 'p', at: processed, by: adminId });
      const invoiced = new Date(processed.getTime() + between(2, 30) * HOUR);
      if (draft.status === 'p' && random() < 0.5 && invoiced < now && invoice)
        invoices.push({ pedido_id: pedidoId, at: invoiced });
    }
    if (draft.status === 'e') {
      const bought = new Date(draft.fecha.getTime() + between(5, 12) * DAY);
      changes.push({ from: 'p', to: 'e', at: bought, by: adminId });
      if (invoice)
        invoices.push({ pedido_id: pedidoId, at: new Date(bought.getTime() + between(1, 4) * HOUR) });
    }
    const docum = `${year}-${String(number).padStart(6, '0')}`;
    for (const c of changes) {
      history.push({ pedido_id: pedidoId, from_status: c.from, status: c.to, user_id: c.by, at: c.at });
      audit(
        c.at,
        c.by,
        cid,
        c.from === 'c'
          ? { action: 'pedido.process', entity: 'pedido', entity_id: pedidoId, details: { docum } }
          : { action: 'status', entity: 'pedido', entity_id: pedidoId, details: { from: c.from, to: c.to } },
      );
    }

    // The delivery address chosen, copied (processOrder): mostly the default one.
    const addresses = direcciones.filter((d) => d.cliente_id === cid);
    const address = addresses.length > 1 && index % 3 === 0 ? addresses[1] : addresses[0];
    const referencia =
      random() < 0.35
        ? `${pick(ORDER_REFERENCES)}${year % 100}${String(between(10, 999)).padStart(3, '0')}`
        : '';
    const fecha_entrega =
      random() < 0.25 ? madridIsoDay(new Date(draft.fecha.getTime() + between(10, 30) * DAY)) : null;
    pedidos.push({
      id: pedidoId,
      docum,
      tipodoc: 'E',
      status: draft.status,
      cliente_id: cid,
      nota: index % 3 === 0 ? pick(ORDER_NOTES) : '',
      fecha_pedido: draft.fecha,
      submitted_by: draft.submitted_by,
      // Taxed as processOrder taxes a submission: the client's regime, the day's rates.
      regimen_fiscal: clientes[cid - 1].regimen_fiscal,
      ...ratesInBasisPoints(ratesOn(madridIsoDay(draft.fecha))),
      referencia,
      fecha_entrega,
      entrega: addressCopy(address),
      created_at: createdAt,
      updated_at: changes[changes.length - 1].at,
    });

    // A pending (the newest) order starts with an embroidered model, so "Last purchases" shows some.
    const chosenModels = new Set<DemoModel>();
    const first = draft.status === 'w' ? pick(embroiderable) : null;
    if (first) chosenModels.add(first);
    const primaryCount = between(1, 5);
    while (chosenModels.size < primaryCount) chosenModels.add(pick(orderable));
    addLines(
      pedidoId,
      draft.cliente,
      [...chosenModels],
      (m) => m === first,
      () => new Date(createdAt.getTime() + random() * (draft.fecha.getTime() - createdAt.getTime())),
      () => draft.submitted_by,
    );
  };
  for (const [index, draft] of drafts.entries()) placeOrder(draft, index, true);

  // The cart in progress: embroidered lines (and one plain line), added over the last hours.
  {
    const cart = DEMO_CART;
    const cliente = DEMO_CLIENTS.find((c) => c.key === cart.cliente)!;
    const pedidoId = drafts.length + 1;
    const by = cart.by.map(userId);
    const createdAt = new Date(now.getTime() - 26 * HOUR);
    const models = new Set<DemoModel>();
    while (models.size < cart.lines - 1) models.add(pick(embroiderable));
    while (models.size < cart.lines) models.add(pick(orderable));
    const embroidered = new Set([...models].slice(0, cart.lines - 1));
    let n = 0;
    const times = [...models].map((_, i) => new Date(createdAt.getTime() + (i + 1) * 5 * HOUR));
    addLines(
      pedidoId,
      cliente,
      [...models],
      (m) => embroidered.has(m),
      () => times[n++],
      () => by[n % by.length],
    );
    pedidos.push({
      id: pedidoId,
      tipodoc: 'E',
      status: 'c',
      cliente_id: clienteId.get(cliente.key)!,
      created_at: createdAt,
      updated_at: times[times.length - 1],
    });
  }

  // A year and a half of orders of other clients, after the cart so the journeys' orders keep
  // their ids and numbers (the dashboard's season against the last; record 055).
  {
    const seasons: Draft[] = [];
    for (const h of DEMO_SEASONS) {
      const cliente = DEMO_CLIENTS.find((c) => c.key === h.cliente)!;
      const by = h.by.map(userId);
      for (let i = 0; i < h.orders; i++) {
        // Busier in spring and autumn (the two seasons' ordering), never in the last three days.
        let daysAgo = between(3, 540);
        const month = new Date(now.getTime() - daysAgo * DAY).getUTCMonth();
        if (random() < 0.4 && ![1, 2, 3, 8, 9, 10].includes(month)) daysAgo = between(3, 540);
        const fecha = new Date(now.getTime() - daysAgo * DAY);
        fecha.setUTCHours(between(7, 17), between(0, 59), between(0, 59), 0);
        seasons.push({ cliente, submitted_by: by[i % by.length], fecha, status: daysAgo > 30 ? 'e' : 'p' });
      }
    }
    seasons.sort((a, b) => a.fecha.getTime() - b.fecha.getTime());
    for (const [i, draft] of seasons.entries()) placeOrder(draft, drafts.length + 1 + i, false);
  }

  // Invoices in the order they were made: each year's series numbered without gaps (invoices.ts).
  const invoiceCounters = new Map<number, number>();
  invoices.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const [i, inv] of invoices.entries()) {
    const fecha = madridIsoDay(inv.at);
    const year = Number(fecha.slice(0, 4));
    const n = (invoiceCounters.get(year) ?? 0) + 1;
    invoiceCounters.set(year, n);
    const numero = `F${year}-${String(n).padStart(6, '0')}`;
    facturas.push({
      id: i + 1,
      pedido_id: inv.pedido_id,
      numero,
      fecha,
      created_by: adminId,
      created_at: inv.at,
    });
    const order = pedidos[inv.pedido_id - 1];
    audit(inv.at, adminId, order.cliente_id, {
      action: 'factura.create',
      entity: 'factura',
      entity_id: i + 1,
      details: { numero, fecha, pedido_id: inv.pedido_id, docum: order.docum },
    });
  }

  return {
    tarifas,
    tarifaDescuentos,
    tarifaPrecios,
    clientes,
    direcciones,
    representedClienteIds,
    users,
    repUserId,
    grupos,
    parametroSections,
    parametros,
    sectionModels,
    colecciones,
    modelos,
    coleccionModelos,
    modeloGrupos,
    images,
    pedidos,
    lineas,
    history,
    counters: [...counters].map(([year, last]) => ({ year, last })),
    facturas,
    invoiceCounters: [...invoiceCounters].map(([year, last]) => ({ year, last })),
    audit: auditLog.sort((a, b) => a.at!.getTime() - b.at!.getTime()),
  };
}

// ── Images ────────────────────────────────────────────────────────────────────────────────────

/** Renders every image (a few at a time, sharp works on its own threads) and stores the files. */
async function renderAndStore(jobs: ImageJob[], storage: Storage): Promise<StoredImage[]> {
  const stored: StoredImage[] = new Array(jobs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < jobs.length) {
      const i = next++;
      const rendered: RenderedImage = await renderSvg(jobs[i].svg);
      const [url_img, thumb_url] = await Promise.all([
        storage.save(rendered.full, 'webp'),
        storage.save(rendered.thumb, 'webp'),
      ]);
      stored[i] = { url_img, thumb_url };
    }
  };
  try {
    await Promise.all(Array.from({ length: 4 }, worker));
  } catch (err) {
    failed = true;
    await Promise.all(
      stored.filter(Boolean).flatMap((i) => [storage.remove(i.url_img), storage.remove(i.thumb_url)]),
    );
    throw err;
  }
  return stored;
}

// ── Inserting ─────────────────────────────────────────────────────────────────────────────────

async function insertPlan(tx: Tx, plan: Plan, hashes: string[], stored: StoredImage[]): Promise<void> {
  await tx.insert(s.tarifas).values(plan.tarifas);
  await tx.insert(s.clientes).values(plan.clientes);
  await tx.insert(s.users).values(plan.users.map((u, i) => ({ ...u, password_hash: hashes[i] })));
  await tx.insert(s.cliente_direcciones).values(plan.direcciones);
  await tx
    .update(s.clientes)
    .set({ representante_id: plan.repUserId })
    .where(inArray(s.clientes.id, plan.representedClienteIds));

  await tx.insert(s.parametros_grupos).values(plan.grupos);
  await tx.insert(s.parametro_sections).values(plan.parametroSections);
  await tx.insert(s.parametros).values(plan.parametros);
  await tx.insert(s.section_models).values(plan.sectionModels);
  await tx.insert(s.colecciones).values(plan.colecciones);
  await tx.insert(s.modelos).values(plan.modelos);
  await tx.insert(s.tarifa_descuentos).values(plan.tarifaDescuentos);
  await tx.insert(s.tarifa_precios).values(plan.tarifaPrecios);
  await tx.insert(s.coleccion_modelos).values(plan.coleccionModelos);
  await tx.insert(s.modelo_grupos).values(plan.modeloGrupos);

  const modelImages = plan.images.flatMap((job, i) =>
    job.modelo
      ? [
          {
            modelos_modelo: job.modelo,
            color0: job.color0 ?? null,
            principal: job.principal ?? false,
            ...stored[i],
          },
        ]
      : [],
  );
  const collectionImages = plan.images.flatMap((job, i) =>
    job.colecciones_id
      ? [{ colecciones_id: job.colecciones_id, initial: job.initial ?? false, ...stored[i] }]
      : [],
  );
  await tx.insert(s.modelo_imagenes).values(modelImages);
  await tx.insert(s.coleccion_imagenes).values(collectionImages);

  await tx.insert(s.pedidos).values(plan.pedidos);
  await tx.insert(s.pedido_lineas).values(plan.lineas);
  await tx.insert(s.pedido_status_history).values(plan.history);
  await tx.insert(s.docum_counters).values(plan.counters);
  await tx.insert(s.facturas).values(plan.facturas);
  await tx.insert(s.invoice_counters).values(plan.invoiceCounters);
  await tx.insert(s.audit_log).values(plan.audit);
  // The dashboard's summary tables (record 055), from every order that is a sale, as migration 0019
  // fills them: the seed writes orders in bulk, not through submission.
  const sales = sql.join(
    SALE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  await tx.execute(
    sql`select nido_apply_sales(array(select id from ${s.pedidos} where status in (${sales}) order by id), 1)`,
  );

  // Explicit ids were used: move each serial past them so the next insert does not collide.
  for (const table of [
    'tarifas',
    'clientes',
    'cliente_direcciones',
    'users',
    'parametros_grupos',
    'parametro_sections',
    'parametros',
    'section_models',
    'colecciones',
    'pedidos',
    'pedido_lineas',
    'facturas',
  ]) {
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`),
    );
  }
}

// ── Helpers ───────────────────────────────────────────────────────────────────────────────────

/** A list's terms as pricing.ts reads them from its rows: each model's best collection discount. */
function listTerms(l: DemoPriceList): PriceListTerms {
  const collections = new Map(l.colecciones ?? []);
  return {
    descuento_bp: l.descuento_bp,
    familias: l.familias ?? [],
    precios: l.precios ?? [],
    colecciones: DEMO_MODELS.flatMap((m) => {
      const bps = m.colecciones.flatMap((c) => (collections.has(c) ? [collections.get(c)!] : []));
      return bps.length ? [[m.modelo, Math.max(...bps)] as [string, number]] : [];
    }),
  };
}

/** An address's fields, as an order keeps a copy of them (clients deliveryAddressFor). */
function addressCopy(a: DemoAddress) {
  return {
    nombre: a.nombre,
    direccion: a.direccion,
    cp: a.cp,
    poblacion: a.poblacion,
    provincia: a.provincia,
    pais: a.pais,
    telefono: a.telefono,
  };
}

/** A small deterministic PRNG, so the demo data is the same on every machine. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The ids the plan gives a list's entries (1, 2… in list order), by each entry's key. */
function idsByKey<T>(list: readonly T[], key: (entry: T) => string): Map<string, number> {
  return new Map(list.map((entry, i) => [key(entry), i + 1]));
}

function rotate<T>(list: T[], by: number): T[] {
  if (list.length === 0) return list;
  const k = by % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}
