import { FAMILIES, familyOf, type ModelSummary, NO_FAMILY } from '@nido/contract';

const FAMILY_ORDER = [...FAMILIES, NO_FAMILY].map((f) => f.name);

/** Models grouped by family (product.md §4: CAPAZO … CAPOTAS, then SIN FAMILIA), only non-empty families. */
export function byFamily(models: ModelSummary[]): Array<{ family: string; models: ModelSummary[] }> {
  const groups = new Map<string, ModelSummary[]>();
  for (const m of models) {
    const name = familyOf(m.familia).name;
    groups.set(name, [...(groups.get(name) ?? []), m]);
  }
  return FAMILY_ORDER.filter((name) => groups.has(name)).map((family) => ({
    family,
    models: groups.get(family) ?? [],
  }));
}
