/**
 * The dashboard (record 055): the Admin opens it first in the menu, reads a season against the last
 * (the demo's year and a half of orders), filters by a client, reads the weekly figures as a table
 * and downloads them as CSV; the dormant clients link to their client pages. In Spanish and English;
 * axe finds no serious violation on the chart and the table views.
 */
import fs from 'node:fs';
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

/** Stores the Admin's language (the interface follows it after sign-in). */
async function storeLanguage(request: APIRequestContext, language: Lang) {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).ok()).toBe(true);
  await request.post('/api/logout', { headers });
}

for (const lang of LANGS) {
  test.describe(`dashboard (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    // Two axe runs, three full-page screenshots when asked and a 52-row table: slower than most.
    test.setTimeout(150_000);
    test.beforeAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, 'en');
    });
    test.afterAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, 'es');
    });

    test('the Admin reads the season, filters by client, reads the table and downloads its CSV', async ({
      page,
    }) => {
      await signIn(page, ADMIN, lang);
      const menu = page.getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') });
      const first = menu.getByRole('link').first();
      await expect(first).toHaveText(t(lang, 'Panel', 'Dashboard'));
      await first.click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'Panel', 'Dashboard') }),
      ).toBeVisible();

      const weekly = page.getByRole('region', { name: t(lang, 'Ventas por semana', 'Sales per week') });
      await expect(weekly).toBeVisible();
      await expect(page.getByText(t(lang, /^Semanas del /, /^Weeks from /))).toBeVisible();
      await expect(page.getByText(t(lang, 'Pedido medio', 'Average order'))).toBeVisible();
      // The clients without orders (every client, before the filter) link to their pages.
      const dormant = page.getByRole('region', {
        name: t(lang, 'Clientes sin pedir', 'Clients not ordering'),
      });
      await expect(dormant.getByRole('link').first()).toHaveAttribute('href', /\/cliente\/\d+$/);
      await expectAccessible(page, 'dashboard, charts');
      await screenshots(page, `dashboard-${lang}`);

      // A filter: one of the clients with a year and a half of orders.
      const answered = page.waitForResponse((r) => /\/api\/dashboard\?.*cliente_id=\d+/.test(r.url()));
      const client = page.getByRole('textbox', { name: t(lang, 'Cliente', 'Client') });
      await client.fill('Mundo');
      await page.getByRole('option', { name: 'Mundo Bebé Norte' }).click();
      expect((await answered).status()).toBe(200);

      // The table view: the same weeks, 52 by default.
      await weekly.getByText(t(lang, 'Tabla', 'Table'), { exact: true }).click();
      const table = weekly.getByRole('table', {
        name: t(lang, 'Ventas y pedidos por semana', 'Sales and orders per week'),
      });
      await expect(table).toBeVisible();
      await expect(
        table.getByRole('columnheader', { name: t(lang, 'Semana', 'Week'), exact: true }),
      ).toBeVisible();
      await expect(table.locator('tbody tr')).toHaveCount(52);
      await expect(table.locator('tbody tr').first().locator('td').first()).toHaveText(
        /^\d{2}\/\d{2}\/\d{4}$/,
      );
      await expect(table.getByText(/€/).first()).toBeVisible();
      await expectAccessible(page, 'dashboard, table view');

      const downloading = page.waitForEvent('download');
      await weekly
        .getByRole('button', { name: t(lang, /^Descargar CSV de/, /^Download the CSV of/) })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(t(lang, 'ventas-por-semana.csv', 'sales-per-week.csv'));
      const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = text.trim().split(/\r\n/);
      expect(lines[0]).toBe(
        t(
          lang,
          'Semana;Ventas (base imponible);Semana un año antes;Ventas un año antes;Pedidos;Pedidos un año antes',
          'Week;Sales (before tax);Week a year before;Sales a year before;Orders;Orders a year before',
        ),
      );
      expect(lines).toHaveLength(53);
      expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4};\d+,\d{2};\d{2}\/\d{2}\/\d{4};\d+,\d{2};\d+;\d+$/);
    });
  });
}
