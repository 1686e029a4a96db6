/**
 * What the line configurator says about what the user typed (product.md §5.3): a quantity outside
 * 1-9999 and an embroidery name over its limit are kept as typed and refused with the rules'
 * message, a limit and a live count; quick add says when no model has the typed code; the image
 * follows the chosen colour and stays in view beside the options (product.md §4). The admin's
 * list of option groups counts each group's own options (product.md §4.9).
 *
 * Nothing here adds a line or changes the catalogue: the shop's shared cart is left as it was.
 */
import { expect, type Page, test } from '@playwright/test';
import { choose, form, money, signInAs, surcharged, watchLineAdds } from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, type Lang, SHOP, SHOP_B, t } from './support.ts';

const userFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);

async function home(page: Page, lang: Lang) {
  await signInAs(page, userFor(lang), lang);
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'Inicio', 'Home') })).toBeVisible();
}

/**
 * The demo admin works in Spanish (its stored language wins at sign-in): an English run switches
 * from the user menu, and puts the stored language back at the end.
 */
async function asAdmin(page: Page, lang: Lang, journey: () => Promise<void>) {
  await signInAs(page, ADMIN, lang);
  if (lang === 'en') {
    await page.getByRole('button', { name: /(menú de usuario|user menu)$/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  try {
    await journey();
  } finally {
    const token = await page.evaluate<string | null>("sessionStorage.getItem('token')").catch(() => null);
    if (lang === 'en' && token)
      await page.request.post('/api/setLocale', {
        data: { locale: 'es' },
        headers: { Authorization: `Bearer ${token}` },
      });
  }
}

/** The quick-add panel's code search. */
const codeSearch = (page: Page, lang: Lang) =>
  page.getByRole('textbox', { name: t(lang, 'Código de modelo', 'Model code') });

for (const lang of LANGS) {
  test.describe(`input the configurator keeps and explains (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('a quantity of 0 or -3 and a long name stay as typed and are refused with the limit', async ({
      page,
    }) => {
      const lineAdds = watchLineAdds(page);
      await home(page, lang);
      await codeSearch(page, lang).fill('NDCAP103');
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

      // The option takes 15 letters: the whole name stays, with the count and the error.
      const name = panel.getByRole('textbox', { name: form.name(lang) });
      await expect(name).toHaveAccessibleDescription(
        t(lang, 'Hasta 15 letras · 0/15', 'Up to 15 letters · 0/15'),
      );
      await name.fill('Maximiliano Alejandro');
      await expect(name).toHaveValue('Maximiliano Alejandro');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(
        t(
          lang,
          'El nombre no puede tener más de 15 caracteres Hasta 15 letras · 21/15',
          'The name can be at most 15 characters Up to 15 letters · 21/15',
        ),
      );

      // Quantity 0 and -3: kept, refused with the rules' message; the total says nothing.
      const quantity = panel.getByRole('textbox', { name: form.quantity(lang) });
      const quantityMessage = t(
        lang,
        'La cantidad debe ser un número entero entre 1 y 9999',
        'The quantity must be a whole number between 1 and 9999',
      );
      for (const typed of ['0', '-3']) {
        await quantity.fill(typed);
        await expect(quantity).toHaveValue(typed);
        await expect(quantity).toHaveAttribute('aria-invalid', 'true');
        await expect(quantity).toHaveAccessibleDescription(quantityMessage);
        await expect(panel.getByTestId('line-total')).toHaveText('—');
      }
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(name).toHaveValue('Maximiliano Alejandro');
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      await panel.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(name).toBeFocused();
      await expect(quantity).toHaveValue('-3');
      expect(lineAdds.count()).toBe(0);

      // Mended by the user, the errors go and the total follows.
      await name.fill('Maximiliano');
      await expect(name).not.toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(
        t(lang, 'Hasta 15 letras · 11/15', 'Up to 15 letters · 11/15'),
      );
      await quantity.fill('2');
      await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
      const unit = (await panel.getByTestId('unit-price').textContent()) ?? '';
      const unitEuros = Number(unit.replace(/[^\d,]/g, '').replace(',', '.'));
      await expect(panel.getByTestId('line-total')).toHaveText(money(unitEuros * 2));

      // An option with 12 letters: its own limit.
      await choose(page, panel, form.embroideryGroup(lang), surcharged(lang, 'Nombre', 'Name'));
      await name.fill('Maximiliano Ale');
      await expect(name).toHaveValue('Maximiliano Ale');
      await expect(name).toHaveAccessibleDescription(
        t(
          lang,
          'El nombre no puede tener más de 12 caracteres Hasta 12 letras · 15/12',
          'The name can be at most 12 characters Up to 12 letters · 15/12',
        ),
      );
      expect(lineAdds.count()).toBe(0);
    });

    test('quick add with an unknown code says no model was found', async ({ page }) => {
      await home(page, lang);
      const code = codeSearch(page, lang);
      await code.fill('ZZZ999');
      const nothing = t(
        lang,
        'No se han encontrado modelos con la búsqueda indicada',
        'No models found with the indicated search',
      );
      await expect(page.getByRole('status').filter({ hasText: nothing })).toBeVisible();
      await expectAccessible(page);
      // A code that exists: its option, and the message goes.
      await code.fill('NDCAP10');
      await expect(page.getByRole('option', { name: /NDCAP103/ })).toBeVisible();
      await expect(page.getByText(nothing)).toHaveCount(0);
    });

    test('the image follows the chosen colour and stays in view beside the options', async ({ page }) => {
      await home(page, lang);
      await page
        .getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') })
        .fill('NDCAP103');
      await page
        .getByRole('article', { name: /^NDCAP103 / })
        .getByRole('button', { name: `${form.addToCart(lang)} NDCAP103` })
        .click();
      const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
      await expect(dialog).toBeVisible();
      const images = dialog.getByRole('img', { name: /^NDCAP103 / });
      const named = (colour: string) => dialog.getByRole('img', { name: new RegExp(` · ${colour}$`) });
      // Before a choice: one image per colour the model was photographed in.
      await expect(images).toHaveCount(4);

      // A colour with a photo: that photo only.
      await choose(page, dialog, form.fabric(lang), t(lang, 'Verde salvia', 'Sage green'));
      await expect(images).toHaveCount(1);
      await expect(named(t(lang, 'Verde salvia', 'Sage green'))).toBeVisible();

      // A colour without one: it says so, and shows no other colour in its place.
      await choose(page, dialog, form.fabric(lang), t(lang, 'Estrellas grises', 'Grey stars'));
      await expect(images).toHaveCount(0);
      await expect(named(t(lang, 'Azul niebla', 'Mist blue'))).toHaveCount(0);
      await expect(
        dialog.getByText(t(lang, 'No hay imagen en Estrellas grises', 'No image in Grey stars')),
      ).toBeVisible();
      await expectAccessible(page);

      // Filling in the lower options, the image stays in view (sticky in the dialog's scroll area).
      await choose(page, dialog, form.fabric(lang), t(lang, 'Azul niebla', 'Mist blue'));
      const image = named(t(lang, 'Azul niebla', 'Mist blue'));
      await expect(image).toBeVisible();
      await choose(page, dialog, form.trim(lang), t(lang, 'Ribete blanco', 'White piping'));
      await choose(page, dialog, form.mattress(lang), t(lang, 'Viscoelástico', 'Memory foam'));
      await choose(page, dialog, form.embroideryGroup(lang), surcharged(lang, 'Nombre', 'Name'));
      const add = dialog.getByRole('button', { name: form.add(lang), exact: true });
      await add.scrollIntoViewIfNeeded();
      await expect(add).toBeInViewport();
      expect(await dialog.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
      await expect(image).toBeInViewport({ ratio: 1 });
      // Not under the dialog's own header either.
      const header = await dialog.getByRole('heading', { name: form.addToCart(lang) }).boundingBox();
      const box = await image.boundingBox();
      expect(box && header && box.y >= header.y + header.height).toBe(true);
    });

    test('in the quick-add panel the image stays in view beside the lower options', async ({ page }) => {
      await home(page, lang);
      await codeSearch(page, lang).fill('NDCAP103');
      await page.getByRole('option', { name: /NDCAP103/ }).click();
      const panel = page.getByRole('form', { name: /NDCAP103/ });
      await choose(page, panel, form.fabric(lang), t(lang, 'Azul niebla', 'Mist blue'));
      const image = panel.getByRole('img', {
        name: new RegExp(` · ${t(lang, 'Azul niebla', 'Mist blue')}$`),
      });
      await expect(image).toBeVisible();
      await choose(page, panel, form.trim(lang), t(lang, 'Ribete blanco', 'White piping'));
      await choose(page, panel, form.mattress(lang), t(lang, 'Viscoelástico', 'Memory foam'));
      await choose(page, panel, form.embroideryGroup(lang), surcharged(lang, 'Nombre', 'Name'));
      // The page scrolls (not a dialog): the form's last button at the bottom of the window.
      const add = panel.getByRole('button', { name: form.add(lang), exact: true });
      await add.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await expect(add).toBeInViewport();
      expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(100);
      await expect(image).toBeInViewport({ ratio: 1 });
      // Below the app's top bar, not under it.
      const bar = await page.getByRole('banner').first().boundingBox();
      const box = await image.boundingBox();
      expect(box && bar && box.y >= bar.y + bar.height).toBe(true);
    });

    test('the option groups list counts each group’s own options', async ({ page }) => {
      await asAdmin(page, lang, async () => {
        await page.goto('/modelo/parametros');
        await expect(
          page.getByRole('heading', { level: 1, name: t(lang, 'Grupos de parámetros', 'Parameter groups') }),
        ).toBeVisible();
        const search = page.getByRole('searchbox', { name: t(lang, 'Buscar grupos', 'Search groups') });
        // Fabric: 12 options (one of them inactive); Piqué: 6.
        for (const [text, name, options] of [
          [t(lang, 'Tejido', 'Fabric'), t(lang, 'Tejido', 'Fabric'), '12'],
          ['Piqu', t(lang, 'Piqué', 'Piqué cotton'), '6'],
        ]) {
          await search.fill(text);
          const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
          await expect(row).toHaveCount(1);
          await expect(row.getByRole('cell').nth(3)).toHaveText(options);
        }
      });
    });
  });
}
