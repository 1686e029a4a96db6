/**
 * The quick order's review state: the server's checked rows, each with what the user typed over an
 * error and the options chosen in the configurator. Good rows are never lost: a re-check sends only
 * the rows in error and puts their answers back in place.
 */
import type { QuickOrderRow, QuickOrderRowInput } from '@nido/contract';
import type { CollectedLine } from '../../lib/lineEditor.ts';
import type { ShownMessage } from '../../lib/messages.ts';

export interface ReviewRow {
  /** Stable across re-checks (the server's `row` is a position in one request). */
  key: number;
  checked: QuickOrderRow;
  /** The row as edited in the table (its code, quantity and option codes). */
  edit: { modelo: string; cantidad: string; opciones: string };
  /** The line configured for a row that needed options (null until then). */
  configured: CollectedLine | null;
}

let nextKey = 1;

export function reviewRows(rows: QuickOrderRow[]): ReviewRow[] {
  return rows.map((checked) => ({
    key: nextKey++,
    checked,
    edit: editOf(checked),
    configured: null,
  }));
}

function editOf(row: QuickOrderRow): ReviewRow['edit'] {
  return {
    modelo: row.input.modelo,
    cantidad: row.input.cantidad,
    opciones: (row.input.opciones ?? []).join(' '),
  };
}

/** What a row in error is sent as when checked again: its edited fields, the rest as read. */
export function inputOf(row: ReviewRow): QuickOrderRowInput {
  return {
    ...row.checked.input,
    modelo: row.edit.modelo.trim(),
    cantidad: row.edit.cantidad.trim(),
    opciones: row.edit.opciones.split(/[\s;,]+/).filter(Boolean),
  };
}

/** The rows in error replaced by their new answers (in order), the others kept as they were. */
export function mergeChecked(rows: ReviewRow[], keys: number[], answers: QuickOrderRow[]): ReviewRow[] {
  const byKey = new Map(keys.map((key, i) => [key, answers[i]]));
  return rows.map((row) => {
    const answer = byKey.get(row.key);
    return answer ? { ...row, checked: answer, edit: editOf(answer), configured: null } : row;
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

/** A row's errors: those shown beside its code and quantity, and every other one. */
export function splitErrors(errors: Record<string, Exclude<ShownMessage, string>>) {
  const { modelo, cantidad, ...rest } = errors;
  return { modelo, cantidad, other: Object.values(rest) };
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
      ? { ...row, checked: { ...row.checked, status: 'error', errors: found }, configured: null }
      : row;
  });
}
