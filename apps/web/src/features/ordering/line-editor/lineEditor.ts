/**
 * The order line's editor: what it is given (a model, the choices to start from, the cart line it
 * replaces, or where to hand the configured line back) and what it hands back. The dialog itself is
 * `useLineEditor` (useLineEditor.tsx); the screens that list lines open it from there.
 */
import type {
  ChosenOptionSnapshot,
  EmbroideryNames,
  EmbroiderySnapshot,
  LineAddRequest,
  OptionNames,
  QuickLine,
} from '@nido/contract';

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
