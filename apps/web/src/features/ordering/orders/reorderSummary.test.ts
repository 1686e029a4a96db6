import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { reorderSummary } from './reorderSummary.ts';

const locales = path.resolve(import.meta.dirname, '../../../locales');
const read = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, lang, `${ns}.json`), 'utf8'));

/** The app's own texts in a fresh i18next: what a user reads for each count. */
async function textsIn(lang: 'es' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { quickOrder: read(lang, 'quickOrder'), messages: read(lang, 'messages') } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('texts that count', () => {
  it.each([
    [
      'es',
      'La línea sigue disponible tal como era.',
      'Las dos líneas siguen disponibles tal como eran.',
      'Las 3 líneas siguen disponibles tal como eran.',
      'La línea ha cambiado desde que la pediste: revísala antes de añadirla.',
      '1 de las 3 líneas ha cambiado desde que la pediste: revísala antes de añadir.',
      '2 de las 3 líneas han cambiado desde que las pediste: revísalas antes de añadir.',
      '1 línea añadida al carrito',
    ],
    [
      'en',
      'The line is still available as it was.',
      'Both lines are still available as they were.',
      'All 3 lines are still available as they were.',
      'The line has changed since you ordered it: check it before adding.',
      '1 of the 3 lines has changed since you ordered it: check it before adding.',
      '2 of the 3 lines have changed since you ordered them: check them before adding.',
      '1 line added to the cart',
    ],
  ] as const)('say one, both and all, and a count of changed lines (%s)', async (lang, ...expected) => {
    const i18n = await textsIn(lang);
    const t = i18n.getFixedT(lang, 'quickOrder');
    expect([
      reorderSummary(t, 0, 1),
      reorderSummary(t, 0, 2),
      reorderSummary(t, 0, 3),
      reorderSummary(t, 1, 1),
      reorderSummary(t, 1, 3),
      reorderSummary(t, 2, 3),
      i18n.t('order.linesAdded', { ns: 'messages', count: 1 }),
    ]).toEqual(expected);
  });
});
