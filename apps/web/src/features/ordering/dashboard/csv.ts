/**
 * A table's CSV as Spanish Excel reads it (as the orders export writes it): `;` between fields,
 * numbers with a decimal comma and no thousands mark, UTF-8 with a byte-order mark.
 */
export type Cell = string | number;

function cellText(cell: Cell): string {
  const text = typeof cell === 'number' ? String(cell).replace('.', ',') : cell;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(head: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${[head, ...rows].map((row) => row.map(cellText).join(';')).join('\r\n')}\r\n`;
}

/** Money in a CSV cell: two decimals after a comma. */
export function csvMoney(euros: number): string {
  return euros.toFixed(2).replace('.', ',');
}
