/**
 * The whole shop story (issue 19), once per language: a shop under the equivalence surcharge
 * (recargo de equivalencia) and on a price list sees PVP and its own price, adds an embroidered
 * carrycot, and at checkout picks a delivery address, fills its purchase-order reference and a
 * date, changes the line's quantity, edits its embroidery and submits; the order shows what it
 * chose, and the confirmation PDF (its text, as a PDF reader extracts it) says the same, to the cent.
 * Each language sets up its own client through the Admin's API (ordering-helpers shopOnPriceList),
 * so no other journey's shop, cart or prices change.
 *
 * The figures: NDCAP103 is 279,00 € PVP and 229,00 € on the list; configured as
 * addEmbroideredCarrycot does, a unit costs the shop 260,50 € plus 8,91 € for its embroidery (a
 * line of its own): 269,41 € (PVP 323,90 €). Five units are 1302,50 + 44,55 = 1347,05 € of tax
 * base; IVA 21 % of it is 282,88 € and RE 5,2 % is 70,05 € (each rate's quota rounded once, to the
 * cent, on the base, as a Spanish invoice rounds: rounding line by line would make IVA 282,89 €, unit
 * by unit 282,90 €, truncating RE 70,04 €), 1699,98 € in all (es-ES groups no 4-digit amount).
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf.ts';
import {
  type AddressFields,
  addEmbroideredCarrycot,
  type CarrycotPrices,
  cents,
  escapeRegExp,
  form,
  money,
  openCart,
  SHOP_PASSWORD,
  shopOnPriceList,
} from './ordering-helpers.ts';
import { expectAccessible, LANGS, type Lang, signIn, t } from './support.ts';

const ON_THE_LIST: CarrycotPrices = { embroidery: 8.91, unit: 269.41, pvp: 323.9 };
const SHOP_ADDRESS: AddressFields = {
  nombre: 'Tienda Recargo',
  direccion: 'Calle Mayor 3',
  cp: '28013',
  poblacion: 'Madrid',
  provincia: 'Madrid',
  telefono: '',
};
const WAREHOUSE: AddressFields = {
  nombre: 'Almacén Recargo',
  direccion: 'Polígono Cobo Calleja, nave 7',
  cp: '28947',
  poblacion: 'Fuenlabrada',
  provincia: 'Madrid',
  telefono: '916 00 11 22',
};
/** The warehouse as the order writes it, one part after another. */
const WAREHOUSE_TEXT =
  'Almacén Recargo, Polígono Cobo Calleja, nave 7, 28947 Fuenlabrada (Madrid), España, Tel. 916 00 11 22';

/** A tax at `percent` on a base, in cents, rounded half up once, as a Spanish invoice does. */
function quota(baseCents: number, percent: number): number {
  return Math.round((baseCents * percent) / 100 + 1e-9);
}

/** A label as a whitespace-tolerant pattern. */
function pattern(label: string): string {
  return escapeRegExp(label).replace(/ /g, '\\s');
}

/** The text of the PDF a button downloads, and its file name. */
async function downloaded(page: Page, button: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: await pdfText(fs.readFileSync(await download.path())) };
}

/** The tax rows' labels as the screens (web locales) and the documents (tax-texts.ts) write them. */
const labels = (lang: Lang) => ({
  base: t(lang, 'Base imponible', 'Tax base'),
  iva: t(lang, 'IVA 21 %', 'VAT 21 %'),
  re: t(lang, 'Recargo de equivalencia 5,2 %', 'Equivalence surcharge 5,2 %'),
  total: 'Total',
});

/** The screen's tax breakdown shows `baseCents` and its IVA, RE and total (the figures it returns). */
async function expectTaxes(page: Page, lang: Lang, baseCents: number) {
  const iva = quota(baseCents, 21);
  const re = quota(baseCents, 5.2);
  const total = baseCents + iva + re;
  const l = labels(lang);
  await expect(page.getByTestId('order-base')).toHaveText(money(baseCents / 100));
  await expect(page.getByTestId('order-tax-iva')).toHaveText(
    new RegExp(`^${pattern(l.iva)}${money(iva / 100).source}$`),
  );
  await expect(page.getByTestId('order-tax-re')).toHaveText(
    new RegExp(`^${pattern(l.re)}${money(re / 100).source}$`),
  );
  await expect(page.getByTestId('order-total')).toHaveText(money(total / 100));
  // Nothing else is added: no legal mention under this regime.
  await expect(page.getByTestId('tax-mention')).toHaveCount(0);
  return { iva, re, total };
}

for (const lang of LANGS) {
  test.describe(`the shop story (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('a shop under the equivalence surcharge orders at its prices and gets its confirmation PDF', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const { email, nomcome } = await shopOnPriceList(request, lang, {
        regimen_fiscal: 'recargo',
        addresses: [SHOP_ADDRESS, WAREHOUSE],
      });
      await signIn(page, email, lang, SHOP_PASSWORD);
      const note = `historia ${lang}`;

      // The catalogue: PVP and the shop's own price, side by side, as its list says.
      await page
        .getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') })
        .fill('NDCAP103');
      const card = page.getByRole('article', { name: /^NDCAP103 / });
      await expect(card.getByTestId('pvp')).toHaveText(new RegExp(`PVP\\s${money(279).source}`));
      await expect(card.getByTestId('net-price')).toHaveText(
        new RegExp(`${t(lang, 'Tu precio', 'Your price')}\\s${money(229).source}`),
      );
      // The configurator: the unit at the shop's price, with its PVP beside it.
      await addEmbroideredCarrycot(page, lang, note, ON_THE_LIST);
      const menu = await openCart(page, lang);
      await expect(menu.getByTestId('cart-total')).toHaveText(money(269.41));
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      await expect(
        page.getByText(t(lang, `Carrito de ${nomcome}`, `${nomcome}'s cart`), { exact: true }),
      ).toBeVisible();

      // Checkout: the line at the shop's price, and the taxes of its regime on it.
      const row = page.getByRole('row').filter({ hasText: note });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('line-pvp')).toHaveText(new RegExp(`PVP\\s${money(314).source}`));
      const unitCents = cents(await row.getByTestId('line-amount').textContent());
      expect(unitCents).toBe(26941);
      await expectTaxes(page, lang, unitCents);

      // The delivery details: the warehouse rather than the default address, a reference, a date.
      const address = page.getByRole('combobox', {
        name: t(lang, 'Dirección de entrega', 'Delivery address'),
      });
      await expect(address.locator('option:checked')).toHaveText(SHOP_ADDRESS.nombre);
      await address.selectOption({ label: WAREHOUSE.nombre });
      await expect(page.getByTestId('chosen-address')).toHaveText(
        WAREHOUSE_TEXT.slice(`${WAREHOUSE.nombre}, `.length),
      );
      const reference = `PO-RE-${lang}-${Date.now() % 100000}`;
      const referenceBox = page.getByRole('textbox', {
        name: t(lang, 'Tu referencia de pedido', 'Your order reference'),
      });
      await referenceBox.fill(reference);
      const date = page.getByLabel(t(lang, 'Fecha de entrega solicitada', 'Requested delivery date'));
      const wanted = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
      // The portal's one date field takes the day as it shows it: dd/mm/yyyy.
      const wantedText = wanted.split('-').reverse().join('/');
      await date.fill(wantedText);

      // Five units: the line's amount and every figure below follow at once.
      const quantity = row.getByRole('textbox', {
        name: t(lang, 'Cantidad de NDCAP103', 'Quantity of NDCAP103'),
      });
      await quantity.fill('5');
      await quantity.press('Enter');
      await expect(page.getByText(t(lang, 'Cantidad actualizada', 'Quantity updated'))).toBeVisible();
      await expect(row.getByTestId('line-amount')).toHaveText(money((5 * unitCents) / 100));
      const baseCents = cents(await row.getByTestId('line-amount').textContent());
      expect(baseCents).toBe(134705);
      const taxes = await expectTaxes(page, lang, baseCents);
      expect(taxes).toEqual({ iva: 28288, re: 7005, total: 169998 });

      // Another name embroidered: the line says so, in its place, at the same price.
      await row
        .getByRole('button', { name: t(lang, 'Editar la línea NDCAP103', 'Edit line NDCAP103') })
        .click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'Editar línea', 'Edit line') });
      const name = dialog.getByRole('textbox', { name: form.name(lang) });
      await expect(name).toHaveValue('Lucía');
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('5');
      await name.fill('Martina');
      await dialog.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t(lang, 'Línea actualizada', 'Line updated'))).toBeVisible();
      await expect(row).toHaveCount(1);
      const embroidery = `«Martina» · Embird · ${t(lang, 'Rosa palo · Lateral', 'Blush pink · Side')}`;
      await expect(row).toContainText(embroidery);
      await expect(row).not.toContainText('Lucía');
      await expect(quantity).toHaveValue('5');
      await expect(row.getByTestId('line-amount')).toHaveText(money(baseCents / 100));
      await expectTaxes(page, lang, baseCents);
      // What was filled in before the edits is still there.
      await expect(page.getByTestId('chosen-address')).toContainText(WAREHOUSE.direccion);
      await expect(referenceBox).toHaveValue(reference);
      await expect(date).toHaveValue(wantedText);
      await expectAccessible(page, 'checkout');

      // Submitted: the confirmation names the total to pay.
      await page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      const confirm = page.getByRole('dialog', { name: t(lang, 'Enviar pedido', 'Submit order') });
      await expect(confirm).toContainText(money(taxes.total / 100));
      await confirm.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();

      // The order: its address, reference, date, line and figures.
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\d{4}-\d{6}$/);
      const docum =
        ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').split(' ').at(-1) ?? '';
      await expect(page.getByTestId('order-delivery-address')).toHaveText(WAREHOUSE_TEXT);
      await expect(page.getByText(reference, { exact: true })).toBeVisible();
      await expect(page.getByText(wantedText, { exact: true })).toBeVisible();
      const ordered = page.getByRole('row').filter({ hasText: note });
      await expect(ordered).toContainText(embroidery);
      await expect(ordered.getByTestId('line-amount')).toHaveText(money(baseCents / 100));
      // What the amount is made of: the carrycot, then its embroidery (5 × 8,91 €).
      await expect(ordered).toContainText(
        new RegExp(`${money(1302.5).source}\\s\\+\\s${money(44.55).source}`),
      );
      await expectTaxes(page, lang, baseCents);
      await expectAccessible(page, 'order');

      // The confirmation PDF says the same, to the cent.
      const pdf = await downloaded(page, t(lang, 'Descargar PDF', 'Download PDF'));
      expect(pdf.name).toBe(`${docum}.pdf`);
      const l = labels(lang);
      for (const text of [
        `${t(lang, 'Confirmación de pedido', 'Order confirmation')} `,
        `${t(lang, 'Número', 'Number')}: ${docum}`,
        `${t(lang, 'Dirección de entrega', 'Delivery address')}: ${WAREHOUSE.nombre} ${WAREHOUSE.direccion}`,
        `${t(lang, 'Tu referencia', 'Your reference')}: ${reference}`,
        `${t(lang, 'Fecha de entrega solicitada', 'Requested delivery date')}: ${wantedText}`,
        `${t(lang, 'Bordado', 'Embroidery')}: ${embroidery}`,
      ]) {
        expect(pdf.text).toContain(text);
      }
      expect(pdf.text).not.toContain('Lucía');
      // Each line (quantity, price, amount), then the taxes and the total.
      expect(pdf.text).toMatch(new RegExp(`5 ${money(260.5).source} ${money(1302.5).source}`));
      expect(pdf.text).toMatch(new RegExp(`5 ${money(8.91).source} ${money(44.55).source}`));
      for (const [label, amount] of [
        [l.base, baseCents],
        [l.iva, taxes.iva],
        [l.re, taxes.re],
        [l.total, taxes.total],
      ] as const) {
        expect(pdf.text).toMatch(new RegExp(`${pattern(label)}\\s${money(amount / 100).source}`));
      }
    });
  });
}
