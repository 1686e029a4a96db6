/**
 * The shipping charge (product.md §5.4): the Admin sets a price list's rule (a charge, free from a
 * goods total) on its form; a shop on that list sees the shipping line in its cart with the free
 * total's hint, raises a quantity past it and sees the line go and the totals follow. Each language
 * sets up its own client, shop user and list through the Admin's API. Screenshots at three sizes go
 * to SHOTS_DIR when it is set (e.g. /tmp/shipping-shots).
 *
 * NDCAP103 configured as addEmbroideredCarrycot does costs 323,90 € a unit at PVP (a list with no
 * discount): below the 500,00 € free total one unit pays 12,50 € of shipping; two units ship free.
 */
import { expect, type Page, test } from '@playwright/test';
import { addEmbroideredCarrycot, money, SHOP_PASSWORD, shopOnPriceList } from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, type Lang, screenshots, signIn, t } from './support.ts';

async function switchLanguage(page: Page, from: Lang, to: string) {
  const nav = page.getByRole('navigation', { name: /^(Menú lateral|Side menu)$/ });
  await nav.getByRole('button', { name: t(from, 'Idioma', 'Language') }).click();
  await nav.getByRole('button', { name: to }).click();
}

for (const lang of LANGS) {
  test.describe(`shipping charge (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('the Admin sets a shipping rule; the cart shows the line until the goods reach the free total', async ({
      page: adminPage,
      browser,
      request,
    }) => {
      // At PVP: no discount, no net price (the figures below are the catalogue's).
      const { email, list } = await shopOnPriceList(request, lang, {
        list: { descuento: 0, netPrice: false },
      });
      let page = adminPage;

      // The Admin (whose account speaks Spanish) sets the rule on the list's form.
      await signIn(page, ADMIN, lang);
      if (lang === 'en') await switchLanguage(page, 'es', 'English');
      await page.goto('/tarifas');
      await page.getByRole('button', { name: `${t(lang, 'Editar', 'Edit')} ${list.nombre}` }).click();
      const listForm = page.getByRole('form', { name: new RegExp(list.nombre) });
      await listForm.getByRole('textbox', { name: t(lang, 'Portes', 'Shipping charge') }).fill('12,50');
      await listForm.getByRole('textbox', { name: t(lang, 'Gratis desde', 'Free from') }).fill('500');
      await listForm.getByRole('button', { name: t(lang, 'Guardar', 'Save'), exact: true }).click();
      await expect(
        page.getByText(t(lang, `Tarifa ${list.nombre} guardada`, `Price list ${list.nombre} saved`)),
      ).toBeVisible();
      await expect(listForm.getByRole('textbox', { name: t(lang, 'Portes', 'Shipping charge') })).toHaveValue(
        /^12,50? €$/,
      );
      // The lists' table says the rule in a few words.
      const listRow = page.getByRole('row').filter({ hasText: list.nombre });
      await expect(listRow.getByTestId('list-shipping')).toHaveText(
        t(lang, '12,50 €, gratis desde 500,00 €', '12,50 €, free from 500,00 €'),
      );
      await expectAccessible(page, 'price list with shipping');
      await screenshots(page, `shipping-price-list-${lang}`);
      if (lang === 'en') await switchLanguage(page, 'en', 'Español');

      // The shop, in a browser of its own: one carrycot pays shipping, two ship free.
      const shopContext = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        locale: lang === 'es' ? 'es-ES' : 'en-US',
        timezoneId: 'Europe/Madrid',
      });
      page = await shopContext.newPage();
      await signIn(page, email, lang, SHOP_PASSWORD);
      await addEmbroideredCarrycot(page, lang, `portes ${lang}`);
      const cartButton = page.getByTestId('cart-button');
      await cartButton.click();
      const menu = page.getByTestId('cart-dropdown');
      await expect(menu.getByText(t(lang, 'Portes', 'Shipping'), { exact: true })).toBeVisible();
      await expect(menu.getByTestId('cart-total')).toHaveText(money(336.4));
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);

      const lines = page.getByTestId('lines-table');
      // The shipping line: its own row, named once (not "Portes PORTES"), no quantity field and no buttons.
      const shipping = lines.locator('tr[data-shipping]');
      await expect(shipping).toContainText(t(lang, 'Portes', 'Shipping'));
      expect(
        (await shipping.innerText()).match(new RegExp(t(lang, 'portes', 'shipping'), 'gi')),
      ).toHaveLength(1);
      await expect(shipping.getByTestId('line-amount')).toHaveText(money(12.5));
      await expect(shipping.getByRole('button')).toHaveCount(0);
      await expect(shipping.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByTestId('order-base')).toHaveText(money(336.4));
      await expect(page.getByTestId('free-shipping-hint')).toHaveText(
        t(
          lang,
          'Portes gratis a partir de 500,00 € de mercancía (sin impuestos)',
          'Free shipping from 500,00 € of goods (before tax)',
        ),
      );
      // 336,40 € + 21 % IVA (70,64 €).
      await expect(page.getByTestId('order-total')).toHaveText(money(407.04));
      await expectAccessible(page, 'cart with shipping');
      await screenshots(page, `shipping-cart-${lang}`);

      const carrycot = lines.getByRole('row').filter({ hasText: `portes ${lang}` });
      const quantity = carrycot.getByRole('textbox', {
        name: t(lang, 'Cantidad de NDCAP103', 'Quantity of NDCAP103'),
      });
      await quantity.fill('2');
      await quantity.press('Enter');
      await expect(shipping).toHaveCount(0);
      await expect(page.getByTestId('order-base')).toHaveText(money(647.8));
      await expect(page.getByTestId('free-shipping-hint')).toHaveCount(0);
      // 647,80 € + 21 % IVA (136,04 €).
      await expect(page.getByTestId('order-total')).toHaveText(money(783.84));
      await screenshots(page, `shipping-cart-free-${lang}`);
      await shopContext.close();
    });
  });
}
