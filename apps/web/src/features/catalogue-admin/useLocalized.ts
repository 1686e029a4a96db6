import { localized } from '@nido/contract';
import { useTranslation } from 'react-i18next';

/** `localized(row, field)` in the interface language (product.md §1 fallback), re-rendering on a switch. */
export function useLocalized() {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (row: object, field: string) => localized(row as Record<string, unknown>, field, lang);
}
