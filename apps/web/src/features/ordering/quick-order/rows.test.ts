import type { QuickOrderRow } from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { inputOf, lineOf, mergeChecked, refusedRows, reviewRows, rowState } from './rows.ts';

const line = {
  modelo: 'NDCAP102',
  cantidad: 1,
  parametros_color: [{ parametros_grupos_id: 10, parametro: 1 }],
  parametros_bordado: null,
  nota: '',
};

function row(n: number, status: QuickOrderRow['status'], modelo = 'NDCAP102'): QuickOrderRow {
  return {
    row: n,
    input: { modelo, cantidad: '1', opciones: ['TJ01'] },
    status,
    errors: status === 'error' ? { modelo: { code: 'order.unknownCode', params: { code: modelo } } } : {},
    model: status === 'error' ? null : { modelo, descripcion: 'Capazo', descripcion_en: 'Carrycot' },
    line: status === 'error' ? null : line,
    prefilled: false,
  };
}

describe('the quick order review', () => {
  it('sends a row in error as edited, option codes split on spaces, tabs, commas or semicolons', () => {
    const [bad] = reviewRows([row(2, 'error', 'NOPE')]);
    const edited = {
      ...bad,
      edit: { ...bad.edit, modelo: ' ndcap102 ', cantidad: ' 3 ', opciones: 'TJ01 ,AC01;\tX' },
    };
    expect(inputOf(edited)).toMatchObject({
      modelo: 'ndcap102',
      cantidad: '3',
      opciones: ['TJ01', 'AC01', 'X'],
      bordado: null,
    });
    // Its embroidery as edited, the fields left empty not sent.
    const embroidered = { ...edited, edit: { ...edited.edit, name: ' Lucía ', position: 'Front' } };
    expect(inputOf(embroidered).bordado).toEqual({ name: 'Lucía', position: 'Front' });
  });

  it('puts the answers of the rows checked again in their places and keeps every other row', () => {
    const rows = reviewRows([
      row(1, 'ok'),
      row(2, 'error', 'NOPE'),
      row(3, 'configure'),
      row(4, 'error', 'BAD'),
    ]);
    const configured = { ...rows[2], configured: line };
    const before = [rows[0], rows[1], configured, rows[3]];
    const after = mergeChecked(before, [rows[1].key, rows[3].key], [row(1, 'ok'), row(2, 'error', 'STILL')]);
    expect(after.map((r) => r.key)).toEqual(before.map((r) => r.key));
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(configured);
    expect(after.map(rowState)).toEqual(['ready', 'ready', 'ready', 'error']);
    expect(after[3].edit.modelo).toBe('STILL');
    // Each row keeps its number in the paste, though the answers count the two rows sent again.
    expect(after.map((r) => r.checked.row)).toEqual([1, 2, 3, 4]);
  });

  it('adds a row once ready: as checked, or as configured', () => {
    const [ok, configure] = reviewRows([row(1, 'ok'), row(2, 'configure')]);
    expect(lineOf(ok)).toBe(line);
    expect(rowState(configure)).toBe('configure');
    expect(lineOf(configure)).toBeNull();
    const chosen = { ...line, cantidad: 2 };
    expect(lineOf({ ...configure, configured: chosen })).toBe(chosen);
  });

  it('marks the rows an add refused (lines.<i>.<field>) in error, and only those', () => {
    const rows = reviewRows([row(1, 'ok'), row(2, 'ok'), row(3, 'ok')]);
    const refused = refusedRows(rows, { 'lines.1.cantidad': [{ code: 'order.quantity' }], other: ['x'] });
    expect(refused?.map(rowState)).toEqual(['ready', 'error', 'ready']);
    expect(refused?.[1].checked.errors).toEqual({ cantidad: { code: 'order.quantity' } });
    expect(refusedRows(rows, { cliente_id: ['x'] })).toBeNull();
  });
});
