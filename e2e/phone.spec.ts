/**
 * On a phone (390 × 844): what shops, representatives and clerks trip over.
 * - The amounts listed in the cart menu, the checkout (cart page) and the order detail include each
 *   line's dependent lines (its embroidery surcharge, product.md §5.4), so they add up to the total.
 * - The checkout, the order detail, the orders list and the admin lists (clients, collections,
 *   option groups, models) never scroll sideways, and every row action is on screen and reachable.
 * - So do the tables of the admin's detail screens (a client's users, a collection's models, a
 *   model's option groups, an order's status history and activity log) and the home page's compact
 *   collection table: each row is a card whose values follow their column's name.
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
 * `table` reads as cards: nothing around it scrolls sideways (neither the page nor a box holding a
 * table wider than the phone, whose last columns would lie off screen) and, in every row, the cell
 * of each column of `named` (its header's text) shows that name, then its value. A blank cell shows
 * nothing; each column has a value in some row.
 */
async function expectCards(table: Locator, named: string[]) {
  await expect(table).toBeVisible();
  const problems = await table.evaluate((el, names: string[]) => {
    const { document, getComputedStyle } = globalThis as Browser;
    const found: string[] = [];
    for (let box = el; box; box = box.parentElement) {
      const { overflowX } = getComputedStyle(box);
      if (box.scrollWidth > box.clientWidth + 1 && (overflowX === 'auto' || overflowX === 'scroll'))
        found.push(`a box around the table scrolls sideways: ${box.scrollWidth} > ${box.clientWidth} px`);
    }
    const headers: string[] = [...el.querySelectorAll(':scope > thead th')].map((th: Browser) =>
      th.textContent.trim(),
    );
    for (const name of names) {
      const column = headers.indexOf(name);
      if (column < 0) {
        found.push(`no column "${name}" (${headers.join(' | ')})`);
        continue;
      }
      let values = 0;
      const wrong: string[] = [];
      for (const row of el.querySelectorAll(':scope > tbody > tr')) {
        const cell = row.cells[column];
        const input = cell?.querySelector('input');
        const value = cell?.textContent.trim() || input?.value;
        if (!value) continue;
        values++;
        const label = getComputedStyle(cell, '::before');
        if (!cell.checkVisibility()) wrong.push(`"${value}" is hidden`);
        else if (
          label.content !== JSON.stringify(name) ||
          label.display === 'none' ||
          label.visibility === 'hidden'
        )
          wrong.push(`"${value}" shows ${label.content} before it`);
        else {
          // The name comes first: the value starts after it (to its right, or under it).
          const style = getComputedStyle(cell);
          const box = cell.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(cell);
          const content = range.getBoundingClientRect();
          const start =
            box.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
          const top = box.top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop);
          if (content.left - start < 8 && content.top - top < 8)
            wrong.push(`"${value}" starts where its cell does`);
        }
      }
      if (values === 0) found.push(`no value in the column "${name}"`);
      if (wrong.length)
        found.push(
          `column "${name}", ${wrong.length} of ${values} values not after the name: ${wrong.slice(0, 3).join('; ')}`,
        );
    }
    return found;
  }, named);
  expect(problems, 'the table reads as cards').toEqual([]);
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
      // What is there instead, to say what covers it.
      hit: hit
        ? `${hit.tagName.toLowerCase()}.${hit.className} "${hit.textContent?.trim().slice(0, 40)}"`
        : 'nothing',
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
  expect(where.reached, `${label}: covered or clipped (by ${where.hit})`).toBe(true);
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

/** The id of the client named `nomcome` (asked by an Admin's page). */
async function clientId(page: Page, nomcome: string): Promise<number> {
  const found = (await (await api(page)).get(`cliente?text=${encodeURIComponent(nomcome)}`)) as {
    data: Array<{ id: number; nomcome: string }>;
  };
  const client = found.data.find((c) => c.nomcome === nomcome);
  if (!client) throw new Error(`no client ${nomcome}`);
  return client.id;
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
async function addLine(
  page: Page,
  modelo: string,
  cantidad: number,
  embroidery: boolean,
  /** For an Admin or a representative: the client whose cart it is. */
  cliente_id?: number,
) {
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
    cliente_id,
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
      // The amounts add up to the tax base (the taxes come on top of it).
      const total = cents(await page.getByTestId('order-base').textContent());
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
      // The "submitted" toast lies over the foot of the screen until it closes (a pointer left on it
      // keeps it open): what it covers is checked once it is gone.
      await page.mouse.move(0, 0);
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
      const lines = page.getByTestId('lines-table');
      await expect(lines.getByTestId('line-amount').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await sumOf(lines.getByTestId('line-amount'))).toBe(
        cents(await page.getByTestId('order-base').textContent()),
      );
      expect(cents(await page.getByTestId('order-base').textContent())).toBe(total);
      await expect(
        lines.getByTestId('line-amount').filter({ hasText: money(withSurcharge / 100) }),
      ).not.toHaveCount(0);
      await expectReachable(lines.getByTestId('line-amount'), 'amount');
      const toPay = cents(await page.getByTestId('order-total').textContent());
      const docum =
        ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').split(' ').at(-1) ?? '';

      // The orders list: a card per order, its link and total to pay (taxes included) on screen.
      await page.goto('/pedido/list');
      const listed = page.getByTestId('orders-table');
      await expect(listed.getByRole('link', { name: docum, exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectReachable(listed.getByRole('link', { name: docum, exact: true }), 'order');
      const card = listed.locator('tr', { has: page.getByRole('link', { name: docum, exact: true }) });
      await expect(card).toContainText(money(toPay / 100));
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

    test.describe("the admin's detail screens' tables read as cards", () => {
      // The interface follows the admin's stored language: set it for this run, put it back after.
      test.beforeEach(async ({ page, request }) => {
        await setLanguage(request, ADMIN, lang);
        await signIn(page, ADMIN, lang);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      });
      test.afterEach(async ({ request }) => {
        await setLanguage(request, ADMIN, 'es');
      });

      test("a client's users: each card the name with its edit and delete buttons, then each field named", async ({
        page,
      }) => {
        await page.goto(`/cliente/${await clientId(page, 'Bebés del Sur')}`);
        const users = page.getByRole('table', { name: t(lang, 'Usuarios', 'Users'), exact: true });
        const actions = users.getByRole('button', {
          name: new RegExp(`^(${t(lang, 'Editar a|Eliminar a', 'Edit|Delete')}) `),
        });
        await expect(actions.first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectCards(users, ['Email', t(lang, 'Idioma', 'Language'), t(lang, 'Activo', 'Active')]);
        await expectReachable(actions, 'user action');
      });

      test("a collection's models: each card the picture, the code and its remove button", async ({
        page,
      }) => {
        await page.goto('/modelo/colecciones');
        await page
          .getByRole('link', {
            name: new RegExp(`^${t(lang, 'Editar la colección', 'Edit the collection')} `),
          })
          .first()
          .click();
        await expect(page).toHaveURL(/\/modelo\/coleccion\/\d+$/);
        const members = page.getByRole('table', {
          name: t(lang, 'Modelos de la colección', 'Models in the collection'),
          exact: true,
        });
        const remove = members.getByRole('button', {
          name: new RegExp(`^${t(lang, 'Quitar el modelo', 'Remove the model')} `),
        });
        await expect(remove.first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectCards(members, []);
        await expectReachable(remove, 'remove model');
        await expectReachable(members.getByRole('link'), 'model');
      });

      test("a model's option groups: each card the group with its moves and remove button, then its size named", async ({
        page,
      }) => {
        await page.goto('/modelo/modelocustom/NDCAP103');
        const sections = page.getByRole('table', {
          name: new RegExp(`^${t(lang, 'Grupos de la sección', 'Groups in the section')} `),
        });
        await expect(sections.first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        for (const section of await sections.all()) await expectCards(section, [t(lang, 'Tamaño', 'Size')]);
        await expectReachable(
          sections.getByRole('textbox', {
            name: new RegExp(`^${t(lang, 'Tamaño del grupo', 'Size of the group')} `),
          }),
          'size',
        );
        await expectReachable(
          sections.getByRole('button', {
            name: new RegExp(
              t(
                lang,
                '^(Subir|Bajar|Quitar) el grupo ',
                '^(Move the group .* (up|down)|Remove the group .*)$',
              ),
            ),
          }),
          'group action',
        );
        await expectReachable(sections.getByRole('link'), 'group');
      });

      test("an order's status history and activity log: each event a card, its time, then each column named", async ({
        page,
      }) => {
        // An order of its own: a line, a note and the submission are three entries of its log.
        const client = await clientId(page, 'Mundo Bebé Norte');
        const call = await api(page);
        await addLine(page, 'NDCAP102', 1, false, client);
        const cart = (await call.post('pedidos/cliente', { cliente_id: client })) as { id: number };
        await call.post('pedidos/savenote', {
          pedido_id: cart.id,
          nota_pedido:
            'Entregar por la mañana, de 9 a 13 h, en la puerta trasera del almacén de la calle Mayor.',
        });
        const { pedido } = (await call.post('pedidos/processOrder', { pedido_id: cart.id })) as {
          pedido: { id: number };
        };
        await page.goto(`/pedido/${pedido.id}`);
        const history = page.getByRole('table', {
          name: t(lang, 'Historial de estados', 'Status history'),
          exact: true,
        });
        const audit = page.getByRole('table', {
          name: t(lang, 'Registro de actividad', 'Activity log'),
          exact: true,
        });
        await expect(history).toBeVisible();
        await expect(audit).toBeVisible();
        await expectNoSidewaysScroll(page);
        const who = t(lang, 'Usuario', 'User');
        await expectCards(history, [t(lang, 'Cambio', 'Change'), who]);
        await expectCards(audit, [t(lang, 'Actividad', 'Activity')]);
        await expectReachable(
          page.getByRole('button', { name: new RegExp(`^${t(lang, 'Marcar como', 'Mark as')} `) }),
          'status change',
        );
      });
    });

    test("the home page's compact collection table reads as cards, each model's add button on screen", async ({
      page,
    }) => {
      await signIn(page, shopUser(lang), lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const section = page.getByRole('region', { name: t(lang, 'Colecciones', 'Collections') });
      const collection = t(lang, 'Otoño-Invierno 2026', 'Autumn-Winter 2026');
      // A chip: its label is what the user clicks.
      await section.getByText(collection, { exact: true }).click();
      await expect(section.getByRole('checkbox', { name: collection })).toBeChecked();
      await section.getByRole('switch', { name: t(lang, 'Modo compacto', 'Compact mode') }).check();
      await section.getByRole('checkbox', { name: t(lang, 'SELECCIONAR TODO', 'SELECT ALL') }).check();
      const table = section.getByRole('table');
      const add = table.getByRole('button', {
        name: new RegExp(`^${t(lang, 'Añadir al carrito', 'Add to cart')} `),
      });
      await expect(add.first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectCards(table, [t(lang, 'PVP', 'Retail price')]);
      await expectReachable(add, 'add to cart');
    });
  });
}
