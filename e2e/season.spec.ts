/**
 * Seasons (record 053): the Admin sets a collection's order and delivery windows in its editor and
 * sees its badge in the collections list; a shop sees each collection's badge in the selector and
 * is refused a model of a closed collection, with the message naming the collection and its days.
 * The closed season is the demo's "Otoño-Invierno 2025" (OI25), whose only model (NDCPT704) no
 * other journey uses.
 */
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { adminApi, choose, form, signInAs } from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, type Lang, resizeTo, SHOP, SHOP_B, t } from './support.ts';

/** yyyy-MM-dd and dd/MM/yyyy of the day `days` from today (Madrid, as the server counts). */
function day(days: number) {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  const [y, m, d] = iso.split('-');
  return { iso, shown: `${d}/${m}/${y}` };
}

/** The page at the sizes the brief looks at, as `$SHOTS_DIR/<name>-<size>.png`; nothing without it. */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'tablet', width: 820, height: 1180 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await resizeTo(page, size);
    await page.screenshot({ path: `${dir}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The demo's shop users: Carmen works in Spanish, Emma in English. */
const shopFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);

/** The admin's stored language (it wins at sign-in): set for the run, put back to Spanish after. */
async function setAdminLanguage(page: Page, locale: Lang) {
  const token = await page.evaluate<string | null>("sessionStorage.getItem('token')").catch(() => null);
  if (!token) return;
  await page.request.post('/api/setLocale', {
    data: { locale },
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** A line of `modelo` by the API: each group's first plain option (no embroidery). */
async function lineOf(api: (path: string, data?: unknown) => Promise<any>, modelo: string) {
  const model = await api(`modelo/${modelo}`);
  const parametros_color = model.grupos
    .map((g: any) => ({
      g,
      o: g.parametros.find((o: any) => o.activado && o.letters === 0 && !o.embroidery_position),
    }))
    .filter((x: any) => x.o)
    .map((x: any) => ({ parametros_grupos_id: x.g.id, parametro: x.o.id }));
  return { modelo, cantidad: 2, parametros_color };
}

/** The signed-in user's API: GET without `data`, POST with it. */
function userApi(page: Page) {
  return async (path: string, data?: unknown) => {
    const token = await page.evaluate<string | null>("sessionStorage.getItem('token')");
    const headers = { authorization: `Bearer ${token}` };
    const res =
      data === undefined
        ? await page.request.get(`/api/${path}`, { headers })
        : await page.request.post(`/api/${path}`, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
}

const opens = day(-300);
const closes = day(-150);

for (const lang of LANGS) {
  test.describe(`seasons (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test.afterEach(async ({ page }, info) => {
      if (lang === 'en' && info.title.startsWith('the Admin')) await setAdminLanguage(page, 'es');
    });

    test('the Admin sets a collection’s windows and sees its badge', async ({ page }) => {
      await signInAs(page, ADMIN, lang);
      if (lang === 'en') await setAdminLanguage(page, 'en');
      await page.goto('/modelo/colecciones');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const list = page.getByRole('table');
      const row = list.getByRole('row').filter({ hasText: 'OI25' });
      await row
        .getByRole('link', { name: t(lang, 'Otoño-Invierno 2025', 'Autumn-Winter 2025'), exact: true })
        .click();

      const editor = page.getByRole('form', { name: t(lang, 'Datos de la colección', 'Collection details') });
      await editor.getByLabel(t(lang, 'Pedidos desde', 'Orders from')).fill(opens.iso);
      const until = editor.getByLabel(t(lang, 'Último día de pedido', 'Last day to order'));
      // A last day before the opening day is refused beside its field, and nothing is saved.
      await until.fill(day(-400).iso);
      await editor.getByRole('button', { name: t(lang, 'Guardar colección', 'Save collection') }).click();
      await expect(until).toHaveAccessibleDescription(
        t(
          lang,
          'El último día de pedido no puede ser anterior al día de apertura',
          'The last day to order cannot be before the opening day',
        ),
      );
      await until.fill(closes.iso);
      await editor.getByLabel(t(lang, 'Entrega desde', 'Delivery from')).fill(day(-120).iso);
      await editor.getByLabel(t(lang, 'Entrega hasta', 'Delivery until')).fill(day(-60).iso);
      await editor.getByRole('button', { name: t(lang, 'Guardar colección', 'Save collection') }).click();
      await expect(page.getByText(t(lang, 'Colección guardada', 'Collection saved'))).toBeVisible();
      await expect(editor.getByText(t(lang, 'Cerrada', 'Closed'), { exact: true })).toBeVisible();
      await expectAccessible(page, 'collection editor');
      if (lang === 'es') await shots(page, 'collection-editor');

      await page.goto('/modelo/colecciones');
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: 'OI25' })
          .getByText(t(lang, 'Cerrada', 'Closed'), { exact: true }),
      ).toBeVisible();
      // The demo's open seasons: one closing in 10 days, one open with its deliveries ahead.
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: 'OI26' })
          .getByText(t(lang, 'Cierra en 10 días', 'Closes in 10 days')),
      ).toBeVisible();
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: 'PV26' })
          .getByText(t(lang, 'Abierta', 'Open'), { exact: true }),
      ).toBeVisible();
      await expectAccessible(page, 'collections list');
      if (lang === 'es') await shots(page, 'collections-list');
    });

    test('a shop removes a closed line in one action and submits two deliveries as two orders', async ({
      page,
    }) => {
      await signInAs(page, shopFor(lang), lang);
      const api = userApi(page);
      // An empty cart to start from.
      const start = await api('pedidos/cliente', {});
      for (const l of start.detalle.filter((x: any) => !x.lineaprimaria && !x.porte))
        await api('pedidos/lineremove', { pedido_id: start.id, linea_id: l.id });
      // The shop's own lines: one delivered at once (OI26), one in the spring window (PV26).
      await api('pedidos/lineadd', await lineOf(api, 'NDGR0204'));
      await api('pedidos/lineadd', await lineOf(api, 'NDGR0202'));
      // Its representative placed a line of last season's closed collection for it.
      const admin = await adminApi(page.request);
      const closedLine = await lineOf(api, 'NDCPT704');
      await admin('POST', 'pedidos/lineadd', { ...closedLine, cliente_id: start.cliente_id });

      await page.goto(`/pedido/edit/${start.cliente_id}`);
      const closedRow = page.getByTestId('lines-table').locator('[data-line="NDCPT704"]');
      await expect(closedRow.getByTestId('line-closed')).toHaveText(t(lang, 'Cerrada', 'Closed'));
      await expect(
        page.getByText(
          t(
            lang,
            '1 línea es de una colección que ya no admite pedidos.',
            '1 line is from a collection that no longer takes orders.',
          ),
        ),
      ).toBeVisible();
      await page
        .getByRole('button', { name: t(lang, 'Quitar las líneas cerradas', 'Remove the closed lines') })
        .click();
      await expect(closedRow).toHaveCount(0);

      // Two deliveries: two orders, each with its own reference and date inside its window.
      const deliveries = page.getByRole('region', { name: t(lang, 'Entregas', 'Deliveries') });
      const now = deliveries.getByRole('group', { name: t(lang, 'Entrega inmediata', 'Immediate delivery') });
      const springName = t(
        lang,
        `Entrega del ${day(75).shown} al ${day(150).shown}`,
        `Delivery ${day(75).shown} to ${day(150).shown}`,
      );
      const spring = deliveries.getByRole('group', { name: springName });
      await expect(now).toBeVisible();
      await expect(spring).toBeVisible();
      await expectAccessible(page, 'checkout by delivery');
      if (lang === 'es') await shots(page, 'checkout-deliveries');
      await spring
        .getByLabel(t(lang, 'Tu referencia para este pedido', 'Your reference for this order'))
        .fill('PO-PV26');
      const springDate = spring.getByLabel(t(lang, 'Fecha de entrega solicitada', 'Requested delivery date'));
      // A date outside its window is refused beside it, and nothing is submitted.
      await springDate.fill(day(200).shown);
      const submit = page.getByRole('button', { name: t(lang, 'Enviar 2 pedidos', 'Submit 2 orders') });
      await submit.click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();
      await expect(springDate).toHaveAccessibleDescription(
        new RegExp(
          t(
            lang,
            `La fecha de entrega debe estar entre el ${day(75).shown} y el ${day(150).shown}`,
            `The delivery date must fall between ${day(75).shown} and ${day(150).shown}`,
          ),
        ),
      );
      await springDate.fill(day(80).shown);
      await submit.click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();
      await expect(
        page.getByText(t(lang, /Se han enviado 2 pedidos/, /2 orders have been submitted/)),
      ).toBeVisible();
      // The first order links to the other, which ships in the spring window with its reference.
      await page.getByRole('link', { name: /^\d{4}-\d{6}$/ }).click();
      await expect(page.getByText('PO-PV26', { exact: true })).toBeVisible();
      await expect(page.getByText(springName, { exact: true })).toBeVisible();
      await expectAccessible(page, 'an order of a split cart');
    });

    test('a shop fills the colour grid with four fabrics and adds four lines at once', async ({ page }) => {
      await signInAs(page, shopFor(lang), lang);
      const api = userApi(page);
      const start = await api('pedidos/cliente', {});
      for (const l of start.detalle.filter((x: any) => !x.lineaprimaria && !x.porte))
        await api('pedidos/lineremove', { pedido_id: start.id, linea_id: l.id });
      const search = page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') });
      await search.fill('NDGR0201');
      const card = page.getByRole('article', { name: /^NDGR0201 / });
      await card.getByRole('button', { name: `${form.addToCart(lang)} NDGR0201` }).click();
      const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
      await dialog
        .getByRole('switch', { name: new RegExp(t(lang, 'Varios colores', 'Several colours')) })
        .check();
      const grid = dialog.getByRole('table', {
        name: t(lang, 'Cantidades por Tejido', 'Quantities by Fabric'),
      });
      const fields = grid.getByRole('textbox', { name: t(lang, /^Cantidad de /, /^Quantity of /) });
      await expect(fields).toHaveCount(11);
      // Keyboard only: the first row's field, then Tab from row to row.
      await fields.nth(0).fill('2');
      for (const i of [1, 2, 3]) {
        await page.keyboard.press('Tab');
        await expect(fields.nth(i)).toBeFocused();
        await page.keyboard.type('1');
      }
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await expect(dialog.getByTestId('grid-total')).toContainText(t(lang, '4 líneas', '4 lines'));
      await expectAccessible(page, 'colour grid');
      if (lang === 'es') await shots(page, 'colour-grid');
      await dialog.getByRole('button', { name: t(lang, 'Añadir 4 líneas', 'Add 4 lines') }).press('Enter');
      await expect(
        page.getByText(t(lang, '4 líneas añadidas al carrito', '4 lines added to the cart')),
      ).toBeVisible();
      const cart = await api('pedidos/cliente', {});
      const lines = cart.detalle.filter((l: any) => !l.porte && !l.lineaprimaria);
      expect(lines.map((l: any) => l.unped)).toEqual([2, 1, 1, 1]);
      expect(lines.every((l: any) => l.modelo.modelo === 'NDGR0201')).toBe(true);
      for (const l of lines) await api('pedidos/lineremove', { pedido_id: cart.id, linea_id: l.id });
    });

    test('a shop sees the badges and is refused a closed collection’s model, with the message', async ({
      page,
    }) => {
      await signInAs(page, shopFor(lang), lang);
      const section = page.getByRole('region', { name: t(lang, 'Colecciones', 'Collections') });
      const chips = section.getByRole('group', {
        name: t(lang, 'Elige una colección', 'Choose a collection'),
      });
      const closedName = t(lang, 'Otoño-Invierno 2025', 'Autumn-Winter 2025');
      await expect(chips.getByText(t(lang, 'Cerrada', 'Closed'), { exact: true })).toBeVisible();
      await expect(chips.getByText(t(lang, 'Cierra en 10 días', 'Closes in 10 days'))).toBeVisible();
      await expectAccessible(page, 'home with seasons');
      if (lang === 'es') await shots(page, 'shop-collections');

      await section.getByText(closedName, { exact: true }).click();
      await section.getByRole('button', { name: t(lang, /^CAPOTAS/, /^HOODS/) }).click();
      const card = section.getByRole('article', { name: /^NDCPT704 / });
      await expect(card).toBeVisible();
      const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
      // The family opens with an animation: a click during it may miss, so click again until the
      // dialog is there (never once it is: its overlay would take the click).
      await expect(async () => {
        if (!(await dialog.isVisible()))
          await card
            .getByRole('button', { name: `${form.addToCart(lang)} NDCPT704` })
            .click({ timeout: 3000 });
        await expect(dialog.getByRole('textbox', { name: form.fabric(lang), exact: true })).toBeVisible({
          timeout: 5000,
        });
      }).toPass({ timeout: 30_000 });
      await choose(page, dialog, form.fabric(lang), t(lang, 'Beige arena', 'Sand beige'));
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(
        dialog.getByText(
          t(
            lang,
            `La colección «Otoño-Invierno 2025» admite pedidos del ${opens.shown} al ${closes.shown}`,
            `The collection «Autumn-Winter 2025» takes orders from ${opens.shown} to ${closes.shown}`,
          ),
        ),
      ).toBeVisible();
      await expect(page.getByText(form.lineAdded(lang))).toHaveCount(0);
    });
  });
}
