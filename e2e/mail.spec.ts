/**
 * Undelivered emails (product.md §4.10): while the server cannot write its mail (its file outbox is
 * replaced by a file), a reset link's mail fails after its tries; the Admin finds it on the
 * undelivered-emails screen, from the side menu, with its recipient, subject, error and tries, and
 * sends it again once mail works: it leaves the list and the mail is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with the server launcher
import { e2eDataDir } from './paths.mjs';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  outboxMails,
  SHOP2,
  t,
} from './support.ts';

const outbox = path.join(e2eDataDir as string, 'outbox');

/** Stores the Admin's language (the interface follows it after sign-in). */
async function storeLanguage(request: APIRequestContext, language: Lang) {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).ok()).toBe(true);
  await request.post('/api/logout', { headers });
}

async function signIn(page: Page, lang: Lang) {
  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
  await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') })).toBeVisible();
}

/** The mails to SHOP2 written so far. */
const mailsToShop2 = () => outboxMails().filter((raw) => /^To: shop2@nido\.test\r?$/m.test(raw)).length;

for (const lang of LANGS) {
  test.describe(`undelivered emails (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    test.beforeAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, 'en');
    });
    test.afterAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, 'es');
      // Mail works again whatever happened above.
      if (fs.existsSync(outbox) && fs.statSync(outbox).isFile()) fs.rmSync(outbox);
    });

    test('the Admin sees a mail that failed and sends it again', async ({ page, request }) => {
      // A file where the outbox directory goes: every mail the server writes fails.
      fs.rmSync(outbox, { recursive: true, force: true });
      fs.writeFileSync(outbox, 'not a directory');
      expect((await request.post('/api/forgot-password', { data: { email: SHOP2 } })).ok()).toBe(true);

      await signIn(page, lang);
      const title = t(lang, 'Emails no enviados', 'Undelivered emails');
      await page
        .getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') })
        .getByRole('link', { name: title })
        .click();
      await expect(page).toHaveURL('/mail/failed');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // Two tries, 200 ms apart: the list shows it once it has failed.
      const table = page.getByRole('table', { name: title });
      const row = table.getByRole('row').filter({ hasText: 'shop2@nido.test' });
      await expect(async () => {
        await page.reload();
        await expect(row).toHaveCount(1, { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      // The mail is in SHOP2's language (es), whatever the Admin's.
      await expect(row).toContainText('Nido: restablece tu contraseña');
      await expect(row.getByRole('cell').nth(2)).toContainText(/ENOTDIR|EEXIST/);
      await expect(row.getByRole('cell').nth(3)).toHaveText('2');
      const when = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;
      await expect(row.getByRole('cell').nth(4)).toHaveText(
        new RegExp(`^${when.source}${t(lang, 'Creado el ', 'Created ')}${when.source}$`),
      );
      await expectAccessible(page, 'undelivered emails');

      // Mail works again: sent again, it leaves the list and is written.
      fs.rmSync(outbox);
      const before = mailsToShop2();
      await row.getByRole('button', { name: new RegExp(`^${t(lang, 'Reenviar', 'Send again')}`) }).click();
      await expect(page.getByText(t(lang, 'vuelve a estar en camino', 'is on its way again'))).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect.poll(mailsToShop2).toBe(before + 1);
    });
  });
}
