import type { OrderLine } from '@nido/contract';

/** Primary lines each followed by the lines that depend on them (orphans last). */
export function arrangeLines(lines: OrderLine[]): Array<{ line: OrderLine; dependent: boolean }> {
  const primaries = lines.filter((l) => l.lineaprimaria === 0);
  const ids = new Set(primaries.map((l) => l.id));
  const out: Array<{ line: OrderLine; dependent: boolean }> = [];
  for (const p of primaries) {
    out.push({ line: p, dependent: false });
    for (const d of lines) if (d.lineaprimaria === p.id) out.push({ line: d, dependent: true });
  }
  for (const d of lines)
    if (d.lineaprimaria !== 0 && !ids.has(d.lineaprimaria)) out.push({ line: d, dependent: true });
  return out;
}
