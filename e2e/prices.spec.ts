/**
 * Client prices (record 049): a shop on a price list sees PVP and its own price side by side, and
 * its cart adds up its net prices; the Admin imports a price list's net prices from a CSV whose bad
 * row the preview flags (nothing saved until every row is good), then a good file. Each language
 * sets up its own client, shop user and list through the Admin's API, so no other journey's shop
 * changes prices. Screenshots at three sizes go to SHOTS_DIR when it is set (e.g. /tmp/shots).
 *
 * The demo's NDCAP103 is 279,00 € PVP; configured as addEmbroideredCarrycot does, its options add
 * 6,00 + 29,00 € and its embroidery 9,90 € (a line of its own). On the list (10 % off, NDCAP103 at
 * 229,00 € net) that is 229,00 + 5,40 + 26,10 = 260,50 € plus 8,91 €: 269,41 € a unit.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  addEmbroideredCarrycot,
  type CarrycotPrices,
  money,
  openCart,
  SHOP_PASSWORD,
  shopOnPriceList,
} from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, type Lang, screenshots, signIn, t } from './support.ts';

/** The carrycot's figures in the configurator on the list (see above). */
const ON_THE_LIST: CarrycotPrices = { embroidery: 8.91, unit: 269.41, pvp: 323.9 };

/** The Admin (whose account speaks Spanish) signed in, in `lang` (the side menu's language switch). */
async function adminIn(page: Page, lang: Lang) {
  await signIn(page, ADMIN, lang);
  if (lang === 'en') await switchLanguage(page, 'es', 'English');
}

async function switchLanguage(page: Page, from: Lang, to: string) {
  const nav = page.getByRole('navigation', { name: /^(Menú lateral|Side menu)$/ });
  await nav.getByRole('button', { name: t(from, 'Idioma', 'Language') }).click();
  await nav.getByRole('button', { name: to }).click();
}

for (const lang of LANGS) {
  test.describe(`client prices (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('a shop on a price list sees PVP and its price, and its cart adds up its prices', async ({
      page,
      request,
    }) => {
      const { email } = await shopOnPriceList(request, lang);
      await signIn(page, email, lang, SHOP_PASSWORD);
      await page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') }).fill('NDCAP10');
      const yours = t(lang, 'Tu precio', 'Your price');
      // A net price in the list…
      const card = page.getByRole('article', { name: /^NDCAP103 / });
      await expect(card.getByTestId('pvp')).toHaveText(new RegExp(`PVP\\s${money(279).source}`));
      await expect(card.getByTestId('net-price')).toHaveText(new RegExp(`${yours}\\s${money(229).source}`));
      // …and the list's discount for a model without one.
      const other = page.getByRole('article', { name: /^NDCAP101 / });
      await expect(other.getByTestId('net-price')).toHaveText(
        new RegExp(`${yours}\\s${money(224.1).source}`),
      );
      await screenshots(page, `prices-search-${lang}`);
      await expectAccessible(page, 'search with prices');

      await addEmbroideredCarrycot(page, lang, `tarifa ${lang}`, ON_THE_LIST);
      const menu = await openCart(page, lang);
      await expect(menu.getByTestId('cart-total')).toHaveText(money(269.41));
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      const row = page.getByRole('row').filter({ hasText: `tarifa ${lang}` });
      await expect(row.getByTestId('line-pvp')).toHaveText(new RegExp(`PVP\\s${money(314).source}`));
      await expect(row.getByTestId('line-amount')).toHaveText(money(269.41));
      await screenshots(page, `prices-checkout-${lang}`);
    });

    test('the Admin imports a price list from CSV: the preview flags the bad row, then a good file is saved', async ({
      page,
      request,
    }) => {
      const { list, client, nomcome } = await shopOnPriceList(request, lang);
      await adminIn(page, lang);
      await page.goto('/tarifas');
      await expect(
        page.getByRole('heading', { name: t(lang, 'Tarifas', 'Price lists'), exact: true }),
      ).toBeVisible();
      await page.getByRole('button', { name: `${t(lang, 'Editar', 'Edit')} ${list.nombre}` }).click();
      await expect(page.getByRole('heading', { name: new RegExp(list.nombre) }).first()).toBeVisible();
      // A family's discount is named by the family, in the user's language.
      await expect(
        page.getByRole('textbox', { name: t(lang, 'SILLA PASEO', 'PUSHCHAIRS'), exact: true }),
      ).toBeVisible();

      const file = page.locator('input[type=file]');
      const check = page.getByRole('button', { name: t(lang, 'Revisar archivo', 'Check file') });
      await file.setInputFiles({
        name: 'tarifa.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('modelo;precio\r\nNDCAP101;199,00\r\nNOPE99;10,00\r\n'),
      });
      await check.click();
      await expect(page.getByTestId('import-summary')).toContainText(
        t(lang, 'Filas correctas: 1; filas con errores: 1', 'Rows without errors: 1; rows with errors: 1'),
      );
      const bad = page.getByTestId('bad-row');
      await expect(bad).toHaveCount(1);
      await expect(bad).toContainText(
        t(lang, 'Código de modelo desconocido: NOPE99', 'Unknown model code: NOPE99'),
      );
      const importButton = page.getByRole('button', {
        name: t(lang, 'Importar 1 precio neto', 'Import 1 net price'),
      });
      await expect(importButton).toBeDisabled();
      await screenshots(page, `prices-import-preview-${lang}`);
      await expectAccessible(page, 'price lists');

      await file.setInputFiles({
        name: 'tarifa.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('modelo;precio\r\nNDCAP101;199,00\r\nNDCAP102;150,50\r\n'),
      });
      await check.click();
      await expect(page.getByTestId('import-summary')).toContainText(
        t(lang, 'Filas correctas: 2', 'Rows without errors: 2'),
      );
      await page
        .getByRole('button', { name: t(lang, 'Importar 2 precios netos', 'Import 2 net prices') })
        .click();
      await expect(
        page.getByText(t(lang, '2 precios netos importados', '2 net prices imported')),
      ).toBeVisible();
      const prices = page.getByRole('table', {
        name: t(lang, 'Precios netos por modelo', 'Net prices per model'),
      });
      await expect(prices.getByRole('row').filter({ hasText: 'NDCAP101' })).toContainText(money(199));
      await expect(prices.getByRole('row').filter({ hasText: 'NDCAP102' })).toContainText(money(150.5));
      // The file replaced the list's net prices: NDCAP103's is gone.
      await expect(prices.getByRole('row').filter({ hasText: 'NDCAP103' })).toHaveCount(0);
      await screenshots(page, `prices-price-list-${lang}`);

      // The client's form names its list and takes a discount of its own.
      await page.goto(`/cliente/${client.id}`);
      const clientForm = page.getByRole('form', { name: t(lang, 'Datos del cliente', 'Client details') });
      await expect(
        clientForm.getByRole('textbox', { name: t(lang, 'Tarifa', 'Price list'), exact: true }),
      ).toHaveValue(list.nombre);
      await clientForm.getByRole('textbox', { name: t(lang, 'Descuento propio', 'Own discount') }).fill('5');
      await clientForm.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(
        clientForm.getByText(
          t(lang, `Se han guardado los datos de ${nomcome}.`, `${nomcome}'s details were saved.`),
        ),
      ).toBeVisible();
      await screenshots(page, `prices-client-form-${lang}`);
      // The Admin's account speaks Spanish again for the other journeys.
      if (lang === 'en') await switchLanguage(page, 'en', 'Español');
    });
  });
}
