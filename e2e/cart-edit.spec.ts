/**
 * An editable cart (the cart page, /pedido/edit/{id}): a line's quantity changes in place, with the
 * rules' message for a quantity they refuse and nothing sent; Edit reopens the line's configuration
 * prefilled and saving replaces the line in its place. Then an Admin acting for the client does the
 * same on that client's cart.
 *
 * The journey's shop is its own, at PVP (the figures are the catalogue's); it still finds its lines
 * by their own note.
 */
import { expect, test } from '@playwright/test';
import {
  addEmbroideredCarrycot,
  cents,
  form,
  money,
  openCart,
  SHOP_PASSWORD,
  shopAtPvp,
  signInAs,
} from './ordering-helpers.ts';
import { expectAccessible, LANGS, t } from './support.ts';

for (const lang of LANGS) {
  test.describe(`an editable cart (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('change a quantity in place and edit a line’s embroidery; the total follows', async ({
      page,
      request,
    }) => {
      const note = `edit ${lang} ${Date.now() % 100000}`;
      const shop = await shopAtPvp(request, lang);
      await signInAs(page, shop.email, lang, SHOP_PASSWORD);
      await addEmbroideredCarrycot(page, lang, note);
      const menu = await openCart(page, lang);
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);

      const row = page.getByRole('row').filter({ hasText: note });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('line-amount')).toHaveText(money(323.9));
      const total = page.getByTestId('order-base'); // what the lines add up to (taxes come on top)
      const before = cents(await total.textContent());

      // A quantity the rules refuse: their message, and nothing sent.
      const quantity = row.getByRole('textbox', {
        name: t(lang, 'Cantidad de NDCAP103', 'Quantity of NDCAP103'),
      });
      await expect(quantity).toHaveValue('1');
      let sent = 0;
      page.on('request', (req) => {
        if (req.url().endsWith('/api/pedidos/linequantity')) sent++;
      });
      await quantity.fill('0');
      await quantity.press('Tab');
      await expect(
        row.getByText(
          t(
            lang,
            'La cantidad debe ser un número entero entre 1 y 9999',
            'The quantity must be a whole number between 1 and 9999',
          ),
        ),
      ).toBeVisible();
      expect(sent).toBe(0);
      await expect(total).toHaveText(money(before / 100));

      // A good one: saved on Enter; the line's amount and the total follow at once.
      await quantity.fill('3');
      await quantity.press('Enter');
      await expect(page.getByText(t(lang, 'Cantidad actualizada', 'Quantity updated'))).toBeVisible();
      await expect(row.getByTestId('line-amount')).toHaveText(money(971.7));
      await expect(total).toHaveText(money((before + 2 * 32390) / 100));
      expect(sent).toBe(1);

      // Edit: the configurator opens with the line's choices; another name, saved in place.
      await row
        .getByRole('button', { name: t(lang, 'Editar la línea NDCAP103', 'Edit line NDCAP103') })
        .click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'Editar línea', 'Edit line') });
      await expect(dialog).toBeVisible();
      const name = dialog.getByRole('textbox', { name: form.name(lang) });
      await expect(name).toHaveValue('Lucía');
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('3');
      await expect(dialog.getByRole('textbox', { name: t(lang, 'Nota', 'Note') })).toHaveValue(note);
      await expect(dialog.getByRole('textbox', { name: form.position(lang), exact: true })).toHaveValue(
        t(lang, 'Lateral', 'Side'),
      );
      await expectAccessible(page);
      await name.fill('Martina');
      await dialog.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t(lang, 'Línea actualizada', 'Line updated'))).toBeVisible();
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Martina');
      await expect(row).not.toContainText('Lucía');
      await expect(
        row.getByRole('textbox', { name: t(lang, 'Cantidad de NDCAP103', 'Quantity of NDCAP103') }),
      ).toHaveValue('3');
      await expect(total).toHaveText(money((before + 2 * 32390) / 100));
      await expectAccessible(page);

      // A line removed (asked first) leaves the cart.
      await row
        .getByRole('button', { name: t(lang, 'Eliminar la línea NDCAP103', 'Remove line NDCAP103') })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Eliminar', 'Remove'), exact: true })
        .click();
      await expect(row).toHaveCount(0);
    });
  });
}
