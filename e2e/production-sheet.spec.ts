/**
 * The production sheet (issue 31, record 060), in both languages: a shop orders the carrycot with
 * "Lucía" embroidered; the Admin opens the order, follows its "Production sheet" link and sees the
 * embroidered group with its preview (the image loads), its units and the order; the same group in
 * the sheet of a status and range of days; and downloads the PDF, which names it. Screenshots at a
 * desktop, a tablet and a phone size go to SHOTS_DIR when it is set.
 */
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf.ts';
import { addEmbroideredCarrycot, choose } from './ordering-helpers.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  resizeTo,
  SHOP,
  SHOP_B,
  signIn,
  t,
} from './support.ts';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
];

/** A demo user's API, signed in. */
async function api(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  return async (path: string, data: unknown = {}) => {
    const res = await request.post(`/api/${path}`, { headers, data: data as object });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
}

/** Every picture of the page loaded (a broken one has no natural width). */
async function expectPictureLoaded(page: Page, name: RegExp) {
  const img = page.getByRole('img', { name }).first();
  await expect(img).toBeVisible();
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      img.evaluate((el) => (el as unknown as { complete: boolean; naturalWidth: number }).naturalWidth),
    )
    .toBeGreaterThan(0);
}

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const size of SIZES) {
    await resizeTo(page, size);
    await page.screenshot({ path: `${dir}/${name}-${size.name}.png`, fullPage: true });
  }
  // As printed: A4 at 96 dpi, the print stylesheet.
  await page.emulateMedia({ media: 'print' });
  await resizeTo(page, { width: 794, height: 1123 });
  await page.screenshot({ path: `${dir}/${name}-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await resizeTo(page, SIZES[0]);
}

for (const lang of LANGS) {
  test.describe(`production sheet (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('the Admin sees a shop’s embroidered line grouped, with its preview, and downloads the PDF', async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const note = `Hoja ${lang}`;
      // The shop orders the carrycot with a name embroidered.
      // Bebés del Sur's users: Carmen works in Spanish, Emma in English.
      const shopUser = lang === 'es' ? SHOP : SHOP_B;
      await signIn(page, shopUser, lang);
      await addEmbroideredCarrycot(page, lang, note);
      const shop = await api(request, shopUser);
      const cart = await shop('pedidos/cliente');
      const { pedido } = (await shop('pedidos/processOrder', { pedido_id: cart.id })) as {
        pedido: { id: number; docum: string };
      };
      await page.context().clearCookies();
      await page.evaluate(() =>
        (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
      );

      const admin = await api(request, ADMIN);
      await admin('setLocale', { locale: lang });
      try {
        await signIn(page, ADMIN, lang);
        await page.goto(`/pedido/${pedido.id}`);
        // The order view's own link (the side menu has one too, to the empty filter).
        await page
          .getByRole('main')
          .getByRole('link', { name: t(lang, 'Hoja de producción', 'Production sheet') })
          .click();
        await expect(page).toHaveURL(new RegExp(`/pedido/produccion\\?pedido=${pedido.id}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t(lang, 'Hoja de producción', 'Production sheet'),
        );
        const sheet = page.getByRole('article', {
          name: t(lang, `Pedido ${pedido.docum}`, `Order ${pedido.docum}`),
        });
        const embroidered = sheet.getByRole('article', { name: /^NDCAP103: .*«Lucía»/ });
        await expect(embroidered).toBeVisible();
        await expect(embroidered).toContainText(t(lang, 'Bordado', 'Embroidery'));
        await expect(embroidered).toContainText(t(lang, 'Rosa palo', 'Blush pink'));
        await expect(embroidered.getByRole('link', { name: new RegExp(pedido.docum) })).toBeVisible();
        await expectPictureLoaded(page, /«Lucía»/);
        // The order number field shows the order it was opened for.
        await expect(
          page.getByRole('textbox', { name: t(lang, 'Número de pedido', 'Order number') }),
        ).toHaveValue(pedido.docum);
        await expectAccessible(page, 'production sheet');
        await shots(page, `production-sheet-${lang}`);

        // The sheet of the last month's pending orders holds the same group.
        await page.getByRole('radio', { name: t(lang, 'Estado y fechas', 'Status and dates') }).check();
        await choose(page, page, t(lang, 'Estado', 'Status'), t(lang, /^Pendientes$/, /^Pending$/));
        await page.getByRole('button', { name: t(lang, 'Mostrar', 'Show') }).click();
        await expect(page).toHaveURL(/status=w/);
        const range = page.getByRole('article', { name: t(lang, /^Pendientes del /, /^Pending from /) });
        // Other journeys order "Lucía" on NDCAP103 in other colours: the group this order is in.
        const group = range
          .getByRole('article', { name: /^NDCAP103: .*«Lucía»/ })
          .filter({ has: page.getByRole('link', { name: new RegExp(pedido.docum) }) });
        await expect(group).toHaveCount(1);
        await expect(group.getByRole('link', { name: new RegExp(pedido.docum) })).toBeVisible();
        await expectPictureLoaded(page, /«Lucía»/);
        await expectAccessible(page, 'production sheet by range');

        // The PDF, with its progress shown while it downloads.
        const downloading = page.waitForEvent('download');
        await page.getByRole('button', { name: t(lang, 'Descargar PDF', 'Download PDF') }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(
          t(lang, /^hoja-produccion-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.pdf$/, /^production-sheet-.*\.pdf$/),
        );
        const pdf = await pdfText(fs.readFileSync(await download.path()));
        expect(pdf).toContain(t(lang, 'Hoja de producción', 'Production sheet'));
        expect(pdf).toContain('NDCAP103');
        expect(pdf).toContain('«Lucía»');
        expect(pdf).toContain(pedido.docum);
      } finally {
        await admin('setLocale', { locale: 'es' });
      }
    });
  });
}
