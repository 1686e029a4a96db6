/**
 * The quick order's review state: the server's checked rows, each with what the user typed over an
 * error and the options chosen in the configurator. Good rows are never lost: a re-check sends only
 * the rows in error and puts their answers back in place.
 */
import { LINE_FIELD, type QuickOrderRow, type QuickOrderRowInput } from '@nido/contract';
import type { ShownMessage } from '../../../lib/messages.ts';
import type { CollectedLine, LineNames } from '../line-editor/lineEditor.ts';

export interface ReviewRow {
  /** Stable across re-checks (the server's `row` is a position in one request). */
  key: number;
  checked: QuickOrderRow;
  /** The row as edited in the table (its code, quantity, option codes and embroidery). */
  edit: { modelo: string; cantidad: string; opciones: string } & Record<EmbroideryField, string>;
  /** The line configured for a row that needed options (null until then). */
  configured: CollectedLine | null;
  /** How the configured line reads (its options and embroidery by name). */
  names: LineNames | null;
}

/** The embroidery fields a row may give, as the line payload names them. */
export const EMBROIDERY_FIELDS = ['name', 'emb_color', 'position', 'emb_style'] as const;
export type EmbroideryField = (typeof EMBROIDERY_FIELDS)[number];

let nextKey = 1;

export function reviewRows(rows: QuickOrderRow[]): ReviewRow[] {
  return rows.map((checked) => ({
    key: nextKey++,
    checked,
    edit: editOf(checked),
    configured: null,
    names: null,
  }));
}

function editOf(row: QuickOrderRow): ReviewRow['edit'] {
  return {
    modelo: row.input.modelo,
    cantidad: row.input.cantidad,
    opciones: (row.input.opciones ?? []).join(' '),
    name: row.input.bordado?.name ?? '',
    emb_color: row.input.bordado?.emb_color ?? '',
    position: row.input.bordado?.position ?? '',
    emb_style: row.input.bordado?.emb_style ?? '',
  };
}

/** Whether a row gives embroidery or is refused for it: its fields are then shown. */
export function hasEmbroidery(row: ReviewRow): boolean {
  return (
    EMBROIDERY_FIELDS.some((f) => row.edit[f].trim() !== '') ||
    Object.keys(row.checked.errors).some((f) => f.startsWith('parametros_bordado.'))
  );
}

/** What a row in error is sent as when checked again: its edited fields, the rest as read. */
export function inputOf(row: ReviewRow): QuickOrderRowInput {
  const bordado = Object.fromEntries(
    EMBROIDERY_FIELDS.map((f) => [f, row.edit[f].trim()]).filter(([, v]) => v !== ''),
  );
  return {
    ...row.checked.input,
    modelo: row.edit.modelo.trim(),
    cantidad: row.edit.cantidad.trim(),
    opciones: row.edit.opciones.split(/[\s;,]+/).filter(Boolean),
    bordado: Object.keys(bordado).length > 0 ? bordado : null,
  };
}

/**
 * The rows in error replaced by their new answers (in order), the others kept as they were. A row
 * keeps its number in the paste or the file (the answer's counts the rows sent again).
 */
export function mergeChecked(rows: ReviewRow[], keys: number[], answers: QuickOrderRow[]): ReviewRow[] {
  const byKey = new Map(keys.map((key, i) => [key, answers[i]]));
  return rows.map((row) => {
    const answer = byKey.get(row.key);
    if (!answer) return row;
    const checked = { ...answer, row: row.checked.row };
    return { ...row, checked, edit: editOf(checked), configured: null, names: null };
  });
}

export type RowState = 'ready' | 'configure' | 'error';

export function rowState(row: ReviewRow): RowState {
  if (row.checked.status === 'error') return 'error';
  if (row.checked.status === 'configure' && !row.configured) return 'configure';
  return 'ready';
}

/** The line a ready row adds. */
export function lineOf(row: ReviewRow): CollectedLine | null {
  if (row.configured) return row.configured;
  return row.checked.status === 'ok' ? row.checked.line : null;
}

type RowMessage = Exclude<ShownMessage, string>;

/** A row's errors: those shown beside its code, quantity and embroidery fields, and every other one. */
export function splitErrors(errors: Record<string, RowMessage>) {
  const {
    modelo,
    cantidad,
    [LINE_FIELD.name]: name,
    [LINE_FIELD.colour]: emb_color,
    [LINE_FIELD.position]: position,
    [LINE_FIELD.style]: emb_style,
    ...rest
  } = errors;
  const embroidery: Record<EmbroideryField, RowMessage | undefined> = {
    name,
    emb_color,
    position,
    emb_style,
  };
  return { modelo, cantidad, embroidery, other: Object.values(rest) };
}

/**
 * A refused add (422, all or none): the messages under `lines.<i>.<field>` put on the i-th of the
 * rows added, which become rows in error to fix or drop. None: the rows as they were.
 */
export function refusedRows(
  rows: ReviewRow[],
  errors: Record<string, ReadonlyArray<ShownMessage>>,
): ReviewRow[] | null {
  const byRow = new Map<number, Record<string, Exclude<ShownMessage, string>>>();
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^lines\.(\d+)\.?(.*)$/.exec(key);
    const message = messages[0];
    if (!match || !message) continue;
    const index = Number(match[1]);
    const field = match[2] || 'line';
    byRow.set(index, {
      ...byRow.get(index),
      [field]: typeof message === 'string' ? { code: message } : message,
    });
  }
  if (byRow.size === 0) return null;
  return rows.map((row, i) => {
    const found = byRow.get(i);
    return found
      ? { ...row, checked: { ...row.checked, status: 'error', errors: found }, configured: null, names: null }
      : row;
  });
}
