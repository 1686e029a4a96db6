import type { OrderLine } from '@nido/contract';

/** A line as the screens list it: a primary line with the lines that depend on it (its surcharges). */
export interface ListedLine {
  line: OrderLine;
  dependents: OrderLine[];
}

/**
 * The lines a screen lists: each primary line with its dependent lines (product.md §5.4), whose
 * amounts the server already counts in the primary's `importe_total`; a dependent line whose
 * primary is missing is listed on its own, last.
 */
export function listedLines(lines: readonly OrderLine[]): ListedLine[] {
  const primaries = lines.filter((l) => l.lineaprimaria === 0);
  const ids = new Set(primaries.map((l) => l.id));
  const out: ListedLine[] = primaries.map((line) => ({
    line,
    dependents: lines.filter((d) => d.lineaprimaria === line.id),
  }));
  for (const d of lines)
    if (d.lineaprimaria !== 0 && !ids.has(d.lineaprimaria)) out.push({ line: d, dependents: [] });
  return out;
}

/** Primary lines each followed by the lines that depend on them (orphans last). */
export function arrangeLines(lines: OrderLine[]): Array<{ line: OrderLine; dependent: boolean }> {
  return listedLines(lines).flatMap(({ line, dependents }) => [
    { line, dependent: line.lineaprimaria !== 0 },
    ...dependents.map((d) => ({ line: d, dependent: true })),
  ]);
}
