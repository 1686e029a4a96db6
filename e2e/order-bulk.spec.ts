/**
 * Orders moved in bulk and cancelled (issue 32, record 057), in both languages: the Admin chooses two
 * pending orders in the orders list and moves them to Processed in one action, then cancels a third
 * from its page with a reason; the shop sees the Cancelled status in its list and the reason in its
 * order's history, and is mailed.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SHOP_PASSWORD, shopOnPriceList } from './ordering-helpers.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  outboxMails,
  screenshots,
  signIn,
  t,
} from './support.ts';

/** The shop's API, signed in: `post(path, body)` answers the JSON. */
async function shopApi(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { email, password: SHOP_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const send = async (method: 'GET' | 'POST', path: string, data?: unknown) => {
    const res = await request.fetch(`/api/${path}`, { method, headers, data: data as object });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  return send;
}

/** Stores a demo user's language (the interface follows it after sign-in). */
async function storeLanguage(request: APIRequestContext, email: string, language: Lang) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).ok()).toBe(true);
  await request.post('/api/logout', { headers });
}

/** One order submitted by the shop: a line of NDCAP102 in its first active options. */
async function submitOrder(
  call: Awaited<ReturnType<typeof shopApi>>,
): Promise<{ id: number; docum: string }> {
  const model = (await call('GET', 'modelo/NDCAP102')) as {
    grupos: Array<{
      id: number;
      activado: boolean;
      parametros: Array<{
        id: number;
        activado: boolean;
        letters: number;
        embroidery_color: boolean;
        embroidery_position: string;
      }>;
    }>;
  };
  const parametros_color = model.grupos
    .filter((g) => g.activado && g.parametros.some((o) => o.activado))
    .map((g) => {
      const active = g.parametros.filter((o) => o.activado);
      const plain = active.find(
        (o) => !(o.letters > 0 || o.embroidery_color || o.embroidery_position !== ''),
      );
      return { parametros_grupos_id: g.id, parametro: (plain ?? active[0]).id };
    });
  const cart = await call('POST', 'pedidos/lineadd', { modelo: 'NDCAP102', cantidad: 1, parametros_color });
  const { pedido } = await call('POST', 'pedidos/processOrder', { pedido_id: cart.id });
  return { id: pedido.id, docum: pedido.docum };
}

function ordersRow(page: Page, docum: string) {
  return page.getByTestId('orders-table').getByRole('row').filter({ hasText: docum });
}

for (const lang of LANGS) {
  test.describe(`orders moved in bulk and cancelled (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    // The demo Admin reads Spanish; in English for this journey, and back after it.
    test.beforeEach(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, ADMIN, 'en');
    });
    test.afterEach(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, ADMIN, 'es');
    });

    test('the Admin moves two orders to Processed and cancels one; the shop reads why', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const shop = await shopOnPriceList(request, lang);
      const call = await shopApi(request, shop.email);
      const first = await submitOrder(call);
      const second = await submitOrder(call);
      const third = await submitOrder(call);
      const processed = t(lang, 'Procesado', 'Processed');
      const cancelled = t(lang, 'Cancelado', 'Cancelled');
      const reason = t(
        lang,
        'El cliente pidió anularlo por teléfono',
        'The shop asked by phone to call it off',
      );

      // The Admin chooses two pending orders in the list: their boxes are named by their numbers.
      await signIn(page, ADMIN, lang);
      await page.goto('/pedido/list');
      await expect(ordersRow(page, third.docum)).toBeVisible();
      await expect(
        page.getByRole('checkbox', {
          name: t(lang, 'Seleccionar todos los pedidos de esta página', 'Select every order on this page'),
        }),
      ).toBeVisible();
      for (const o of [first, second]) {
        await page
          .getByRole('checkbox', {
            name: t(lang, `Seleccionar el pedido ${o.docum}`, `Select order ${o.docum}`),
          })
          .check();
      }
      const actions = page.getByRole('region', { name: t(lang, 'Pedidos seleccionados', 'Selected orders') });
      await expect(actions.getByText(t(lang, '2 pedidos seleccionados', '2 orders selected'))).toBeVisible();
      await expectAccessible(page, 'orders list with a selection');
      await screenshots(page, `order-bulk-selection-${lang}`);

      // Moving pending orders to Bought would skip Processed: asked first, and declined here.
      await actions.getByRole('button', { name: t(lang, 'Pasar a Comprado', 'Move to Bought') }).click();
      const skip = page.getByRole('dialog', { name: t(lang, '¿Saltar Procesado?', 'Skip Processed?') });
      await expect(skip).toBeVisible();
      await skip.getByRole('button', { name: t(lang, 'Cancelar', 'Cancel') }).click();
      await expect(skip).toBeHidden();

      await actions.getByRole('button', { name: t(lang, 'Pasar a Procesado', 'Move to Processed') }).click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText(
        t(lang, '¿Pasar 2 pedidos a «Procesado»?', 'Move 2 orders to “Processed”?'),
      );
      await confirm.getByRole('button', { name: t(lang, 'Pasar a Procesado', 'Move to Processed') }).click();
      await expect(
        page.getByText(t(lang, '2 pedidos pasados a Procesado.', '2 orders moved to Processed.')),
      ).toBeVisible();
      for (const o of [first, second]) await expect(ordersRow(page, o.docum)).toContainText(processed);
      await expect(ordersRow(page, third.docum)).toContainText(t(lang, 'Pendiente', 'Pending'));
      await expect(actions).toBeHidden();

      // The third is cancelled from its page, with a reason (required).
      await page.goto(`/pedido/${third.id}`);
      await page.getByRole('button', { name: t(lang, 'Cancelar el pedido', 'Cancel order') }).click();
      const dialog = page.getByRole('dialog', {
        name: t(lang, `Cancelar el pedido ${third.docum}`, `Cancel order ${third.docum}`),
      });
      await expect(dialog).toBeVisible();
      const submit = dialog.getByRole('button', { name: t(lang, 'Cancelar el pedido', 'Cancel the order') });
      await submit.click();
      await expect(
        dialog.getByText(
          t(lang, 'Indica el motivo de la cancelación', 'Give the reason for the cancellation'),
        ),
      ).toBeVisible();
      await expectAccessible(page, 'cancel dialog');
      await dialog.getByRole('textbox', { name: t(lang, 'Motivo', 'Reason') }).fill(reason);
      await submit.click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByText(
          t(
            lang,
            'El pedido está cancelado; se ha avisado a la tienda.',
            'The order is cancelled; the shop has been told.',
          ),
        ),
      ).toBeVisible();
      const history = page.getByRole('table', { name: t(lang, 'Historial de estados', 'Status history') });
      await expect(history).toContainText(reason);
      await expect(
        page.getByRole('button', { name: t(lang, 'Cancelar el pedido', 'Cancel order') }),
      ).toBeHidden();
      // Nor moved nor invoiced any more.
      await expect(
        page.getByRole('button', { name: t(lang, 'Facturar pedido', 'Invoice order') }),
      ).toBeHidden();
      await expect(
        page.getByRole('button', { name: t(lang, 'Marcar como procesado', 'Mark as processed') }),
      ).toBeHidden();
      await expectAccessible(page, 'cancelled order, Admin');
      await screenshots(page, `order-bulk-cancelled-admin-${lang}`);

      // The shop sees the status in its list and the reason in the order's history.
      const shopContext = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
      const shopPage = await shopContext.newPage();
      await signIn(shopPage, shop.email, lang, SHOP_PASSWORD);
      await shopPage.goto('/pedido/list');
      await expect(ordersRow(shopPage, third.docum)).toContainText(cancelled);
      await expect(ordersRow(shopPage, first.docum)).toContainText(processed);
      await shopPage.goto(`/pedido/${third.id}`);
      const shopHistory = shopPage.getByRole('region', {
        name: t(lang, 'Historial de estados', 'Status history'),
      });
      await expect(shopHistory).toContainText(cancelled);
      await expect(shopHistory).toContainText(t(lang, `Motivo: ${reason}`, `Reason: ${reason}`));
      // Its bell lists the cancellation, linked to the order (record 058).
      await shopPage.getByTestId('notifications-button').click();
      const told = shopPage
        .getByTestId('notifications-menu')
        .getByRole('menuitem', { name: new RegExp(`${third.docum}.*${cancelled}`) });
      await expect(told).toHaveAttribute('href', `/pedido/${third.id}`);
      await shopPage.keyboard.press('Escape');
      await expectAccessible(shopPage, 'cancelled order, shop');
      await screenshots(shopPage, `order-bulk-cancelled-shop-${lang}`);
      await shopContext.close();

      // And is mailed, in its language.
      const subject = t(lang, `pedido ${third.docum} cancelado`, `order ${third.docum} cancelled`);
      await expect
        .poll(() => outboxMails().some((m) => m.includes(shop.email) && m.includes(subject)))
        .toBe(true);
    });
  });
}
