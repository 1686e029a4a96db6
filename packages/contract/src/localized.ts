import type { Language } from './limits.ts';

/** True when an English text may replace the Spanish one: non-empty and not the literal text NULL. */
export function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.trim() !== 'NULL';
}

/**
 * product.md §1 fallback rule: read `row[field + '_en']` when the language is en and that text is
 * usable, else the Spanish `row[field]`.
 */
export function localized<T extends Record<string, unknown>>(
  row: T,
  field: string,
  lang: Language | string,
): string {
  const es = row[field];
  const en = row[`${field}_en`];
  if (lang === 'en' && hasText(en)) return en;
  return typeof es === 'string' ? es : es == null ? '' : String(es);
}
