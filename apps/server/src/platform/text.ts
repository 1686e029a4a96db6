/**
 * Search normalisation shared by every search column (modelos.search_text, clientes.search_text)
 * and every search term: lower-cased, accents stripped, whitespace collapsed.
 */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text stored in a search_text column: the non-empty parts joined by one space, normalised.
 * e.g. searchable('NDCAP101', 'Capazo rígido', null) → 'ndcap101 capazo rigido'.
 */
export function searchable(...parts: Array<string | null | undefined>): string {
  return normalizeSearch(
    parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' '),
  );
}

/** A user's search text split into normalised words (empty list for no text). */
export function searchTerms(text: string | null | undefined): string[] {
  if (!text) return [];
  const norm = normalizeSearch(text);
  return norm === '' ? [] : norm.split(' ');
}

/** Escapes LIKE wildcards (and the escape character itself) so a term matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
