/**
 * On a phone (390 × 844): what shops, representatives and clerks trip over.
 * - The amounts listed in the cart menu, the checkout (cart page) and the order detail include each
 *   line's dependent lines (its embroidery surcharge, product.md §5.4), so they add up to the total.
 * - The checkout, the order detail, the orders list and the admin lists (clients, collections,
 *   option groups, models) never scroll sideways, and every row action is on screen and reachable.
 *
 * The shops' carts are shared with other journeys: a journey adds its own lines and never assumes
 * an empty cart (what it checks holds for every line listed).
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { money } from './ordering-helpers.ts';
import { ADMIN, DEMO_PASSWORD, LANGS, type Lang, SHOP_B, SHOP2, signIn, t } from './support.ts';

const PHONE = { width: 390, height: 844 };

/** The page's globals, inside `evaluate` (the e2e project has no DOM typings). */
type Browser = any;

/** The shop user of each run (stored language es, en): two clients, so the runs never share a cart. */
const shopUser = (lang: Lang) => (lang === 'es' ? SHOP2 : SHOP_B);

/** es-ES euros as the app shows them ("1.234,50 €") → cents. */
function cents(text: string | null): number {
  const digits = (text ?? '').replace(/[^\d,]/g, '');
  expect(digits, `an amount in "${text}"`).toMatch(/^\d+,\d{2}$/);
  return Number(digits.replace(',', ''));
}

/** The sum of the amounts shown by `amounts`, cents. */
async function sumOf(amounts: Locator): Promise<number> {
  const texts = await amounts.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  return texts.reduce((sum, text) => sum + cents(text), 0);
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const { document } = globalThis as Browser;
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/**
 * Each element is visible and reachable where it is: once the page is scrolled up or down (never
 * sideways) to bring it to the middle of the screen if needed, it lies inside the viewport and
 * nothing (a scrolling box's edge, another element) covers its centre.
 */
async function expectReachable(elements: Locator, what: string) {
  const count = await elements.count();
  expect(count, `${what}: none found`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const element = elements.nth(i);
    await expect(element).toBeVisible();
    // Retried for a few seconds: a closing menu or dialog fades out over the page for a moment.
    await expect(async () => expectReachableNow(element, what)).toPass({ timeout: 5_000 });
  }
}

/** One look at `element`: inside the viewport and not covered (see expectReachable). */
async function expectReachableNow(element: Locator, what: string) {
  const where = await element.evaluate((el) => {
    const { document, window } = globalThis as Browser;
    const box = el.getBoundingClientRect();
    // The top bar stays over the page: what hides under it is brought down too.
    const header = el.closest('header')
      ? 0
      : (document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
    if (box.top < header || box.bottom > window.innerHeight)
      window.scrollBy({ top: box.top - window.innerHeight / 2, behavior: 'instant' });
    const r = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const control = el.closest('label') ?? el.parentElement ?? el;
    const reached = !!hit && (el.contains(hit) || hit.contains(el) || control.contains(hit));
    return {
      name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
      left: Math.round(r.left),
      right: Math.round(r.right),
      top: Math.round(r.top),
      bottom: Math.round(r.bottom),
      width,
      height: window.innerHeight,
      reached,
    };
  });
  const label = `${what} "${where.name}" at ${where.left}-${where.right} × ${where.top}-${where.bottom}`;
  expect(where.left, label).toBeGreaterThanOrEqual(0);
  expect(where.right, label).toBeLessThanOrEqual(where.width);
  expect(where.top, label).toBeGreaterThanOrEqual(0);
  expect(where.bottom, label).toBeLessThanOrEqual(where.height);
  expect(where.reached, `${label}: covered or clipped`).toBe(true);
}

/** The API with the page's session (the token the app keeps in sessionStorage). */
async function api(page: Page) {
  const token = await page.evaluate(() => (globalThis as Browser).sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => {
      const res = await page.request.get(`/api/${path}`, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return res.json();
    },
    post: async (path: string, data: unknown) => {
      const res = await page.request.post(`/api/${path}`, { headers, data: data as object });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
  };
}

interface Option {
  id: number;
  activado: boolean;
  price: number;
  letters: number;
  embroidery_color: boolean;
  embroidery_position: string;
}
interface Group {
  id: number;
  activado: boolean;
  parametros: Option[];
}
interface Line {
  id: number;
  modelo: { modelo: string };
  unped: number;
  importe: number;
  lineaprimaria: number;
}

const asksForEmbroidery = (o: Option) => o.letters > 0 || o.embroidery_color || o.embroidery_position !== '';

/**
 * Adds a line of `modelo` to the shop's cart through the API (the configurator is not what these
 * journeys look at): a plain option in each group or, with `embroidery`, the priced name embroidery,
 * which the server bills on a dependent line. Answers the line and its dependent lines.
 */
async function addLine(page: Page, modelo: string, cantidad: number, embroidery: boolean) {
  const call = await api(page);
  const model = (await call.get(`modelo/${modelo}`)) as {
    grupos: Group[];
    embroidery_colours: Array<{ id: number }>;
  };
  let bordado: Record<string, unknown> | undefined;
  const parametros_color = model.grupos
    .filter((g) => g.activado && g.parametros.some((o) => o.activado))
    .map((g) => {
      const active = g.parametros.filter((o) => o.activado);
      let option = active.find((o) => !asksForEmbroidery(o)) ?? active[0];
      const priced = active.find((o) => o.letters > 0 && o.price > 0);
      if (embroidery && priced) {
        option = priced;
        bordado = {
          with_custom: 0,
          name: 'Lucía',
          emb_style: 'Embird',
          emb_color: model.embroidery_colours[0]?.id,
          position: priced.embroidery_position.split(',')[0]?.trim() ?? '',
        };
      }
      return { parametros_grupos_id: g.id, parametro: option.id };
    });
  if (embroidery) expect(bordado, `${modelo} offers a priced embroidery`).toBeDefined();
  const cart = (await call.post('pedidos/lineadd', {
    modelo,
    cantidad,
    parametros_color,
    parametros_bordado: bordado,
  })) as { detalle: Line[] };
  const line = cart.detalle.filter((l) => l.lineaprimaria === 0 && l.modelo.modelo === modelo).at(-1);
  if (!line) throw new Error(`the line of ${modelo} is not in the cart`);
  return { line, dependents: cart.detalle.filter((l) => l.lineaprimaria === line.id) };
}

/** Sets a demo user's stored language (the interface follows it after sign-in). */
async function setLanguage(request: APIRequestContext, email: string, language: Lang) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).status()).toBe(200);
  await request.post('/api/logout', { headers });
}

for (const lang of LANGS) {
  test.describe(`on a phone (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US', viewport: PHONE });

    test('cart, checkout and order list each line with its surcharge, adding up to the total; nothing scrolls sideways', async ({
      page,
    }) => {
      await signIn(page, shopUser(lang), lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const embroidered = await addLine(page, 'NDCAP103', 2, true);
      const plain = await addLine(page, 'NDCAP102', 1, false);
      expect(embroidered.dependents.length).toBeGreaterThan(0);
      const surcharges = embroidered.dependents.reduce((sum, d) => sum + Math.round(d.importe * 100), 0);
      const withSurcharge = Math.round(embroidered.line.importe * 100) + surcharges;
      await page.goto('/');

      // The cart menu: each line's amount counts its surcharge; the amounts add up to the total.
      await page.getByTestId('cart-button').click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText(t(lang, 'Carrito', 'Cart'), { exact: true })).toBeVisible();
      const amounts = menu.getByTestId('cart-line-amount');
      await expect(amounts.first()).toBeVisible();
      expect(await sumOf(amounts)).toBe(cents(await menu.getByTestId('cart-total').textContent()));
      const items = menu.getByRole('menuitem').filter({ hasText: 'NDCAP103' });
      await expect(
        items.getByTestId('cart-line-amount').filter({ hasText: money(withSurcharge / 100) }),
      ).not.toHaveCount(0);
      await expect(items.filter({ hasText: t(lang, 'de recargo', 'surcharge') })).not.toHaveCount(0);
      await expectReachable(
        menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }),
        'checkout',
      );
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      // The menu fades out over the checkout's first lines: what it covers is reachable once it is gone.
      await expect(menu).toBeHidden();

      // The checkout: a card per line, nothing off-screen, the amounts add up to the total.
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      const table = page.getByTestId('lines-table');
      const embroideredRow = table.locator('tr', {
        has: page.getByRole('button', {
          name: t(lang, 'Eliminar la línea NDCAP103', 'Remove line NDCAP103'),
        }),
      });
      await expect(embroideredRow.first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      const total = cents(await page.getByTestId('order-total').textContent());
      expect(await sumOf(table.getByTestId('line-amount'))).toBe(total);
      await expect(
        table.getByTestId('line-amount').filter({ hasText: money(withSurcharge / 100) }),
      ).not.toHaveCount(0);
      await expectReachable(
        table.getByRole('button', { name: new RegExp(`^${t(lang, 'Eliminar la línea', 'Remove line')} `) }),
        'remove',
      );
      await expectReachable(table.getByTestId('line-amount'), 'amount');
      await expectReachable(
        page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }),
        'submit',
      );
      await expect(table.locator(`tr[data-line="${plain.line.modelo.modelo}"]`).first()).toBeVisible();

      // Submitted: the order detail lists the same amounts, adding up to its total.
      await page.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
      await expect(page.getByRole('dialog')).toBeHidden();
      const lines = page.getByTestId('lines-table');
      await expect(lines.getByTestId('line-amount').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await sumOf(lines.getByTestId('line-amount'))).toBe(
        cents(await page.getByTestId('order-total').textContent()),
      );
      expect(cents(await page.getByTestId('order-total').textContent())).toBe(total);
      await expect(
        lines.getByTestId('line-amount').filter({ hasText: money(withSurcharge / 100) }),
      ).not.toHaveCount(0);
      await expectReachable(lines.getByTestId('line-amount'), 'amount');
      const docum =
        ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').split(' ').at(-1) ?? '';

      // The orders list: a card per order, its link and total on screen.
      await page.goto('/pedido/list');
      const listed = page.getByTestId('orders-table');
      await expect(listed.getByRole('link', { name: docum, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(listed.getByRole('link', { name: docum, exact: true }), 'order');
      const card = listed.locator('tr', { has: page.getByRole('link', { name: docum, exact: true }) });
      await expect(card).toContainText(money(total / 100));
    });

    test('the admin lists read as cards: no sideways scroll, every row action on screen', async ({
      page,
      request,
    }) => {
      // The interface follows the admin's stored language: set it for this run, put it back after.
      await setLanguage(request, ADMIN, lang);
      try {
        await signIn(page, ADMIN, lang);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);

        // Clients: each card's "act for" button.
        await page.goto('/cliente/list');
        const clients = page.getByRole('button', {
          name: t(lang, 'Actuar como este cliente', 'Act for this client'),
        });
        await expect(clients.first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectReachable(clients, 'act for');
        await expectReachable(page.locator('tbody tr a'), 'client');

        // Collections: the flags and the links to each collection's screens.
        await page.goto('/modelo/colecciones');
        await expect(page.locator('tbody tr a').first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectReachable(page.locator('tbody tr a'), 'collection link');
        // (A switch's checkbox is drawn as its track.)
        await expectReachable(page.locator('tbody tr .mantine-Switch-track'), 'collection flag');

        // Option groups: each edit link.
        await page.goto('/modelo/parametros');
        await expect(page.locator('tbody tr a').first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectReachable(
          page.getByRole('link', { name: new RegExp(`^${t(lang, 'Editar el grupo', 'Edit the group')} `) }),
          'edit group',
        );

        // Models (of the first collection): the edit and read-only links.
        await page.goto('/modelo/colecciones');
        await page
          .getByRole('link', {
            name: new RegExp(`^${t(lang, 'Modelos de la colección', 'Models in the collection')} `),
          })
          .first()
          .click();
        await expect(page).toHaveURL(/\/modelo\/modeloscoleccion\/\d+$/);
        await expect(
          page
            .getByRole('link', { name: new RegExp(`^${t(lang, 'Editar el modelo', 'Edit the model')} `) })
            .first(),
        ).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectReachable(page.locator('tbody tr a'), 'model link');
      } finally {
        await setLanguage(request, ADMIN, 'es');
      }
    });
  });
}
