/**
 * Edit on a cart line opens the catalogue's configurator, prefilled, and saving replaces the line.
 * The quick order and the reorder open it too, to configure a row that is handed back instead of
 * sent (`collect`), stepping through several rows. The screens that list lines may not import the
 * catalogue (features reach each other only through api.ts, and the catalogue imports the cart),
 * so they ask here and the app mounts the dialog (app/LineEditorHost.tsx, a lazy chunk loaded on
 * the first Edit).
 */
import type {
  ChosenOptionSnapshot,
  EmbroideryNames,
  EmbroiderySnapshot,
  LineAddRequest,
  OptionNames,
  QuickLine,
} from '@nido/contract';
import { useSyncExternalStore } from 'react';

/** Options to preselect (Buy again, Edit in the cart): the earlier line's choices and embroidery. */
export interface ConfigPreset {
  parametros_color: Array<Pick<ChosenOptionSnapshot, 'parametros_grupos_id' | 'id' | 'codigo'>>;
  parametros_bordado?: Pick<
    EmbroiderySnapshot,
    'name' | 'emb_style' | 'emb_color' | 'emb_color_id' | 'position'
  > | null;
  nota?: string;
  /** Edit in the cart: the line's quantity (Buy again starts from 1). */
  cantidad?: number;
}

/** A cart line that the configurator saves in place instead of adding a line. */
export interface ReplacedLine {
  pedidoId: number;
  lineaId: number;
}

/** A configured line handed back to the screen that asked (no cart, no client: it adds them). */
export type CollectedLine = Omit<LineAddRequest, 'cliente_id' | 'pedido_id'>;

/** Stepping through rows to configure: the counter ("2 of 5") and the way to the others. */
export interface LineStep {
  /** 0-based. */
  index: number;
  count: number;
  onPrevious: () => void;
  onNext: () => void;
}

/** How a collected line reads: its options and embroidery by name (`optionsText`, `embroideryText`). */
export interface LineNames {
  options: OptionNames[];
  embroidery: EmbroideryNames | null;
}

/** The configurator hands the line back (quick order, reorder) instead of sending it. */
export interface LineCollect {
  onLine: (line: CollectedLine, names: LineNames) => void;
  step?: LineStep;
}

/**
 * What the line editor opens: the line's model, its choices, and the line to replace (Edit in the
 * cart) or where to hand the configured line (`collect`).
 */
export interface LineEditRequest {
  modelo: string;
  preset: ConfigPreset;
  replacing?: ReplacedLine;
  collect?: LineCollect;
}

let current: LineEditRequest | null = null;
const listeners = new Set<() => void>();

function publish(next: LineEditRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

export const openLineEditor = (request: LineEditRequest) => publish(request);
export const closeLineEditor = () => publish(null);

/** The line being edited, if any (the app shows the dialog while there is one). */
export function useLineEditRequest(): LineEditRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** A line payload the server resolved (quick order, reorder) as the configurator's preset. */
export function presetOfLine(line: QuickLine | CollectedLine): ConfigPreset {
  const b = line.parametros_bordado;
  return {
    parametros_color: (line.parametros_color ?? []).map((c) => ({
      parametros_grupos_id: Number(c.parametros_grupos_id),
      id: Number(c.parametro),
      codigo: '',
    })),
    parametros_bordado: b
      ? {
          name: b.name ?? '',
          emb_style: b.emb_style ?? '',
          emb_color: typeof b.emb_color === 'string' ? b.emb_color : '',
          emb_color_id: typeof b.emb_color === 'number' ? b.emb_color : null,
          position: b.position ?? '',
        }
      : null,
    nota: line.nota ?? '',
    cantidad: Number(line.cantidad) || undefined,
  };
}
