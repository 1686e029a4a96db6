/**
 * The missing-translation report (record 056), in Spanish and in English: a collection whose English
 * name is empty (made by the Admin's collection editor, inactive so no shop sees it) counts in the
 * badge of the report's menu entry; the Admin opens the report, is refused an empty English text
 * with the editor's message, fixes it in place, and the badge's count drops. axe on the screen.
 *
 * Each journey fixes the text it made, so the report is as the demo left it afterwards.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  screenshots,
  signIn,
  t,
} from './support.ts';

/**
 * As the Admin: stores its language (the interface follows it after sign-in) and, unless only that,
 * saves a new inactive collection without English through the collection editor's call.
 */
async function asAdmin(
  request: APIRequestContext,
  language: Lang,
  collection?: { nombre: string; coleccion: string },
) {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).ok()).toBe(true);
  if (collection) {
    const saved = await request.put('/api/colecciones/update', {
      headers,
      data: { collection: { ...collection, activado: false } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await request.post('/api/logout', { headers });
}

for (const lang of LANGS) {
  test.describe(`missing translations (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    // The demo Admin reads in Spanish again afterwards, as other journeys expect.
    test.afterEach(async ({ request }) => asAdmin(request, 'es'));

    test('the Admin fixes a missing English text in place and the badge count drops', async ({
      page,
      request,
    }) => {
      const nombre = lang === 'es' ? 'Rebajas de enero' : 'Rebajas de febrero';
      const english = lang === 'es' ? 'January sale' : 'February sale';
      await asAdmin(request, lang, { nombre, coleccion: `TR-${lang}-${Date.now() % 1_000_000}` });

      await signIn(page, ADMIN, lang);
      const entry = page.getByRole('link', {
        name: new RegExp(`^${t(lang, 'Traducciones', 'Translations')}`),
      });
      const badge = entry.getByTestId('menu-badge-missingTranslations');
      await expect(badge).toHaveText(/^[1-9]\d*$/);
      const before = Number(await badge.textContent());

      await entry.click();
      await expect(page).toHaveURL(/\/modelo\/traducciones$/);
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: t(lang, 'Traducciones pendientes', 'Missing translations'),
        }),
      ).toBeVisible();
      // The counts per kind; the collections' chip filters the list.
      await expect(
        page.getByRole('radio', { name: new RegExp(`^${t(lang, 'Todos', 'All')} · ${before}$`) }),
      ).toBeChecked();
      await page.getByText(new RegExp(`^${t(lang, 'Colección', 'Collection')} · \\d+$`)).click();
      const field = page.getByRole('textbox', {
        name: t(lang, `Inglés de «${nombre}»`, `English of “${nombre}”`),
      });
      await expect(field).toBeVisible();
      const save = page.getByRole('button', {
        name: t(lang, `Guardar el inglés de «${nombre}»`, `Save the English of “${nombre}”`),
      });

      // Empty: the editor's rule refuses it, with its message, and nothing is sent.
      await save.click();
      await expect(field).toHaveAccessibleDescription(
        t(lang, 'El nombre en inglés es requerido', 'The English name is required'),
      );
      await expect(badge).toHaveText(String(before));
      await expectAccessible(page, 'missing translations, a refused text');
      await screenshots(page, `translations-${lang}`);

      await field.fill(english);
      const answer = page.waitForResponse(
        (r) => r.url().includes('/api/translations/collection/') && r.request().method() === 'PUT',
      );
      await save.click();
      expect((await answer).status()).toBe(200);
      await expect(
        page.getByText(t(lang, `Guardado el inglés de «${nombre}»`, `Saved the English of “${nombre}”`)),
      ).toBeVisible();
      await expect(field).toHaveCount(0);
      if (before > 1) await expect(badge).toHaveText(String(before - 1));
      else await expect(badge).toHaveCount(0);
      await expectAccessible(page, 'missing translations, after the fix');
    });
  });
}
