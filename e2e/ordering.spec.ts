/**
 * Ordering for client shops (product.md §4.4-§4.6): search → configure with embroidery → add → the cart
 * dropdown shows the line and the total → checkout → the order appears in the order list; Buy
 * again from Last purchases; validation messages shown in place; browsing a collection by family.
 *
 * The journeys that check the catalogue's figures (the order, browsing a collection) use a shop of
 * their own at PVP. Both demo users of "Bebés del Sur" (on its price list) share one cart, which
 * holds the demo's lines and other journeys' lines: the journeys there look for their own lines and
 * never assume an empty cart.
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../apps/server/test/pdf.ts';
import {
  choose,
  escapeRegExp,
  form,
  money,
  openCart,
  SHOP_PASSWORD,
  shopAtPvp,
  signInAs,
  watchLineAdds,
} from './ordering-helpers.ts';
import { expectAccessible, LANGS, type Lang, SHOP, SHOP_B, t } from './support.ts';

const userFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);

/** Cents as es-ES euros with plain spaces ("1.234,50 €"), as a PDF's extracted text reads. */
const euroText = (cents: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' })
    .format(cents / 100)
    .replace(/\s/g, ' ');

/** es-ES euros as the app shows them ("1.234,50 €") → cents. */
const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

async function homeReady(page: Page, lang: Lang) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'Inicio', 'Home') })).toBeVisible();
}

for (const lang of LANGS) {
  test.describe(`ordering (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('search, configure with embroidery, add, see it in the cart, check out, find the order', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000); // a long journey, after making its shop
      const note = `e2e ${lang} ${Date.now() % 100000}`;
      const shop = await shopAtPvp(request, lang);
      await signInAs(page, shop.email, lang, SHOP_PASSWORD);
      await homeReady(page, lang);

      // A search without results says so.
      const search = page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') });
      await search.fill('zzzxxy');
      await expect(
        page.getByText(
          t(
            lang,
            'No se han encontrado modelos con la búsqueda indicada',
            'No models found with the indicated search',
          ),
        ),
      ).toBeVisible();

      // Accent- and case-insensitive search by description.
      await search.fill(t(lang, 'CAPAZO personalizado', 'personalised CARRYCOT'));
      const card = page.getByRole('article', { name: /^NDCAP103 / });
      await expect(card).toBeVisible();
      await expect(card.getByText(money(279))).toBeVisible();
      await card.getByRole('button', { name: `${form.addToCart(lang)} NDCAP103` }).click();

      const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByRole('heading', {
          name: t(lang, 'Capazo personalizado con bordado', 'Personalised carrycot with embroidery'),
        }),
      ).toBeVisible();
      // Four images (one per colour) until a colour is chosen; then only that colour's image.
      await expect(
        dialog.getByRole('button', { name: t(lang, 'Imagen siguiente', 'Next image') }),
      ).toBeVisible();
      await choose(page, dialog, form.fabric(lang), t(lang, 'Azul niebla', 'Mist blue'));
      await expect(
        dialog.getByRole('button', { name: t(lang, 'Imagen siguiente', 'Next image') }),
      ).toHaveCount(0);
      // The image enlarges in its own modal; closing it returns to the form.
      await dialog
        .getByRole('button', { name: new RegExp(`^${t(lang, 'Ampliar la imagen', 'Enlarge image')} 1 `) })
        .click();
      const enlarged = page.getByRole('dialog', { name: /NDCAP103/ });
      await expect(enlarged.getByRole('img', { name: /NDCAP103/ })).toBeVisible();
      await expect(enlarged.getByRole('button', { name: t(lang, 'Cerrar', 'Close') })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(enlarged).toBeHidden();
      await expect(dialog).toBeVisible();
      await choose(page, dialog, form.trim(lang), t(lang, 'Ribete blanco', 'White piping'));
      await choose(page, dialog, form.mattress(lang), t(lang, 'Viscoelástico', 'Memory foam'));
      await choose(page, dialog, form.embroideryGroup(lang), t(lang, 'Nombre (+9,90', 'Name (+9,90'));

      // The embroidery fields appear for an option that asks for them.
      const name = dialog.getByRole('textbox', { name: form.name(lang) });
      await expect(name).toHaveAccessibleDescription(
        t(lang, 'Hasta 12 letras · 0/12', 'Up to 12 letters · 0/12'),
      );
      await name.fill('Lucía');
      await dialog.getByRole('radio', { name: 'Blackboard' }).check();
      await choose(page, dialog, form.colour(lang), t(lang, 'Rosa palo', 'Blush pink'));
      await choose(page, dialog, form.position(lang), t(lang, 'Lateral', 'Side'));
      await dialog.getByRole('textbox', { name: form.quantity(lang) }).fill('2');
      // Live estimate: 279 + 6 + 29 + 9,90 = 323,90 a unit; × 2.
      await expect(dialog.getByTestId('unit-price')).toHaveText(money(323.9));
      await expect(dialog.getByTestId('line-total')).toHaveText(money(647.8));
      await dialog.getByRole('textbox', { name: t(lang, 'Nota', 'Note') }).fill(note);
      await expectAccessible(page);

      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(page.getByText(form.lineAdded(lang))).toBeVisible();
      await expect(dialog).toBeHidden();

      // The cart dropdown shows the primary line (not its embroidery line) and the total.
      const menu = await openCart(page, lang);
      const line = menu
        .getByRole('menuitem')
        .filter({ hasText: 'NDCAP103' })
        .filter({ hasText: t(lang, 'Azul niebla', 'Mist blue') })
        .filter({ hasText: /2 × 314,00/ });
      // (Not the embroidery line: the dropdown lists primary lines only.)
      await expect(line.first()).toBeVisible();
      const total = (await menu.getByTestId('cart-total').textContent()) ?? '';
      await expect(
        menu.getByText(t(lang, 'Subtotal (sin impuestos)', 'Subtotal (before tax)'), { exact: true }),
      ).toBeVisible();
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page.getByRole('menu')).toBeHidden(); // closes on navigation

      // Order edit: every line, the embroidery line under its primary, the same total.
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'Tu pedido', 'Your order') }),
      ).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: 'Lucía' }).filter({ hasText: note });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Blackboard');
      await expect(row).toContainText(t(lang, 'Rosa palo · Lateral', 'Blush pink · Side'));
      await expect(row).toContainText(money(628));
      // The menu's subtotal is the tax base; the shop is under the equivalence surcharge, so
      // IVA 21 % and RE 5,2 % are added to it, each rounded once on the base.
      await expect(page.getByTestId('order-base')).toHaveText(total);
      const base = cents(total);
      const iva = Math.round((base * 21) / 100);
      const re = Math.round((base * 5.2) / 100);
      await expect(page.getByTestId('order-tax-iva')).toContainText(t(lang, 'IVA 21 %', 'VAT 21 %'));
      await expect(page.getByTestId('order-tax-iva')).toContainText(money(iva / 100));
      await expect(page.getByTestId('order-tax-re')).toContainText(
        t(lang, 'Recargo de equivalencia 5,2 %', 'Equivalence surcharge 5,2 %'),
      );
      await expect(page.getByTestId('order-tax-re')).toContainText(money(re / 100));
      const toPay = money((base + iva + re) / 100);
      await expect(page.getByTestId('order-total')).toHaveText(toPay);
      // The order note is saved apart from the lines.
      const orderNote = `${note}: ${t(lang, 'entregar por la mañana', 'deliver in the morning')}`;
      await page.getByRole('textbox', { name: t(lang, 'Nota del pedido', 'Order note') }).fill(orderNote);
      await page.getByRole('button', { name: t(lang, 'Guardar nota', 'Save note') }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'Nota guardada', 'Note saved') }),
      ).toBeVisible();
      await expectAccessible(page);

      // The shop's own reference and the delivery date it asks for: too soon is refused with the date.
      const reference = `PO-${lang}-${Date.now() % 100000}`;
      await page
        .getByRole('textbox', { name: t(lang, 'Tu referencia de pedido', 'Your order reference') })
        .fill(reference);
      const deliveryDate = page.getByLabel(t(lang, 'Fecha de entrega solicitada', 'Requested delivery date'));
      const day = (daysAhead: number) =>
        new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
      // The portal's one date field takes the day as it shows it: dd/mm/yyyy.
      const typed = (iso: string) => iso.split('-').reverse().join('/');
      await deliveryDate.fill(typed(day(0)));
      await page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();
      await expect(
        page.getByText(t(lang, 'La primera fecha de entrega posible es el', 'The earliest delivery date is')),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      await expect(page.getByRole('dialog')).toBeHidden();
      const wanted = day(10);
      const wantedText = typed(wanted);
      await deliveryDate.fill(wantedText);

      await page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      const confirm = page.getByRole('dialog', { name: t(lang, 'Enviar pedido', 'Submit order') });
      await expect(confirm).toContainText(toPay);
      await confirm.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();

      // The new order: a success message, its number, Pending, the lines.
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'se ha enviado', 'has been submitted') }),
      ).toBeVisible();
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(new RegExp(`^${t(lang, 'Pedido', 'Order')} \\S+$`));
      const docum = ((await heading.textContent()) ?? '').split(' ').at(-1) ?? '';
      await expect(page.getByText(t(lang, 'Pendiente', 'Pending')).first()).toBeVisible();
      const ordered = page.getByRole('row').filter({ hasText: 'Lucía' }).filter({ hasText: note });
      await expect(ordered).toHaveCount(1);
      await expect(ordered).toContainText(t(lang, 'Rosa palo · Lateral', 'Blush pink · Side'));
      await expect(page.getByTestId('order-base')).toHaveText(total);
      await expect(page.getByTestId('order-total')).toHaveText(toPay);
      await expect(page.getByText(orderNote, { exact: true })).toBeVisible();
      await expect(page.getByText(reference, { exact: true })).toBeVisible();
      await expect(page.getByText(wantedText, { exact: true })).toBeVisible();

      // The confirmation as a PDF, in the screen's language: the same figures as the screen.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: t(lang, 'Descargar PDF', 'Download PDF') }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${docum}.pdf`);
      const pdf = await pdfText(fs.readFileSync(await download.path()));
      for (const text of [
        t(lang, 'Confirmación de pedido', 'Order confirmation'),
        docum,
        shop.nombre,
        'Lucía',
        t(lang, 'Recargo de equivalencia 5,2 %', 'Equivalence surcharge 5,2 %'),
        `${t(lang, 'Tu referencia', 'Your reference')}: ${reference}`,
        `${t(lang, 'Fecha de entrega solicitada', 'Requested delivery date')}: ${wantedText}`,
        `Total ${euroText(base + iva + re)}`,
      ]) {
        expect(pdf).toContain(text);
      }

      // The cart is empty now.
      const empty = await openCart(page, lang);
      await expect(
        empty.getByRole('menuitem', { name: t(lang, 'No hay artículos', 'No items') }),
      ).toBeVisible();
      await page.keyboard.press('Escape');

      // The order list (from the menu) shows it first, Pending, with its total.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: t(lang, 'Pedidos', 'Orders'), exact: true })
        .click();
      await expect(page).toHaveURL(/\/pedido\/list$/);
      await page.getByRole('button', { name: t(lang, 'Limpiar filtros', 'Clear filters') }).click();
      const listed = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: docum, exact: true }) });
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText(t(lang, 'Pendiente', 'Pending'));
      await expect(listed).toContainText(toPay);
      await expect(listed).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await expectAccessible(page);

      // The filter is kept (local storage): Pending still chosen after a reload.
      const status = page.getByRole('textbox', { name: t(lang, 'Estado', 'Status'), exact: true });
      await choose(page, page, t(lang, 'Estado', 'Status'), t(lang, 'Pendiente', 'Pending'));
      await expect(listed).toHaveCount(1);
      await choose(page, page, t(lang, 'Estado', 'Status'), t(lang, 'Comprado', 'Bought'));
      await expect(listed).toHaveCount(0);
      await page.reload();
      await expect(status).toHaveValue(t(lang, 'Comprado', 'Bought'));
      await page.getByRole('button', { name: t(lang, 'Limpiar filtros', 'Clear filters') }).click();
      await expect(status).toHaveValue(t(lang, 'Todos', 'All'));
      await listed.getByRole('link', { name: docum }).click();
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `${t(lang, 'Pedido', 'Order')} ${docum}`,
      );
    });

    test('buy again opens Add to cart with the earlier options and adds the line', async ({ page }) => {
      await signInAs(page, userFor(lang), lang);
      await homeReady(page, lang);
      const purchases = page.getByRole('region', { name: t(lang, 'Últimas compras', 'Last purchases') });
      // An earlier purchase with embroidery (its details read «name»).
      const item = purchases.getByRole('listitem').filter({ hasText: '«' }).first();
      await expect(item).toBeVisible();
      const modelo = (await item.getAttribute('data-modelo')) ?? '';
      const embroidery = (await item.getByTestId('purchase-embroidery').textContent()) ?? '';
      const embroidered = /«([^»]+)»/.exec(embroidery)?.[1] ?? '';
      expect(embroidered).not.toBe('');
      const optionsLine = (await item.getByTestId('purchase-options').textContent()) ?? '';
      const earlier = optionsLine
        .split(' · ')
        .map((pair) => pair.split(': '))
        .filter((p) => p.length === 2);
      expect(earlier.length).toBeGreaterThan(0);

      await item
        .getByRole('button', { name: `${t(lang, 'Volver a comprar', 'Buy again')} ${modelo}` })
        .click();
      const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByRole('textbox', { name: t(lang, 'Código de modelo', 'Model code') }),
      ).toHaveValue(modelo);
      for (const [group, option] of earlier) {
        await expect(dialog.getByRole('textbox', { name: group, exact: true })).toHaveValue(
          new RegExp(`^${escapeRegExp(option)}`),
        );
      }
      await expect(dialog.getByRole('textbox', { name: form.name(lang) })).toHaveValue(embroidered);
      await expect(dialog.getByRole('textbox', { name: form.colour(lang) })).not.toHaveValue('');
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('1');
      await expectAccessible(page);

      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(page.getByText(form.lineAdded(lang))).toBeVisible();
      await expect(dialog).toBeHidden();
      const menu = await openCart(page, lang);
      await expect(menu.getByRole('menuitem').filter({ hasText: modelo }).first()).toBeVisible();
    });

    test('validation messages show next to their fields and nothing is sent', async ({ page }) => {
      const lineAdds = watchLineAdds(page);
      await signInAs(page, userFor(lang), lang);
      await homeReady(page, lang);
      const panel = page.getByRole('form', { name: /NDCAP103/ });
      const code = page.getByRole('textbox', { name: t(lang, 'Código de modelo', 'Model code') });
      await code.fill('NDCAP103');
      await page.getByRole('option', { name: /NDCAP103/ }).click();
      await expect(panel).toBeVisible();

      // Nothing chosen: every group says so, nothing is sent.
      await panel.getByRole('button', { name: form.add(lang), exact: true }).click();
      for (const group of [
        form.fabric(lang),
        form.trim(lang),
        form.mattress(lang),
        form.embroideryGroup(lang),
      ]) {
        const field = panel.getByRole('textbox', { name: group, exact: true });
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(new RegExp(form.selectColor(lang)));
      }
      await expect(panel.getByRole('textbox', { name: form.fabric(lang), exact: true })).toBeFocused();

      // Options chosen, embroidery left empty: name, colour and position messages.
      await choose(page, panel, form.fabric(lang), t(lang, 'Gris perla', 'Pearl grey'));
      await expect(panel.getByRole('textbox', { name: form.fabric(lang), exact: true })).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await choose(page, panel, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await choose(page, panel, form.mattress(lang), t(lang, 'Colchón transpirable', 'Standard breathable'));
      await choose(page, panel, form.embroideryGroup(lang), t(lang, 'Iniciales', 'Initials'));
      await panel.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(panel.getByRole('textbox', { name: form.name(lang) })).toHaveAccessibleDescription(
        new RegExp(form.selectName(lang)),
      );
      await expect(panel.getByRole('textbox', { name: form.colour(lang) })).toHaveAccessibleDescription(
        new RegExp(form.selectColor(lang)),
      );
      await expect(panel.getByRole('textbox', { name: form.position(lang) })).toHaveAccessibleDescription(
        new RegExp(form.selectPosition(lang)),
      );
      await expectAccessible(page);
      expect(lineAdds.count()).toBe(0);

      // Initials allow 3 letters; a longer text stays as typed and is refused with the limit.
      const name = panel.getByRole('textbox', { name: form.name(lang) });
      await name.fill('ABCD');
      await expect(name).toHaveValue('ABCD');
      await expect(name).toHaveAccessibleDescription(
        new RegExp(
          t(lang, 'más de 3 caracteres Hasta 3 letras · 4/3', 'at most 3 characters Up to 3 letters · 4/3'),
        ),
      );
      await name.fill('ABC');
      await choose(page, panel, form.colour(lang), t(lang, 'Dorado', 'Gold'));
      await choose(page, panel, form.position(lang), t(lang, 'Delantera', 'Front'));
      // A note over 50 characters stays as typed, with its counter and the limit; Add refuses it.
      const note = panel.getByRole('textbox', { name: t(lang, 'Nota', 'Note') });
      await note.fill('x'.repeat(60));
      await expect(note).toHaveValue('x'.repeat(60));
      await expect(note).toHaveAttribute('aria-invalid', 'true');
      await expect(note).toHaveAccessibleDescription(
        new RegExp(
          t(
            lang,
            'La nota no puede tener más de 50 caracteres 60/50',
            'The note can be at most 50 characters 60/50',
          ),
        ),
      );
      await panel.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(note).toBeFocused();
      expect(lineAdds.count()).toBe(0);
      await note.fill('x'.repeat(50));
      await expect(note).not.toHaveAttribute('aria-invalid', 'true');
      await expect(note).toHaveAccessibleDescription('50/50');
      await panel.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(page.getByText(form.lineAdded(lang))).toBeVisible();
      expect(lineAdds.count()).toBe(1);
      // After the add the model is cleared from the quick-add panel.
      await expect(panel).toBeHidden();
      await expect(code).toHaveValue('');
    });

    test('browse a collection by family and add from a card', async ({ page, request }) => {
      const shop = await shopAtPvp(request, lang);
      await signInAs(page, shop.email, lang, SHOP_PASSWORD);
      await homeReady(page, lang);
      const section = page.getByRole('region', { name: t(lang, 'Colecciones', 'Collections') });
      const collectionName = t(lang, 'Otoño-Invierno 2026', 'Autumn-Winter 2026');
      const collection = section.getByRole('checkbox', { name: collectionName });
      // A chip: its label is what the user clicks.
      await section.getByText(collectionName, { exact: true }).click();
      await expect(collection).toBeChecked();
      // The representatives-only collection is not offered to a shop.
      await expect(section.getByRole('checkbox', { name: /Profesional|Professional/ })).toHaveCount(0);
      // Families in spec order, named in the user's language.
      const families = section.getByRole('button', {
        name: t(
          lang,
          /^(CAPAZO|GRUPO 0|SILLA PASEO|BOLSOS|COMPLEMENTOS|CUNAS|CAPOTAS|SIN FAMILIA)/,
          /^(CARRYCOTS|GROUP 0 CAR SEATS|PUSHCHAIRS|BAGS|ACCESSORIES|COTS AND CRIBS|HOODS|OTHER)/,
        ),
      });
      await expect(families.first()).toHaveText(t(lang, /^CAPAZO/, /^CARRYCOTS/));
      const bags = section.getByRole('button', { name: t(lang, /^BOLSOS/, /^BAGS/) });
      await expect(bags).toHaveAttribute('aria-expanded', 'false');
      await bags.click();
      await expect(bags).toHaveAttribute('aria-expanded', 'true');
      const card = section.getByRole('article', { name: /^NDBOL401 / });
      await expect(card).toBeVisible();
      await expect(
        card
          .getByRole('list', { name: t(lang, 'Colores', 'Colours') })
          .getByRole('img')
          .first(),
      ).toBeVisible();
      await expect(card.getByText(money(69))).toBeVisible();
      await expectAccessible(page);

      await card.getByRole('button', { name: `${form.addToCart(lang)} NDBOL401` }).click();
      const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
      await choose(page, dialog, form.fabric(lang), t(lang, 'Beige arena', 'Sand beige'));
      await choose(page, dialog, t(lang, 'Asa', 'Handle'), t(lang, 'Asa de bambú', 'Bamboo handle'));
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      // 69 + 11 (bamboo handle)
      await expect(dialog.getByTestId('unit-price')).toHaveText(money(80));
      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(page.getByText(form.lineAdded(lang))).toBeVisible();
      const menu = await openCart(page, lang);
      await expect(
        menu
          .getByRole('menuitem')
          .filter({ hasText: 'NDBOL401' })
          .filter({ hasText: t(lang, 'Asa de bambú', 'Bamboo handle') })
          .first(),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      // Compact mode: a model dropdown; select all shows a count badge (more than 5 chosen).
      await section.getByRole('switch', { name: t(lang, 'Modo compacto', 'Compact mode') }).check();
      await section.getByRole('checkbox', { name: t(lang, 'SELECCIONAR TODO', 'SELECT ALL') }).check();
      await expect(section.getByTestId('selected-count')).toHaveText(/^\d+ /);
      await expect(section.getByRole('button', { name: `${form.addToCart(lang)} NDBOL401` })).toBeVisible();

      // Deselecting the collection empties the models.
      await section.getByText(collectionName, { exact: true }).click();
      await expect(collection).not.toBeChecked();
      await expect(section.getByRole('button', { name: `${form.addToCart(lang)} NDBOL401` })).toHaveCount(0);

      // The line can be removed again from the order edit screen, after a confirmation.
      await (await openCart(page, lang))
        .getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') })
        .click();
      const row = page
        .getByRole('row')
        .filter({ hasText: 'NDBOL401' })
        .filter({
          hasText: t(lang, 'Asa de bambú', 'Bamboo handle'),
        });
      await expect(row).toHaveCount(1);
      await row
        .getByRole('button', { name: `${t(lang, 'Eliminar la línea', 'Remove line')} NDBOL401` })
        .click();
      const confirm = page.getByRole('dialog', { name: t(lang, 'Eliminar línea', 'Remove line') });
      await confirm.getByRole('button', { name: t(lang, 'Eliminar', 'Remove'), exact: true }).click();
      await expect(
        page.getByText(t(lang, 'Línea eliminada correctamente', 'Line deleted correctly')),
      ).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  });
}
