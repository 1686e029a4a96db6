/**
 * Minimums (issue 30): the Admin sets a model's minimum quantity and pack size in the model editor;
 * a shop sees them beside the configurator's quantity and is refused a quantity off the pack, with
 * the rule's message; a shop whose price list has a minimum order value sees what its cart lacks and
 * is refused submission until it reaches it. The model is the demo's muslin bib (NDCOM508, six at
 * least, in threes), which no other journey uses; the minimum is the "Tiendas nuevas" list of
 * Nanas y Nanitas, whose user (shop3) no other journey signs in as.
 */
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choose, form, openCart, signInAs, watchLineAdds } from './ordering-helpers.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  resizeTo,
  SHOP,
  SHOP_B,
  t,
} from './support.ts';

const BIB = 'NDCOM508';
const SHOP3 = 'shop3@nido.test';

/** es-ES euros as the app writes them. */
const euros = (amount: number) =>
  new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(amount);

/** The page at 1280, 768 and 390 px wide, as `$SHOTS_DIR/<name>-<width>.png`; nothing without it. */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
  ]) {
    await resizeTo(page, size);
    await page.screenshot({ path: `${dir}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Signs `email` in through the API: a caller of its own calls with its bearer token. */
async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  return async (path: string, data: unknown = {}) => {
    const res = await request.post(`/api/${path}`, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
}

/** The user's stored language (it wins at sign-in). */
async function setLanguage(request: APIRequestContext, email: string, locale: Lang) {
  await (await apiAs(request, email))('setLocale', { locale });
}

/** Opens the "Add to cart" dialog of a model found by its code. */
async function openConfigurator(page: Page, lang: Lang, code: string) {
  await page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') }).fill(code);
  const card = page.getByRole('article', { name: new RegExp(`^${code} `) });
  await card.getByRole('button', { name: `${form.addToCart(lang)} ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
  await expect(
    dialog.getByRole('textbox', { name: t(lang, 'Piqué', 'Piqué cotton'), exact: true }),
  ).toBeVisible();
  return dialog;
}

const packMessage = (lang: Lang) =>
  t(
    lang,
    'Este modelo se vende en packs de 3: la cantidad debe ser múltiplo de 3',
    'This model is sold in packs of 3: the quantity must be a multiple of 3',
  );

for (const lang of LANGS) {
  test.describe(`minimums (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test.afterEach(async ({ request }) => {
      if (lang === 'en') for (const email of [ADMIN, SHOP3]) await setLanguage(request, email, 'es');
    });

    test('the Admin sets a model’s minimum quantity and pack size in the model editor', async ({
      page,
      request,
    }) => {
      if (lang === 'en') await setLanguage(request, ADMIN, 'en');
      await signInAs(page, ADMIN, lang);
      await page.goto(`/modelo/modelocustom/${BIB}`);
      const editor = page.getByRole('form', { name: t(lang, 'Datos del modelo', 'Model details') });
      const minimum = editor.getByRole('textbox', { name: t(lang, 'Cantidad mínima', 'Minimum quantity') });
      const pack = editor.getByRole('textbox', { name: t(lang, 'Múltiplo (venta por packs)', 'Pack size') });
      await expect(minimum).toHaveValue('6');
      await expect(pack).toHaveValue('3');
      const save = editor.getByRole('button', { name: t(lang, 'Guardar modelo', 'Save model') });
      // An empty pack size is refused beside its field.
      await pack.fill('');
      await save.click();
      await expect(pack).toHaveAccessibleDescription(
        new RegExp(
          t(
            lang,
            'La cantidad debe ser un número entero entre 1 y 9999',
            'The quantity must be a whole number between 1 and 9999',
          ),
        ),
      );
      await minimum.fill('4');
      await pack.fill('2');
      await save.click();
      await expect(page.getByText(t(lang, 'Modelo guardado', 'Model saved'))).toBeVisible();
      await page.reload();
      await expect(minimum).toHaveValue('4');
      await expect(pack).toHaveValue('2');
      await expectAccessible(page, 'model editor');
      // Back to the demo's six in threes, for the shop's journeys.
      await minimum.fill('6');
      await pack.fill('3');
      await save.click();
      await expect(page.getByText(t(lang, 'Modelo guardado', 'Model saved')).first()).toBeVisible();
      await page.reload();
      await expect(pack).toHaveValue('3');
    });

    test('a shop sees the pack size beside the quantity and is refused a quantity off it', async ({
      page,
    }) => {
      await signInAs(page, lang === 'es' ? SHOP : SHOP_B, lang);
      const adds = watchLineAdds(page);
      const dialog = await openConfigurator(page, lang, BIB);
      const quantity = dialog.getByRole('textbox', { name: form.quantity(lang) });
      // It starts at the first quantity the model takes, and says its rule.
      await expect(quantity).toHaveValue('6');
      await expect(quantity).toHaveAccessibleDescription(
        t(lang, 'Mínimo 6 · de 3 en 3', 'Minimum 6 · in packs of 3'),
      );
      await choose(page, dialog, t(lang, 'Piqué', 'Piqué cotton'), t(lang, 'Blanco', 'White'));
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await quantity.fill('7');
      // Kept as typed, never rounded; the rule's message says why, and Add sends nothing.
      await expect(dialog.getByText(packMessage(lang))).toBeVisible();
      await expect(quantity).toHaveValue('7');
      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(dialog.getByText(packMessage(lang))).toBeVisible();
      await quantity.fill('3');
      await expect(
        dialog.getByText(
          t(lang, 'La cantidad mínima de este modelo es 6', 'The minimum quantity of this model is 6'),
        ),
      ).toBeVisible();
      expect(adds.count()).toBe(0);
      await quantity.fill('6');
      await expectAccessible(page, 'configurator with a pack size');
      if (lang === 'es') await shots(page, 'configurator-pack');
      // Nothing added to the demo shop's cart: other journeys count its lines.
      await dialog.getByRole('button', { name: t(lang, 'Cancelar', 'Cancel') }).click();
      await expect(dialog).toBeHidden();
    });

    test('a shop’s cart says what the minimum order lacks; submission is refused until it is reached', async ({
      page,
      request,
    }) => {
      if (lang === 'en') await setLanguage(request, SHOP3, 'en');
      // An empty cart to start from (a first run left none; a retried one may have).
      const api = await apiAs(request, SHOP3);
      const before = await api('pedidos/cliente');
      for (const l of before.detalle.filter((x: any) => x.lineaprimaria === 0 && !x.porte))
        await api('pedidos/lineremove', { pedido_id: before.id, linea_id: l.id });

      await signInAs(page, SHOP3, lang);
      const dialog = await openConfigurator(page, lang, BIB);
      await choose(page, dialog, t(lang, 'Piqué', 'Piqué cotton'), t(lang, 'Blanco', 'White'));
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(dialog).toBeHidden();

      // What the server says the cart lacks (the first order's minimum, or the next ones' once
      // the other language's run has submitted), as the screen must show it.
      const cart = await api('pedidos/cliente');
      const { minimo, faltan } = cart.pedido_minimo;
      expect(faltan).toBeGreaterThan(0);
      const missing = t(
        lang,
        `Faltan ${euros(faltan)} para el pedido mínimo`,
        `${euros(faltan)} more to reach the minimum order`,
      );
      // The top bar's cart says it first.
      await expect((await openCart(page, lang)).getByText(missing)).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto(`/pedido/edit/${cart.cliente_id}`);
      const totals = page.getByRole('region', { name: t(lang, 'Totales', 'Totals') });
      await expect(totals.getByText(missing)).toBeVisible();
      await expectAccessible(page, 'cart below the minimum');
      if (lang === 'es') await shots(page, 'cart-minimum');

      // Submitting is refused, with the minimum and what is missing.
      const submit = async () => {
        await totals.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
        await page
          .getByRole('dialog')
          .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
          .click();
      };
      await submit();
      await expect(
        page.getByText(
          t(
            lang,
            `El pedido mínimo es de ${euros(minimo)} sin impuestos: faltan ${euros(faltan)} para llegar`,
            `The minimum order is ${euros(minimo)} before tax: ${euros(faltan)} more to reach it`,
          ),
        ),
      ).toBeVisible();
      await expect(page).toHaveURL(`/pedido/edit/${cart.cliente_id}`);

      // In the cart too, a quantity off the pack is refused; 60 bibs reach either minimum.
      const quantity = page.getByRole('textbox', {
        name: t(lang, `Cantidad de ${BIB}`, `Quantity of ${BIB}`),
      });
      await quantity.fill('61');
      await quantity.press('Enter');
      await expect(page.getByText(packMessage(lang))).toBeVisible();
      await quantity.fill('60');
      await quantity.press('Enter');
      await expect(
        totals.getByText(t(lang, /para el pedido mínimo/, /more to reach the minimum/)),
      ).toHaveCount(0);
      await expect(totals.getByTestId('order-minimum')).toContainText(euros(minimo));
      await submit();
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
    });
  });
}
