/**
 * i18next setup. Every `src/locales/<lang>/<namespace>.json` file becomes namespace <namespace>, so
 * a feature adds its own texts (e.g. locales/es/orders.json) without touching anyone else's file.
 * Default namespace `common`, which is also the fallback namespace. The default language (es, also
 * the fallback) is bundled; another language is one lazy chunk, loaded before the first render when
 * it is the user's (main.tsx awaits `i18nReady`) and by `i18n.changeLanguage` on a switch. The
 * staff-only namespaces (the dashboard's, the catalogue admin's, the largest, the undelivered
 * emails', the price lists'), the quick order's and the line sheet's (a screen and a dialog each), the production sheet's,
 * the orders' (the order screens only, never the sign-in or home), the clients' (their screens, the
 * profile's role and the order's administration; the top bar's pending orders speak `layout`) and
 * the bell's (its own chunk, app/NotificationsMenu.tsx) load with the first screen that asks for them
 * (`useTranslation('catalogAdmin')` suspends meanwhile).
 */
// Type-only on purpose: a runtime import of the contract barrel would pull zod into the entry chunk.
import type { Language } from '@nido/contract';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from './session.ts';

/** Mirrors the contract's LANGUAGES / DEFAULT_LANGUAGE (product.md §1: es default and fallback, en). */
const LANGUAGES = ['es', 'en'] as const satisfies readonly Language[];
const DEFAULT_LANGUAGE: Language = 'es';

type Texts = Record<string, unknown>;

// Glob patterns must be literals: 'es' here is DEFAULT_LANGUAGE.
const bundled = import.meta.glob<Texts>(
  [
    '../locales/es/*.json',
    '!../locales/es/{catalogAdmin,clients,mail,quickOrder,prices,lineSheet,orders,dashboard,notifications,production}.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);
const onDemand = {
  ...import.meta.glob<Texts>(['../locales/*/*.json', '!../locales/es/*.json'], { import: 'default' }),
  ...import.meta.glob<Texts>(
    '../locales/es/{catalogAdmin,clients,mail,quickOrder,prices,lineSheet,orders,dashboard,notifications,production}.json',
    {
      import: 'default',
    },
  ),
};

const namespaceOf = (path: string) => /locales\/[^/]+\/([^/]+)\.json$/.exec(path)?.[1] ?? '';
const resources = {
  [DEFAULT_LANGUAGE]: Object.fromEntries(
    Object.entries(bundled).map(([path, texts]) => [namespaceOf(path), texts]),
  ),
};
const namespaces = Object.keys(resources[DEFAULT_LANGUAGE]);

/** Reads another language's namespace from its lazy chunk (a missing file falls back to es). */
const onDemandBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = onDemand[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** product.md §1: the stored user's language, else the browser's when it is es/en, else es. */
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

/** Settles once the initial language's texts are in: at once for es, after its chunk otherwise. */
export const i18nReady: Promise<unknown> = i18n
  .use(onDemandBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true, // es is in `resources`; other languages come from the backend
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false, // es is bundled: initialise synchronously, no first-paint flicker
  })
  .catch(() => undefined); // a language chunk that fails to load leaves the es texts

/**
 * The page's lang attribute, and a cookie with the language: the server preloads that language's
 * texts with the next page it sends (apps/server/src/platform/spa.ts), instead of guessing from the
 * browser's languages, which a user's own choice may contradict.
 */
function syncDocumentLanguage(lng: string): void {
  if (typeof document === 'undefined') return; // absent in unit tests
  document.documentElement.lang = lng;
  if (!isLanguage(lng)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser the shops use
  document.cookie = `nido_lang=${lng}; path=/; max-age=31536000; SameSite=Lax`;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** The interface language as a contract Language (es when i18next holds anything else). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

export default i18n;
