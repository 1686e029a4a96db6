/**
 * Checkout's details are kept with the cart as they are typed (product.md §5.5): a shop types its
 * reference, a wanted date and picks its warehouse, leaves the page, comes back and finds them; a
 * reload (another process, the same server-side cart) keeps them; the Admin acting for the client
 * finds them too. Each language makes its own client (shopOnPriceList). Screenshots at three sizes
 * go to SHOTS_DIR when it is set.
 */
import { expect, type Page, test } from '@playwright/test';
import { addEmbroideredCarrycot, openCart, SHOP_PASSWORD, shopOnPriceList } from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, type Lang, screenshots, signIn, t } from './support.ts';

const SHOP = {
  nombre: 'Tienda Triana',
  direccion: 'Calle Pureza 20',
  cp: '41010',
  poblacion: 'Sevilla',
  provincia: 'Sevilla',
  telefono: '954 000 111',
};
const WAREHOUSE = {
  nombre: 'Almacén Polígono Store',
  direccion: 'Calle Río Viejo 12',
  cp: '41703',
  poblacion: 'Dos Hermanas',
  provincia: 'Sevilla',
  telefono: '954 93 12 40',
};

const fields = (page: Page, lang: Lang) => ({
  address: page.getByRole('combobox', { name: t(lang, 'Dirección de entrega', 'Delivery address') }),
  reference: page.getByRole('textbox', {
    name: t(lang, 'Tu referencia de pedido', 'Your order reference'),
  }),
  date: page.getByRole('textbox', {
    name: t(lang, 'Fecha de entrega solicitada', 'Requested delivery date'),
  }),
  saved: page.getByRole('status').filter({ hasText: t(lang, 'Guardado', 'Saved') }),
});

for (const lang of LANGS) {
  test.describe(`checkout details (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('typed, left and found again: the reference, the wanted date and the address stay with the cart', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const { email, client } = await shopOnPriceList(request, lang, {
        addresses: [SHOP, WAREHOUSE],
        list: { descuento: 0, netPrice: false },
      });
      await signIn(page, email, lang, SHOP_PASSWORD);
      await addEmbroideredCarrycot(page, lang, `details ${lang}`);
      const menu = await openCart(page, lang);
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(`/pedido/edit/${client.id}`);

      const f = fields(page, lang);
      await f.address.selectOption({ label: WAREHOUSE.nombre });
      await expect(f.saved).toBeVisible();
      const reference = `PO-${lang}-${Date.now() % 100000}`;
      await f.reference.fill(reference);
      await expect(f.saved).toBeVisible();
      const wanted = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const wantedText = wanted.split('-').reverse().join('/');
      await f.date.fill(wantedText);
      await expectAccessible(page, 'checkout details');
      await screenshots(page, `checkout-details-${lang}`);

      // Leaving at once (before the pause that saves) still keeps what was typed.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: t(lang, 'Pedidos', 'Orders'), exact: true })
        .click();
      await expect(page).toHaveURL(/\/pedido\/list$/);
      await page.goto(`/pedido/edit/${client.id}`);
      await expect(f.reference).toHaveValue(reference);
      await expect(f.date).toHaveValue(wantedText);
      await expect(f.address.locator('option:checked')).toHaveText(WAREHOUSE.nombre);

      // A too-early date is the field's error and is not kept.
      const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
      await f.date.fill(today);
      await f.date.blur();
      await expect(
        page.getByText(t(lang, 'La primera fecha de entrega posible es el', 'The earliest delivery date is')),
      ).toBeVisible();
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'No se ha podido guardar', 'Not saved') }),
      ).toBeVisible();
      // What was typed stays beside its message (the refused save does not put the kept date back),
      // so a submit right after is refused with the same message rather than sent without a date.
      await expect(f.date).toHaveValue(today);
      await page.reload();
      await expect(f.date).toHaveValue(wantedText);
      await expect(f.reference).toHaveValue(reference);

      // The Admin, working on the client's cart, finds them too.
      const context = await browser.newContext({ locale: 'es-ES' });
      const admin = await context.newPage();
      await signIn(admin, ADMIN, 'es');
      await admin.goto(`/pedido/edit/${client.id}`);
      const a = fields(admin, 'es');
      await expect(a.reference).toHaveValue(reference);
      await expect(a.date).toHaveValue(wantedText);
      await expect(a.address.locator('option:checked')).toHaveText(WAREHOUSE.nombre);
      await context.close();
    });
  });
}
