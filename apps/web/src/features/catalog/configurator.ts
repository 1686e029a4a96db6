/**
 * The line-add form's rules without React (SPEC §4 line add, §5 add-line rules): which groups a
 * model offers and in what order, which chosen option needs embroidery, the live price estimate,
 * client-side validation and the lineadd payload. The server re-checks everything and computes the
 * real price; this only spares the user a round trip.
 */
import {
  type ChosenOptionSnapshot,
  EMBROIDERY_COLOURS_GROUP_ID,
  EMBROIDERY_NAME_MAX,
  EMBROIDERY_STYLES,
  type EmbroiderySnapshot,
  type LineAddRequest,
  type ModelDetail,
  type ModelGroup,
  type ModelOption,
  NOTE_MAX,
  ORDER_MSG,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '@nido/contract';

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
 * Values are raw messages (ORDER_MSG texts), translated when shown.
 */
export type ConfigErrors = Partial<Record<string, string>>;

/** Options to preselect (Buy again): the earlier line's choices and embroidery. */
export interface ConfigPreset {
  parametros_color: Array<Pick<ChosenOptionSnapshot, 'parametros_grupos_id' | 'id' | 'codigo'>>;
  parametros_bordado?: Pick<
    EmbroiderySnapshot,
    'name' | 'emb_style' | 'emb_color' | 'emb_color_id' | 'position'
  > | null;
  nota?: string;
}

export const groupField = (groupId: number) => `parametros_color.${groupId}`;
export const EMB_FIELD = {
  name: 'parametros_bordado.name',
  colour: 'parametros_bordado.emb_color',
  position: 'parametros_bordado.position',
  style: 'parametros_bordado.emb_style',
} as const;

export function emptyEmbroidery(): EmbroideryState {
  return { name: '', emb_style: EMBROIDERY_STYLES[0], emb_color: null, position: null };
}

export function emptyState(): ConfigState {
  return { options: {}, embroidery: emptyEmbroidery(), cantidad: QUANTITY_MIN, nota: '' };
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

/** SPEC §4: groups arranged in sections ordered by position (sections by their first group). */
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

export function positionsOf(option: ModelOption): string[] {
  return option.embroidery_position
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An option that asks for embroidery: letters, an embroidery colour or a position. */
export function needsEmbroidery(option: ModelOption): boolean {
  return option.letters > 0 || option.embroidery_color || positionsOf(option).length > 0;
}

/** The first chosen option (in section order) that asks for embroidery, with its group. */
export function embroideryChoice(
  model: ModelDetail,
  state: ConfigState,
): { group: ModelGroup; option: ModelOption } | null {
  for (const group of configurableGroups(model)) {
    const option = chosenOption(group, state);
    if (option && needsEmbroidery(option)) return { group, option };
  }
  return null;
}

/** SPEC §5: the embroidered name is at most 15 characters and at most the option's letters. */
export function nameMax(option: ModelOption): number {
  return option.letters > 0 ? Math.min(EMBROIDERY_NAME_MAX, option.letters) : EMBROIDERY_NAME_MAX;
}

export function quantityOf(state: ConfigState): number {
  const n = typeof state.cantidad === 'number' ? state.cantidad : Number(state.cantidad);
  return Number.isFinite(n) ? n : 0;
}

/** Live estimate of the unit price (euros): pvp + the chosen options' prices (already × size). */
export function unitPrice(model: ModelDetail, state: ConfigState): number {
  let cents = Math.round(model.pvp * 100);
  for (const group of configurableGroups(model)) {
    const option = chosenOption(group, state);
    if (option) cents += Math.round(option.price * 100);
  }
  return cents / 100;
}

export function totalPrice(model: ModelDetail, state: ConfigState): number {
  return Math.round(unitPrice(model, state) * 100 * Math.max(0, quantityOf(state))) / 100;
}

/** SPEC §5 checks; an empty object means the line may be sent. */
export function validate(model: ModelDetail, state: ConfigState): ConfigErrors {
  const errors: ConfigErrors = {};
  for (const group of configurableGroups(model)) {
    if (!chosenOption(group, state)) errors[groupField(group.id)] = ORDER_MSG.selectColor;
  }
  const emb = embroideryChoice(model, state);
  if (emb) {
    const { option } = emb;
    const name = state.embroidery.name.trim();
    if (option.letters > 0 && !name) errors[EMB_FIELD.name] = ORDER_MSG.selectName;
    else if ([...name].length > nameMax(option))
      errors[EMB_FIELD.name] = ORDER_MSG.nameTooLong(nameMax(option));
    if (option.embroidery_color && !state.embroidery.emb_color)
      errors[EMB_FIELD.colour] = ORDER_MSG.selectColor;
    const positions = positionsOf(option);
    if (positions.length > 0 && !positions.includes(state.embroidery.position ?? '')) {
      errors[EMB_FIELD.position] = ORDER_MSG.selectPosition;
    }
  }
  const qty = quantityOf(state);
  if (!Number.isInteger(qty) || qty < QUANTITY_MIN || qty > QUANTITY_MAX)
    errors.cantidad = ORDER_MSG.quantity;
  if (state.nota.length > NOTE_MAX) errors.nota = ORDER_MSG.noteTooLong;
  return errors;
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
    nota: state.nota.trim().slice(0, NOTE_MAX),
  };
  if (pedidoId) payload.pedido_id = pedidoId;
  const emb = embroideryChoice(model, state);
  if (emb) {
    const { option } = emb;
    payload.parametros_bordado = {
      with_custom: 1,
      name: option.letters > 0 ? state.embroidery.name.trim() : '',
      emb_style: state.embroidery.emb_style || EMBROIDERY_STYLES[0],
      emb_color: option.embroidery_color ? (state.embroidery.emb_color ?? null) : null,
      position: positionsOf(option).length > 0 ? (state.embroidery.position ?? '') : '',
    };
  }
  return payload;
}

/** The state that preselects an earlier line's choices (Buy again); unknown choices stay empty. */
export function presetState(model: ModelDetail, preset: ConfigPreset | null | undefined): ConfigState {
  const state = emptyState();
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
  state.nota = (preset.nota ?? '').slice(0, NOTE_MAX);
  return state;
}

/** Codes of the chosen options (the image slider follows them). */
export function chosenCodes(model: ModelDetail, state: ConfigState): string[] {
  return configurableGroups(model)
    .map((g) => chosenOption(g, state)?.codigo)
    .filter((c): c is string => !!c);
}
