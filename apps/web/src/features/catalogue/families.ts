import { FAMILIES, familyOf, type ModelSummary, NO_FAMILY } from '@nido/contract';

const FAMILY_ORDER = [...FAMILIES, NO_FAMILY].map((f) => f.id);

/**
 * Models grouped by family (product.md §4: CAPAZO … CAPOTAS, then SIN FAMILIA), only non-empty
 * families; each named in the user's language by familyName.
 */
export function byFamily(models: ModelSummary[]): Array<{ family: number; models: ModelSummary[] }> {
  const groups = new Map<number, ModelSummary[]>();
  for (const m of models) {
    const id = familyOf(m.familia).id;
    groups.set(id, [...(groups.get(id) ?? []), m]);
  }
  return FAMILY_ORDER.filter((id) => groups.has(id)).map((family) => ({
    family,
    models: groups.get(family) ?? [],
  }));
}
