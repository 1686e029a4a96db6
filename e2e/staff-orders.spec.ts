/**
 * Staff ordering for a client that has no user (issue 28): home addresses the client; the
 * submission says, once, who its confirmation was mailed to (the client's own email, a copy to the
 * Admin); invoicing the pending order processes it, marks it invoiced on its page and in the list,
 * and its activity log reads as sentences.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi } from './ordering-helpers.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  outboxMails,
  screenshots,
  t,
} from './support.ts';

interface Option {
  id: number;
  activado: boolean;
  letters: number;
  embroidery_color: boolean;
  embroidery_position: string;
}
interface Group {
  id: number;
  activado: boolean;
  parametros: Option[];
}

/** Stores the Admin's language (the interface follows it after sign-in). */
async function storeLanguage(request: APIRequestContext, language: Lang) {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).ok()).toBe(true);
  await request.post('/api/logout', { headers });
}

/** A line of NDCAP102 in the client's cart, a plain option in each group, through the Admin's API. */
async function addLine(request: APIRequestContext, clienteId: number): Promise<number> {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const model = (await (await request.get('/api/modelo/NDCAP102', { headers })).json()) as {
    grupos: Group[];
  };
  const parametros_color = model.grupos
    .filter((g) => g.activado && g.parametros.some((o) => o.activado))
    .map((g) => {
      const active = g.parametros.filter((o) => o.activado);
      const plain = active.find((o) => !o.letters && !o.embroidery_color && !o.embroidery_position);
      return { parametros_grupos_id: g.id, parametro: (plain ?? active[0]).id };
    });
  const res = await request.post('/api/pedidos/lineadd', {
    headers,
    data: { cliente_id: clienteId, modelo: 'NDCAP102', cantidad: 2, parametros_color },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

async function actFor(page: Page, lang: Lang, nomcome: string) {
  await page.goto('/cliente/list');
  await page.getByRole('searchbox', { name: t(lang, 'Buscar clientes', 'Search clients') }).fill(nomcome);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: nomcome, exact: true }) });
  await row.getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') }).click();
  await expect(page.getByTestId('client-name')).toHaveText(nomcome);
}

for (const lang of LANGS) {
  test.describe(`staff ordering for a client without users (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    test.beforeAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, 'en');
    });
    test.afterAll(async ({ request }) => {
      if (lang === 'en') await storeLanguage(request, 'es');
    });

    test('submits, says who was mailed, invoices, and the log reads as sentences', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const stamp = `${lang}${Date.now() % 1_000_000}`;
      const nomcome = `Sin usuarios ${stamp}`;
      const email = `tienda.${stamp}@nido.test`;
      const client = (await api('POST', 'cliente', { nomcome })).data as { id: number };
      await api('PUT', `cliente/${client.id}`, { nomcome, email });

      await page.goto('/account/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN);
      await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await actFor(page, lang, nomcome);

      // Home speaks of the client, not of the Admin.
      await page.goto('/');
      await expect(
        page.getByText(
          t(lang, 'Este cliente todavía no tiene compras.', 'This client has no purchases yet.'),
        ),
      ).toBeVisible();
      await expect(
        page.getByText(t(lang, 'Todavía no tienes compras.', 'You have no purchases yet.')),
      ).toHaveCount(0);
      await screenshots(page, `home-client-no-purchases-${lang}`);

      // The cart, submitted from its page.
      const cartId = await addLine(request, client.id);
      await page.goto(`/pedido/edit/${cartId}`);
      await page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      await page
        .getByRole('dialog', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();
      await expect(page).toHaveURL(/\/pedido\/\d+$/);

      // One confirmation, naming who was mailed; no toast saying it again.
      const mailed = t(
        lang,
        `Confirmación enviada a ${email}; una copia para ti.`,
        `Confirmation sent to ${email}; a copy to you.`,
      );
      const banner = page.getByRole('status').filter({ hasText: mailed });
      await expect(banner).toBeVisible();
      await expect(page.getByText(new RegExp(t(lang, 'se ha enviado', 'has been submitted')))).toHaveCount(1);
      const heading = page.getByRole('heading', { level: 1 });
      const docum = ((await heading.textContent()) ?? '').split(' ').at(-1) ?? '';
      await expect(banner).toContainText(docum);
      await expect(
        page.getByText(t(lang, `Pedido ${docum} enviado`, `Order ${docum} submitted`)),
      ).toHaveCount(0);
      await expect
        .poll(() =>
          outboxMails()
            .filter((m) => m.includes(docum))
            .map((m) => m.match(/^To: (.*?)\r?$/m)?.[1]),
        )
        .toEqual(expect.arrayContaining([email, ADMIN]));
      await screenshots(page, `order-submitted-${lang}`);

      // Invoicing the pending order processes it: its page says so, with the invoice.
      const panel = page.getByRole('region', {
        name: t(lang, 'Administración del pedido', 'Order administration'),
      });
      await page.getByRole('button', { name: t(lang, 'Facturar pedido', 'Invoice order') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Facturar pedido', 'Invoice order') })
        .click();
      const mark = page.getByTestId('invoiced-mark').first();
      await expect(mark).toHaveText(new RegExp(`^${t(lang, 'Facturado', 'Invoiced')} F\\d{4}-\\d{6}$`));
      const numero = ((await mark.textContent()) ?? '').split(' ').at(-1) ?? '';
      await expect(page.getByRole('link', { name: new RegExp(numero) })).toHaveAttribute(
        'href',
        /\/facturas\/\d+$/,
      );
      await expect(panel.getByText(t(lang, 'Procesado', 'Processed')).first()).toBeVisible();
      await expect(
        panel.getByRole('button', { name: t(lang, 'Marcar como procesado', 'Mark as processed') }),
      ).toHaveCount(0);

      // One status history, and the log in sentences.
      await expect(
        page.getByRole('heading', { name: t(lang, 'Historial de estados', 'Status history'), exact: true }),
      ).toHaveCount(1);
      const log = panel.getByRole('table', { name: t(lang, 'Registro de actividad', 'Activity log') });
      const who = t(lang, 'Ana Admin (Administrador)', 'Ana Admin (Administrator)');
      await expect(log).toContainText(
        t(lang, `${who} añadió 2 unidades de NDCAP102`, `${who} added 2 units of NDCAP102`),
      );
      await expect(log).toContainText(
        t(lang, `${who} envió el pedido ${docum}`, `${who} submitted order ${docum}`),
      );
      await expect(log).toContainText(
        t(
          lang,
          `${who} facturó el pedido (${numero}), que pasó de Pendiente a Procesado`,
          `${who} invoiced the order (${numero}), moving it from Pending to Processed`,
        ),
      );
      await expect(log).not.toContainText('pedido.');
      await expectAccessible(page);
      await screenshots(page, `order-invoiced-${lang}`);

      // The orders list: Processed, with the invoice's mark.
      await page.goto('/pedido/list');
      await page.getByRole('searchbox', { name: t(lang, 'Buscar', 'Search') }).fill(docum);
      const row = page.getByRole('row').filter({ hasText: docum });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(t(lang, 'Procesado', 'Processed'));
      await expect(row.getByTestId('invoiced-mark')).toHaveText(
        `${t(lang, 'Facturado', 'Invoiced')} ${numero}`,
      );
      await expectAccessible(page);
      await screenshots(page, `orders-list-invoiced-${lang}`);
    });
  });
}
