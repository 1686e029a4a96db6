import { describe, expect, it } from 'vitest';
import {
  type Choice,
  embroideryChoice,
  embroideryErrors,
  embroideryNeeds,
  firstValidQuantity,
  LINE_FIELD,
  linePrice,
  lineQuantityErrors,
  missingGroupErrors,
  modelQuantityError,
  nameLength,
  needsEmbroidery,
  normalizePositions,
  positionNames,
  positionsOf,
  quantityAndNoteErrors,
  type RuleOption,
} from './line-rules.ts';
import { ORDER_MSG } from './messages.ts';

const plain = (id: number, priceCents = 0): RuleOption => ({
  id,
  letters: 0,
  embroidery_color: false,
  embroidery_position: '',
  priceCents,
});
const embroidered = (id: number, priceCents: number, over: Partial<RuleOption> = {}): RuleOption => ({
  id,
  letters: 12,
  embroidery_color: true,
  embroidery_position: 'Delantera, Lateral',
  priceCents,
  ...over,
});
const pick = (groupId: number, position: number, option: RuleOption): Choice => ({
  group: { id: groupId, position },
  option,
});

describe('the line rules (server line builder and web configurator alike)', () => {
  it('take the embroidery option in the agreed group order: position on the model, then id', () => {
    const a = pick(5, 2, embroidered(50, 500));
    const b = pick(3, 1, embroidered(30, 900, { letters: 3 }));
    const c = pick(1, 2, embroidered(10, 100, { letters: 15 }));
    expect(embroideryChoice([a, b, c])?.option.id).toBe(30);
    expect(embroideryChoice([a, c])?.option.id).toBe(10); // same position: the lower group id
    expect(embroideryChoice([pick(1, 0, plain(1))])).toBeNull();
  });

  it('ask of the embroidery what its option asks, or name and colour with custom embroidery on', () => {
    expect(embroideryNeeds(embroidered(1, 0, { letters: 20 }), false)).toEqual({
      name: true,
      nameMax: 15,
      colour: true,
      positions: ['Delantera', 'Lateral'],
    });
    const positionOnly = embroidered(2, 0, { letters: 0, embroidery_color: false });
    expect(embroideryNeeds(positionOnly, false)).toMatchObject({ name: false, colour: false });
    expect(embroideryNeeds(positionOnly, true)).toMatchObject({ name: true, colour: true, nameMax: 15 });
    expect(embroideryNeeds(null, true)).toEqual({ name: true, nameMax: 15, colour: true, positions: [] });
  });

  it('pair each position with its English name, in the same order, none where it has none', () => {
    const option = {
      embroidery_position: 'Delantera, ,Lateral,Capota',
      embroidery_position_en: 'Front,,  ,',
    };
    expect(positionNames(option)).toEqual([
      { position: 'Delantera', position_en: 'Front' },
      { position: 'Lateral', position_en: '' },
      { position: 'Capota', position_en: '' },
    ]);
    expect(positionsOf(option)).toEqual(['Delantera', 'Lateral', 'Capota']);
    expect(positionNames({ embroidery_position: 'Delantera' })).toEqual([
      { position: 'Delantera', position_en: '' },
    ]);
    expect(positionNames({ embroidery_position: '', embroidery_position_en: 'Front' })).toEqual([]);
  });

  it('ask for embroidery for a position only when the list names one, not for commas and spaces', () => {
    expect(needsEmbroidery(plain(1))).toBe(false);
    expect(needsEmbroidery({ ...plain(1), embroidery_position: ' , ,\u00a0' })).toBe(false);
    expect(needsEmbroidery({ ...plain(1), embroidery_position: ' ,Capota' })).toBe(true);
    // The same list asked again answers the same (lists are split once and kept).
    expect(positionsOf({ embroidery_position: ' ,Capota' })).toEqual(['Capota']);
    expect(positionsOf({ embroidery_position: ' ,Capota' })).toEqual(['Capota']);
  });

  it('store both position lists trimmed, the English names kept beside their Spanish ones', () => {
    expect(normalizePositions(' Delantera , ,Lateral ', ' Front , Skipped , Side, Extra ')).toEqual({
      embroidery_position: 'Delantera,Lateral',
      embroidery_position_en: 'Front,Side',
    });
    expect(normalizePositions('Delantera,Lateral,Capota', ',Side,')).toEqual({
      embroidery_position: 'Delantera,Lateral,Capota',
      embroidery_position_en: ',Side',
    });
    expect(normalizePositions('', 'Front')).toEqual({ embroidery_position: '', embroidery_position_en: '' });
  });

  it('name every embroidery field in error, with the limit that applies', () => {
    const needs = embroideryNeeds(embroidered(1, 0, { letters: 3 }), false);
    expect(
      embroideryErrors(needs, { name: ' ', emb_style: '', colourGiven: false, position: 'Capota' }),
    ).toEqual({
      [LINE_FIELD.name]: ORDER_MSG.selectName,
      [LINE_FIELD.colour]: ORDER_MSG.selectColor,
      [LINE_FIELD.position]: ORDER_MSG.selectPosition,
    });
    expect(
      embroideryErrors(needs, {
        name: 'Lucía',
        emb_style: 'Cross',
        colourGiven: true,
        position: ' Lateral ',
      }),
    ).toEqual({
      [LINE_FIELD.name]: ORDER_MSG.nameTooLong({ max: 3 }),
      [LINE_FIELD.style]: ORDER_MSG.embStyle,
    });
    expect(
      embroideryErrors(needs, { name: 'LGM', emb_style: 'Embird', colourGiven: true, position: 'Delantera' }),
    ).toEqual({});
  });

  it('count a name as the counter shows it: trimmed, an emoji as one character; refuse a longer one', () => {
    expect(nameLength('  Maximiliano Alejandro ')).toBe(21);
    expect(nameLength('Lucía 👶')).toBe(7);
    const needs = embroideryNeeds(embroidered(1, 0, { letters: 0, embroidery_color: false }), true);
    expect(
      embroideryErrors(needs, {
        name: 'Maximiliano Alejandro',
        emb_style: '',
        colourGiven: true,
        position: 'Lateral',
      }),
    ).toEqual({ [LINE_FIELD.name]: ORDER_MSG.nameTooLong({ max: 15 }) });
    expect(
      embroideryErrors(needs, {
        name: 'Maximiliano Ale',
        emb_style: '',
        colourGiven: true,
        position: 'Lateral',
      }),
    ).toEqual({});
  });

  it('require a choice in every offered group, and keep quantity and note within limits', () => {
    expect(
      missingGroupErrors(
        [
          { id: 1, position: 0 },
          { id: 2, position: 1 },
        ],
        new Set([2]),
      ),
    ).toEqual({
      [LINE_FIELD.group(1)]: ORDER_MSG.selectColor,
    });
    expect(quantityAndNoteErrors(0, '')).toEqual({ [LINE_FIELD.quantity]: ORDER_MSG.quantity });
    expect(quantityAndNoteErrors(1.5, 'x'.repeat(51))).toEqual({
      [LINE_FIELD.quantity]: ORDER_MSG.quantity,
      [LINE_FIELD.note]: ORDER_MSG.noteTooLong,
    });
    expect(quantityAndNoteErrors(3, 'ok')).toEqual({});
    // A negative quantity is refused, never read as its absolute value.
    expect(quantityAndNoteErrors(-3, '')).toEqual({ [LINE_FIELD.quantity]: ORDER_MSG.quantity });
    expect(quantityAndNoteErrors(10_000, '')).toEqual({ [LINE_FIELD.quantity]: ORDER_MSG.quantity });
  });

  it('price a line: pvp plus the options, a priced embroidery option on a line of its own', () => {
    const chosen = [pick(1, 0, plain(1, 1250)), pick(2, 1, embroidered(2, 900)), pick(3, 2, plain(3, 600))];
    expect(linePrice(27_900, chosen)).toEqual({ unitCents: 29_750, surchargeCents: 900 });
    const free = [pick(1, 0, plain(1, 1250)), pick(2, 1, embroidered(2, 0))];
    expect(linePrice(27_900, free)).toEqual({ unitCents: 29_150, surchargeCents: 0 });
  });

  it('refuse a quantity below the model’s minimum or off its pack size, and never round it', () => {
    const rule = { cantidad_minima: 6, multiplo: 3 };
    expect(modelQuantityError(3, rule)).toEqual(ORDER_MSG.quantityBelowMinimum({ min: 6 }));
    // Below the minimum and off the pack: the minimum is said first.
    expect(modelQuantityError(4, rule)).toEqual(ORDER_MSG.quantityBelowMinimum({ min: 6 }));
    expect(modelQuantityError(7, rule)).toEqual(ORDER_MSG.quantityNotMultiple({ multiplo: 3 }));
    expect(modelQuantityError(6, rule)).toBeNull();
    expect(modelQuantityError(9, rule)).toBeNull();
    expect(modelQuantityError(1, { cantidad_minima: 1, multiplo: 1 })).toBeNull();
    expect(firstValidQuantity({ cantidad_minima: 5, multiplo: 3 })).toBe(6);
    expect(firstValidQuantity({ cantidad_minima: 1, multiplo: 4 })).toBe(4);
    expect(firstValidQuantity({ cantidad_minima: 1, multiplo: 1 })).toBe(1);
    // The limits first: 0 is the limits' message, not the model's.
    expect(lineQuantityErrors(0, '', rule)).toEqual({ [LINE_FIELD.quantity]: ORDER_MSG.quantity });
    expect(lineQuantityErrors(8, '', rule)).toEqual({
      [LINE_FIELD.quantity]: ORDER_MSG.quantityNotMultiple({ multiplo: 3 }),
    });
    expect(lineQuantityErrors(8, '')).toEqual({});
  });
});
