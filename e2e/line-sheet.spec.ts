/**
 * Line sheets (product.md, line sheets): a shop downloads its own from the collection, in its
 * language and with its prices, and opens its print view; a Representante acting for one of its
 * clients sends that client the line sheet, and the mail, with its PDF in the recipient's language,
 * is written to the outbox. The season is the demo's "Primavera-Verano 2026" (open, delivered in a
 * window ahead); Bebés del Sur is on the "Tiendas preferentes" list.
 */
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { decodeEml } from '../apps/server/test/outbox.ts';
import { pdfAttachment, pdfText } from '../apps/server/test/pdf.ts';
import {
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  outboxMails,
  REP,
  resizeTo,
  SHOP,
  SHOP_B,
  signIn,
  t,
} from './support.ts';

const SUR = 'Bebés del Sur';
const season = (lang: Lang) => t(lang, 'Primavera-Verano 2026', 'Spring-Summer 2026');
/** The demo's shop users of Bebés del Sur: Carmen works in Spanish, Emma in English. */
const shopFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);
const SHOTS = '/tmp/shots-ls';

/** A user's stored language (it wins at sign-in). */
async function storeLanguage(request: APIRequestContext, email: string, locale: Lang) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale } })).ok()).toBe(true);
  await request.post('/api/logout', { headers });
}

/** Home's collections selector with the season chosen: its line sheet's actions. */
async function chooseSeason(page: Page, lang: Lang) {
  await page.goto('/');
  await page
    .getByRole('group', { name: t(lang, 'Elige una colección', 'Choose a collection') })
    .getByText(season(lang), { exact: true })
    .click();
  const actions = page.getByRole('group', { name: t(lang, 'Catálogo de la colección', 'Line sheet') });
  await expect(actions).toBeVisible();
  return actions;
}

for (const lang of LANGS) {
  test.describe(`line sheets (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    test.beforeAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, REP, 'en');
    });
    test.afterAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, REP, 'es');
    });

    test('a shop downloads its own line sheet and opens its print view', async ({ page }) => {
      await signIn(page, shopFor(lang), lang);
      const actions = await chooseSeason(page, lang);
      const downloading = page.waitForEvent('download');
      await actions
        .getByRole('button', { name: t(lang, 'Catálogo de la colección (PDF)', 'Line sheet (PDF)') })
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(t(lang, 'catalogo-PV26.pdf', 'line-sheet-PV26.pdf'));
      const pdf = await pdfText(fs.readFileSync(await download.path()));
      for (const text of [
        t(lang, 'CATÁLOGO DE LA COLECCIÓN', 'LINE SHEET'),
        season(lang),
        `${t(lang, 'PREPARADO PARA', 'PREPARED FOR')} ${SUR}`,
        t(lang, 'Tu precio', 'Your price'),
        'PVP',
      ])
        expect(pdf).toContain(text);
      expect(pdf).toMatch(
        t(
          lang,
          /ENTREGA Del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}/,
          /DELIVERY From \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}/,
        ),
      );

      // The print view says the same, laid out for A4.
      await actions.getByRole('link', { name: t(lang, 'Vista para imprimir', 'Print view') }).click();
      await expect(page).toHaveURL(/\/coleccion\/\d+\/linesheet$/);
      const sheet = page.getByRole('article', { name: season(lang) });
      await expect(sheet.getByRole('heading', { level: 1, name: season(lang) })).toBeVisible();
      await expect(sheet).toContainText(`${t(lang, 'Preparado para', 'Prepared for')}${SUR}`);
      const firstCard = sheet
        .getByRole('listitem')
        .filter({ hasText: t(lang, 'Tu precio', 'Your price') })
        .first();
      await expect(firstCard).toContainText(/PVP \d/);
      await expect(sheet.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectAccessible(page, 'line sheet print view');
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const width of [1280, 768, 390]) {
        await resizeTo(page, { width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/print-view-${lang}-${width}.png`, fullPage: true });
      }
      await page.emulateMedia({ media: 'print' });
      await resizeTo(page, { width: 794, height: 1123 });
      await page.screenshot({ path: `${SHOTS}/print-view-${lang}-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    });

    test('a Representante sends a client its line sheet, and the mail with its PDF is in the outbox', async ({
      page,
    }) => {
      await signIn(page, REP, lang);
      await page.goto('/cliente/list');
      await page.getByRole('searchbox', { name: t(lang, 'Buscar clientes', 'Search clients') }).fill(SUR);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SUR, exact: true }) });
      await row
        .getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') })
        .click();
      await expect(page.getByTestId('client-name')).toHaveText(SUR);

      const actions = await chooseSeason(page, lang);
      await actions.getByRole('button', { name: t(lang, 'Enviar por email', 'Send by email') }).click();
      const dialog = page.getByRole('dialog', {
        name: t(
          lang,
          `Enviar el catálogo de ${season(lang)} a ${SUR}`,
          `Send the ${season(lang)} line sheet to ${SUR}`,
        ),
      });
      await expectAccessible(page, 'send line sheet');
      // In Spanish to the client's users (each in their own language); in English to an address typed.
      const to = lang === 'es' ? [SHOP, SHOP_B] : ['compras@bebesdelsur.test'];
      if (lang === 'en') await dialog.getByRole('textbox', { name: 'Email (optional)' }).fill(to[0]);
      const before = outboxMails().length;
      await dialog.getByRole('button', { name: t(lang, 'Enviar', 'Send'), exact: true }).click();
      await expect(
        page.getByText(`${t(lang, 'Catálogo enviado a', 'Line sheet sent to')} ${to.join(', ')}`),
      ).toBeVisible();
      await expect(dialog).toBeHidden();

      await expect
        .poll(() => outboxMails().length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(before + to.length);
      const written = outboxMails().slice(before);
      for (const address of to) {
        const raw = written.find((m) =>
          new RegExp(`^To: ${address.replace(/\./g, '\\.')}\\r?$`, 'm').test(m),
        );
        expect(raw, address).toBeDefined();
        // Carmen reads Spanish, Emma English; an address of no user gets the client's language (its
        // first user's: Carmen's, Spanish).
        const reads: Lang = address === SHOP_B ? 'en' : 'es';
        const mail = decodeEml(raw!);
        expect(mail).toContain(
          t(
            reads,
            `Subject: Nido: catálogo de la colección ${season('es')}`,
            `Subject: Nido: ${season('en')} line sheet`,
          ),
        );
        const pdf = await pdfText(pdfAttachment(raw!)!);
        expect(pdf).toContain(`${t(reads, 'PREPARADO PARA', 'PREPARED FOR')} ${SUR}`);
        expect(pdf).toContain(t(reads, 'Tu precio', 'Your price'));
      }
    });
  });
}
