/**
 * Parameter groups, their sections and their parameters (product.md §8 Parameters, §4, §5). Admin only.
 *
 * Sections: a group's parameters are arranged in sections (parametro_sections); a parameter with
 * section_id null is in the group's default section, exposed on the wire as section id 0. The
 * default section cannot be renamed or deleted (product.md §7 message). Positions count within a section
 * and are renumbered from 0 by parametro/updatePosition.
 *
 * Parameter images are option swatches: the upload is checked and re-encoded like every image, and
 * the 320 px WebP version is stored as the parameter's `imagen`.
 */
import {
  hasText,
  type Message,
  CATALOG_ADMIN_MSG as MSG,
  normalizeLetters,
  normalizePositions,
  PAGE_SIZE,
  type ParametroRow,
  ParametroWriteBody,
  type ParamGroupDetail,
  type ParamGroupListQuery,
  type ParamGroupWriteRequest,
  type ParamSection,
  type ParamSectionWriteRequest,
  paging,
} from '@nido/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { FieldErrors, Invalid, NotFound } from '../../../platform/errors.ts';
import { parseWith, processUpload, removeFiles, type UploadRequest } from '../../../platform/images.ts';
import { searchTerms } from '../../../platform/text.ts';
import { DEFAULT_PARAM_SECTION, parametroOut, typedPriceCents } from '../present.ts';
import * as q from './queries.ts';
import { parseSize } from './service.ts';

const COLOR_HEX = /^#[0-9a-fA-F]{6}$/;

async function lockGroup(tx: Tx, id: number) {
  const group = await q.findGroup(tx, id, true);
  if (!group) throw new NotFound(MSG.groupNotFound);
  return group;
}

// ── Groups ────────────────────────────────────────────────────────────────────────────────────

/** GET parametrosgrupos: paged (or every group with all=1), searchable by name or id. */
export async function listGroups(ctx: ServiceContext, query: ParamGroupListQuery) {
  const { db } = ctx;
  const filter: q.GroupFilter = { terms: searchTerms(query.search), activado: query.activado };
  const total = await q.countGroups(db, filter);
  const perPage = query.all ? Math.max(total, 1) : (query.per_page ?? PAGE_SIZE);
  const page = query.all ? 1 : query.page;
  const rows = await q.findGroupsPage(db, filter, perPage, (page - 1) * perPage);
  return { data: rows.map((r) => ({ ...r, size: Number(r.size) })), meta: paging(total, page, perPage) };
}

/** GET parametrosgrupos/{id}: the group, its sections (default first) and parameters. */
export async function getGroup(db: Db | Tx, id: number): Promise<ParamGroupDetail> {
  const group = await q.findGroup(db, id);
  if (!group) throw new NotFound(MSG.groupNotFound);
  const [sections, rows] = await Promise.all([q.sectionsOfGroup(db, id), q.parametrosOfGroups(db, [id])]);
  const parametros = rows.map(parametroOut);
  return {
    ...group,
    size: Number(group.size),
    sections: [DEFAULT_PARAM_SECTION, ...sections],
    parametros,
    parametros_active: parametros.filter((p) => p.activado),
  };
}

function checkName(errors: FieldErrors, field: string, name: unknown, message: Message) {
  if (!hasText(name)) errors.add(field, message);
}

/**
 * POST parametrosgrupos (id 0 / absent creates; an id updates) and PUT parametrosgrupos/{id}.
 * product.md §5.3: names required, size numeric. `sections` renames/creates/orders sections (see contract).
 */
export async function saveGroup(
  ctx: ServiceContext,
  id: number | null,
  body: ParamGroupWriteRequest,
): Promise<ParamGroupDetail> {
  const errors = new FieldErrors();
  const creating = !id;
  // An update keeps a name it is not sent; creating needs both.
  if (creating || body.nombre !== undefined) checkName(errors, 'nombre', body.nombre, MSG.nameRequired);
  if (creating || body.nombre_en !== undefined)
    checkName(errors, 'nombre_en', body.nombre_en, MSG.nameEnRequired);
  let size: number | undefined;
  if (creating || (body.size !== undefined && body.size !== null)) {
    size = body.size == null || body.size === '' ? 1 : parseSize(body.size, 'size', errors);
  }
  body.sections?.forEach((s, i) => {
    if (s.id === 0) errors.add(`sections.${i}.id`, MSG.defaultSection);
    else if (!hasText(s.name)) errors.add(`sections.${i}.name`, MSG.nameRequired);
  });
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    let groupId: number;
    const values = {
      nombre: body.nombre?.trim(),
      nombre_en: body.nombre_en?.trim(),
      activado: body.activado,
      size,
    };
    if (creating) {
      groupId = await q.insertGroup(tx, {
        nombre: values.nombre!,
        nombre_en: values.nombre_en!,
        activado: values.activado ?? true,
        size: size ?? 1,
      });
    } else {
      groupId = (await lockGroup(tx, id)).id;
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await q.updateGroup(tx, groupId, { ...set, updated_at: ctx.clock.now() });
    }
    if (body.sections) await applySections(tx, groupId, body.sections);
    await audit(tx, ctx, {
      action: creating ? 'parametros_grupo.create' : 'parametros_grupo.update',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { ...values, sections: body.sections },
    });
    return getGroup(tx, groupId);
  });
}

/** Renames (id > 0), creates (no id / negative) and orders the listed sections; others follow. */
async function applySections(tx: Tx, groupId: number, list: NonNullable<ParamGroupWriteRequest['sections']>) {
  const existing = await q.sectionsOfGroup(tx, groupId);
  const known = new Set(existing.map((s) => s.id));
  const errors = new FieldErrors();
  list.forEach((s, i) => {
    if (s.id && s.id > 0 && !known.has(s.id)) errors.add(`sections.${i}.id`, MSG.sectionNotFound);
  });
  errors.throwIfAny();
  const ordered: number[] = [];
  for (const s of list) {
    const name = s.name!.trim();
    const name_en = (s.name_en ?? '').trim();
    if (s.id && s.id > 0) {
      await q.updateSection(tx, s.id, { name, name_en });
      ordered.push(s.id);
    } else {
      ordered.push((await q.insertSection(tx, groupId, name, name_en)).id);
    }
  }
  const rest = existing.map((s) => s.id).filter((sid) => !ordered.includes(sid));
  for (const [position, sid] of [...ordered, ...rest].entries()) await q.updateSection(tx, sid, { position });
}

// ── Sections of a group ───────────────────────────────────────────────────────────────────────

function checkSectionName(body: ParamSectionWriteRequest) {
  const errors = new FieldErrors();
  if (!hasText(body.name)) errors.add('name', MSG.nameRequired);
  errors.throwIfAny();
}

function defaultSectionRefused(): Invalid {
  return new Invalid({ section: [MSG.defaultSection] });
}

async function sectionOfGroup(tx: Tx, groupId: number, sectionId: number) {
  if (sectionId === 0) throw defaultSectionRefused();
  const section = await q.findSection(tx, sectionId);
  if (!section || section.parametros_grupos_id !== groupId) throw new NotFound(MSG.sectionNotFound);
  return section;
}

/** POST parametrosgrupos/{id}/sections: a new section, last. */
export async function createSection(ctx: ServiceContext, groupId: number, body: ParamSectionWriteRequest) {
  checkSectionName(body);
  return ctx.db.transaction(async (tx): Promise<ParamSection> => {
    await lockGroup(tx, groupId);
    const row = await q.insertSection(tx, groupId, body.name!.trim(), (body.name_en ?? '').trim());
    await audit(tx, ctx, {
      action: 'parametros_grupo.section.create',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: row,
    });
    return row;
  });
}

/** PUT parametrosgrupos/{id}/sections/{sectionId}: renames a section (never the default one). */
export async function renameSection(
  ctx: ServiceContext,
  groupId: number,
  sectionId: number,
  body: ParamSectionWriteRequest,
) {
  if (sectionId === 0) throw defaultSectionRefused();
  checkSectionName(body);
  return ctx.db.transaction(async (tx): Promise<ParamSection> => {
    await lockGroup(tx, groupId);
    const section = await sectionOfGroup(tx, groupId, sectionId);
    const values = { name: body.name!.trim(), name_en: (body.name_en ?? '').trim() };
    await q.updateSection(tx, section.id, values);
    await audit(tx, ctx, {
      action: 'parametros_grupo.section.rename',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { section_id: section.id, ...values },
    });
    return { id: section.id, position: section.position, ...values };
  });
}

/**
 * DELETE parametrosgrupos/{id}/sections/{sectionId}: deletes a section; its parameters move to the
 * end of the default section (use parametro/deleteParametroSection to delete them instead).
 */
export async function deleteSection(ctx: ServiceContext, groupId: number, sectionId: number) {
  if (sectionId === 0) throw defaultSectionRefused();
  return ctx.db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const section = await sectionOfGroup(tx, groupId, sectionId);
    const moved = await q.parametroIdsInSection(tx, section.id);
    const start = await q.nextParametroPosition(tx, groupId, null);
    const now = ctx.clock.now();
    for (const [i, pid] of moved.entries()) {
      await q.updateParametro(tx, pid, { section_id: null, position: start + i, updated_at: now });
    }
    await q.deleteSection(tx, section.id);
    await audit(tx, ctx, {
      action: 'parametros_grupo.section.delete',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { section_id: section.id, name: section.name, moved },
    });
    return { ok: true };
  });
}

/** POST parametrosgrupos/{id}/sections/order: section positions 0..n-1 in the order given. */
export async function orderSections(ctx: ServiceContext, groupId: number, ids: number[]) {
  return ctx.db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    const existing = await q.sectionsOfGroup(tx, groupId);
    const known = new Set(existing.map((s) => s.id));
    const errors = new FieldErrors();
    ids.forEach((sid, i) => {
      if (!known.has(sid)) errors.add(`sections.${i}`, sid === 0 ? MSG.defaultSection : MSG.sectionNotFound);
    });
    if (new Set(ids).size !== ids.length) errors.add('sections', MSG.duplicateIds);
    errors.throwIfAny();
    const order = [...ids, ...existing.map((s) => s.id).filter((sid) => !ids.includes(sid))];
    for (const [position, sid] of order.entries()) await q.updateSection(tx, sid, { position });
    await audit(tx, ctx, {
      action: 'parametros_grupo.section.order',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { sections: order },
    });
    return { sections: [DEFAULT_PARAM_SECTION, ...(await q.sectionsOfGroup(tx, groupId))] };
  });
}

// ── Parameters ────────────────────────────────────────────────────────────────────────────────

/**
 * POST parametro/updateNewWithImage (multipart `body` JSON + optional image, or plain JSON).
 * id 0 creates the parameter (last in its section); an image needs a saved parameter.
 * product.md §5.3: names required; price parsed as number, negative → 0; letters parsed as integer, NaN → 0.
 * Fields left out of an update keep their value; a parameter never changes group.
 */
export async function saveParametro(ctx: ServiceContext, upload: UploadRequest): Promise<ParametroRow> {
  const { db } = ctx;
  const body = parseWith(ParametroWriteBody, upload.body);
  const creating = body.id === 0;
  const existing = creating ? null : await q.findParametro(db, body.id);
  if (!creating && !existing) throw new NotFound(MSG.parametroNotFound);

  const errors = new FieldErrors();
  const pick = <T>(value: T | undefined, current: T, fallback: T): T =>
    value !== undefined ? value : existing ? current : fallback;
  const nombre = pick(body.nombre, existing?.nombre ?? '', '');
  const nombre_en = pick(body.nombre_en, existing?.nombre_en ?? '', '');
  checkName(errors, 'nombre', nombre, MSG.nameRequired);
  checkName(errors, 'nombre_en', nombre_en, MSG.nameEnRequired);
  if (creating && upload.file) errors.add('image', MSG.saveBeforeUpload);

  const groupId = existing?.parametros_grupos_id ?? body.parametros_grupos_id ?? 0;
  if (creating && (!groupId || !(await q.findGroup(db, groupId)))) {
    errors.add('parametros_grupos_id', MSG.groupNotFound);
  }
  let color: string | null = existing?.color ?? null;
  if (body.color !== undefined) {
    const text = (body.color ?? '').trim();
    if (!text) color = null;
    else if (COLOR_HEX.test(text)) color = text.toLowerCase();
    else errors.add('color', MSG.colorFormat);
  }
  let priceCents = existing?.price_cents ?? 0;
  if (body.price !== undefined) {
    const cents = typedPriceCents(body.price);
    if (cents == null) errors.add('price', MSG.priceTooLarge);
    else priceCents = cents;
  }
  let sectionId: number | null = existing?.section_id ?? null;
  if (body.section_id !== undefined) {
    sectionId = body.section_id && body.section_id > 0 ? body.section_id : null;
    if (sectionId != null) {
      const section = await q.findSection(db, sectionId);
      if (!section || section.parametros_grupos_id !== groupId) errors.add('section_id', MSG.sectionNotFound);
    }
  }
  errors.throwIfAny();

  const values: q.ParametroValues = {
    codigo: body.codigo != null ? String(body.codigo).trim() : (existing?.codigo ?? ''),
    nombre: String(nombre).trim(),
    nombre_en: String(nombre_en).trim(),
    color,
    price_cents: priceCents,
    letters: body.letters !== undefined ? normalizeLetters(body.letters) : (existing?.letters ?? 0),
    embroidery_color: body.embroidery_color ?? existing?.embroidery_color ?? false,
    // The English names stay beside their Spanish ones (a list left out keeps its stored value).
    ...normalizePositions(
      body.embroidery_position !== undefined
        ? (body.embroidery_position ?? '')
        : (existing?.embroidery_position ?? ''),
      body.embroidery_position_en !== undefined
        ? (body.embroidery_position_en ?? '')
        : (existing?.embroidery_position_en ?? ''),
    ),
    activado: body.activado ?? existing?.activado ?? true,
    section_id: sectionId,
  };

  const imagen = upload.file
    ? await ctx.storage.save((await processUpload(upload.file)).thumb, 'webp')
    : undefined;
  try {
    const id = await db.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      let pid: number;
      if (creating) {
        const position = await q.nextParametroPosition(tx, groupId, sectionId);
        pid = await q.insertParametro(tx, { ...values, parametros_grupos_id: groupId, position });
      } else {
        pid = existing!.id;
        const moved = existing!.section_id !== sectionId;
        await q.updateParametro(tx, pid, {
          ...values,
          ...(imagen ? { imagen } : {}),
          ...(moved ? { position: await q.nextParametroPosition(tx, groupId, sectionId, [pid]) } : {}),
          updated_at: ctx.clock.now(),
        });
      }
      await audit(tx, ctx, {
        action: creating ? 'parametro.create' : 'parametro.update',
        entity: 'parametro',
        entity_id: pid,
        details: { parametros_grupos_id: groupId, ...values, ...(imagen ? { imagen } : {}) },
      });
      return pid;
    });
    if (imagen && existing?.imagen) await removeFiles(ctx.storage, existing.imagen);
    return parametroOut((await q.findParametro(db, id))!);
  } catch (err) {
    if (imagen) await removeFiles(ctx.storage, imagen);
    throw err;
  }
}

/** Loads parameters by id, all of one group, no repeats; 422 otherwise. */
async function parametrosOfOneGroup(tx: Tx, ids: number[]) {
  const errors = new FieldErrors();
  if (new Set(ids).size !== ids.length) errors.add('parametros', MSG.duplicateIds);
  const rows = await q.findParametros(tx, ids);
  if (rows.length !== new Set(ids).size) errors.add('parametros', MSG.parametroNotFound);
  if (new Set(rows.map((r) => r.parametros_grupos_id)).size > 1) errors.add('parametros', MSG.oneGroupOnly);
  errors.throwIfAny();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** POST parametro/updatePosition: positions 0..n-1 in the order given (one group). */
export async function updatePositions(ctx: ServiceContext, ids: number[]) {
  return ctx.db.transaction(async (tx) => {
    const rows = await parametrosOfOneGroup(tx, ids);
    const groupId = rows[0].parametros_grupos_id;
    await lockGroup(tx, groupId);
    const now = ctx.clock.now();
    for (const [position, row] of rows.entries()) {
      if (row.position !== position) await q.updateParametro(tx, row.id, { position, updated_at: now });
    }
    await audit(tx, ctx, {
      action: 'parametro.position',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { parametros: ids },
    });
    return { parametros: ids.map((id, position) => ({ id, position })) };
  });
}

/** DELETE parametros/{id}: the row and its image file. */
export async function deleteParametro(ctx: ServiceContext, id: number) {
  const row = await ctx.db.transaction(async (tx) => {
    const existing = await q.findParametro(tx, id);
    if (!existing) throw new NotFound(MSG.parametroNotFound);
    await lockGroup(tx, existing.parametros_grupos_id);
    await q.deleteParametroRow(tx, id);
    await audit(tx, ctx, {
      action: 'parametro.delete',
      entity: 'parametro',
      entity_id: id,
      details: {
        parametros_grupos_id: existing.parametros_grupos_id,
        codigo: existing.codigo,
        nombre: existing.nombre,
      },
    });
    return existing;
  });
  await removeFiles(ctx.storage, row.imagen);
  return { ok: true };
}

/**
 * POST parametro/deleteParametroSection {parametros, section_id?}: deletes the listed parameters
 * (all of one section) one by one, then the section once it is empty. The default section is
 * refused with product.md §7's message.
 */
export async function deleteParametroSection(
  ctx: ServiceContext,
  body: { parametros: number[]; section_id?: number | null },
) {
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = body.parametros.length ? await parametrosOfOneGroup(tx, body.parametros) : [];
    const sections = new Set(rows.map((r) => r.section_id ?? 0));
    if (sections.size > 1) throw new Invalid({ parametros: [MSG.oneSectionOnly] });
    let sectionId = rows.length ? (rows[0].section_id ?? 0) : (body.section_id ?? 0);
    if (body.section_id != null && rows.length && body.section_id !== sectionId) {
      throw new Invalid({ parametros: [MSG.oneSectionOnly] });
    }
    if (sectionId === 0) throw defaultSectionRefused();
    const section = await q.findSection(tx, sectionId);
    if (!section) throw new NotFound(MSG.sectionNotFound);
    sectionId = section.id;
    const groupId = section.parametros_grupos_id;
    await lockGroup(tx, groupId);
    for (const row of rows) await q.deleteParametroRow(tx, row.id);
    const sectionDeleted = (await q.countParametrosInSection(tx, sectionId)) === 0;
    if (sectionDeleted) await q.deleteSection(tx, sectionId);
    await audit(tx, ctx, {
      action: 'parametro.delete_section',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { section_id: sectionId, parametros: rows.map((r) => r.id), section_deleted: sectionDeleted },
    });
    return { rows, sectionDeleted };
  });
  await removeFiles(ctx.storage, ...removed.rows.map((r) => r.imagen));
  return { deleted: removed.rows.map((r) => r.id), section_deleted: removed.sectionDeleted };
}

/** POST parametro/updateParametrosSection: moves parameters (one group) to a section, appended last. */
export async function moveParametrosToSection(
  ctx: ServiceContext,
  body: { newSectionId: number; parametros: number[] },
) {
  return ctx.db.transaction(async (tx) => {
    const rows = await parametrosOfOneGroup(tx, body.parametros);
    const groupId = rows[0].parametros_grupos_id;
    await lockGroup(tx, groupId);
    const target = body.newSectionId > 0 ? body.newSectionId : null;
    if (target != null) {
      const section = await q.findSection(tx, target);
      if (!section || section.parametros_grupos_id !== groupId) {
        throw new Invalid({ newSectionId: [MSG.sectionNotFound] });
      }
    }
    const start = await q.nextParametroPosition(tx, groupId, target, body.parametros);
    const now = ctx.clock.now();
    for (const [i, row] of rows.entries()) {
      await q.updateParametro(tx, row.id, { section_id: target, position: start + i, updated_at: now });
    }
    await audit(tx, ctx, {
      action: 'parametro.move_section',
      entity: 'parametros_grupo',
      entity_id: groupId,
      details: { section_id: target ?? 0, parametros: body.parametros },
    });
    return { parametros: (await q.findParametros(tx, body.parametros)).map(parametroOut) };
  });
}
