import { earliestDelivery, formatIsoDay, madridIsoDay } from '@nido/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { decodeEml, sentMails, waitForMails } from '../../../test/outbox.ts';
import { pdfAttachment, pdfText } from '../../../test/pdf.ts';
import {
  audit_log,
  clientes,
  modelos,
  parametros,
  pedido_lineas,
  pedido_status_history,
  pedidos,
} from '../../db/schema.ts';
import { buildCatalogue, countStatements, type Fixture } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number }; // client A (has a representative)
let B: { id: number };
let C: { id: number }; // used for the concurrency and list tests
let userA: H;
let userA2: H; // a second user of A, English
let userB: H;
let userC: H;
let admin: H;
let rep: H;
let userAId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const repUser = await createUser(ctx, {
    email: 'rep@orders.test',
    role: 'Representante',
    name: 'Rita Rep',
  });
  A = await createClient(ctx, 'Tienda Ana', { representante_id: repUser.id });
  B = await createClient(ctx, 'Tienda Bea');
  C = await createClient(ctx, 'Tienda Carla');
  const ua = await createUser(ctx, {
    email: 'ana@orders.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  const ua2 = await createUser(ctx, {
    email: 'andy@orders.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Andy',
    language: 'en',
  });
  const ub = await createUser(ctx, {
    email: 'bea@orders.test',
    role: 'Cliente',
    cliente_id: B.id,
    name: 'Bea',
  });
  const uc = await createUser(ctx, {
    email: 'carla@orders.test',
    role: 'Cliente',
    cliente_id: C.id,
    name: 'Carla',
  });
  const ad = await createUser(ctx, { email: 'admin@orders.test', role: 'Admin', name: 'Admin' });
  userAId = ua.id;
  ids = { ua: ua.id, ua2: ua2.id, ub: ub.id, uc: uc.id, ad: ad.id, rep: repUser.id };
  await refreshTokens();
});

let ids: Record<'ua' | 'ua2' | 'ub' | 'uc' | 'ad' | 'rep', number>;
/** Sessions expire when the test clock moves on by days: sign everyone in again. */
async function refreshTokens() {
  userA = await tokenFor(ctx, ids.ua);
  userA2 = await tokenFor(ctx, ids.ua2);
  userB = await tokenFor(ctx, ids.ub);
  userC = await tokenFor(ctx, ids.uc);
  admin = await tokenFor(ctx, ids.ad);
  rep = await tokenFor(ctx, ids.rep);
}
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });

/** A valid NDCAP01 payload: Rosa, Algodón (10 € × 1.5), no embroidery → 120 + 15 = 135 €. */
function capazo(extra: Record<string, unknown> = {}) {
  return {
    modelo: 'NDCAP01',
    cantidad: 1,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
    ],
    ...extra,
  };
}
function withEmbroidery(bordado: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return capazo({
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
    ],
    parametros_bordado: {
      with_custom: 0,
      name: 'Lucía',
      emb_style: 'Embird',
      emb_color: 'O02',
      position: 'Derecha',
      ...bordado,
    },
    ...extra,
  });
}

async function cartOf(h: H, cliente_id?: number) {
  const res = await post('pedidos/cliente', { cliente_id }, h);
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function lineCount(pedidoId: number) {
  const [r] = await ctx.database.db
    .select({ n: count() })
    .from(pedido_lineas)
    .where(eq(pedido_lineas.pedido_id, pedidoId));
  return r.n;
}
async function submit(h: H, clienteId: number, payloads: Array<Record<string, unknown>>) {
  return (await submitAnswer(h, clienteId, payloads)).pedido;
}
/** The whole answer of the submission: the order and who its confirmation was mailed to. */
async function submitAnswer(h: H, clienteId: number, payloads: Array<Record<string, unknown>>) {
  let cart = await cartOf(h, clienteId);
  for (const p of payloads) {
    const res = await post('pedidos/lineadd', { ...p, cliente_id: clienteId }, h);
    expect(res.statusCode, res.body).toBe(200);
    cart = res.json();
  }
  const res = await post('pedidos/processOrder', { pedido_id: cart.id }, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { pedido: any; confirmacion: unknown };
}

describe('POST pedidos/cliente', () => {
  it('opens the client’s cart on first use and answers the same cart afterwards', async () => {
    const first = await cartOf(userA, A.id);
    expect(first).toMatchObject({
      docum: null,
      cliente_id: A.id,
      cliente: 'Tienda Ana',
      nota: '',
      status: 'c',
      detalle: [],
      total: 0,
    });
    const again = await cartOf(userA);
    expect(again.id).toBe(first.id);
    const empty = await post('pedidos/cliente', {}, userA);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().id).toBe(first.id);
  });

  it('is shared by the users of one client', async () => {
    const viaAna = await cartOf(userA);
    const viaAndy = await cartOf(userA2);
    expect(viaAndy.id).toBe(viaAna.id);
  });

  it('gives exactly one cart to 10 parallel calls', async () => {
    const fresh = await createClient(ctx, 'Tienda Paralela');
    const u = await createUser(ctx, { email: 'par@orders.test', role: 'Cliente', cliente_id: fresh.id });
    const h = await tokenFor(ctx, u.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('pedidos/cliente', { cliente_id: fresh.id }, h)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const [r] = await ctx.database.db
      .select({ n: count() })
      .from(pedidos)
      .where(eq(pedidos.cliente_id, fresh.id));
    expect(r.n).toBe(1);
  });

  it('answers 404 to a client user naming another client, or another client’s order', async () => {
    expect((await post('pedidos/cliente', { cliente_id: A.id }, userB)).statusCode).toBe(404);
    const cartA = await cartOf(userA);
    expect((await post('pedidos/cliente', { cliente_id: B.id, pedido_id: cartA.id }, userB)).statusCode).toBe(
      404,
    );
  });
});

describe('POST pedidos/lineadd: prices', () => {
  it('computes the unit price on the server (pvp + option × group size) and ignores a sent precio', async () => {
    const res = await post(
      'pedidos/lineadd',
      { ...capazo({ cantidad: 2, precio: 0.01 }), cliente_id: A.id },
      userA,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    const line = cart.detalle.at(-1);
    expect(line).toMatchObject({
      modelo: {
        modelo: 'NDCAP01',
        descripcion: 'Capazo Bebé Classic',
        descripcion_en: 'Classic baby carrycot',
      },
      unped: 2,
      precio: 135,
      importe: 270,
      lineaprimaria: 0,
      porte: false,
      nota: '',
      parametros_bordado: null,
      // the image tied to the chosen colour (Rosa)
      imagen: '/uploads/cap-ros-t.webp',
    });
    expect(line.parametros_color).toEqual([
      {
        parametros_grupos_id: fx.grp.color,
        grupo: 'Color',
        grupo_en: 'Colour',
        id: fx.opt.rosa,
        codigo: 'ROS',
        nombre: 'Rosa',
        nombre_en: 'Pink',
        color: '#ff8899',
        price: 0,
      },
      {
        parametros_grupos_id: fx.grp.tela,
        grupo: 'Tela',
        grupo_en: 'Fabric',
        id: fx.opt.algodon,
        codigo: 'ALG',
        nombre: 'Algodón',
        nombre_en: 'Cotton',
        color: null,
        price: 15,
      },
      {
        parametros_grupos_id: fx.grp.bordado,
        grupo: 'Bordado',
        grupo_en: 'Embroidery',
        id: fx.opt.sinBordado,
        codigo: 'SB',
        nombre: 'Sin bordado',
        nombre_en: 'No embroidery',
        color: null,
        price: 0,
      },
    ]);
    expect(cart.total).toBe(270);
    const [stored] = await ctx.database.db.select().from(pedido_lineas).where(eq(pedido_lineas.id, line.id));
    expect(stored.precio_cents).toBe(13500);
    expect(stored.config_key).not.toBe('');
  });

  it('rounds option × size to cents (5.50 € × 1.5 = 8.25 €) and accepts the variant field `parametros` and items with `id`', async () => {
    const res = await post(
      'pedidos/lineadd',
      {
        modelo: 'NDCAP01',
        cantidad: '3',
        cliente_id: A.id,
        parametros: [
          { id: fx.opt.azul },
          { id: fx.opt.lino, parametros_grupos_id: fx.grp.tela },
          { parametros_grupos_id: fx.grp.bordado, parametro: String(fx.opt.sinBordado) },
        ],
      },
      userA,
    );
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().detalle.at(-1);
    expect(line.precio).toBe(128.25);
    expect(line.importe).toBe(384.75);
    expect(line.imagen).toBe('/uploads/cap-main-t.webp'); // no image for Azul → main image
  });

  it('never merges lines, even with the same configuration', async () => {
    const before = (await cartOf(userA)).detalle.length;
    await post('pedidos/lineadd', capazo(), userA);
    await post('pedidos/lineadd', capazo(), userA);
    expect((await cartOf(userA)).detalle.length).toBe(before + 2);
  });

  it('bills an embroidery surcharge on a dependent line (modelobordado), not in the primary price', async () => {
    const res = await post('pedidos/lineadd', withEmbroidery({}, { cantidad: 2 }), userA);
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    const dep = cart.detalle.at(-1);
    const primary = cart.detalle.at(-2);
    // 120 + Lino 5.50 × 1.5 = 128.25; the 8 € embroidery is on the dependent line.
    expect(primary.precio).toBe(128.25);
    expect(primary.lineaprimaria).toBe(0);
    expect(primary.parametros_bordado).toMatchObject({
      with_custom: 0,
      name: 'Lucía',
      emb_style: 'Embird',
      emb_color: 'O02',
      emb_color_name: 'Oro',
      emb_color_name_en: 'Gold',
      position: 'Derecha',
      position_en: 'Right',
      letters: 10,
      parametro_id: fx.opt.conNombre,
      group: 'Bordado',
      group_en: 'Embroidery',
      price: 8,
    });
    expect(dep).toMatchObject({
      modelo: { modelo: '0802', descripcion: 'Bordado personalizado', descripcion_en: 'Custom embroidery' },
      unped: 2,
      precio: 8,
      importe: 16,
      lineaprimaria: primary.id,
    });
    const sum = cart.detalle.reduce((s: number, l: { importe: number }) => s + l.importe, 0);
    expect(cart.total).toBeCloseTo(sum, 2);
  });

  it('gives each line its amount with its dependent lines (importe_total), adding up to the total over the primary lines', async () => {
    await post('pedidos/lineadd', capazo(), userA);
    const res = await post('pedidos/lineadd', withEmbroidery({}, { cantidad: 3 }), userA);
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    const dep = cart.detalle.at(-1);
    const primary = cart.detalle.at(-2);
    const plain = cart.detalle.at(-3);
    // 3 × 128.25 = 384.75 on the line itself, 3 × 8 = 24 on its surcharge line.
    expect(primary).toMatchObject({ importe: 384.75, importe_total: 408.75, lineaprimaria: 0 });
    expect(dep).toMatchObject({ importe: 24, importe_total: 24, lineaprimaria: primary.id });
    expect(plain).toMatchObject({ importe: 135, importe_total: 135, lineaprimaria: 0 });
    // What a screen lists (the primary lines, each with its dependants) adds up to the total, in
    // the cart and in the order detail.
    type Line = { importe_total: number; lineaprimaria: number };
    const listed = (lines: Line[]) =>
      lines.filter((l) => l.lineaprimaria === 0).reduce((s, l) => s + Math.round(l.importe_total * 100), 0);
    expect(listed(cart.detalle)).toBe(Math.round(cart.total * 100));
    const order = await get(`pedido/${cart.id}`, userA);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().detalle.find((l: { id: number }) => l.id === primary.id).importe_total).toBe(408.75);
    expect(listed(order.json().detalle)).toBe(Math.round(order.json().total * 100));
  });

  it('uses the model itself for the dependent line when its modelobordado does not exist', async () => {
    await ctx.database.db.update(modelos).set({ modelobordado: 'ZZZZ' }).where(eq(modelos.modelo, 'NDCAP01'));
    try {
      const res = await post('pedidos/lineadd', withEmbroidery({ emb_color: fx.opt.blanco }), userA);
      expect(res.statusCode, res.body).toBe(200);
      const dep = res.json().detalle.at(-1);
      expect(dep.modelo.modelo).toBe('NDCAP01');
      expect(dep.precio).toBe(8);
      expect(res.json().detalle.at(-2).parametros_bordado.emb_color).toBe('B01'); // colour given by id
    } finally {
      await ctx.database.db
        .update(modelos)
        .set({ modelobordado: '0802' })
        .where(eq(modelos.modelo, 'NDCAP01'));
    }
  });

  it('keeps the snapshot when the catalogue changes later', async () => {
    const added = (await post('pedidos/lineadd', capazo({ nota: 'Para la tienda' }), userA)).json();
    const line = added.detalle.at(-1);
    await ctx.database.db
      .update(parametros)
      .set({ nombre: 'Rosa palo', nombre_en: 'Old pink', price_cents: 9999, color: '#000000' })
      .where(eq(parametros.id, fx.opt.rosa));
    await ctx.database.db
      .update(parametros)
      .set({ price_cents: 5000 })
      .where(eq(parametros.id, fx.opt.algodon));
    await ctx.database.db
      .update(modelos)
      .set({ pvp_cents: 99900, descripcion: 'Capazo renombrado' })
      .where(eq(modelos.modelo, 'NDCAP01'));
    try {
      const after = (await cartOf(userA)).detalle.find((l: { id: number }) => l.id === line.id);
      expect(after).toEqual(line);
      expect(after.precio).toBe(135);
      expect(after.parametros_color[0]).toMatchObject({
        nombre: 'Rosa',
        nombre_en: 'Pink',
        color: '#ff8899',
      });
      expect(after.modelo.descripcion).toBe('Capazo Bebé Classic');
    } finally {
      await ctx.database.db
        .update(parametros)
        .set({ nombre: 'Rosa', nombre_en: 'Pink', price_cents: 0, color: '#ff8899' })
        .where(eq(parametros.id, fx.opt.rosa));
      await ctx.database.db
        .update(parametros)
        .set({ price_cents: 1000 })
        .where(eq(parametros.id, fx.opt.algodon));
      await ctx.database.db
        .update(modelos)
        .set({ pvp_cents: 12000, descripcion: 'Capazo Bebé Classic' })
        .where(eq(modelos.modelo, 'NDCAP01'));
    }
  });

  it('keeps the position’s English name of the moment of ordering beside the Spanish one', async () => {
    const e = await createClient(ctx, 'Tienda Posiciones');
    const u = await createUser(ctx, {
      email: 'positions@orders.test',
      role: 'Cliente',
      cliente_id: e.id,
      language: 'en',
    });
    const h = await tokenFor(ctx, u.id);
    const cart = (await post('pedidos/lineadd', withEmbroidery({ position: ' Izquierda ' }), h)).json();
    const left = cart.detalle.at(-2);
    expect(left.parametros_bordado).toMatchObject({ position: 'Izquierda', position_en: 'Left' });

    // The catalogue's names change later: the line keeps its own; a position that has no English
    // name then is stored with none.
    await ctx.database.db
      .update(parametros)
      .set({ embroidery_position_en: 'Left side' })
      .where(eq(parametros.id, fx.opt.conNombre));
    try {
      expect((await cartOf(h)).detalle.find((l: { id: number }) => l.id === left.id)).toEqual(left);
      const right = (await post('pedidos/lineadd', withEmbroidery({}), h)).json().detalle.at(-2);
      expect(right).toMatchObject({ parametros_bordado: { position: 'Derecha', position_en: '' } });
    } finally {
      await ctx.database.db
        .update(parametros)
        .set({ embroidery_position_en: 'Left,Right' })
        .where(eq(parametros.id, fx.opt.conNombre));
    }

    // The order, its confirmation mail (in the user's language) and Last purchases show them.
    const before = (await sentMails(ctx)).length;
    const order = (await post('pedidos/processOrder', { pedido_id: cart.id }, h)).json().pedido;
    type Line = { id: number; lineaprimaria: number; parametros_bordado: { position_en?: string } };
    const primaries = (lines: Line[]) => lines.filter((l) => l.lineaprimaria === 0);
    const shown = (await get(`pedido/${order.id}`, h)).json();
    expect(primaries(shown.detalle).map((l) => l.parametros_bordado.position_en)).toEqual(['Left', '']);
    const mail = (await waitForMails(ctx, before + 1)).slice(before).join('\n');
    expect(mail).toContain('Embroidery: Lucía, Gold, Left');
    expect(mail).toContain('Embroidery: Lucía, Gold, Derecha');
    const purchased = (await post('modelo/lastPurchased', {}, h)).json();
    expect(purchased.details[String(left.id)].parametros_bordado).toMatchObject({ position_en: 'Left' });

    // A line stored before positions had English names answers without one (screens show the Spanish).
    const [row] = await ctx.database.db.select().from(pedido_lineas).where(eq(pedido_lineas.id, left.id));
    const { position_en: _, ...older } = row.parametros_bordado as Record<string, unknown>;
    await ctx.database.db
      .update(pedido_lineas)
      .set({ parametros_bordado: older })
      .where(eq(pedido_lineas.id, left.id));
    const again = (await get(`pedido/${order.id}`, h)).json();
    const old = again.detalle.find((l: Line) => l.id === left.id);
    expect(old.parametros_bordado).toMatchObject({ position: 'Izquierda' });
    expect(old.parametros_bordado).not.toHaveProperty('position_en');
  });

  it('records an audit row for the line', async () => {
    const res = await post('pedidos/lineadd', capazo(), userA);
    const line = res.json().detalle.at(-1);
    const rows = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'linea'), eq(audit_log.entity_id, String(line.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'pedido.lineadd', user_id: userAId });
  });
});

describe('POST pedidos/lineadd: validation (422, per field, nothing stored)', () => {
  async function expectInvalid(
    payload: Record<string, unknown>,
    field: string,
    message?: string | RegExp,
    h = userB,
  ) {
    const cart = await cartOf(h);
    const before = await lineCount(cart.id);
    const res = await post('pedidos/lineadd', payload, h);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors)).toContain(field);
    if (typeof message === 'string') expect(body.errors[field]).toContain(message);
    if (message instanceof RegExp) expect(body.errors[field].join(' ')).toMatch(message);
    expect(await lineCount(cart.id)).toBe(before);
    return body;
  }

  it('needs one option for every group of the model', async () => {
    const p = capazo();
    p.parametros_color = p.parametros_color.filter((o) => o.parametros_grupos_id !== fx.grp.tela);
    await expectInvalid(p, `parametros_color.${fx.grp.tela}`, 'You must select a color');
    await expectInvalid(
      capazo({ parametros_color: [] }),
      `parametros_color.${fx.grp.color}`,
      'You must select a color',
    );
  });

  it('rejects an option of another group, an inactive option, option 0 and a missing option', async () => {
    const cases = [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.lino },
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.gris },
      { parametros_grupos_id: fx.grp.color, parametro: 0 },
      { parametros_grupos_id: fx.grp.color, parametro: 987654 },
    ];
    for (const bad of cases) {
      const p = capazo();
      p.parametros_color[0] = bad;
      await expectInvalid(p, `parametros_color.${fx.grp.color}`, 'You must select a color');
    }
  });

  it('rejects options for groups the model does not offer, and two options for one group', async () => {
    await expectInvalid(
      {
        modelo: 'NDSIL02',
        cantidad: 1,
        parametros_color: [
          { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
          { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
        ],
      },
      `parametros_color.${fx.grp.tela}`,
      'This option group is not offered for this model',
    );
    const p = capazo();
    p.parametros_color.push({ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul });
    await expectInvalid(p, `parametros_color.${fx.grp.color}`, 'Only one option may be chosen per group');
  });

  it('needs a whole quantity between 1 and QUANTITY_MAX', async () => {
    for (const cantidad of [0, -1, 1.5, 'abc', 10000, null]) {
      await expectInvalid(capazo({ cantidad }), 'cantidad');
    }
  });

  it('rejects a note over 50 characters (the web cuts, the server refuses)', async () => {
    await expectInvalid(capazo({ nota: 'x'.repeat(51) }), 'nota', 'The note can be at most 50 characters');
    const ok = await post('pedidos/lineadd', capazo({ nota: 'x'.repeat(50) }), userB);
    expect(ok.statusCode).toBe(200);
  });

  it('checks the embroidery: name, its length, colour and position', async () => {
    await expectInvalid(withEmbroidery({ name: '' }), 'parametros_bordado.name', 'You must select a name');
    await expectInvalid(withEmbroidery({ name: '   ' }), 'parametros_bordado.name', 'You must select a name');
    // the option allows 10 letters (below the global 15)
    await expectInvalid(
      withEmbroidery({ name: 'Maximiliano' }),
      'parametros_bordado.name',
      'The name can be at most 10 characters',
    );
    // The web translates the code with its parameters, not the English text.
    const tooLong = await post('pedidos/lineadd', withEmbroidery({ name: 'Maximiliano' }), userB);
    expect(tooLong.json().issues['parametros_bordado.name']).toEqual([
      { code: 'order.nameTooLong', params: { max: 10 } },
    ]);
    await expectInvalid(
      withEmbroidery({ emb_color: null }),
      'parametros_bordado.emb_color',
      'You must select a color',
    );
    await expectInvalid(
      withEmbroidery({ emb_color: 'P03' }),
      'parametros_bordado.emb_color',
      'You must select a color',
    ); // inactive
    await expectInvalid(
      withEmbroidery({ emb_color: 'ROS' }),
      'parametros_bordado.emb_color',
      'You must select a color',
    ); // not group 86
    await expectInvalid(
      withEmbroidery({ position: '' }),
      'parametros_bordado.position',
      'You must select a position',
    );
    await expectInvalid(
      withEmbroidery({ position: 'Arriba' }),
      'parametros_bordado.position',
      'You must select a position',
    );
    await expectInvalid(withEmbroidery({ emb_style: 'Crochet' }), 'parametros_bordado.emb_style');
    const body = await expectInvalid(
      withEmbroidery({ name: '', emb_color: '', position: '' }),
      'parametros_bordado.name',
    );
    expect(Object.keys(body.errors).sort()).toEqual([
      'parametros_bordado.emb_color',
      'parametros_bordado.name',
      'parametros_bordado.position',
    ]);
  });

  it('limits a custom embroidery name to 15 characters and needs its colour', async () => {
    const custom = (bordado: Record<string, unknown>) =>
      capazo({ parametros_bordado: { with_custom: '1', name: 'Ana', emb_color: 'B01', ...bordado } });
    await expectInvalid(custom({ name: 'x'.repeat(16) }), 'parametros_bordado.name', /15/);
    await expectInvalid(custom({ emb_color: '' }), 'parametros_bordado.emb_color', 'You must select a color');
    const ok = await post('pedidos/lineadd', custom({ name: 'x'.repeat(15) }), userB);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().detalle.at(-1).parametros_bordado).toMatchObject({
      with_custom: 1,
      name: 'x'.repeat(15),
    });
  });

  it('asks only for the colour when the option needs only a colour', async () => {
    const p = capazo({ parametros_bordado: { emb_color: '' } });
    p.parametros_color[2] = { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.soloColor };
    const body = await expectInvalid(p, 'parametros_bordado.emb_color', 'You must select a color');
    expect(Object.keys(body.errors)).toEqual(['parametros_bordado.emb_color']);
    const ok = await post('pedidos/lineadd', { ...p, parametros_bordado: { emb_color: 'B01' } }, userB);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().detalle.at(-1).lineaprimaria).toBe(0); // no surcharge → no dependent line
    expect(ok.json().detalle.at(-1).parametros_bordado).toMatchObject({ emb_color: 'B01', name: '' });
  });

  it('rejects inactive and invisible models for a client user; an Admin may use any active model', async () => {
    for (const modelo of ['NDBAJA05', 'NDOLD03', 'NDREP04', 'NDNOC06', 'NOPE']) {
      await expectInvalid({ modelo, cantidad: 1, parametros_color: [] }, 'modelo', 'Model not found');
    }
    const res = await post('pedidos/lineadd', { modelo: 'NDNOC06', cantidad: 1, cliente_id: B.id }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detalle.at(-1)).toMatchObject({ precio: 70, modelo: { modelo: 'NDNOC06' } });
    const baja = await post('pedidos/lineadd', { modelo: 'NDBAJA05', cantidad: 1, cliente_id: B.id }, admin);
    expect(baja.statusCode).toBe(422);
  });
});

describe('POST pedidos/lineremove and savenote', () => {
  it('removes a line with its dependent lines', async () => {
    const added = (await post('pedidos/lineadd', withEmbroidery({}), userB)).json();
    const primary = added.detalle.at(-2);
    const dep = added.detalle.at(-1);
    expect(dep.lineaprimaria).toBe(primary.id);
    // a dependent line cannot go on its own
    const alone = await post('pedidos/lineremove', { pedido_id: added.id, linea_id: dep.id }, userB);
    expect(alone.statusCode).toBe(422);
    const res = await post('pedidos/lineremove', { pedido_id: added.id, linea_id: primary.id }, userB);
    expect(res.statusCode).toBe(200);
    const ids = res.json().detalle.map((l: { id: number }) => l.id);
    expect(ids).not.toContain(primary.id);
    expect(ids).not.toContain(dep.id);
    expect(res.json().detalle.length).toBe(added.detalle.length - 2);
    const again = await post('pedidos/lineremove', { pedido_id: added.id, linea_id: primary.id }, userB);
    expect(again.statusCode).toBe(404);
  });

  it('saves the order note (≤ ORDER_NOTE_MAX)', async () => {
    const cart = await cartOf(userB);
    const res = await post(
      'pedidos/savenote',
      { pedido_id: cart.id, nota_pedido: 'Entregar por la tarde' },
      userB,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().nota).toBe('Entregar por la tarde');
    const long = await post('pedidos/savenote', { pedido_id: cart.id, nota_pedido: 'x'.repeat(501) }, userB);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.nota_pedido).toBeDefined();
    expect((await cartOf(userB)).nota).toBe('Entregar por la tarde');
  });
});

describe('POST pedidos/linequantity and linereplace: an editable cart', () => {
  it('changes a line’s quantity with its surcharge line, and refuses a quantity the rules refuse', async () => {
    await post('pedidos/lineadd', capazo(), userB);
    const added = (await post('pedidos/lineadd', withEmbroidery({}), userB)).json();
    const [primary, dep] = added.detalle.slice(-2);
    const res = await post(
      'pedidos/linequantity',
      { pedido_id: added.id, linea_id: primary.id, cantidad: 3 },
      userB,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    const line = cart.detalle.find((l: { id: number }) => l.id === primary.id);
    const surcharge = cart.detalle.find((l: { id: number }) => l.id === dep.id);
    expect(line).toMatchObject({ unped: 3, precio: 128.25, importe: 384.75, importe_total: 408.75 });
    expect(surcharge).toMatchObject({ unped: 3, precio: 8, importe: 24 });
    expect(cart.total).toBeCloseTo(added.total + 2 * (128.25 + 8), 2);
    expect(cart.detalle.map((l: { id: number }) => l.id)).toEqual(
      added.detalle.map((l: { id: number }) => l.id),
    );
    for (const cantidad of [0, -3, 1.5, 10_000, 'tres']) {
      const bad = await post(
        'pedidos/linequantity',
        { pedido_id: added.id, linea_id: primary.id, cantidad },
        userB,
      );
      expect(bad.statusCode, String(cantidad)).toBe(422);
      expect(bad.json().errors.cantidad).toEqual(['The quantity must be a whole number between 1 and 9999']);
    }
    const onDependent = await post(
      'pedidos/linequantity',
      { pedido_id: added.id, linea_id: dep.id, cantidad: 2 },
      userB,
    );
    expect(onDependent.statusCode).toBe(422);
    expect(onDependent.json().errors.linea_id).toBeDefined();
    const unknown = await post(
      'pedidos/linequantity',
      { pedido_id: added.id, linea_id: 999_999, cantidad: 2 },
      userB,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await cartOf(userB)).total).toBeCloseTo(cart.total, 2);
    const [row] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.linequantity'), eq(audit_log.entity_id, String(primary.id))));
    expect(row.details).toMatchObject({ pedido_id: added.id, from: 1, to: 3 });
  });

  it('replaces a line in its place: new options, embroidery, note and price; the surcharge follows', async () => {
    await post('pedidos/lineadd', capazo(), userB);
    const added = (await post('pedidos/lineadd', withEmbroidery({}), userB)).json();
    await post('pedidos/lineadd', capazo({ nota: 'después' }), userB);
    const before = await cartOf(userB);
    const [primary, dep] = added.detalle.slice(-2);
    const replaced = await post(
      'pedidos/linereplace',
      {
        ...withEmbroidery({ name: 'Martina', position: 'Izquierda' }, { cantidad: 2, nota: 'cambiada' }),
        pedido_id: before.id,
        linea_id: primary.id,
      },
      userB,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const cart = replaced.json();
    const ids = cart.detalle.map((l: { id: number }) => l.id);
    // The line keeps its id and its place; the old surcharge line is gone, a new one follows the line.
    expect(ids.indexOf(primary.id)).toBe(
      before.detalle.findIndex((l: { id: number }) => l.id === primary.id),
    );
    expect(ids).not.toContain(dep.id);
    const line = cart.detalle.find((l: { id: number }) => l.id === primary.id);
    expect(line).toMatchObject({ unped: 2, nota: 'cambiada', precio: 128.25 });
    expect(line.parametros_bordado).toMatchObject({ name: 'Martina', position: 'Izquierda' });
    const surcharges = cart.detalle.filter((l: { lineaprimaria: number }) => l.lineaprimaria === primary.id);
    expect(surcharges).toHaveLength(1);
    expect(surcharges[0]).toMatchObject({ unped: 2, precio: 8 });
    expect(cart.detalle.length).toBe(before.detalle.length);

    // Without embroidery now: the surcharge line goes, the price is the plain one.
    const plain = await post(
      'pedidos/linereplace',
      { ...capazo(), pedido_id: before.id, linea_id: primary.id },
      userB,
    );
    expect(plain.statusCode, plain.body).toBe(200);
    const after = plain.json();
    expect(after.detalle.find((l: { id: number }) => l.id === primary.id)).toMatchObject({
      precio: 135,
      parametros_bordado: null,
    });
    expect(after.detalle.some((l: { lineaprimaria: number }) => l.lineaprimaria === primary.id)).toBe(false);
    expect(after.detalle.length).toBe(before.detalle.length - 1);
  });

  it('refuses an invalid configuration with the add’s field errors and changes nothing', async () => {
    const added = (await post('pedidos/lineadd', withEmbroidery({}), userB)).json();
    const primary = added.detalle.at(-2);
    const res = await post(
      'pedidos/linereplace',
      { ...withEmbroidery({ name: '' }), pedido_id: added.id, linea_id: primary.id },
      userB,
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('parametros_bordado.name');
    expect(await cartOf(userB)).toEqual(added);
  });

  it('lets an acting Admin and the Representante edit the client’s cart; a submitted order is 409', async () => {
    const cart = (await post('pedidos/lineadd', { ...capazo(), cliente_id: A.id }, admin)).json();
    const line = cart.detalle.at(-1);
    const viaAdmin = await post(
      'pedidos/linequantity',
      { pedido_id: cart.id, linea_id: line.id, cantidad: 5 },
      admin,
    );
    expect(viaAdmin.statusCode, viaAdmin.body).toBe(200);
    const viaRep = await post(
      'pedidos/linereplace',
      { ...withEmbroidery({}), pedido_id: cart.id, linea_id: line.id, cliente_id: A.id },
      rep,
    );
    expect(viaRep.statusCode, viaRep.body).toBe(200);
    expect(viaRep.json().detalle.find((l: { id: number }) => l.id === line.id).unped).toBe(1);
    const [row] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.linereplace'), eq(audit_log.entity_id, String(line.id))));
    expect(row.acting_cliente_id).toBe(A.id);

    const submitted = (await post('pedidos/processOrder', { pedido_id: cart.id }, userA)).json().pedido;
    const late = [
      await post('pedidos/linequantity', { pedido_id: submitted.id, linea_id: line.id, cantidad: 2 }, userA),
      await post('pedidos/linereplace', { ...capazo(), pedido_id: submitted.id, linea_id: line.id }, userA),
    ];
    for (const res of late) expect(res.statusCode, res.body).toBe(409);
    const order = (await get(`pedido/${submitted.id}`, userA)).json();
    expect(order.detalle.find((l: { id: number }) => l.id === line.id).unped).toBe(1);
  });
});

describe('scoping: another client’s order or line is 404 and nothing changes', () => {
  it('keeps client A’s cart out of client B’s reach', async () => {
    const cartA = (await post('pedidos/lineadd', capazo({ nota: 'de Ana' }), userA)).json();
    const lineA = cartA.detalle.at(-1);
    const cartB = await cartOf(userB);
    const snapshot = async () => ({
      lines: await lineCount(cartA.id),
      row: (await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, cartA.id)))[0],
    });
    const before = await snapshot();
    const attempts = [
      post('pedidos/lineadd', { ...capazo(), cliente_id: A.id }, userB),
      post('pedidos/lineadd', { ...capazo(), pedido_id: cartA.id }, userB),
      post('pedidos/lineremove', { pedido_id: cartA.id, linea_id: lineA.id }, userB),
      post('pedidos/lineremove', { pedido_id: cartB.id, linea_id: lineA.id }, userB),
      post('pedidos/linequantity', { pedido_id: cartA.id, linea_id: lineA.id, cantidad: 7 }, userB),
      post('pedidos/linequantity', { pedido_id: cartB.id, linea_id: lineA.id, cantidad: 7 }, userB),
      post('pedidos/linereplace', { ...capazo(), pedido_id: cartA.id, linea_id: lineA.id }, userB),
      post('pedidos/savenote', { pedido_id: cartA.id, nota_pedido: 'hack' }, userB),
      post('pedidos/processOrder', { pedido_id: cartA.id }, userB),
      get(`pedido/${cartA.id}`, userB),
      post('pedidos/list', { tipodoc: 'E', page: 1, filters: { cliente_id: A.id } }, userB),
      post('modelo/lastPurchased', { cliente_id: A.id }, userB),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot()).toEqual(before);
    // a representative of other clients cannot either
    const otherRep = await createUser(ctx, { email: 'rep2@orders.test', role: 'Representante' });
    const h = await tokenFor(ctx, otherRep.id);
    expect((await get(`pedido/${cartA.id}`, h)).statusCode).toBe(404);
    expect((await post('pedidos/cliente', { cliente_id: A.id }, h)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('lets an Admin and the client’s Representante act for the client', async () => {
    const cartA = await cartOf(userA);
    const viaAdmin = await post('pedidos/cliente', { cliente_id: A.id }, admin);
    expect(viaAdmin.json().id).toBe(cartA.id);
    const viaRep = await post('pedidos/lineadd', { ...capazo(), cliente_id: A.id }, rep);
    expect(viaRep.statusCode, viaRep.body).toBe(200);
    expect(viaRep.json().id).toBe(cartA.id);
    const line = viaRep.json().detalle.at(-1);
    const [row] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'linea'), eq(audit_log.entity_id, String(line.id))));
    expect(row.acting_cliente_id).toBe(A.id);
    expect((await get(`pedido/${cartA.id}`, rep)).statusCode).toBe(200);
    // staff without a client named: 404
    expect((await post('pedidos/cliente', {}, admin)).statusCode).toBe(404);
  });
});

describe('taxes: the client’s regime, each tax by rate, frozen on submission', () => {
  /** A client under `regimen` with a user of its own (Spanish), and its cart holding 3 × capazo (405 €). */
  let made = 0;
  async function taxedCart(regimen: string, cif = '') {
    const client = await createClient(ctx, `Tienda ${regimen}`, { regimen_fiscal: regimen as never, cif });
    const user = await createUser(ctx, {
      email: `${regimen}.${++made}@taxes.test`,
      role: 'Cliente',
      cliente_id: client.id,
      name: regimen,
    });
    const h = await tokenFor(ctx, user.id);
    const res = await post('pedidos/lineadd', capazo({ cantidad: 3 }), h);
    expect(res.statusCode, res.body).toBe(200);
    return { client, h, cart: res.json() };
  }

  it('charges IVA 21 % in general, IVA and RE 5.2 % under recargo, nothing with a mention in the EU or on export', async () => {
    const expected = {
      general: {
        lineas: [{ impuesto: 'iva', tipo: 21, base: 405, cuota: 85.05 }],
        total: 490.05,
        mencion: null,
      },
      recargo: {
        lineas: [
          { impuesto: 'iva', tipo: 21, base: 405, cuota: 85.05 },
          { impuesto: 're', tipo: 5.2, base: 405, cuota: 21.06 },
        ],
        total: 511.11,
        mencion: null,
      },
      intracomunitario: { lineas: [], total: 405, mencion: 'tax.reverseCharge' },
      exportacion: { lineas: [], total: 405, mencion: 'tax.export' },
    };
    for (const [regimen, taxes] of Object.entries(expected)) {
      const { cart } = await taxedCart(regimen, regimen === 'intracomunitario' ? 'FR40303265045' : '');
      expect(cart.total).toBe(405);
      expect(cart.impuestos, regimen).toEqual({ regimen, base: 405, ...taxes });
    }
  });

  it('freezes the taxes on submission: a later change of regime changes the next cart, not the order', async () => {
    const { client, h, cart } = await taxedCart('recargo');
    await post('pedidos/lineadd', capazo({ cantidad: 1, nota: 'x' }), h); // base 540 €
    const before = (await sentMails(ctx)).length;
    const order = (await post('pedidos/processOrder', { pedido_id: cart.id }, h)).json().pedido;
    expect(order.impuestos).toMatchObject({ regimen: 'recargo', base: 540, total: 681.48 });
    // 540 × 21 % = 113.40; 540 × 5.2 % = 28.08.
    expect(order.impuestos.lineas.map((l: { cuota: number }) => l.cuota)).toEqual([113.4, 28.08]);
    // The orders list says the same total to pay beside the base.
    const listed = (await post('pedidos/list', { tipodoc: 'E', page: 1 }, h)).json().data;
    expect(listed.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      total: 540,
      total_pagar: 681.48,
    });
    // (Amounts are written with a no-break space before the euro sign.)
    const mail = (await waitForMails(ctx, before + 1))
      .slice(before)
      .join('\n')
      .replace(/\u00a0/g, ' ');
    expect(mail).toContain('Base imponible: 540,00 €');
    expect(mail).toContain('IVA 21 %: 113,40 €');
    expect(mail).toContain('Recargo de equivalencia 5,2 %: 28,08 €');
    expect(mail).toContain('Total: 681,48 €');

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/cliente/${client.id}`,
      headers: admin,
      payload: { nomcome: client.nomcome, regimen_fiscal: 'general' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(`pedido/${order.id}`, h)).json().impuestos).toEqual(order.impuestos);
    const next = (await post('pedidos/lineadd', capazo(), h)).json();
    expect(next.impuestos).toMatchObject({ regimen: 'general', total: 163.35 });
  });

  it('prints the confirmation as a PDF: both parties, the lines, each tax, the total and the mention', async () => {
    const { client, h, cart } = await taxedCart('intracomunitario', 'FR40303265045');
    await ctx.database.db
      .update(clientes)
      .set({
        nombre: 'Boutique Lumière SARL',
        direccion: '12 rue de la Paix',
        cp: '75002',
        poblacion: 'Paris',
        pais: 'Francia',
      })
      .where(eq(clientes.id, client.id));
    const notYet = await get(`pedido/${cart.id}/pdf`, h);
    expect(notYet.statusCode).toBe(409);
    const order = (await post('pedidos/processOrder', { pedido_id: cart.id }, h)).json().pedido;
    const res = await get(`pedido/${order.id}/pdf?lang=en`, h);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${order.docum}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Nido Textil Infantil S.L.',
      'Tax ID: B12345674',
      'Order confirmation',
      `Number: ${order.docum}`,
      `Date: ${order.fecha}`,
      'Boutique Lumière SARL',
      'Tax ID: FR40303265045',
      '75002 Paris',
      'NDCAP01',
      'Classic baby carrycot',
      'Colour: Pink',
      'Tax base 405,00 €',
      'Total 405,00 €',
      'Intra-Community supply exempt from VAT (art. 25, Spanish VAT Act 37/1992). Reverse charge.',
    ]) {
      expect(text).toContain(expected);
    }
    // In Spanish by default (the user's language), and nobody else's order.
    const es = await pdfText((await get(`pedido/${order.id}/pdf`, h)).rawPayload);
    expect(es).toContain('Confirmación de pedido');
    expect(es).toContain('Inversión del sujeto pasivo.');
    expect((await get(`pedido/${order.id}/pdf`, userB)).statusCode).toBe(404);
    expect((await get(`pedido/${order.id}/pdf?lang=fr`, h)).statusCode).toBe(422);
  });

  it('keeps the shop’s reference and the delivery date it asks for (not before today plus the lead time)', async () => {
    const { h, cart } = await taxedCart('general');
    const today = madridIsoDay(ctx.clock.now());
    const earliest = earliestDelivery(today, 3);
    const submit = (extra: Record<string, unknown>) =>
      post('pedidos/processOrder', { pedido_id: cart.id, ...extra }, h);
    const refused = [
      [{ referencia: 'x'.repeat(31) }, 'referencia', 'The reference can be at most 30 characters'],
      [{ fecha_entrega: '2026-13-45' }, 'fecha_entrega', 'The delivery date is not a valid date'],
      [{ fecha_entrega: today }, 'fecha_entrega', `The earliest delivery date is ${formatIsoDay(earliest)}`],
    ] as const;
    for (const [extra, field, message] of refused) {
      const res = await submit(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await cartOf(h)).status).toBe('c');
    const before = (await sentMails(ctx)).length;
    const res = await submit({ referencia: '  PO-2026/117 ', fecha_entrega: earliest });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().pedido;
    expect(order).toMatchObject({ referencia: 'PO-2026/117', fecha_entrega: earliest });
    expect((await get(`pedido/${order.id}`, h)).json()).toMatchObject({
      referencia: 'PO-2026/117',
      fecha_entrega: earliest,
    });
    // The orders list finds it by the reference, as by its number.
    const found = await post('pedidos/list', { tipodoc: 'E', page: 1, filters: { text: 'po-2026/1' } }, h);
    expect(found.json().data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const mail = (await waitForMails(ctx, before + 1)).slice(before).join('\n');
    expect(mail).toContain('Tu referencia: PO-2026/117');
    expect(mail).toContain(`Fecha de entrega solicitada: ${formatIsoDay(earliest)}`);
    // The confirmation mail carries the same document, in the recipient's language.
    const raw = (await sentMails(ctx)).slice(before).join('\n');
    expect(raw).toContain(`filename=${order.docum}.pdf`);
    const attached = await pdfText(pdfAttachment(raw)!);
    expect(attached).toContain(`Número: ${order.docum}`);
    expect(attached).toContain('Tu referencia: PO-2026/117');
    const pdf = await pdfText((await get(`pedido/${order.id}/pdf`, h)).rawPayload);
    expect(pdf).toContain('Tu referencia: PO-2026/117');
    expect(pdf).toContain(`Fecha de entrega solicitada: ${formatIsoDay(earliest)}`);
  });

  it('writes the legal mention in the confirmation mail, in the recipient’s language', async () => {
    const { h, cart } = await taxedCart('exportacion');
    const before = (await sentMails(ctx)).length;
    await post('pedidos/processOrder', { pedido_id: cart.id }, h);
    const mail = (await waitForMails(ctx, before + 1))
      .slice(before)
      .join('\n')
      .replace(/\u00a0/g, ' ');
    expect(mail).toContain('Exportación exenta de IVA (art. 21 de la Ley 37/1992 del IVA).');
    expect(mail).toContain('Total: 405,00 €');
    expect(mail).not.toContain('IVA 21 %');
  });
});

describe('POST pedidos/processOrder', () => {
  it('refuses an empty cart', async () => {
    const cart = await cartOf(userC);
    const res = await post('pedidos/processOrder', { pedido_id: cart.id }, userC);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The order has no lines');
    expect((await cartOf(userC)).status).toBe('c');
  });

  it('submits atomically: docum, status w, date, history, audit, mail; idempotent; a fresh cart next', async () => {
    const cart = (await post('pedidos/lineadd', withEmbroidery({}), userA)).json();
    const res = await post('pedidos/processOrder', { pedido_id: cart.id }, userA);
    expect(res.statusCode, res.body).toBe(200);
    const { pedido } = res.json();
    expect(pedido).toMatchObject({ id: cart.id, status: 'w', cliente_id: A.id, fecha: '02/03/2026' });
    expect(pedido.docum).toMatch(/^2026-\d{6}$/);
    expect(pedido.detalle).toHaveLength(cart.detalle.length);
    expect(pedido.total).toBe(cart.total);

    const again = await post('pedidos/processOrder', { pedido_id: cart.id }, userA);
    expect(again.statusCode).toBe(200);
    expect(again.json().pedido.docum).toBe(pedido.docum);
    const history = await ctx.database.db
      .select()
      .from(pedido_status_history)
      .where(eq(pedido_status_history.pedido_id, cart.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ from_status: 'c', status: 'w', user_id: userAId });
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.process'), eq(audit_log.entity_id, String(cart.id))));
    expect(audits).toHaveLength(1);

    // the mail: one, to the submitting user, in Spanish, with the lines and the total
    const mails = (await sentMails(ctx)).filter((m) => m.includes(pedido.docum));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/To: ana@orders\.test/);
    expect(mails[0]).toContain('NDCAP01');
    expect(mails[0]).toMatch(/Total/);

    const next = await cartOf(userA);
    expect(next.id).not.toBe(cart.id);
    expect(next.detalle).toEqual([]);
    // the submitted order can no longer change
    expect((await post('pedidos/savenote', { pedido_id: cart.id, nota_pedido: 'x' }, userA)).statusCode).toBe(
      409,
    );
    const line = cart.detalle[0];
    expect(
      (await post('pedidos/lineremove', { pedido_id: cart.id, linea_id: line.id }, userA)).statusCode,
    ).toBe(409);
    // a stale pedido_id on line add lands in the client's open cart
    const stale = await post('pedidos/lineadd', capazo({ pedido_id: cart.id }), userA);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().id).toBe(next.id);
    expect(await lineCount(cart.id)).toBe(cart.detalle.length);
  });

  it('mails every user of the client, in their language, and a copy to the Admin who submitted for it', async () => {
    const before = (await sentMails(ctx)).length;
    const { pedido, confirmacion } = await submitAnswer(admin, A.id, [capazo()]);
    expect(confirmacion).toEqual({
      destinatarios: ['ana@orders.test', 'andy@orders.test'],
      copia: 'admin@orders.test',
    });
    const mails = (await sentMails(ctx)).slice(before);
    expect(mails).toHaveLength(3);
    const toAna = mails.find((m) => m.includes('To: ana@orders.test'))!;
    const toAndy = mails.find((m) => m.includes('To: andy@orders.test'))!;
    const toAdmin = mails.find((m) => m.includes('To: admin@orders.test'))!;
    expect(toAna).toContain(`confirmaci`);
    expect(toAndy).toContain(`Subject: Nido: order ${pedido.docum} confirmation`);
    expect(decodeEml(toAdmin)).toContain(`Hemos recibido el pedido ${pedido.docum} de Tienda Ana.`);
    const [row] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, pedido.id));
    expect(row.submitted_by).not.toBe(userAId);
    const [a] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.process'), eq(audit_log.entity_id, String(pedido.id))));
    expect(a.acting_cliente_id).toBe(A.id);
  });

  it('mails the client’s own address, and a copy to the Representante, when the client has no active user', async () => {
    // A representative of its own, so the other tests' lists keep their clients.
    const sole = await createUser(ctx, { email: 'sol@orders.test', role: 'Representante', name: 'Sol' });
    const solRep = await tokenFor(ctx, sole.id);
    const lone = await createClient(ctx, 'Tienda Sola', {
      email: 'tienda@sola.test',
      representante_id: sole.id,
    });
    await createUser(ctx, {
      email: 'gone@sola.test',
      role: 'Cliente',
      cliente_id: lone.id,
      name: 'Gone',
      active: false,
    });
    const before = (await sentMails(ctx)).length;
    const { pedido, confirmacion } = await submitAnswer(solRep, lone.id, [capazo()]);
    expect(confirmacion).toEqual({ destinatarios: ['tienda@sola.test'], copia: 'sol@orders.test' });
    const mails = (await sentMails(ctx)).slice(before);
    expect(mails.map((m) => m.match(/^To: (.*)$/m)?.[1]).sort()).toEqual([
      'sol@orders.test',
      'tienda@sola.test',
    ]);
    const toShop = decodeEml(mails.find((m) => m.includes('To: tienda@sola.test'))!);
    expect(toShop).toContain(`Hemos recibido el pedido ${pedido.docum} de Tienda Sola.`);
    expect(toShop).toContain('Hola Tienda Sola:');
    // the outbox holds both rows, written with the order
    const rows = await ctx.database.query<{ recipients: string }>(
      `select recipients from mail_outbox where subject like '%${pedido.docum}%' order by recipients`,
    );
    expect(rows.map((r) => r.recipients)).toEqual(['sol@orders.test', 'tienda@sola.test']);

    // No user and no email: only the copy goes, and the answer says nobody at the client was mailed.
    const bare = await createClient(ctx, 'Tienda Muda', { representante_id: sole.id });
    const second = await submitAnswer(solRep, bare.id, [capazo()]);
    expect(second.confirmacion).toEqual({ destinatarios: [], copia: 'sol@orders.test' });
    const copies = (await sentMails(ctx)).filter((m) => m.includes(second.pedido.docum));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatch(/To: sol@orders\.test/);

    // Submitting again answers the order and says no mail was sent this time.
    const again = await post('pedidos/processOrder', { pedido_id: second.pedido.id }, solRep);
    expect(again.statusCode).toBe(200);
    expect(again.json().confirmacion).toBeNull();
  });

  it('numbers documents in sequence per year', async () => {
    const p1 = await submit(userB, B.id, [capazo()]);
    const p2 = await submit(userB, B.id, [capazo()]);
    const n = (d: string) => Number(d.split('-')[1]);
    expect(n(p2.docum)).toBe(n(p1.docum) + 1);
  });
});

describe('concurrency', () => {
  it('lands all of 50 parallel line adds in one cart', async () => {
    const fresh = await createClient(ctx, 'Tienda Cincuenta');
    const u = await createUser(ctx, { email: 'fifty@orders.test', role: 'Cliente', cliente_id: fresh.id });
    const h = await tokenFor(ctx, u.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post('pedidos/lineadd', capazo(), h)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const carts = await ctx.database.db.select().from(pedidos).where(eq(pedidos.cliente_id, fresh.id));
    expect(carts).toHaveLength(1);
    expect(await lineCount(carts[0].id)).toBe(50);
    expect((await cartOf(h)).total).toBe(50 * 135);
  });

  it('turns 10 parallel processOrder calls into exactly one order and one docum', async () => {
    const fresh = await createClient(ctx, 'Tienda Diez');
    const u = await createUser(ctx, { email: 'ten@orders.test', role: 'Cliente', cliente_id: fresh.id });
    const h = await tokenFor(ctx, u.id);
    const cart = (await post('pedidos/lineadd', capazo(), h)).json();
    const mailsBefore = (await sentMails(ctx)).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('pedidos/processOrder', { pedido_id: cart.id }, h)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().pedido.docum)).size).toBe(1);
    const rows = await ctx.database.db.select().from(pedidos).where(eq(pedidos.cliente_id, fresh.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('w');
    const history = await ctx.database.db
      .select()
      .from(pedido_status_history)
      .where(eq(pedido_status_history.pedido_id, cart.id));
    expect(history).toHaveLength(1);
    expect((await sentMails(ctx)).length - mailsBefore).toBe(1);
  });

  it('never loses a line added while the cart is being submitted', async () => {
    const fresh = await createClient(ctx, 'Tienda Carrera');
    const u = await createUser(ctx, { email: 'race@orders.test', role: 'Cliente', cliente_id: fresh.id });
    const h = await tokenFor(ctx, u.id);
    const cart = (await post('pedidos/lineadd', capazo(), h)).json();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => post('pedidos/lineadd', capazo(), h)),
      post('pedidos/processOrder', { pedido_id: cart.id }, h),
      ...Array.from({ length: 10 }, () => post('pedidos/lineadd', capazo(), h)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(21).fill(200));
    const rows = await ctx.database.db.select().from(pedidos).where(eq(pedidos.cliente_id, fresh.id));
    const submitted = rows.filter((r) => r.status === 'w');
    const open = rows.filter((r) => r.status === 'c');
    expect(submitted).toHaveLength(1);
    expect(open.length).toBeLessThanOrEqual(1);
    const total = (await lineCount(submitted[0].id)) + (open[0] ? await lineCount(open[0].id) : 0);
    expect(total).toBe(21);
  });
});

describe('GET pedido/{id}', () => {
  it('answers the order with lines and history, with a constant number of SQL statements', async () => {
    const small = await submit(userC, C.id, [capazo(), capazo()]);
    const big = await submit(
      userC,
      C.id,
      Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? withEmbroidery({}) : capazo())),
    );
    let body: Record<string, unknown> = {};
    const nSmall = await countStatements(ctx, () => get(`pedido/${small.id}`, userC));
    const nBig = await countStatements(ctx, async () => {
      const res = await get(`pedido/${big.id}`, userC);
      expect(res.statusCode).toBe(200);
      body = res.json();
    });
    expect(nBig).toBe(nSmall);
    // authentication + header, lines with their images, history
    expect(nBig).toBeGreaterThanOrEqual(4);
    expect(nBig).toBeLessThanOrEqual(5);
    expect(body).toMatchObject({
      id: big.id,
      docum: big.docum,
      cliente_id: C.id,
      cliente: 'Tienda Carla',
      status: 'w',
      tipodoc: 'E',
      fecha: '02/03/2026',
    });
    expect((body.detalle as unknown[]).length).toBe(16);
    expect(body.history).toEqual([
      { status: 'w', from_status: 'c', at: expect.any(String), user: 'Carla', reason: null },
    ]);
    expect(body.total).toBe(8 * 135 + 4 * (128.25 + 8));
  });

  it('answers 404 for an unknown order and 422 for a bad id', async () => {
    expect((await get('pedido/999999', userC)).statusCode).toBe(404);
    expect((await get('pedido/abc', userC)).statusCode).toBe(422);
  });
});

describe('POST pedidos/list', () => {
  let docs: Array<{ id: number; docum: string }> = [];
  let listH: H;
  let listClienteId: number;
  const list = (h: H, payload: Record<string, unknown>) =>
    post('pedidos/list', { tipodoc: 'E', page: 1, ...payload }, h);

  beforeAll(async () => {
    const d = await createClient(ctx, 'Tienda Lista');
    const u = await createUser(ctx, { email: 'list@orders.test', role: 'Cliente', cliente_id: d.id });
    listClienteId = d.id;
    docs = [];
    for (let i = 0; i < 30; i++) {
      ctx.clock.advance(24 * 3600_000); // one order a day from 2026-03-03 on
      const h = await tokenFor(ctx, u.id);
      listH = h;
      const p = await submit(h, d.id, [
        i === 29
          ? {
              modelo: 'NDSIL02',
              cantidad: 1,
              parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
            }
          : capazo(),
      ]);
      docs.push({ id: p.id, docum: p.docum });
    }
    await ctx.database.db.update(pedidos).set({ status: 'p' }).where(eq(pedidos.id, docs[0].id));
    await refreshTokens();
  });
  const listUser = () => listH;
  const listClient = () => listClienteId;

  it('lists the client’s submitted orders newest first, 25 a page, with totals and line counts', async () => {
    const p1 = (await list(listUser(), {})).json();
    expect(p1.meta).toMatchObject({
      total: 30,
      per_page: 25,
      current_page: 1,
      from: 1,
      to: 25,
      last_page: 2,
    });
    expect(p1.data).toHaveLength(25);
    expect(p1.data[0]).toMatchObject({
      id: docs[29].id,
      docum: docs[29].docum,
      cliente: 'Tienda Lista',
      status: 'w',
      total: 250.5,
      lineas: 1,
      fecha: '01/04/2026',
    });
    expect(p1.data[1]).toMatchObject({ id: docs[28].id, total: 135 });
    const p2 = (await list(listUser(), { page: 2 })).json();
    expect(p2.data.map((o: { id: number }) => o.id)).toEqual(
      docs
        .slice(0, 5)
        .map((d) => d.id)
        .reverse(),
    );
    // the open cart never shows
    const ids = [...p1.data, ...p2.data].map((o: { status: string }) => o.status);
    expect(ids).not.toContain('c');
  });

  it('filters by status, dates (inclusive Madrid days) and text (docum or model)', async () => {
    const byStatus = (await list(listUser(), { filters: { status: 'p' } })).json();
    expect(byStatus.data.map((o: { id: number }) => o.id)).toEqual([docs[0].id]);
    const byDates = (
      await list(listUser(), { filters: { desde: '2026-03-05', hasta: '2026-03-07' } })
    ).json();
    expect(byDates.meta.total).toBe(3);
    expect(byDates.data.map((o: { fecha: string }) => o.fecha)).toEqual([
      '07/03/2026',
      '06/03/2026',
      '05/03/2026',
    ]);
    const byDocum = (await list(listUser(), { filters: { text: docs[3].docum } })).json();
    expect(byDocum.data.map((o: { id: number }) => o.id)).toEqual([docs[3].id]);
    const byModel = (await list(listUser(), { filters: { text: 'silla paseo' } })).json();
    expect(byModel.data.map((o: { id: number }) => o.id)).toEqual([docs[29].id]);
    const accent = (await list(listUser(), { filters: { text: 'BEBE' } })).json();
    expect(accent.meta.total).toBe(29);
    const topLevel = (await list(listUser(), { status: 'p' })).json();
    expect(topLevel.meta.total).toBe(1);
    const bad = await list(listUser(), { filters: { status: 'z' } });
    expect(bad.statusCode).toBe(422);
    for (const desde of ['9999-99-99T99:99', '2026-02-30', 'ayer']) {
      const badDate = await list(listUser(), { filters: { desde } });
      expect(badDate.statusCode, desde).toBe(422);
      expect(badDate.json().issues['filters.desde'], desde).toEqual([{ code: 'order.filterDate' }]);
    }
    const dateTime = await list(listUser(), { desde: '2026-03-07T10:00' });
    expect(dateTime.json().meta.total).toBeGreaterThan(0);
  });

  it('scopes the list: own client, the representative’s clients, everything for an Admin', async () => {
    const own = (await list(userB, {})).json();
    expect(new Set(own.data.map((o: { cliente: string }) => o.cliente))).toEqual(new Set(['Tienda Bea']));
    const viaRep = (await list(rep, {})).json();
    expect(viaRep.meta.total).toBeGreaterThan(0);
    expect(new Set(viaRep.data.map((o: { cliente_id: number }) => o.cliente_id))).toEqual(new Set([A.id]));
    const all = (await list(admin, {})).json();
    const [submitted] = await ctx.database.db
      .select({ n: count() })
      .from(pedidos)
      .where(inArray(pedidos.status, ['w', 'p', 'e']));
    expect(all.meta.total).toBe(submitted.n);
    expect(all.meta.total).toBeGreaterThan(30);
    const one = (await list(admin, { filters: { cliente_id: listClient() } })).json();
    expect(one.meta.total).toBe(30);
    expect((await list(rep, { filters: { cliente_id: listClient() } })).statusCode).toBe(404);
  });

  it('sends the same statements whatever the page holds: count and page, then the page alone', async () => {
    // Filters no earlier test listed: the first request of each counts (list-cache.ts).
    const many = { filters: { desde: '2020-01-01' } };
    const one = { filters: { desde: '2020-01-01', status: 'p' } };
    const n25 = await countStatements(ctx, () => list(listUser(), many));
    const n1 = await countStatements(ctx, () => list(listUser(), one));
    expect(n25).toBe(n1);
    // authentication + count + page
    expect(n25).toBeGreaterThanOrEqual(3);
    expect(n25).toBeLessThanOrEqual(4);
    // The same list again under an unchanged list version: the count is known.
    expect(await countStatements(ctx, () => list(listUser(), many))).toBe(n25 - 1);
  });
});

describe('POST modelo/lastPurchased', () => {
  it('answers distinct configurations, most recent first, primary non-shipping lines of submitted orders', async () => {
    const e = await createClient(ctx, 'Tienda Recompra');
    const u = await createUser(ctx, { email: 'again@orders.test', role: 'Cliente', cliente_id: e.id });
    const h = await tokenFor(ctx, u.id);
    const silla = {
      modelo: 'NDSIL02',
      cantidad: 1,
      parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
    };
    ctx.clock.advance(3600_000);
    await submit(h, e.id, [capazo(), silla]);
    ctx.clock.advance(3600_000);
    const second = await submit(h, e.id, [withEmbroidery({}), capazo({ cantidad: 4 })]);
    // a line still in the cart does not count
    await post('pedidos/lineadd', capazo({ nota: 'en el carrito' }), h);
    // a shipping line does not count
    await ctx.database.db.insert(pedido_lineas).values({
      pedido_id: second.id,
      modelo: 'NDSIL02',
      unped: 1,
      precio_cents: 900,
      porte: true,
      config_key: 'porte',
    });

    const res = await post('modelo/lastPurchased', {}, h);
    expect(res.statusCode).toBe(200);
    const { ids, details } = res.json();
    const embroideredId = second.detalle.find(
      (l: { parametros_bordado: unknown; lineaprimaria: number }) =>
        l.parametros_bordado && l.lineaprimaria === 0,
    ).id;
    const capazoAgainId = second.detalle.find((l: { unped: number }) => l.unped === 4).id;
    // most recent first: the second order's lines (newest id first), then the chair; the first capazo is the same configuration as capazoAgain
    expect(ids).toEqual([capazoAgainId, embroideredId, expect.any(Number)]);
    expect(details[String(ids[2])]).toMatchObject({
      modelo: 'NDSIL02',
      lineaprimaria: 0,
      porte: false,
      precio: 250.5,
    });
    expect(details[String(capazoAgainId)]).toMatchObject({
      id: capazoAgainId,
      modelo: 'NDCAP01',
      descripcion: 'Capazo Bebé Classic',
      unped: 4,
      precio: 135,
      nota: '',
      imagen: '/uploads/cap-ros-t.webp',
    });
    expect(details[String(capazoAgainId)].parametros_color.map((o: { id: number }) => o.id)).toEqual([
      fx.opt.rosa,
      fx.opt.algodon,
      fx.opt.sinBordado,
    ]);
    expect(details[String(embroideredId)].parametros_bordado).toMatchObject({
      name: 'Lucía',
      emb_color: 'O02',
      position: 'Derecha',
      position_en: 'Right',
    });
    // an empty body: the caller's own client
    const own = await post('modelo/lastPurchased', {}, h);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().ids).toEqual(ids);
    // staff ask for a client
    const viaAdmin = await post('modelo/lastPurchased', { cliente_id: e.id }, admin);
    expect(viaAdmin.json().ids).toEqual(ids);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
