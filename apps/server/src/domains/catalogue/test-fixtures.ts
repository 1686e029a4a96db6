/**
 * A small catalogue for the catalogue and orders tests, built with direct inserts (independent of
 * the demo seed). Prices are cents.
 */
import { EMBROIDERY_COLOURS_GROUP_ID } from '@nido/contract';
import type { TestContext } from '../../../test/harness.ts';
import {
  coleccion_modelos,
  colecciones,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
  section_models,
} from '../../db/schema.ts';
import { searchable } from '../../platform/text.ts';

export interface Fixture {
  col: { open: number; closed: number; reps: number };
  sec: { fabrics: number; embroidery: number };
  grp: { color: number; tela: number; bordado: number; emb: number };
  opt: {
    rosa: number;
    azul: number;
    gris: number;
    algodon: number;
    lino: number;
    sinBordado: number;
    conNombre: number;
    soloColor: number;
    blanco: number;
    oro: number;
    plata: number;
  };
}

type ModelInsert = typeof modelos.$inferInsert;

export async function insertModel(
  ctx: TestContext,
  m: ModelInsert,
  coleccionIds: number[] = [],
  position = 0,
) {
  await ctx.database.db
    .insert(modelos)
    .values({ ...m, search_text: searchable(m.modelo, m.descripcion, m.descripcion_en ?? '') });
  for (const id of coleccionIds) {
    await ctx.database.db
      .insert(coleccion_modelos)
      .values({ colecciones_id: id, modelos_modelo: m.modelo, position });
  }
}

export async function linkGroups(
  ctx: TestContext,
  modelo: string,
  links: Array<{ grupo: number; position: number; section?: number | null; size?: number }>,
) {
  await ctx.database.db.insert(modelo_grupos).values(
    links.map((l) => ({
      modelos_modelo: modelo,
      parametros_grupos_id: l.grupo,
      position: l.position,
      section_models_id: l.section ?? null,
      size: l.size ?? 1,
    })),
  );
}

/** A valid line-add payload: one NDCAP01 in pink cotton, no embroidery. */
export function plainCapazo(fx: Fixture) {
  return {
    modelo: 'NDCAP01',
    cantidad: 1,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
    ],
  };
}

export async function buildCatalogue(ctx: TestContext): Promise<Fixture> {
  const db = ctx.database.db;
  const [open, closed, reps] = await db
    .insert(colecciones)
    .values([
      { nombre: 'Otoño 26', nombre_en: 'Autumn 26', coleccion: 'OI26', position: 1 },
      { nombre: 'Antigua', coleccion: 'OLD', activado: false, position: 2 },
      { nombre: 'Solo reps', coleccion: 'REPS', solorepresentantes: true, position: 3 },
    ])
    .returning({ id: colecciones.id });
  const [fabrics, embroidery] = await db
    .insert(section_models)
    .values([
      { name: 'Tejidos', name_en: 'Fabrics' },
      { name: 'Bordado', name_en: 'Embroidery' },
    ])
    .returning({ id: section_models.id });
  const [color, tela, bordado] = await db
    .insert(parametros_grupos)
    .values([
      { nombre: 'Color', nombre_en: 'Colour' },
      { nombre: 'Tela', nombre_en: 'Fabric', size: 1 },
      { nombre: 'Bordado', nombre_en: 'Embroidery' },
    ])
    .returning({ id: parametros_grupos.id });
  await db
    .insert(parametros_grupos)
    .values({ id: EMBROIDERY_COLOURS_GROUP_ID, nombre: 'Colores bordado', nombre_en: 'Embroidery colours' });
  const [telaSection] = await db
    .insert(parametro_sections)
    .values({ parametros_grupos_id: tela.id, name: 'Naturales', name_en: 'Natural', position: 0 })
    .returning({ id: parametro_sections.id });

  const opts = await db
    .insert(parametros)
    .values([
      {
        parametros_grupos_id: color.id,
        codigo: 'ROS',
        nombre: 'Rosa',
        nombre_en: 'Pink',
        color: '#ff8899',
        position: 1,
      },
      {
        parametros_grupos_id: color.id,
        codigo: 'AZU',
        nombre: 'Azul',
        nombre_en: 'Blue',
        color: '#3366ff',
        position: 0,
      },
      {
        parametros_grupos_id: color.id,
        codigo: 'GRI',
        nombre: 'Gris',
        nombre_en: 'Grey',
        color: '#888888',
        activado: false,
        position: 2,
      },
      {
        parametros_grupos_id: tela.id,
        codigo: 'ALG',
        nombre: 'Algodón',
        nombre_en: 'Cotton',
        price_cents: 1000,
        position: 0,
        section_id: telaSection.id,
      },
      {
        parametros_grupos_id: tela.id,
        codigo: 'LIN',
        nombre: 'Lino',
        nombre_en: 'Linen',
        price_cents: 550,
        position: 1,
      },
      {
        parametros_grupos_id: bordado.id,
        codigo: 'SB',
        nombre: 'Sin bordado',
        nombre_en: 'No embroidery',
        position: 0,
      },
      {
        parametros_grupos_id: bordado.id,
        codigo: 'CN',
        nombre: 'Con nombre',
        nombre_en: 'With name',
        price_cents: 800,
        letters: 10,
        embroidery_color: true,
        embroidery_position: 'Izquierda,Derecha',
        embroidery_position_en: 'Left,Right',
        position: 1,
      },
      {
        parametros_grupos_id: bordado.id,
        codigo: 'SC',
        nombre: 'Solo color',
        nombre_en: 'Colour only',
        embroidery_color: true,
        position: 2,
      },
      {
        parametros_grupos_id: EMBROIDERY_COLOURS_GROUP_ID,
        codigo: 'B01',
        nombre: 'Blanco',
        nombre_en: 'White',
        color: '#ffffff',
      },
      {
        parametros_grupos_id: EMBROIDERY_COLOURS_GROUP_ID,
        codigo: 'O02',
        nombre: 'Oro',
        nombre_en: 'Gold',
        color: '#d4af37',
        position: 1,
      },
      {
        parametros_grupos_id: EMBROIDERY_COLOURS_GROUP_ID,
        codigo: 'P03',
        nombre: 'Plata',
        nombre_en: 'Silver',
        color: '#c0c0c0',
        activado: false,
        position: 2,
      },
    ])
    .returning({ id: parametros.id });
  const [rosa, azul, gris, algodon, lino, sinBordado, conNombre, soloColor, blanco, oro, plata] = opts.map(
    (o) => o.id,
  );

  // The embroidery model (modelobordado default 0802): in no collection.
  await insertModel(ctx, {
    modelo: '0802',
    descripcion: 'Bordado personalizado',
    descripcion_en: 'Custom embroidery',
  });
  await insertModel(
    ctx,
    {
      modelo: 'NDCAP01',
      descripcion: 'Capazo Bebé Classic',
      descripcion_en: 'Classic baby carrycot',
      pvp_cents: 12000,
      familia: 1,
      personalizado: 2,
    },
    [open.id],
    2,
  );
  await linkGroups(ctx, 'NDCAP01', [
    { grupo: color.id, position: 0, section: fabrics.id },
    { grupo: tela.id, position: 1, section: fabrics.id, size: 1.5 },
    { grupo: bordado.id, position: 2, section: embroidery.id },
  ]);
  await db.insert(modelo_imagenes).values([
    {
      modelos_modelo: 'NDCAP01',
      url_img: '/uploads/cap-main.webp',
      thumb_url: '/uploads/cap-main-t.webp',
      principal: true,
    },
    {
      modelos_modelo: 'NDCAP01',
      url_img: '/uploads/cap-ros.webp',
      thumb_url: '/uploads/cap-ros-t.webp',
      color0: 'ROS',
    },
  ]);
  await insertModel(
    ctx,
    {
      modelo: 'NDSIL02',
      descripcion: 'Silla de paseo Luna',
      descripcion_en: 'Luna pushchair',
      pvp_cents: 25050,
      familia: 3,
    },
    [open.id],
    1,
  );
  await linkGroups(ctx, 'NDSIL02', [{ grupo: color.id, position: 0 }]);
  await insertModel(ctx, { modelo: 'NDOLD03', descripcion: 'Capazo antiguo', pvp_cents: 5000 }, [closed.id]);
  await insertModel(ctx, { modelo: 'NDREP04', descripcion: 'Capazo muestra', pvp_cents: 5000 }, [reps.id]);
  await insertModel(
    ctx,
    { modelo: 'NDBAJA05', descripcion: 'Capazo retirado', pvp_cents: 5000, baja: true },
    [open.id],
  );
  await insertModel(ctx, {
    modelo: 'NDNOC06',
    descripcion: 'Capazo sin colección',
    pvp_cents: 7000,
    familia: 1,
  });
  await insertModel(
    ctx,
    {
      modelo: 'NDBOL07',
      descripcion: 'Bolso maternal bebé',
      descripcion_en: 'Changing bag',
      pvp_cents: 4500,
      familia: 4,
    },
    [open.id, reps.id],
    0,
  );
  return {
    col: { open: open.id, closed: closed.id, reps: reps.id },
    sec: { fabrics: fabrics.id, embroidery: embroidery.id },
    grp: { color: color.id, tela: tela.id, bordado: bordado.id, emb: EMBROIDERY_COLOURS_GROUP_ID },
    opt: { rosa, azul, gris, algodon, lino, sinBordado, conNombre, soloColor, blanco, oro, plata },
  };
}

/**
 * Counts the SQL statements the app's requests send while `fn` runs (`Database.onStatement`). The
 * mail sender's are left out: it works on its own timer beside any request, through
 * `Database.background`, which the count does not see (reading the outbox, drawing an order's PDF).
 */
export async function countStatements(ctx: TestContext, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const stop = ctx.database.onStatement(() => {
    n++;
  });
  try {
    await fn();
  } finally {
    stop();
  }
  return n;
}
