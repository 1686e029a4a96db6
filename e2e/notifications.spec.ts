/**
 * Notifications (product.md §4.12, record 058): a shop submits an order and the Admin's bell, open
 * in another browser, counts it and lists it without a reload (the live stream); opening the bell is
 * accessible; "mark all as read" clears the count. In Spanish and in English.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInAs } from './ordering-helpers.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  SHOP2,
  screenshots,
  t,
} from './support.ts';

/** A demo user's API, signed in. */
async function api(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  return {
    get: async (path: string) => {
      const res = await request.get(`/api/${path}`, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return res.json();
    },
    post: async (path: string, data: unknown = {}) => {
      const res = await request.post(`/api/${path}`, { headers, data: data as object });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
  };
}

/** The shop's order: one NDCOM505 with the first option of each group, submitted. */
async function shopSubmits(request: APIRequestContext): Promise<{ id: number; docum: string }> {
  const shop = await api(request, SHOP2);
  const model = (await shop.get('modelo/NDCOM505')) as {
    grupos: Array<{ id: number; activado: boolean; parametros: Array<{ id: number; activado: boolean }> }>;
  };
  const parametros_color = model.grupos
    .filter((g) => g.activado && g.parametros.some((o) => o.activado))
    .map((g) => ({ parametros_grupos_id: g.id, parametro: g.parametros.find((o) => o.activado)!.id }));
  const cart = await shop.post('pedidos/lineadd', { modelo: 'NDCOM505', cantidad: 1, parametros_color });
  const { pedido } = await shop.post('pedidos/processOrder', { pedido_id: cart.id });
  return pedido;
}

/** The Admin's stored language (the interface follows it after signing in). */
async function adminLanguage(request: APIRequestContext, lang: Lang) {
  await (await api(request, ADMIN)).post('setLocale', { locale: lang });
}

for (const lang of LANGS) {
  test.describe(`notifications (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('the Admin’s bell shows a shop’s new order without a reload; mark all as read clears it', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await adminLanguage(request, lang);
      try {
        // Nothing unread to start with (earlier journeys submitted orders).
        await (await api(request, ADMIN)).post('notifications/read-all');
        await signInAs(page, ADMIN, lang);
        const bell = page.getByTestId('notifications-button');
        await expect(bell).toHaveAttribute('data-live', 'true');
        await expect(bell).toHaveAccessibleName(t(lang, 'Notificaciones', 'Notifications'));

        // The shop submits in its own session; the Admin's page is not reloaded.
        const order = await shopSubmits(request);
        await expect(bell).toHaveAccessibleName(
          t(lang, 'Notificaciones, 1 sin leer', 'Notifications, 1 unread'),
          { timeout: 5000 },
        );
        await bell.click();
        const menu = page.getByTestId('notifications-menu');
        const entry = menu.getByRole('menuitem', { name: new RegExp(order.docum) });
        await expect(entry).toContainText(
          t(
            lang,
            `Nuevo pedido ${order.docum} de Pasitos Boutique`,
            `New order ${order.docum} from Pasitos Boutique`,
          ),
        );
        await expect(entry).toHaveAttribute('href', `/pedido/${order.id}`);
        await expectAccessible(page, 'the open bell');
        await screenshots(page, `notifications-${lang}`);

        await menu
          .getByRole('menuitem', { name: t(lang, 'Marcar todas como leídas', 'Mark all as read') })
          .click();
        await expect(bell).toHaveAccessibleName(t(lang, 'Notificaciones', 'Notifications'));
        await expect(
          menu.getByRole('menuitem', { name: t(lang, 'Marcar todas como leídas', 'Mark all as read') }),
        ).toHaveCount(0);

        // The entry stays, read, and opens its order.
        await entry.click();
        await expect(page).toHaveURL(new RegExp(`/pedido/${order.id}$`));
      } finally {
        await adminLanguage(request, 'es');
      }
    });
  });
}
