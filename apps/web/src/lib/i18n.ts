/**
 * i18next setup. Every `src/locales/<lang>/<namespace>.json` file is bundled eagerly and becomes
 * namespace <namespace>, so a feature adds its own texts (e.g. locales/es/orders.json) without
 * touching anyone else's file. Default namespace `common`, which is also the fallback namespace.
 */
// Type-only on purpose: a runtime import of the contract barrel would pull zod into the entry chunk.
import type { Language } from '@nido/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from './session.ts';

/** Mirrors the contract's LANGUAGES / DEFAULT_LANGUAGE (SPEC §1: es default and fallback, en). */
const LANGUAGES = ['es', 'en'] as const satisfies readonly Language[];
const DEFAULT_LANGUAGE: Language = 'es';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const resources: Resources = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match;
  resources[lang] ??= {};
  resources[lang][ns] = content;
}
const namespaces = [...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs)))];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** SPEC §1: the stored user's language, else the browser's when it is es/en, else es. */
function initialLanguage(): Language {
  const session = getSession();
  if (session.hasUser && isLanguage(session.user.language)) return session.user.language;
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false, // resources are bundled: initialise synchronously, no first-paint flicker
});

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng; // absent in unit tests
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** The interface language as a contract Language (es when i18next holds anything else). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

export default i18n;
