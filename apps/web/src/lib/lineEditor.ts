/**
 * Edit on a cart line opens the catalogue's configurator, prefilled, and saving replaces the line.
 * The screens that list cart lines may not import the catalogue (features reach each other only
 * through api.ts, and the catalogue imports the cart), so they ask here and the app mounts the
 * dialog (app/LineEditorHost.tsx, a lazy chunk loaded on the first Edit).
 */
import type { ChosenOptionSnapshot, EmbroiderySnapshot } from '@nido/contract';
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

/** What the line editor opens: the line's model, its choices, and the line to replace. */
export interface LineEditRequest {
  modelo: string;
  preset: ConfigPreset;
  replacing: ReplacedLine;
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
