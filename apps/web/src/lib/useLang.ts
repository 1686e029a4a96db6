import type { Language } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './i18n.ts';

/** The interface language, re-rendering on a language switch (for `localized()` data texts). */
export function useLang(): Language {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'es';
}
