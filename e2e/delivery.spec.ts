/**
 * Delivery details and invoices (decision 045): a shop picks a delivery address that is not its
 * default, fills its purchase-order reference and a delivery date, submits, and finds all three on
 * the order and in its PDF; the Admin invoices the order; the shop finds the invoice in its list,
 * on the invoice's page and in the invoice's PDF. Screenshots of the changed screens at three sizes
 * go to /tmp/delivery-shots.
 *
 * The demo shop "Bebés del Sur" has two addresses: its shop (the default) and a warehouse.
 */
import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf.ts';
import { addEmbroideredCarrycot, openCart, signInAs } from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, type Lang, resizeTo, SHOP, SHOP_B, SHOP2, t } from './support.ts';

const userFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);
const SHOTS = '/tmp/delivery-shots';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
];
const WAREHOUSE = 'Almacén Dos Hermanas';
const WAREHOUSE_TEXT =
  'Polígono La Isla, calle Río Viejo 12, 41703 Dos Hermanas (Sevilla), España, Tel. 954 93 12 40';

/** The page at each size, whole, as /tmp/delivery-shots/<name>-<size>.png (then back to desktop). */
async function shots(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await resizeTo(page, size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The text of the PDF a button downloads, and its file name. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: await pdfText(fs.readFileSync(await download.path())) };
}

async function asAdmin(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
  const page = await context.newPage();
  await signInAs(page, ADMIN, lang);
  return { page, close: () => context.close() };
}

for (const lang of LANGS) {
  test.describe(`delivery and invoices (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('a shop orders to its warehouse with its reference and a date; the Admin invoices it; the shop sees the invoice', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const note = `deliv ${lang} ${Date.now() % 100000}`;
      await signInAs(page, userFor(lang), lang);
      await addEmbroideredCarrycot(page, lang, note);
      const menu = await openCart(page, lang);
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);

      // The default address is preselected; the shop picks its warehouse instead.
      const address = page.getByRole('combobox', {
        name: t(lang, 'Dirección de entrega', 'Delivery address'),
      });
      // Named alone, so the field shows it whole; the default is its own group of the list.
      await expect(address.locator('option:checked')).toHaveText('Bebés del Sur');
      await expect(address.locator('optgroup').first()).toHaveAttribute(
        'label',
        t(lang, 'Predeterminada', 'Default'),
      );
      await address.selectOption({ label: WAREHOUSE });
      await expect(page.getByTestId('chosen-address')).toHaveText(WAREHOUSE_TEXT);
      const reference = `PO-D${lang}-${Date.now() % 100000}`;
      await page
        .getByRole('textbox', { name: t(lang, 'Tu referencia de pedido', 'Your order reference') })
        .fill(reference);
      // The date is typed as the portal writes dates, dd/mm/yyyy, in both languages.
      const date = page.getByRole('textbox', {
        name: t(lang, 'Fecha de entrega solicitada', 'Requested delivery date'),
      });
      await expect(date).toHaveAttribute('placeholder', t(lang, 'dd/mm/aaaa', 'dd/mm/yyyy'));
      await expect(page.getByText(t(lang, 'Opcional. Desde el', 'Optional. From'))).toBeVisible();
      const wanted = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
      const wantedText = wanted.split('-').reverse().join('/');
      await date.fill(wantedText);
      await expectAccessible(page, 'checkout');
      if (lang === 'es') await shots(page, 'checkout');

      await page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      await page
        .getByRole('dialog', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();

      // The order: the warehouse, the reference and the date, on screen and in its PDF.
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
      const orderUrl = page.url();
      // The heading names the document once the order has loaded.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\d{4}-\d{6}$/);
      const docum =
        ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').split(' ').at(-1) ?? '';
      await expect(page.getByTestId('order-delivery-address')).toHaveText(`${WAREHOUSE}, ${WAREHOUSE_TEXT}`);
      await expect(page.getByText(reference, { exact: true })).toBeVisible();
      await expect(page.getByText(wantedText, { exact: true })).toBeVisible();
      await expectAccessible(page, 'order');
      if (lang === 'es') await shots(page, 'order');
      const confirmation = await downloaded(page, t(lang, 'Descargar PDF', 'Download PDF'));
      expect(confirmation.name).toBe(`${docum}.pdf`);
      for (const text of [
        `${t(lang, 'Dirección de entrega', 'Delivery address')}: ${WAREHOUSE} Polígono La Isla`,
        `${t(lang, 'Tu referencia', 'Your reference')}: ${reference}`,
        `${t(lang, 'Fecha de entrega solicitada', 'Requested delivery date')}: ${wantedText}`,
      ]) {
        expect(confirmation.text).toContain(text);
      }
      // The print view (A4) says what the PDF says.
      await page.emulateMedia({ media: 'print' });
      const sheet = page.getByTestId('print-sheet');
      await expect(sheet).toBeVisible();
      await expect(sheet).toContainText(t(lang, 'Confirmación de pedido', 'Order confirmation'));
      await expect(sheet).toContainText(WAREHOUSE);
      await expect(sheet).toContainText(reference);
      if (lang === 'es') await page.screenshot({ path: `${SHOTS}/order-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // The Admin invoices it, in the Admin's own language (Spanish, from its profile).
      const admin = await asAdmin(browser, 'es');
      await admin.page.goto(orderUrl);
      await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`${docum}$`));
      // Clicked until its dialog opens: a click while the page is still settling can be lost.
      const confirm = admin.page.getByRole('dialog', { name: 'Facturar pedido' });
      const invoiceButton = admin.page.getByRole('main').getByRole('button', { name: 'Facturar pedido' });
      await expect(async () => {
        if (!(await confirm.isVisible())) await invoiceButton.click({ timeout: 2_000 });
        await expect(confirm).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await confirm.getByRole('button', { name: 'Facturar pedido' }).click();
      const invoiced = admin.page.getByRole('link', {
        name: /Facturado: factura/,
      });
      await expect(invoiced).toBeVisible();
      const numero = /F\d{4}-\d{6}/.exec((await invoiced.textContent()) ?? '')?.[0] ?? '';
      expect(numero).not.toBe('');
      if (lang === 'es') await shots(admin.page, 'order-invoiced-admin');
      await admin.close();

      // The shop finds it in its invoices, opens it, downloads it.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: t(lang, 'Facturas', 'Invoices'), exact: true })
        .click();
      await expect(page).toHaveURL(/\/facturas\/list$/);
      const row = page.getByRole('row').filter({ hasText: numero });
      await expect(row).toContainText(docum);
      await expectAccessible(page, 'invoices');
      if (lang === 'es') await shots(page, 'invoices');
      await row.getByRole('link', { name: numero }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${t(lang, 'Factura', 'Invoice')} ${numero}`,
      );
      await expect(page.getByTestId('order-delivery-address')).toContainText(WAREHOUSE);
      await expectAccessible(page, 'invoice');
      if (lang === 'es') await shots(page, 'invoice');
      const invoicePdf = await downloaded(page, t(lang, 'Descargar factura (PDF)', 'Download invoice (PDF)'));
      expect(invoicePdf.name).toBe(`${numero}.pdf`);
      for (const text of [
        `${t(lang, 'Factura', 'Invoice')} ${t(lang, 'Número', 'Number')}: ${numero}`,
        `${t(lang, 'Pedido', 'Order')}: ${docum}`,
        `${t(lang, 'Dirección de entrega', 'Delivery address')}: ${WAREHOUSE}`,
        reference,
      ]) {
        expect(invoicePdf.text).toContain(text);
      }
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('print-sheet')).toContainText(
        `${t(lang, 'Número', 'Number')}: ${numero}`,
      );
      if (lang === 'es') await page.screenshot({ path: `${SHOTS}/invoice-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    });
  });
}

test('the shop keeps its addresses and the Admin sets the lead time', async ({ page, browser }) => {
  await signInAs(page, SHOP2, 'es');
  await page.goto('/cliente/companyInfo');
  const section = page.getByRole('heading', { name: 'Direcciones de entrega' });
  await expect(section).toBeVisible();
  await page.getByRole('button', { name: 'Añadir dirección' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva dirección de entrega' });
  await dialog.getByRole('button', { name: 'Añadir dirección' }).click();
  await expect(dialog.getByText('La dirección necesita un nombre')).toBeVisible();
  const name = `Nave ${Date.now() % 100000}`;
  await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await dialog.getByRole('textbox', { name: 'Población' }).fill('Alcorcón');
  await dialog.getByRole('button', { name: 'Añadir dirección' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name })).toContainText('Alcorcón');
  await page.getByRole('button', { name: `Hacer predeterminada ${name}` }).click();
  await expect(page.getByRole('listitem', { name })).toContainText('Predeterminada');
  await expectAccessible(page, 'company info');
  await shots(page, 'company-addresses');

  const admin = await asAdmin(browser, 'es');
  await admin.page.getByRole('navigation').getByRole('link', { name: 'Ajustes de pedidos' }).click();
  // The lead time's own form: the page has another (the new-order mail list) with its own Guardar.
  const leadTime = admin.page.getByRole('form', { name: 'Plazo de entrega' });
  const days = leadTime.getByRole('textbox', { name: /^Días de plazo/ });
  await expect(days).toHaveValue('3');
  await days.fill('4');
  await expect(
    admin.page.getByRole('status').filter({ hasText: 'podría pedir entrega desde' }),
  ).toBeVisible();
  await leadTime.getByRole('button', { name: 'Guardar' }).click();
  await expect(admin.page.getByText('Ajustes guardados.')).toBeVisible();
  await expectAccessible(admin.page, 'order settings');
  await shots(admin.page, 'order-settings');
  await days.fill('3');
  await leadTime.getByRole('button', { name: 'Guardar' }).click();
  await expect(days).toHaveValue('3');
  await admin.close();
});
