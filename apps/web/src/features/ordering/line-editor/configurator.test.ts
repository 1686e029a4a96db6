import {
  familyName,
  type ModelDetail,
  type ModelGroup,
  type ModelOption,
  type ModelSummary,
  ORDER_MSG,
} from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { byFamily } from '../../catalogue/families.ts';
import { canBuyAgain } from '../last-purchases/buyAgain.ts';
import { displayToIso, isoToDisplay } from '../orders/dates.ts';
import { arrangeLines } from '../orders/lines.ts';
import {
  arrangeSections,
  EMB_FIELD,
  embroideryChoice,
  emptyState,
  groupField,
  presetState,
  quantityValid,
  sliderImages,
  toPayload,
  totalPrice,
  typingErrors,
  unitPrice,
  validate,
} from './configurator.ts';

function option(id: number, codigo: string, extra: Partial<ModelOption> = {}): ModelOption {
  return {
    id,
    codigo,
    nombre: codigo,
    nombre_en: codigo,
    color: null,
    price: 0,
    precio_neto: extra.price ?? 0,
    letters: 0,
    embroidery_color: false,
    embroidery_position: '',
    embroidery_position_en: '',
    activado: true,
    imagen: null,
    position: id,
    section: null,
    ...extra,
  };
}

function group(id: number, position: number, section: number, parametros: ModelOption[]): ModelGroup {
  return {
    id,
    nombre: `G${id}`,
    nombre_en: `G${id}`,
    activado: true,
    size: 1,
    pivot: {
      modelos_modelo: 'M1',
      parametros_grupos_id: id,
      position,
      section_models_id: section,
      size: 1,
      section_name: section ? `S${section}` : '',
      section_name_en: '',
    },
    parametros,
  };
}

/** Fabric (section 1, pos 0), mattress (section 2, pos 2), trim (section 1, pos 1), embroidery (section 3). */
const model: ModelDetail = {
  modelo: 'M1',
  descripcion: 'Capazo',
  descripcion_en: 'Carrycot',
  pvp: 279,
  precio_neto: 279,
  personalizado: 2,
  modelobordado: '0802',
  familia: 1,
  baja: false,
  cantidad_minima: 1,
  multiplo: 1,
  grupo_rejilla_id: null,
  imagenes: [],
  grupos: [
    group(10, 0, 1, [
      option(1, 'TJ01'),
      option(8, 'TJ11', { price: 12.5 }),
      option(15, 'TJ15', { activado: false }),
    ]),
    group(60, 2, 2, [option(44, 'CL01'), option(45, 'CL02', { price: 29 })]),
    group(40, 1, 1, [option(29, 'AC01'), option(30, 'AC02', { price: 6 })]),
    group(50, 3, 3, [
      option(40, 'BD00'),
      option(41, 'BD01', {
        price: 9.9,
        letters: 12,
        embroidery_color: true,
        embroidery_position: 'Delantera, Lateral',
        embroidery_position_en: 'Front, Side',
      }),
    ]),
    // The embroidery colours group and an inactive group are never configured.
    group(86, 4, 0, [option(90, '1001')]),
    { ...group(80, 5, 0, [option(91, 'SO01')]), activado: false },
  ],
  sections: [
    { id: 2, name: 'S2', name_en: '', grupos: [60] },
    { id: 1, name: 'S1', name_en: '', grupos: [10, 40] },
    { id: 3, name: 'S3', name_en: '', grupos: [50] },
  ],
  embroidery_boxes: [],
  embroidery_colours: [
    { id: 90, codigo: '1001', nombre: 'Blanco', nombre_en: 'White', color: '#fff' },
    { id: 92, codigo: '1117', nombre: 'Rosa palo', nombre_en: 'Blush pink', color: '#e8b4b8' },
  ],
};

describe('line-add form rules', () => {
  it('arranges groups in sections ordered by position, without group 86 or inactive groups', () => {
    const sections = arrangeSections(model);
    expect(sections.map((s) => [s.id, s.groups.map((g) => g.id)])).toEqual([
      [1, [10, 40]],
      [2, [60]],
      [3, [50]],
    ]);
  });

  it('asks for a choice in every group and sends nothing until then', () => {
    const errors = validate(model, emptyState(model));
    expect(errors).toEqual({
      [groupField(10)]: ORDER_MSG.selectColor,
      [groupField(40)]: ORDER_MSG.selectColor,
      [groupField(60)]: ORDER_MSG.selectColor,
      [groupField(50)]: ORDER_MSG.selectColor,
    });
  });

  it('an inactive option does not count as a choice', () => {
    const state = { ...emptyState(model), options: { 10: 15, 40: 29, 60: 44, 50: 40 } };
    expect(validate(model, state)).toEqual({ [groupField(10)]: ORDER_MSG.selectColor });
  });

  it('an option asking for embroidery needs name, colour and position; the name is capped by its letters', () => {
    const state = { ...emptyState(model), options: { 10: 1, 40: 29, 60: 44, 50: 41 } };
    expect(embroideryChoice(model, state)?.option.codigo).toBe('BD01');
    expect(validate(model, state)).toEqual({
      [EMB_FIELD.name]: ORDER_MSG.selectName,
      [EMB_FIELD.colour]: ORDER_MSG.selectColor,
      [EMB_FIELD.position]: ORDER_MSG.selectPosition,
    });
    state.embroidery = { name: 'Valentina Lucía', emb_style: 'Embird', emb_color: 92, position: 'Lateral' };
    expect(validate(model, state)).toEqual({ [EMB_FIELD.name]: ORDER_MSG.nameTooLong({ max: 12 }) });
    state.embroidery.name = 'Lucía';
    expect(validate(model, state)).toEqual({});
  });

  it('checks the quantity (whole, at least 1) and the note (at most 50)', () => {
    const base = { ...emptyState(model), options: { 10: 1, 40: 29, 60: 44, 50: 40 } };
    expect(validate(model, { ...base, cantidad: 0 })).toEqual({ cantidad: ORDER_MSG.quantity });
    expect(validate(model, { ...base, cantidad: 1.5 })).toEqual({ cantidad: ORDER_MSG.quantity });
    expect(validate(model, { ...base, cantidad: '' })).toEqual({ cantidad: ORDER_MSG.quantity });
    expect(validate(model, { ...base, nota: 'x'.repeat(51) })).toEqual({ nota: ORDER_MSG.noteTooLong });
    expect(validate(model, { ...base, cantidad: 3 })).toEqual({});
  });

  it('estimates the unit price (pvp + chosen options) and the total live', () => {
    const state = { ...emptyState(model), options: { 10: 8, 40: 30, 60: 45, 50: 41 }, cantidad: 2 };
    expect(unitPrice(model, state)).toBe(336.4); // 279 + 12.5 + 6 + 29 + 9.9
    expect(totalPrice(model, state)).toBe(672.8);
    expect(unitPrice(model, emptyState(model))).toBe(279);
  });

  it('says while typing what the rules refuse (quantity, name too long), never changing the value', () => {
    const base = { ...emptyState(model), options: { 10: 1, 40: 29, 60: 44, 50: 41 } };
    for (const cantidad of [0, -3, 10_000, 1.5]) {
      expect(typingErrors(model, { ...base, cantidad })).toEqual({ cantidad: ORDER_MSG.quantity });
      expect(quantityValid(model, { ...base, cantidad })).toBe(false);
    }
    // An empty field (being retyped) waits for Add; a valid one is quiet.
    expect(typingErrors(model, { ...base, cantidad: '' })).toEqual({});
    expect(typingErrors(model, { ...base, cantidad: 3 })).toEqual({});
    expect(quantityValid(model, { ...base, cantidad: 3 })).toBe(true);
    const long = { ...base, embroidery: { ...base.embroidery, name: 'Valentina Lucía' } };
    expect(typingErrors(model, long)).toEqual({ [EMB_FIELD.name]: ORDER_MSG.nameTooLong({ max: 12 }) });
    expect(typingErrors(model, { ...long, embroidery: { ...long.embroidery, name: 'Lucía' } })).toEqual({});
    // A name is only measured while the chosen option asks for one.
    expect(typingErrors(model, { ...long, options: { ...long.options, 50: 40 } })).toEqual({});
    // A note over 50 characters is kept and refused; 50 is quiet.
    expect(typingErrors(model, { ...base, nota: 'x'.repeat(51) })).toEqual({ nota: ORDER_MSG.noteTooLong });
    expect(typingErrors(model, { ...base, nota: 'x'.repeat(50) })).toEqual({});
  });

  it('starts at the model’s first valid quantity and refuses one off its minimum or pack size, unrounded', () => {
    const bibs = { ...model, cantidad_minima: 5, multiplo: 3 };
    const base = { ...emptyState(bibs), options: { 10: 1, 40: 29, 60: 44, 50: 40 } };
    // Minimum 5 in packs of 3: the first quantity both take is 6.
    expect(base.cantidad).toBe(6);
    expect(validate(bibs, base)).toEqual({});
    expect(typingErrors(bibs, { ...base, cantidad: 3 })).toEqual({
      cantidad: ORDER_MSG.quantityBelowMinimum({ min: 5 }),
    });
    expect(validate(bibs, { ...base, cantidad: 7 })).toEqual({
      cantidad: ORDER_MSG.quantityNotMultiple({ multiplo: 3 }),
    });
    expect(quantityValid(bibs, { ...base, cantidad: 7 })).toBe(false);
    expect(quantityValid(bibs, { ...base, cantidad: 9 })).toBe(true);
    // A preset's quantity (Edit, a quick order's row) stays as it was, for the rule to judge.
    expect(presetState(bibs, { parametros_color: [], cantidad: 4 }).cantidad).toBe(4);
  });

  it('keeps a preset’s note whole, however long', () => {
    const nota = 'n'.repeat(80);
    expect(presetState(model, { parametros_color: [], nota }).nota).toBe(nota);
  });

  it('shows the images of the chosen colour; never another colour’s image for one without', () => {
    const image = (id: number, color0: string | null, principal = false) => ({
      id,
      url_img: `/uploads/${id}.webp`,
      thumb_url: null,
      color0,
      principal,
    });
    const withImages: ModelDetail = {
      ...model,
      imagenes: [image(3, 'TJ01'), image(2, null), image(1, 'AC02', true), image(4, 'ZZ99')],
    };
    const keys = (state: ReturnType<typeof emptyState>) => {
      const { images, uncovered } = sliderImages(withImages, state);
      return { images: images.map((i) => i.key), uncovered: uncovered?.codigo ?? null };
    };
    // Nothing chosen: every image, the main one first.
    expect(keys(emptyState(model))).toEqual({ images: ['m1', 'm2', 'm3', 'm4'], uncovered: null });
    // A colour with an image: only its images.
    const fabric = { ...emptyState(model), options: { 10: 1 } };
    expect(keys(fabric)).toEqual({ images: ['m3'], uncovered: null });
    expect(sliderImages(withImages, fabric).images[0].colour?.codigo).toBe('TJ01');
    // A colour without one: not the other fabric's image; the images of no colour stay.
    const noImage = { ...emptyState(model), options: { 10: 8 } };
    expect(keys(noImage)).toEqual({ images: ['m1', 'm2', 'm4'], uncovered: 'TJ11' });
    // Its own image (the option's), when it has one.
    const own: ModelDetail = {
      ...withImages,
      grupos: withImages.grupos.map((g) =>
        g.id === 10
          ? {
              ...g,
              parametros: g.parametros.map((o) => (o.id === 8 ? { ...o, imagen: '/uploads/tj11.webp' } : o)),
            }
          : g,
      ),
    };
    expect(sliderImages(own, noImage).images).toEqual([
      expect.objectContaining({ key: 'p8', url: '/uploads/tj11.webp' }),
    ]);
    // Two chosen colours passed over everything tied: the placeholder names the first.
    const onlyTied: ModelDetail = { ...withImages, imagenes: [image(3, 'TJ01'), image(1, 'AC02', true)] };
    expect(sliderImages(onlyTied, { ...emptyState(model), options: { 10: 8, 40: 29 } })).toEqual({
      images: [],
      uncovered: expect.objectContaining({ codigo: 'TJ11' }),
    });
  });

  it('builds the lineadd payload: options by group, embroidery only when asked for, no price', () => {
    const state = {
      ...emptyState(model),
      options: { 10: 1, 40: 29, 60: 44, 50: 41 },
      embroidery: { name: ' Lucía ', emb_style: 'Blackboard', emb_color: 92, position: 'Lateral' },
      cantidad: 2,
      nota: ' para escaparate ',
    };
    expect(toPayload(model, state, 7)).toEqual({
      cliente_id: 7,
      modelo: 'M1',
      cantidad: 2,
      parametros_color: [
        { parametros_grupos_id: 10, parametro: 1 },
        { parametros_grupos_id: 40, parametro: 29 },
        { parametros_grupos_id: 60, parametro: 44 },
        { parametros_grupos_id: 50, parametro: 41 },
      ],
      nota: 'para escaparate',
      parametros_bordado: {
        with_custom: 0,
        name: 'Lucía',
        emb_style: 'Blackboard',
        emb_color: 92,
        position: 'Lateral',
      },
    });
    const plain = toPayload(model, { ...state, options: { ...state.options, 50: 40 } }, 7);
    expect(plain.parametros_bordado).toBeUndefined();
  });

  it('buy again preselects the earlier options and embroidery (by id, else by code)', () => {
    const state = presetState(model, {
      parametros_color: [
        { parametros_grupos_id: 10, id: 999, codigo: 'TJ11' }, // id changed since: found by code
        { parametros_grupos_id: 40, id: 30, codigo: 'AC02' },
        { parametros_grupos_id: 60, id: 45, codigo: 'CL02' },
        { parametros_grupos_id: 50, id: 41, codigo: 'BD01' },
      ],
      parametros_bordado: {
        name: 'ARP',
        emb_style: 'Embird',
        emb_color: '1117',
        emb_color_id: null,
        position: 'Delantera',
      },
      nota: 'otra vez',
    });
    expect(state.options).toEqual({ 10: 8, 40: 30, 60: 45, 50: 41 });
    expect(state.embroidery).toEqual({
      name: 'ARP',
      emb_style: 'Embird',
      emb_color: 92,
      position: 'Delantera',
    });
    expect(state.nota).toBe('otra vez');
    expect(state.cantidad).toBe(1);
    expect(validate(model, state)).toEqual({});
  });

  it('buy again leaves an option that is no longer offered unchosen', () => {
    const state = presetState(model, {
      parametros_color: [{ parametros_grupos_id: 10, id: 15, codigo: 'TJ15' }],
    });
    expect(state.options[10]).toBeUndefined();
  });
});

describe('home, collections and orders helpers', () => {
  it('hides Buy again for dependent lines and shipping charges', () => {
    expect(canBuyAgain({ lineaprimaria: 0, porte: false })).toBe(true);
    expect(canBuyAgain({ lineaprimaria: 12, porte: false })).toBe(false);
    expect(canBuyAgain({ lineaprimaria: 0, porte: true })).toBe(false);
  });

  it('groups models by family in the product order (product.md §5.1), unknown families last as SIN FAMILIA', () => {
    const m = (modelo: string, familia: number) => ({ modelo, familia }) as ModelSummary;
    const groups = byFamily([m('A', 4), m('B', 9), m('C', 1), m('D', 4), m('E', 0)]);
    expect(groups.map((g) => [g.family, g.models.map((x) => x.modelo)])).toEqual([
      [1, ['C']],
      [4, ['A', 'D']],
      [8, ['B', 'E']],
    ]);
    expect(groups.map((g) => familyName(g.family, 'es'))).toEqual(['CAPAZO', 'BOLSOS', 'SIN FAMILIA']);
    expect(groups.map((g) => familyName(g.family, 'en'))).toEqual(['CARRYCOTS', 'BAGS', 'OTHER']);
  });

  it('reads and writes dates as dd/MM/yyyy', () => {
    expect(isoToDisplay('2026-03-07')).toBe('07/03/2026');
    expect(isoToDisplay('')).toBe('');
    expect(displayToIso('7/3/2026')).toBe('2026-03-07');
    expect(displayToIso('31/02/2026')).toBeNull();
    expect(displayToIso('2026-03-07')).toBeNull();
  });

  it('puts dependent lines right under their primary line', () => {
    const line = (id: number, lineaprimaria: number) => ({ id, lineaprimaria }) as never;
    const order = arrangeLines([line(3, 1), line(1, 0), line(2, 0), line(4, 2), line(5, 99)]);
    expect(order.map((r) => [(r.line as { id: number }).id, r.dependent])).toEqual([
      [1, false],
      [3, true],
      [2, false],
      [4, true],
      [5, true],
    ]);
  });
});
