/**
 * The rules of an order line, written once for the server's line builder (which enforces them and
 * prices the line) and the web's configurator (which spares the user a round trip):
 * - every offered group with an active option needs one chosen option;
 * - the embroidery option is the first chosen option, in the agreed group order (the group's
 *   position on the model, then its id), that asks for letters, an embroidery colour or a position;
 * - what the embroidery then needs: a name (when the option has letters, or custom embroidery is
 *   on) of at most min(15, the option's letters) characters; a colour (when the option asks for one,
 *   or custom embroidery is on); a position among the option's; a known style;
 * - quantity and note limits, and the model's own: its minimum quantity and its pack size (a
 *   quantity must be a multiple of it), refused with their message, never rounded;
 * - the price: the model's pvp plus every chosen option's price for this model, except that a
 *   priced embroidery option is billed on a line of its own (the surcharge).
 * The field names are the line payload's (`parametros_color.<group>`, `parametros_bordado.name`…).
 */
import { EMBROIDERY_NAME_MAX, EMBROIDERY_STYLES, NOTE_MAX, QUANTITY_MAX, QUANTITY_MIN } from './limits.ts';
import { type Message, ORDER_MSG } from './messages.ts';

/** What the rules read of an option. */
export interface RuleOption {
  id: number;
  letters: number;
  embroidery_color: boolean;
  embroidery_position: string;
  /** The option's price for this model (already × the group's size), cents. */
  priceCents: number;
}

/** What the rules read of a group offered on a model. */
export interface RuleGroup {
  id: number;
  /** The group's position on the model. */
  position: number;
}

export interface Choice<G extends RuleGroup = RuleGroup, O extends RuleOption = RuleOption> {
  group: G;
  option: O;
}

export const LINE_FIELD = {
  group: (groupId: number) => `parametros_color.${groupId}`,
  name: 'parametros_bordado.name',
  colour: 'parametros_bordado.emb_color',
  position: 'parametros_bordado.position',
  style: 'parametros_bordado.emb_style',
  quantity: 'cantidad',
  note: 'nota',
} as const;

/** Errors by payload field: one message each (ORDER_MSG). */
export type LineErrors = Record<string, Message>;

/** The agreed group order: by position on the model, then id. */
export function byGroupOrder(a: RuleGroup, b: RuleGroup): number {
  return a.position - b.position || a.id - b.id;
}

/** An embroidery position: its Spanish name (what a line sends and stores) and its English one. */
export type EmbroideryPosition = {
  position: string;
  /** '' = none: an English screen shows the Spanish name (`localized(p, 'position', lang)`). */
  position_en: string;
};

/**
 * An option's positions with their English names. `embroidery_position` and
 * `embroidery_position_en` are comma-separated lists in the same order: an empty Spanish entry is no
 * position; an empty or missing English entry leaves that position without an English name.
 */
export function positionNames(option: {
  embroidery_position: string;
  embroidery_position_en?: string | null;
}): readonly EmbroideryPosition[] {
  const es = option.embroidery_position;
  const en = option.embroidery_position_en ?? '';
  // A quick order checks hundreds of rows on the same few options: each list is split once.
  const key = `${es}\u0000${en}`;
  let names = positionsByList.get(key);
  if (!names) {
    const ens = en.split(',');
    names = es
      .split(',')
      .map((name, i) => ({ position: name.trim(), position_en: (ens[i] ?? '').trim() }))
      .filter((p) => p.position !== '');
    if (positionsByList.size >= POSITION_LISTS_KEPT) positionsByList.clear();
    positionsByList.set(key, names);
  }
  return names;
}

/** Position lists split so far, by their text (an option's lists are few and short). */
const positionsByList = new Map<string, readonly EmbroideryPosition[]>();
const POSITION_LISTS_KEPT = 512;

/** The option's positions (Spanish names), the values a line's embroidery may take. */
export function positionsOf(option: Pick<RuleOption, 'embroidery_position'>): string[] {
  return positionNames(option).map((p) => p.position);
}

/**
 * Both position lists as stored: the Spanish names trimmed, empty entries dropped, and the English
 * names kept beside their Spanish ones (an empty entry where a position has none, none trailing).
 */
export function normalizePositions(
  es: string,
  en: string,
): { embroidery_position: string; embroidery_position_en: string } {
  const pairs = positionNames({ embroidery_position: es, embroidery_position_en: en });
  const names = pairs.map((p) => p.position_en);
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return {
    embroidery_position: pairs.map((p) => p.position).join(','),
    embroidery_position_en: names.join(','),
  };
}

/** An option that asks for embroidery: letters, an embroidery colour or a position. */
export function needsEmbroidery(option: Omit<RuleOption, 'id' | 'priceCents'>): boolean {
  // A position: an entry of the list with more than commas and spaces (what positionNames keeps).
  return option.letters > 0 || option.embroidery_color || /[^,\s]/.test(option.embroidery_position);
}

/** The longest name the option takes: at most 15, and at most its letters when it has some. */
export function nameMax(option: Pick<RuleOption, 'letters'> | null | undefined): number {
  return option && option.letters > 0 ? Math.min(EMBROIDERY_NAME_MAX, option.letters) : EMBROIDERY_NAME_MAX;
}

/** An embroidery name's length as the rules count it: trimmed, in characters (an emoji is one). */
export function nameLength(name: string): number {
  return [...name.trim()].length;
}

/** The chosen options in the agreed group order. */
export function inGroupOrder<C extends Choice>(chosen: readonly C[]): C[] {
  return [...chosen].sort((a, b) => byGroupOrder(a.group, b.group));
}

/** The embroidery option: the first chosen option, in the agreed order, that asks for embroidery. */
export function embroideryChoice<C extends Choice>(chosen: readonly C[]): C | null {
  return inGroupOrder(chosen).find((c) => needsEmbroidery(c.option)) ?? null;
}

export interface EmbroideryNeeds {
  name: boolean;
  /** The longest name allowed. */
  nameMax: number;
  colour: boolean;
  /** The positions to choose from (none: no position asked). */
  positions: string[];
}

/** What the embroidery needs, for the embroidery option (if any) and custom embroidery on or off. */
export function embroideryNeeds(option: RuleOption | null | undefined, withCustom: boolean): EmbroideryNeeds {
  return {
    name: withCustom || (option?.letters ?? 0) > 0,
    nameMax: nameMax(option),
    colour: withCustom || Boolean(option?.embroidery_color),
    positions: option ? positionsOf(option) : [],
  };
}

export interface EmbroideryInput {
  name: string;
  emb_style: string;
  /** Whether a usable embroidery colour was given (the server also checks it exists). */
  colourGiven: boolean;
  position: string;
}

/** The embroidery's errors; the name, style and position are compared trimmed. */
export function embroideryErrors(needs: EmbroideryNeeds, input: EmbroideryInput): LineErrors {
  const errors: LineErrors = {};
  const name = needs.name ? input.name.trim() : '';
  if (needs.name && !name) errors[LINE_FIELD.name] = ORDER_MSG.selectName;
  else if (nameLength(name) > needs.nameMax)
    errors[LINE_FIELD.name] = ORDER_MSG.nameTooLong({ max: needs.nameMax });
  else if (/\p{C}/u.test(name)) errors[LINE_FIELD.name] = ORDER_MSG.nameChars;
  if (needs.colour && !input.colourGiven) errors[LINE_FIELD.colour] = ORDER_MSG.selectColor;
  if (needs.positions.length > 0 && !needs.positions.includes(input.position.trim()))
    errors[LINE_FIELD.position] = ORDER_MSG.selectPosition;
  const style = input.emb_style.trim();
  if (style && !(EMBROIDERY_STYLES as readonly string[]).includes(style))
    errors[LINE_FIELD.style] = ORDER_MSG.embStyle;
  return errors;
}

/** The groups still to choose: every offered group with an active option needs one. */
export function missingGroupErrors(
  offered: readonly RuleGroup[],
  chosenGroupIds: ReadonlySet<number>,
): LineErrors {
  const errors: LineErrors = {};
  for (const g of offered)
    if (!chosenGroupIds.has(g.id)) errors[LINE_FIELD.group(g.id)] = ORDER_MSG.selectColor;
  return errors;
}

/** Quantity and note limits. */
export function quantityAndNoteErrors(quantity: number, note: string): LineErrors {
  const errors: LineErrors = {};
  if (!Number.isInteger(quantity) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX)
    errors[LINE_FIELD.quantity] = ORDER_MSG.quantity;
  if (note.length > NOTE_MAX) errors[LINE_FIELD.note] = ORDER_MSG.noteTooLong;
  return errors;
}

/** A model's quantity rule: its minimum quantity and its pack size (both at least 1). */
export interface QuantityRule {
  cantidad_minima: number;
  multiplo: number;
}

/**
 * The model's rule broken by a quantity (already within the limits), or null: below the minimum
 * first, then not a multiple of the pack size. Nobody is exempt, staff included; nothing rounds.
 */
export function modelQuantityError(quantity: number, rule: QuantityRule): Message | null {
  if (quantity < rule.cantidad_minima) return ORDER_MSG.quantityBelowMinimum({ min: rule.cantidad_minima });
  if (quantity % rule.multiplo !== 0) return ORDER_MSG.quantityNotMultiple({ multiplo: rule.multiplo });
  return null;
}

/** The smallest quantity the rule takes: the minimum, up to the next multiple of the pack size. */
export function firstValidQuantity(rule: QuantityRule): number {
  return Math.ceil(Math.max(rule.cantidad_minima, 1) / rule.multiplo) * rule.multiplo;
}

/** Quantity and note limits, then the model's quantity rule when given. */
export function lineQuantityErrors(quantity: number, note: string, rule?: QuantityRule): LineErrors {
  const errors = quantityAndNoteErrors(quantity, note);
  const broken = !errors[LINE_FIELD.quantity] && rule ? modelQuantityError(quantity, rule) : null;
  if (broken) errors[LINE_FIELD.quantity] = broken;
  return errors;
}

/**
 * The line's price, cents: the unit price of the line itself (pvp + the chosen options) and the
 * embroidery surcharge billed on its own line when the embroidery option costs something.
 */
export function linePrice(
  pvpCents: number,
  chosen: readonly Choice[],
): { unitCents: number; surchargeCents: number } {
  const emb = embroideryChoice(chosen);
  const surchargeCents = emb && emb.option.priceCents > 0 ? emb.option.priceCents : 0;
  let unitCents = pvpCents;
  for (const { option } of chosen) {
    if (surchargeCents > 0 && option.id === emb?.option.id) continue;
    unitCents += option.priceCents;
  }
  return { unitCents, surchargeCents };
}
