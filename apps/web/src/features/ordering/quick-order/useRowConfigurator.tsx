import { type Dispatch, type SetStateAction, useRef } from 'react';
import { presetOfLine } from '../line-editor/lineEditor.ts';
import { useLineEditor } from '../line-editor/useLineEditor.tsx';
import { type ReviewRow, rowState } from './rows.ts';

/**
 * The quick order's rows that need options, configured one after another in the line editor (with
 * previous / next among them); each configured line is handed back to its row (`setRows`). The
 * screen renders `dialog`.
 */
export function useRowConfigurator(rows: ReviewRow[], setRows: Dispatch<SetStateAction<ReviewRow[]>>) {
  const lineEditor = useLineEditor();
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  /** Opens the configurator on the `i`-th of the rows `keys`, with previous / next among them. */
  function configure(keys: number[], i: number) {
    const row = rowsRef.current.find((r) => r.key === keys[i]);
    if (!row) {
      lineEditor.close();
      return;
    }
    const line = row.configured ?? row.checked.line;
    lineEditor.open({
      modelo: line?.modelo ?? row.checked.model?.modelo ?? row.checked.input.modelo,
      preset: line ? presetOfLine(line) : { parametros_color: [] },
      collect: {
        onLine: (configured, names) => {
          setRows((current) => current.map((r) => (r.key === row.key ? { ...r, configured, names } : r)));
          // On to the next row still to configure (after this one, then from the first), else done.
          const waiting = (j: number) =>
            j !== i && rowsRef.current.some((r) => r.key === keys[j] && rowState(r) === 'configure');
          const order = [...keys.keys()].filter((j) => j > i).concat([...keys.keys()].filter((j) => j < i));
          const next = order.find(waiting);
          if (next != null) configure(keys, next);
          else lineEditor.close();
        },
        step: {
          index: i,
          count: keys.length,
          onPrevious: () => configure(keys, i - 1),
          onNext: () => configure(keys, i + 1),
        },
      },
    });
  }

  /** Steps through every row that needs options, from `key` (default: the first still to configure). */
  function configureFrom(key?: number) {
    const keys = rows.filter((r) => r.checked.status === 'configure').map((r) => r.key);
    const start = key ?? rows.find((r) => rowState(r) === 'configure')?.key;
    configure(keys, Math.max(0, keys.indexOf(start ?? keys[0])));
  }

  return { configureFrom, dialog: lineEditor.dialog };
}
