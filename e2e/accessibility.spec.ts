/**
 * Every screen passes axe (support.ts expectAccessible: no serious or critical violation, label in
 * name included), in Spanish and in English: each signed-in screen of the contract's SCREENS table
 * for the roles that open it, with the menus of the top bar and the dialogs a user opens there (the
 * configurator, a new client user), the account screens, and the shop's main screens at phone size
 * (390 × 844) with the side menu open. A screen is checked once its data is in (no busy status, no
 * spinner left), so what axe reads is what a user reads.
 *
 * The shops' carts are shared with other journeys: a shop adds a line of its own so the checkout
 * lists one, and nothing here assumes what else the cart holds.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { cartButton, choose, escapeRegExp, form, surcharged } from './ordering-helpers.ts';
import { ADMIN, DEMO_PASSWORD, expectAccessible, LANGS, type Lang, REP, SHOP, SHOP_B, t } from './support.ts';

const SUR = 'Bebés del Sur';
const PHONE = { width: 390, height: 844 };
/** A model whose configurator asks for an embroidery once its embroidery option is chosen. */
const EMBROIDERED = 'NDCAP103';
/** A model with plain option groups only (the shop's own cart line). */
const PLAIN = 'NDCOM505';

/** The shop user whose stored language is the run's (two users of Bebés del Sur). */
const shopUser = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);

/** Signs in through the form and waits for the shell in the run's language. */
async function signIn(page: Page, email: string, lang: Lang) {
  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
  await expect(page).not.toHaveURL(/\/account\/login/);
  await expect(userMenu(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Stores a demo user's language (the interface follows it after sign-in). */
async function storeLanguage(request: APIRequestContext, email: string, language: Lang) {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  expect((await request.post('/api/setLocale', { headers, data: { locale: language } })).ok()).toBe(true);
  await request.post('/api/logout', { headers });
}

function userMenu(page: Page): Locator {
  return page.getByRole('button', { name: /(menú de usuario|user menu)$/ });
}

/** The screen's data is in: no loading placeholder (a busy status) and no spinner. */
async function loaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

/** Opens `path` (its address must then match `url`, default the path itself) and checks it. */
async function checkScreen(page: Page, path: string, url: RegExp = new RegExp(`${escapeRegExp(path)}$`)) {
  await page.goto(path);
  await expect(page).toHaveURL(url);
  await loaded(page);
  await expectAccessible(page, path);
}

/** The screen the page is on, once loaded. */
async function checkHere(page: Page, where: string) {
  await loaded(page);
  await expectAccessible(page, where);
}

/** Opens a top-bar menu by its button, checks the page with it open (faded in), closes it. */
async function checkMenu(page: Page, button: Locator, where: string) {
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('opacity', '1');
  await expect(menu.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  await expectAccessible(page, where);
  await button.click();
  await expect(menu).toBeHidden();
}

/** The href of a link, as a path. */
async function hrefOf(link: Locator): Promise<string> {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  return href as string;
}

/** The home search, the configurator of an embroidered model with its embroidery fields, checked. */
async function checkSearchAndConfigurator(page: Page, lang: Lang, where: string) {
  await page.goto('/');
  await loaded(page);
  await page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') }).fill(EMBROIDERED);
  const card = page.getByRole('article', { name: new RegExp(`^${EMBROIDERED} `) });
  await expect(card).toBeVisible();
  await loaded(page);
  await expectAccessible(page, `${where}: search results`);

  await card.getByRole('button', { name: `${form.addToCart(lang)} ${EMBROIDERED}` }).click();
  const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
  await expect(dialog.getByRole('form')).toBeVisible();
  await loaded(page);
  // The dialog's header is no second banner: the top bar's is the page's one.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await choose(page, dialog, form.embroideryGroup(lang), surcharged(lang, 'Nombre', 'Name'));
  await expect(dialog.getByTestId('embroidery')).toBeVisible();
  await expectAccessible(page, `${where}: configurator dialog`);
  await dialog.getByRole('button', { name: t(lang, 'Cancelar', 'Cancel'), exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** A line of `modelo` in the signed-in shop's cart, through the API (the first option of each group). */
async function addPlainLine(page: Page, modelo: string) {
  const token = await page.evaluate<string | null>("sessionStorage.getItem('token')");
  const headers = { authorization: `Bearer ${token}` };
  const model = (await (await page.request.get(`/api/modelo/${modelo}`, { headers })).json()) as {
    grupos: { id: number; activado: boolean; parametros: { id: number; activado: boolean }[] }[];
  };
  const parametros_color = model.grupos
    .filter((g) => g.activado && g.parametros.some((o) => o.activado))
    .map((g) => ({ parametros_grupos_id: g.id, parametro: g.parametros.find((o) => o.activado)?.id }));
  const added = await page.request.post('/api/pedidos/lineadd', {
    headers,
    data: { modelo, cantidad: 1, parametros_color },
  });
  expect(added.status(), await added.text()).toBe(200);
}

/** The first document of a list screen (orders or invoices), opened and checked. */
async function checkFirstDocument(page: Page, detail: RegExp, where: string) {
  const link = page.getByTestId('orders-table').locator('tbody').getByRole('link').first();
  await link.click();
  await expect(page).toHaveURL(detail);
  await checkHere(page, where);
}

for (const lang of LANGS) {
  test.describe(`every screen passes axe (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    // Each test walks five to eight screens with axe on each: with the journeys in two shards on
    // two cores (scripts/test.mjs) one took longer than the default 60 s.
    test.describe.configure({ timeout: 120_000 });

    test.beforeAll(async ({ request }) => {
      if (lang === 'en') for (const email of [ADMIN, REP]) await storeLanguage(request, email, 'en');
    });
    test.afterAll(async ({ request }) => {
      if (lang === 'en') for (const email of [ADMIN, REP]) await storeLanguage(request, email, 'es');
    });

    test('account screens: login, forgot password, password reset', async ({ page }) => {
      await page.goto('/account/login');
      await expect(page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') })).toBeVisible();
      await expectAccessible(page, 'login');
      await page.goto('/account/forgot-password');
      await expect(page.getByRole('textbox', { name: /^Email/ })).toBeVisible();
      await expectAccessible(page, 'forgot password');
      await page.goto('/account/password-reset/token?email=ana%40nido.test');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, 'password reset');
    });

    test('shop: home, search, configurator, gallery, user and notifications menus', async ({ page }) => {
      await signIn(page, shopUser(lang), lang);
      await checkHere(page, 'home');
      await checkMenu(page, userMenu(page), 'user menu');
      await checkMenu(
        page,
        page.getByRole('button', { name: t(lang, 'Notificaciones', 'Notifications') }),
        'notifications menu',
      );
      await checkSearchAndConfigurator(page, lang, 'home');

      await checkScreen(page, '/galery');
      const collection = page.getByRole('main').getByRole('button', {
        name: new RegExp(`^${t(lang, 'Otoño-Invierno 2026', 'Autumn-Winter 2026')}`),
      });
      await collection.click();
      await expect(page).toHaveURL(/\/galery\?coleccion=\d+$/);
      await expect(page.getByRole('article').first()).toBeVisible();
      await checkHere(page, 'gallery: a collection');
    });

    test('shop: cart menu, checkout, orders, invoices, profile, company', async ({ page }) => {
      await signIn(page, shopUser(lang), lang);
      await addPlainLine(page, PLAIN);
      await page.reload();
      await loaded(page);
      await checkMenu(page, cartButton(page, lang), 'cart menu');

      // The checkout's address names the client: the shop's own client screen is /cliente/<that id>.
      await cartButton(page, lang).click();
      const checkout = page.getByRole('menu').locator('a[href^="/pedido/edit/"]').first();
      const editPath = await hrefOf(checkout);
      await checkout.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(editPath)}$`));
      await expect(page.getByRole('row').filter({ hasText: PLAIN }).first()).toBeVisible();
      await checkHere(page, 'checkout');
      const clienteId = /\/(\d+)$/.exec(editPath)?.[1];

      await checkScreen(page, '/pedido/list');
      await checkFirstDocument(page, /\/pedido\/\d+$/, 'order detail');
      // An invoice's own screen is checked where one is made: delivery.spec.ts (the Admin invoices).
      await checkScreen(page, '/facturas/list');
      await checkScreen(page, '/users/profile');
      await checkScreen(page, '/cliente/companyInfo');
      await checkScreen(page, `/cliente/${clienteId}`);
    });

    test('shop: quick order with its review and a row to configure; order again', async ({ page }) => {
      await signIn(page, shopUser(lang), lang);
      await checkScreen(page, '/pedido/rapido');
      await page
        .getByRole('textbox', { name: t(lang, 'Líneas (código y cantidad)', 'Lines (code and quantity)') })
        .fill('NDCAP102 1 TJ01 AC01\nNOPE999 2\nNDCAP102 2');
      await page.getByRole('button', { name: t(lang, 'Comprobar líneas', 'Check lines') }).click();
      await expect(page.getByTestId('quick-row')).toHaveCount(3);
      await checkHere(page, 'quick order review');
      await page
        .getByRole('button', {
          name: t(lang, 'Elegir las opciones de la línea 3', 'Choose the options of line 3'),
        })
        .click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'Elige las opciones', 'Choose the options') });
      await expect(dialog.getByRole('form')).toBeVisible();
      await loaded(page);
      await expectAccessible(page, 'quick order: a row in the configurator');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await checkScreen(page, '/pedido/list');
      await page.getByTestId('orders-table').locator('tbody').getByRole('link').first().click();
      await expect(page).toHaveURL(/\/pedido\/\d+$/);
      await page.getByRole('button', { name: t(lang, 'Volver a pedir', 'Order again') }).click();
      const reorder = page.getByRole('dialog');
      await expect(reorder.getByTestId('reorder-line').first()).toBeVisible();
      await loaded(page);
      await expectAccessible(page, 'order again dialog');
    });

    test('admin: clients, a client with its users, a new user, pending orders', async ({ page }) => {
      await signIn(page, ADMIN, lang);
      await expect(page).toHaveURL(/\/cliente\/list$/);
      await checkHere(page, 'clients');
      await checkMenu(page, page.getByTestId('pending-orders'), 'pending orders menu');

      await page.getByRole('main').getByRole('link', { name: SUR, exact: true }).click();
      await expect(page).toHaveURL(/\/cliente\/\d+$/);
      await expect(page.getByRole('table', { name: t(lang, 'Usuarios', 'Users') })).toBeVisible();
      await checkHere(page, 'client detail and users');
      await page.getByRole('button', { name: t(lang, 'Añadir usuario', 'Add user') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('textbox').first()).toBeVisible();
      await expectAccessible(page, 'new client user dialog');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('admin: collections, a collection, its models and groups', async ({ page }) => {
      await signIn(page, ADMIN, lang);
      await checkScreen(page, '/modelo/colecciones');
      const name = t(lang, 'Otoño-Invierno 2026', 'Autumn-Winter 2026');
      const edit = await hrefOf(page.getByRole('main').getByRole('link', { name, exact: true }));
      const id = /\/(\d+)$/.exec(edit)?.[1];
      expect(id).toBeTruthy();
      await checkScreen(page, `/modelo/coleccion/${id}`);
      await checkScreen(page, `/modelo/modeloscoleccion/${id}`);
      await checkScreen(page, `/modelo/grupos-coleccion/${id}`);
      await checkScreen(page, '/modelo/coleccion/0');
    });

    test('admin: option groups, a group, models without collection, a model', async ({ page }) => {
      await signIn(page, ADMIN, lang);
      await checkScreen(page, '/modelo/parametros');
      const group = await hrefOf(page.getByRole('main').getByRole('table').getByRole('link').first());
      await checkScreen(page, group);
      await checkScreen(page, '/modelo/parametros-edit/0');
      await checkScreen(page, '/modelo/sincoleccion');
      await checkScreen(page, `/modelo/info/${EMBROIDERED}`);
      await checkScreen(page, `/modelo/modelocustom/${EMBROIDERED}`);
      await checkScreen(page, '/mail/failed');
      await checkScreen(page, '/tarifas');
    });

    test('admin: the missing-translation report', async ({ page }) => {
      await signIn(page, ADMIN, lang);
      // The demo's texts all have their English: the report's empty state (e2e/translations.spec.ts
      // checks it with a text to fix).
      await checkScreen(page, '/modelo/traducciones');
    });

    test('representative: home, clients, acting for a client, orders', async ({ page }) => {
      await signIn(page, REP, lang);
      await checkHere(page, 'home without a client');
      await checkScreen(page, '/cliente/list');
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SUR, exact: true }) });
      await row
        .getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') })
        .click();
      await expect(page.getByTestId('client-name')).toHaveText(SUR);
      await checkHere(page, 'clients, acting for a client');
      await row.getByRole('link', { name: SUR, exact: true }).click();
      await expect(page).toHaveURL(/\/cliente\/\d+$/);
      await checkHere(page, 'client detail');
      await checkScreen(page, '/');
      await checkScreen(page, '/pedido/list');
    });

    test('phone: the shop screens and the side menu', async ({ page }) => {
      await page.setViewportSize(PHONE);
      await signIn(page, shopUser(lang), lang);
      await checkHere(page, 'home (phone)');
      await page.getByRole('button', { name: t(lang, 'Abrir menú', 'Open menu') }).click();
      const nav = page.getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') });
      await expect(nav.getByRole('link').first()).toBeVisible();
      await expectAccessible(page, 'side menu (phone)');
      await page.getByRole('button', { name: t(lang, 'Cerrar menú', 'Close menu') }).click();
      await expect(page.getByRole('button', { name: t(lang, 'Abrir menú', 'Open menu') })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await checkMenu(page, userMenu(page), 'user menu (phone)');
      await checkMenu(page, cartButton(page, lang), 'cart menu (phone)');
      await checkSearchAndConfigurator(page, lang, 'home (phone)');
    });

    test('phone: checkout, orders, invoices, profile', async ({ page }) => {
      await page.setViewportSize(PHONE);
      await signIn(page, shopUser(lang), lang);
      await cartButton(page, lang).click();
      const checkout = page.getByRole('menu').locator('a[href^="/pedido/edit/"]').first();
      await checkScreen(page, await hrefOf(checkout));
      await checkScreen(page, '/pedido/list');
      await checkFirstDocument(page, /\/pedido\/\d+$/, 'order detail (phone)');
      await checkScreen(page, '/facturas/list');
      await checkScreen(page, '/galery');
      await checkScreen(page, '/users/profile');
    });
  });
}
