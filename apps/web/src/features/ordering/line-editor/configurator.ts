/**
 * The line-add form without React: which groups a model offers and how they are shown (sections),
 * the state of the form, the live price, validation and the lineadd payload. The rules themselves
 * (required groups, the embroidery option and what it needs, limits, price) are the contract's
 * line-rules.ts, the same the server enforces; this maps the model and the form onto them.
 */
import {
  type Choice,
  EMBROIDERY_COLOURS_GROUP_ID,
  EMBROIDERY_STYLES,
  embroideryErrors,
  embroideryNeeds,
  embroideryChoice as firstEmbroideryChoice,
  firstValidQuantity,
  LINE_FIELD,
  type LineAddRequest,
  linePrice,
  lineQuantityErrors,
  type ModelDetail,
  type ModelGroup,
  type ModelImage,
  type ModelOption,
  missingGroupErrors,
  positionNames,
  positionsOf,
  QUANTITY_MIN,
  quantityAndNoteErrors,
  type RuleOption,
} from '@nido/contract';
import type { FieldErrors } from '../../../lib/fieldErrors.ts';
import { centsToEuros, eurosTimes, eurosToCents } from '../../../lib/format.ts';
import type { ConfigPreset, LineNames } from './lineEditor.ts';

export { nameMax, positionsOf } from '@nido/contract';

export interface EmbroideryState {
  name: string;
  emb_style: string;
  /** Option id of an embroidery colour (group 86). */
  emb_color: number | null;
  position: string | null;
}

export interface ConfigState {
  /** Chosen option id per group id. */
  options: Record<number, number | null>;
  embroidery: EmbroideryState;
  cantidad: number | string;
  nota: string;
}

/**
 * Errors by payload field, as the server names them: `parametros_color.<groupId>`,
 * `parametros_bordado.name|emb_color|position|emb_style`, `cantidad`, `nota`, `modelo`.
 * Values are raw messages (ORDER_MSG, or the server's), translated when shown (`messageText`).
 */
export type ConfigErrors = FieldErrors;

export const groupField = LINE_FIELD.group;
export const EMB_FIELD = {
  name: LINE_FIELD.name,
  colour: LINE_FIELD.colour,
  position: LINE_FIELD.position,
  style: LINE_FIELD.style,
} as const;

export function emptyEmbroidery(): EmbroideryState {
  return { name: '', emb_style: EMBROIDERY_STYLES[0], emb_color: null, position: null };
}

/** A new line starts at the model's first valid quantity (its minimum, up to its pack size), else 1. */
export function emptyState(model: ModelDetail): ConfigState {
  return { options: {}, embroidery: emptyEmbroidery(), cantidad: firstValidQuantity(model), nota: '' };
}

/** Active options of a group, in position order. */
export function activeOptions(group: ModelGroup): ModelOption[] {
  return group.parametros.filter((o) => o.activado !== false).sort((a, b) => a.position - b.position);
}

/** The groups a shop configures: active, with active options, not the embroidery colours group. */
function configurable(group: ModelGroup): boolean {
  return (
    group.id !== EMBROIDERY_COLOURS_GROUP_ID && group.activado !== false && activeOptions(group).length > 0
  );
}

export type SectionView = {
  id: number;
  name: string;
  name_en: string;
  groups: ModelGroup[];
};

/** product.md §5.5: groups arranged in sections ordered by position (sections by their first group). */
export function arrangeSections(model: ModelDetail): SectionView[] {
  const byId = new Map(model.grupos.filter(configurable).map((g) => [g.id, g]));
  const placed = new Set<number>();
  const sections: SectionView[] = [];
  for (const s of model.sections ?? []) {
    const groups = s.grupos
      .map((id) => byId.get(id))
      .filter((g): g is ModelGroup => g != null)
      .sort((a, b) => a.pivot.position - b.pivot.position);
    for (const g of groups) placed.add(g.id);
    if (groups.length) sections.push({ id: s.id, name: s.name, name_en: s.name_en, groups });
  }
  const rest = [...byId.values()]
    .filter((g) => !placed.has(g.id))
    .sort((a, b) => a.pivot.position - b.pivot.position);
  if (rest.length) sections.push({ id: 0, name: '', name_en: '', groups: rest });
  const firstPosition = (s: SectionView) => Math.min(...s.groups.map((g) => g.pivot.position));
  return sections.sort((a, b) => firstPosition(a) - firstPosition(b));
}

export function configurableGroups(model: ModelDetail): ModelGroup[] {
  return arrangeSections(model).flatMap((s) => s.groups);
}

export function chosenOption(group: ModelGroup, state: ConfigState): ModelOption | undefined {
  const id = state.options[group.id];
  return id == null ? undefined : activeOptions(group).find((o) => o.id === id);
}

type ChosenPair = Choice<ModelGroup & { position: number }, ModelOption & RuleOption>;

/**
 * The chosen options as the line rules see them: group position on the model, price in cents (the
 * client's net price; `atPvp`: the retail one).
 */
function chosenPairs(model: ModelDetail, state: ConfigState, atPvp = false): ChosenPair[] {
  const pairs: ChosenPair[] = [];
  for (const group of configurableGroups(model)) {
    const option = chosenOption(group, state);
    if (option)
      pairs.push({
        group: { ...group, position: group.pivot.position },
        option: { ...option, priceCents: eurosToCents(atPvp ? option.price : option.precio_neto) },
      });
  }
  return pairs;
}

/** The embroidery option (the first chosen that asks for embroidery, in the agreed group order). */
export function embroideryChoice(
  model: ModelDetail,
  state: ConfigState,
): { group: ModelGroup; option: ModelOption } | null {
  return firstEmbroideryChoice(chosenPairs(model, state));
}

export function quantityOf(state: ConfigState): number {
  const n = typeof state.cantidad === 'number' ? state.cantidad : Number(state.cantidad);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The unit price (euros) as the order will bill it: the line plus its embroidery surcharge, if any,
 * at the client's net prices (record 049; `atPvp`: at retail prices).
 */
export function unitPrice(model: ModelDetail, state: ConfigState, atPvp = false): number {
  const base = atPvp ? model.pvp : model.precio_neto;
  const { unitCents, surchargeCents } = linePrice(eurosToCents(base), chosenPairs(model, state, atPvp));
  return centsToEuros(unitCents + surchargeCents);
}

export function totalPrice(model: ModelDetail, state: ConfigState): number {
  return eurosTimes(unitPrice(model, state), Math.max(0, quantityOf(state)));
}

/** The line rules' checks; an empty object means the line may be sent. */
export function validate(model: ModelDetail, state: ConfigState): ConfigErrors {
  const chosen = chosenPairs(model, state);
  const errors: ConfigErrors = {
    ...missingGroupErrors(
      configurableGroups(model).map((g) => ({ id: g.id, position: g.pivot.position })),
      new Set(chosen.map((c) => c.group.id)),
    ),
  };
  const emb = firstEmbroideryChoice(chosen);
  if (emb) {
    Object.assign(
      errors,
      embroideryErrors(embroideryNeeds(emb.option, false), {
        name: state.embroidery.name,
        emb_style: state.embroidery.emb_style,
        colourGiven: state.embroidery.emb_color != null,
        position: state.embroidery.position ?? '',
      }),
    );
  }
  return { ...errors, ...lineQuantityErrors(quantityOf(state), state.nota, model) };
}

/**
 * What the form says while the user types, before any Add: a quantity the rules refuse (0, -3,
 * 10000: shown as typed, never changed), an embroidery name longer than its limit and a note longer
 * than its own (kept as typed, never cut). An empty field waits for Add.
 */
export function typingErrors(model: ModelDetail, state: ConfigState): ConfigErrors {
  const errors: ConfigErrors = {};
  if (String(state.cantidad).trim() !== '') {
    const quantity = lineQuantityErrors(quantityOf(state), '', model)[LINE_FIELD.quantity];
    if (quantity) errors[LINE_FIELD.quantity] = quantity;
  }
  const emb = firstEmbroideryChoice(chosenPairs(model, state));
  if (emb && state.embroidery.name.trim()) {
    const name = embroideryErrors(embroideryNeeds(emb.option, false), {
      name: state.embroidery.name,
      emb_style: '',
      colourGiven: true,
      position: '',
    })[LINE_FIELD.name];
    if (name) errors[LINE_FIELD.name] = name;
  }
  const note = quantityAndNoteErrors(QUANTITY_MIN, state.nota)[LINE_FIELD.note];
  if (note) errors[LINE_FIELD.note] = note;
  return errors;
}

/** The quantity is one the rules take, the model's minimum and pack size included (the total means something). */
export function quantityValid(model: ModelDetail, state: ConfigState): boolean {
  return !lineQuantityErrors(quantityOf(state), '', model)[LINE_FIELD.quantity];
}

/** The POST pedidos/lineadd body (no price: the server computes it). */
export function toPayload(
  model: ModelDetail,
  state: ConfigState,
  clienteId: number,
  pedidoId?: number | null,
): LineAddRequest {
  const groups = configurableGroups(model);
  const payload: LineAddRequest = {
    cliente_id: clienteId,
    modelo: model.modelo,
    cantidad: quantityOf(state),
    parametros_color: groups
      .map((g) => ({ parametros_grupos_id: g.id, parametro: state.options[g.id] ?? null }))
      .filter((c) => c.parametro != null),
    nota: state.nota.trim(),
  };
  if (pedidoId) payload.pedido_id = pedidoId;
  const emb = embroideryChoice(model, state);
  if (emb) {
    // The embroidery follows the option (custom embroidery, the API's simple mode, is off).
    const needs = embroideryNeeds({ ...emb.option, priceCents: 0 }, false);
    payload.parametros_bordado = {
      with_custom: 0,
      name: needs.name ? state.embroidery.name.trim() : '',
      emb_style: state.embroidery.emb_style || EMBROIDERY_STYLES[0],
      emb_color: needs.colour ? (state.embroidery.emb_color ?? null) : null,
      position: needs.positions.length > 0 ? (state.embroidery.position ?? '') : '',
    };
  }
  return payload;
}

/** How the payload of `toPayload` reads: its options and embroidery by name, in both languages. */
export function namesOf(model: ModelDetail, state: ConfigState): LineNames {
  const payload = toPayload(model, state, 0);
  const chosen = new Set((payload.parametros_color ?? []).map((c) => c.parametro));
  const options = configurableGroups(model).flatMap((g) =>
    activeOptions(g)
      .filter((o) => chosen.has(o.id))
      .map((o) => ({ grupo: g.nombre, grupo_en: g.nombre_en, nombre: o.nombre, nombre_en: o.nombre_en })),
  );
  const b = payload.parametros_bordado;
  const emb = embroideryChoice(model, state);
  if (!b || !emb) return { options, embroidery: null };
  const colour = model.embroidery_colours.find((c) => c.id === b.emb_color);
  const position = positionNames(emb.option).find((p) => p.position === b.position);
  return {
    options,
    embroidery: {
      name: b.name ?? '',
      emb_style: b.emb_style ?? '',
      emb_color_name: colour?.nombre ?? '',
      emb_color_name_en: colour?.nombre_en ?? '',
      position: b.position ?? '',
      position_en: position?.position_en ?? '',
    },
  };
}

/** The state that preselects an earlier line's choices (Buy again, Edit); unknown choices stay empty. */
export function presetState(model: ModelDetail, preset: ConfigPreset | null | undefined): ConfigState {
  const state = emptyState(model);
  if (!preset) return state;
  for (const group of configurableGroups(model)) {
    const earlier = preset.parametros_color.find((c) => c.parametros_grupos_id === group.id);
    if (!earlier) continue;
    const options = activeOptions(group);
    const option =
      options.find((o) => o.id === earlier.id) ?? options.find((o) => o.codigo === earlier.codigo);
    if (option) state.options[group.id] = option.id;
  }
  const b = preset.parametros_bordado;
  if (b) {
    const colour =
      model.embroidery_colours.find((c) => b.emb_color_id != null && c.id === b.emb_color_id) ??
      model.embroidery_colours.find((c) => b.emb_color && c.codigo === b.emb_color);
    const emb = embroideryChoice(model, state);
    const positions = emb ? positionsOf(emb.option) : [];
    state.embroidery = {
      name: b.name ?? '',
      emb_style: (EMBROIDERY_STYLES as readonly string[]).includes(b.emb_style)
        ? b.emb_style
        : EMBROIDERY_STYLES[0],
      emb_color: colour?.id ?? null,
      position: b.position && positions.includes(b.position) ? b.position : null,
    };
  }
  // Kept whole (a quick order's row may bring a longer one): the form says what is over.
  state.nota = preset.nota ?? '';
  if (preset.cantidad) state.cantidad = preset.cantidad;
  return state;
}

/** An image of the slider: a model image or a chosen option's own image, with the colour it shows. */
export interface SlideImage {
  key: string;
  url: string;
  /** The option (colour) the image is tied to, when it is one of the model's options. */
  colour: ModelOption | null;
}

/**
 * The slider's images for the chosen options (images are tied to a colour by its code, `color0`):
 * 1. the model's images tied to a chosen option's code;
 * 2. else the chosen options' own images (`imagen`);
 * 3. else the model's images minus those of the colours passed over (the other options of a group
 *    where a choice was made): no photo of another colour passes for the chosen one. `uncovered`
 *    is then the chosen colour that has no image, if any.
 * Main image first, then by id. Before any choice: every image.
 */
export function sliderImages(
  model: ModelDetail,
  state: ConfigState,
): { images: SlideImage[]; uncovered: ModelOption | null } {
  const groups = configurableGroups(model);
  const byCode = new Map<string, ModelOption>();
  for (const g of groups) for (const o of g.parametros) if (!byCode.has(o.codigo)) byCode.set(o.codigo, o);
  const slide = (img: ModelImage): SlideImage => ({
    key: `m${img.id}`,
    url: img.url_img,
    colour: (img.color0 && byCode.get(img.color0)) || null,
  });
  const sorted = [...model.imagenes].sort((a, b) => Number(b.principal) - Number(a.principal) || a.id - b.id);

  const chosen = groups.flatMap((g) => {
    const option = chosenOption(g, state);
    return option ? [{ group: g, option }] : [];
  });
  const chosenCodes = new Set(chosen.map((c) => c.option.codigo));
  const tied = sorted.filter((img) => img.color0 && chosenCodes.has(img.color0));
  if (tied.length) return { images: tied.map(slide), uncovered: null };

  const own = chosen.filter((c) => c.option.imagen);
  if (own.length)
    return {
      images: own.map(({ option }) => ({ key: `p${option.id}`, url: option.imagen ?? '', colour: option })),
      uncovered: null,
    };

  let uncovered: ModelOption | null = null;
  const passedOver = new Set<string>();
  for (const { group, option } of chosen) {
    const others = group.parametros.map((o) => o.codigo).filter((c) => !chosenCodes.has(c));
    if (!uncovered && sorted.some((img) => img.color0 && others.includes(img.color0))) uncovered = option;
    for (const c of others) passedOver.add(c);
  }
  return {
    images: sorted.filter((img) => !img.color0 || !passedOver.has(img.color0)).map(slide),
    uncovered,
  };
}

/** Codes of the chosen options. */
export function chosenCodes(model: ModelDetail, state: ConfigState): string[] {
  return configurableGroups(model)
    .map((g) => chosenOption(g, state)?.codigo)
    .filter((c): c is string => !!c);
}
