/**
 * Catalogue texts in the interface language (product.md §2.3): an embroidery position is offered by
 * its English name in English and its Spanish one in Spanish, while the line still sends (and the
 * server checks) the Spanish position; the cart dropdown, the checkout and Last purchases name the
 * line's position the same way.
 *
 * The line this journey adds to the shared cart of "Bebés del Sur" is removed at its end.
 */
import { expect, type Page, test } from '@playwright/test';
import { choose, form, openCart, signInAs } from './ordering-helpers.ts';
import { LANGS, type Lang, SHOP, SHOP_B, t } from './support.ts';

const userFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);
const SPANISH = ['Delantera', 'Lateral', 'Capota'];
const ENGLISH = ['Front', 'Side', 'Hood'];

/** The positions named in Last purchases (the last part of each line's embroidery). */
async function purchasedPositions(page: Page, lang: Lang): Promise<string[]> {
  const purchases = page.getByRole('region', { name: t(lang, 'Últimas compras', 'Last purchases') });
  await expect(purchases.getByRole('listitem').first()).toBeVisible();
  const texts = await purchases.getByTestId('purchase-embroidery').allTextContents();
  return texts.map((text) => text.split(' · ').at(-1)?.trim() ?? '');
}

for (const lang of LANGS) {
  test.describe(`catalogue texts in the interface language (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('embroidery positions: named in the language in the configurator, cart and Last purchases', async ({
      page,
    }) => {
      const [own, other] = lang === 'es' ? [SPANISH, ENGLISH] : [ENGLISH, SPANISH];
      const embroidered = lang === 'es' ? 'Vega' : 'Ivy';
      await signInAs(page, userFor(lang), lang);
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'Inicio', 'Home') })).toBeVisible();

      // Last purchases name the positions of earlier lines in the interface language.
      const positions = (await purchasedPositions(page, lang)).filter((p) => [...own, ...other].includes(p));
      expect(positions.length).toBeGreaterThan(0);
      expect(positions.filter((p) => other.includes(p))).toEqual([]);

      await page.getByRole('textbox', { name: t(lang, 'Código de modelo', 'Model code') }).fill('NDCAP103');
      await page.getByRole('option', { name: /NDCAP103/ }).click();
      const panel = page.getByRole('form', { name: /NDCAP103/ });
      await expect(panel).toBeVisible();
      await choose(page, panel, form.fabric(lang), t(lang, 'Gris perla', 'Pearl grey'));
      await choose(page, panel, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await choose(page, panel, form.mattress(lang), t(lang, 'Colchón transpirable', 'Standard breathable'));
      await choose(
        page,
        panel,
        form.embroideryGroup(lang),
        t(lang, 'Nombre y fecha de nacimiento', 'Name and date of birth'),
      );
      await panel.getByRole('textbox', { name: form.name(lang) }).fill(embroidered);
      await choose(page, panel, form.colour(lang), t(lang, 'Dorado', 'Gold'));

      // The position list, in the interface language.
      await panel.getByRole('textbox', { name: form.position(lang), exact: true }).click();
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText(own);
      await page.keyboard.press('Escape');
      await choose(page, panel, form.position(lang), t(lang, 'Lateral', 'Side'));

      // The line sends the Spanish position whatever the language.
      const sent = page.waitForRequest(
        (r) => r.method() === 'POST' && r.url().endsWith('/api/pedidos/lineadd'),
      );
      await panel.getByRole('button', { name: form.add(lang), exact: true }).click();
      expect((await sent).postDataJSON().parametros_bordado).toMatchObject({
        name: embroidered,
        position: 'Lateral',
      });
      await expect(page.getByText(form.lineAdded(lang))).toBeVisible();

      // The cart dropdown names the position in the language.
      const menu = await openCart(page, lang);
      const line = menu.getByRole('menuitem').filter({ hasText: `«${embroidered}»` });
      await expect(line).toHaveCount(1);
      await expect(line.getByTestId('cart-line-embroidery')).toHaveText(
        t(
          lang,
          `Detalle del bordado: «${embroidered}» · Embird · Dorado · Lateral`,
          `Embroidery details: «${embroidered}» · Embird · Gold · Side`,
        ),
      );

      // So does the checkout; the line is removed again there.
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      const row = page.getByRole('row').filter({ hasText: `«${embroidered}»` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(t(lang, 'Dorado · Lateral', 'Gold · Side'));
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
