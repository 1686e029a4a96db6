/**
 * modelos.client_visible (kept by the triggers of migration 0004) must follow the visibility rule
 * of shop/queries.ts through every way of changing collections.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { coleccion_modelos, colecciones, modelos } from '../../db/schema.ts';
import { insertModel } from './test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function visible(modelo: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ v: modelos.client_visible })
    .from(modelos)
    .where(eq(modelos.modelo, modelo));
  return row.v;
}

async function coleccion(code: string, extra: Partial<typeof colecciones.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(colecciones)
    .values({ nombre: code, coleccion: code, ...extra })
    .returning({ id: colecciones.id });
  return row.id;
}

describe('modelos.client_visible', () => {
  it('follows the model’s collections: added, removed, switched off, reps-only, deleted', async () => {
    const db = ctx.database.db;
    const open = await coleccion('V1');
    const other = await coleccion('V2');
    await insertModel(ctx, { modelo: 'VIS01', descripcion: 'Uno' });
    expect(await visible('VIS01')).toBe(false); // in no collection

    await db.insert(coleccion_modelos).values({ colecciones_id: open, modelos_modelo: 'VIS01' });
    expect(await visible('VIS01')).toBe(true);

    await db.update(colecciones).set({ activado: false }).where(eq(colecciones.id, open));
    expect(await visible('VIS01')).toBe(false);
    await db.update(colecciones).set({ activado: true }).where(eq(colecciones.id, open));
    expect(await visible('VIS01')).toBe(true);

    await db.update(colecciones).set({ solorepresentantes: true }).where(eq(colecciones.id, open));
    expect(await visible('VIS01')).toBe(false);

    // a second, open collection makes it visible again whatever the first one does
    await db.insert(coleccion_modelos).values({ colecciones_id: other, modelos_modelo: 'VIS01' });
    expect(await visible('VIS01')).toBe(true);
    await db.delete(colecciones).where(eq(colecciones.id, other)); // its pivot rows cascade
    expect(await visible('VIS01')).toBe(false);

    await db.update(colecciones).set({ solorepresentantes: false }).where(eq(colecciones.id, open));
    expect(await visible('VIS01')).toBe(true);
    await db.delete(coleccion_modelos).where(eq(coleccion_modelos.modelos_modelo, 'VIS01'));
    expect(await visible('VIS01')).toBe(false);
  });

  it('moves with a renamed model code and handles many models in one statement', async () => {
    const db = ctx.database.db;
    const col = await coleccion('V3');
    const codes = Array.from({ length: 30 }, (_, i) => `VISM${String(i).padStart(2, '0')}`);
    for (const code of codes) await insertModel(ctx, { modelo: code, descripcion: code });
    await db.insert(coleccion_modelos).values(codes.map((c) => ({ colecciones_id: col, modelos_modelo: c })));
    const rows = await db
      .select({ v: modelos.client_visible })
      .from(modelos)
      .where(inArray(modelos.modelo, codes));
    expect(rows.every((r) => r.v)).toBe(true);

    await db.update(modelos).set({ modelo: 'VISREN' }).where(eq(modelos.modelo, 'VISM00'));
    expect(await visible('VISREN')).toBe(true);

    await db.update(colecciones).set({ activado: false }).where(eq(colecciones.id, col));
    const after = await db
      .select({ v: modelos.client_visible })
      .from(modelos)
      .where(inArray(modelos.modelo, [...codes.slice(1), 'VISREN']));
    expect(after.every((r) => !r.v)).toBe(true);
  });
});
