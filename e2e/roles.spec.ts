/**
 * Screens that know who is looking (product.md §3, §4): a role typing another role's address gets
 * "no access" (never the screen's controls, never a silent sign-out); a session that ends says why on
 * the login screen; a malformed email is called malformed; a representative opening another
 * client's order reads one message; a malformed or unknown id is "not found"; the Admin has Home in
 * the side menu and a representative's home says a client must be chosen first.
 */
import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  REP,
  SHOP,
  SHOP_B,
  SHOP2,
  t,
} from './support.ts';

const SUR = 'Bebés del Sur';
/** Each demo user's seeded language (journeys change it and put it back). */
const SEEDED: Record<string, Lang> = {
  [ADMIN]: 'es',
  [SHOP]: 'es',
  [SHOP_B]: 'en',
  [SHOP2]: 'es',
  [REP]: 'es',
};

/** A bearer token for a demo user, through the API. */
async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** Stores a demo user's language (the interface follows it after sign-in). */
async function storeLanguage(request: APIRequestContext, email: string, language: Lang) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}` };
  await request.post('/api/setLocale', { headers, data: { locale: language } });
  await request.post('/api/logout', { headers });
}

/** Signs in through the form in the user's stored language `lang`, and waits for the shell. */
async function signIn(page: Page, email: string, lang: Lang) {
  await page.goto('/account/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
  await expect(page).not.toHaveURL(/\/account\/login/);
  await expect(userMenu(page)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

function userMenu(page: Page): Locator {
  return page.getByRole('button', { name: /(menú de usuario|user menu)$/ });
}

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

function sideMenu(page: Page, lang: Lang): Locator {
  return page.getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') });
}

/** The "no access" screen at `path`: said, with the way home, and nothing of the page. */
async function expectNoAccess(page: Page, lang: Lang, path: string) {
  await page.goto(path);
  await expect(
    heading(page, t(lang, 'No tienes acceso a esta página', 'You have no access to this page')),
  ).toBeVisible();
  await expect(page).toHaveTitle(t(lang, 'Sin acceso', 'No access'));
  await expect(
    page.getByRole('link', { name: t(lang, 'Ir al inicio', 'Go to the home page'), exact: true }),
  ).toHaveAttribute('href', '/');
  const main = page.getByRole('main');
  await expect(main.getByRole('switch')).toHaveCount(0);
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  await expect(main.getByRole('searchbox')).toHaveCount(0);
  await expect(main.getByRole('table')).toHaveCount(0);
  await expect(main.getByRole('button')).toHaveCount(0);
  // Still signed in, on the address typed.
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(userMenu(page)).toBeVisible();
}

/** The "not found" screen the shell shows for a malformed id. */
async function expectMalformed(page: Page, lang: Lang, path: string) {
  await page.goto(path);
  await expect(heading(page, t(lang, 'No encontrado', 'Not found'))).toBeVisible();
  await expect(page).toHaveTitle(t(lang, 'No encontrado', 'Not found'));
  await expect(
    page.getByRole('link', { name: t(lang, 'Ir al inicio', 'Go to the home page'), exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByLabel(/^(Cargando|Loading)/)).toHaveCount(0);
}

for (const lang of LANGS) {
  test.describe(`screens that know who is looking (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    /** The shop user whose stored language is the journey's (two users of the same shop). */
    const shop = lang === 'es' ? SHOP : SHOP_B;

    test.beforeAll(async ({ request }) => {
      for (const email of [ADMIN, REP]) await storeLanguage(request, email, lang);
    });
    test.afterAll(async ({ request }) => {
      for (const email of [ADMIN, REP]) await storeLanguage(request, email, SEEDED[email]);
    });

    test('a shop user or a representative typing an admin address gets "no access" and stays signed in', async ({
      page,
    }) => {
      const forbidden: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() === 403) forbidden.push(response.url());
      });

      await signIn(page, shop, lang);
      for (const path of [
        '/modelo/colecciones',
        '/modelo/parametros',
        '/modelo/coleccion/1',
        '/cliente/list',
      ])
        await expectNoAccess(page, lang, path);
      await expectAccessible(page);
      // The way home.
      await page
        .getByRole('link', { name: t(lang, 'Ir al inicio', 'Go to the home page'), exact: true })
        .click();
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();

      await userMenu(page).click();
      await page.getByRole('menuitem', { name: t(lang, 'Cerrar sesión', 'Sign out') }).click();
      await expect(page).toHaveURL(/\/account\/login/);
      await signIn(page, REP, lang);
      for (const path of ['/modelo/colecciones', '/modelo/parametros', '/modelo/parametros-edit/1'])
        await expectNoAccess(page, lang, path);
      // The screens of its role open as before.
      await page.goto('/cliente/list');
      await expect(heading(page, t(lang, 'Clientes', 'Clients'))).toBeVisible();
      expect(forbidden).toEqual([]);
    });

    test('the login screen says why a session ended, and a malformed email is said to be malformed', async ({
      page,
    }) => {
      await signIn(page, shop, lang);
      await page.goto('/pedido/list');
      await expect(heading(page, t(lang, 'Pedidos', 'Orders'))).toBeVisible();

      // The session ends on the server (revoked elsewhere): the next call answers 401.
      const token = await page.evaluate<string | null>("sessionStorage.getItem('token')");
      await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
      await page.reload();
      await expect(page).toHaveURL(/\/account\/login/);
      const reason = page.getByRole('status').filter({
        hasText: t(
          lang,
          'Tu sesión ha terminado. Vuelve a iniciar sesión para continuar.',
          'Your session has ended. Sign in again to continue.',
        ),
      });
      await expect(reason).toBeVisible();
      await expectAccessible(page);

      // A malformed email: said so by the field, and nothing is sent.
      let loginCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/login')) loginCalls++;
      });
      const email = page.getByLabel(/^Email/);
      await email.fill('ana@tienda');
      await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
      await expect(
        page.getByText(t(lang, 'El formato del email no es válido', 'Email format is not valid')),
      ).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toBeFocused();
      await expect(
        page.getByText(t(lang, 'Usuario o contraseña incorrectos', 'Incorrect user or password')),
      ).toHaveCount(0);
      expect(loginCalls).toBe(0);
      await expectAccessible(page);

      // Signing in again goes back to where the session ended; signing out leaves no reason behind.
      await email.fill(shop);
      await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
      await expect(page).toHaveURL(/\/pedido\/list$/);
      await userMenu(page).click();
      await page.getByRole('menuitem', { name: t(lang, 'Cerrar sesión', 'Sign out') }).click();
      await expect(page).toHaveURL(/\/account\/login/);
      await expect(page.getByRole('heading', { name: t(lang, 'Iniciar sesión', 'Sign in') })).toBeVisible();
      await expect(page.getByText(/Tu sesión ha terminado|Your session has ended/)).toHaveCount(0);
    });

    test("a representative opening another client's order reads one message", async ({ page, request }) => {
      // An order of Pasitos Boutique, a client the demo representative does not have.
      const headers = { authorization: `Bearer ${await apiToken(request, SHOP2)}` };
      const list = await request.post('/api/pedidos/list', { headers, data: { tipodoc: 'E', page: 1 } });
      const foreign = ((await list.json()) as { data: { id: number }[] }).data[0]?.id;
      await request.post('/api/logout', { headers });
      expect(foreign).toBeGreaterThan(0);

      await signIn(page, REP, lang);
      // The same order as an invoice is an invoice not found.
      await page.goto(`/facturas/${foreign}`);
      await expect(page.getByRole('alert')).toHaveText(
        t(lang, 'Factura no encontrada.', 'Invoice not found.'),
      );
      await page.goto(`/pedido/${foreign}`);
      await expect(page.getByRole('alert')).toHaveText(t(lang, 'Pedido no encontrado.', 'Order not found.'));
      await expect(page.getByRole('alert')).toHaveCount(1);
      await expect(
        page.getByRole('heading', { name: t(lang, 'Administración del pedido', 'Order administration') }),
      ).toHaveCount(0);
      await expect(page.getByRole('button', { name: t(lang, 'Reintentar', 'Retry') })).toHaveCount(0);
      await expectAccessible(page);
    });

    test('a malformed or unknown id is "not found"', async ({ page }) => {
      await signIn(page, shop, lang);
      for (const path of ['/pedido/abc', '/pedido/0', '/facturas/abc', '/pedido/edit/abc', '/cliente/abc'])
        await expectMalformed(page, lang, path);
      await expectAccessible(page);
      await page.goto('/pedido/999999');
      await expect(page.getByRole('alert')).toHaveText(t(lang, 'Pedido no encontrado.', 'Order not found.'));
      await page.goto('/facturas/999999');
      await expect(page.getByRole('alert')).toHaveText(
        t(lang, 'Factura no encontrada.', 'Invoice not found.'),
      );
      await page.goto('/cliente/999999');
      await expect(page.getByRole('alert')).toContainText(
        t(
          lang,
          'No existe este cliente o no tienes acceso a él.',
          'This client does not exist or you have no access to it.',
        ),
      );

      await userMenu(page).click();
      await page.getByRole('menuitem', { name: t(lang, 'Cerrar sesión', 'Sign out') }).click();
      await signIn(page, ADMIN, lang);
      for (const path of [
        '/modelo/coleccion/abc',
        '/modelo/parametros-edit/abc',
        '/modelo/modeloscoleccion/x',
        '/modelo/grupos-coleccion/abc',
      ])
        await expectMalformed(page, lang, path);
      const gone = t(
        lang,
        'No existe o ya no está disponible.',
        'It does not exist or is no longer available.',
      );
      for (const path of [
        '/modelo/coleccion/999999',
        '/modelo/parametros-edit/999999',
        '/modelo/info/NOPE-0',
        '/modelo/grupos-coleccion/999999',
      ]) {
        await page.goto(path);
        await expect(page.getByText(gone)).toBeVisible();
      }
    });

    test("the Admin has Home in the side menu; a representative's home asks for a client first", async ({
      page,
    }) => {
      await signIn(page, ADMIN, lang);
      await expect(page).toHaveURL(/\/cliente\/list$/);
      const home = sideMenu(page, lang).getByRole('link', { name: t(lang, 'Inicio', 'Home'), exact: true });
      await expect(home).toBeVisible();
      await home.click();
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      await userMenu(page).click();
      await page.getByRole('menuitem', { name: t(lang, 'Cerrar sesión', 'Sign out') }).click();

      await signIn(page, REP, lang);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      const purchases = page.getByRole('region', { name: t(lang, 'Últimas compras', 'Last purchases') });
      await expect(purchases).toContainText(
        t(
          lang,
          'Elige el cliente para el que trabajas y verás aquí sus últimas compras.',
          'Choose the client you are working for to see its last purchases here.',
        ),
      );
      // (While it loads, the collections selector's busy row carries an aria-label axe refuses.)
      await expect(page.getByLabel(t(lang, 'Cargando colecciones', 'Loading collections'))).toHaveCount(0);
      await expectAccessible(page);
      await purchases.getByRole('link', { name: t(lang, 'Elegir cliente', 'Choose a client') }).click();
      await expect(page).toHaveURL(/\/cliente\/list/);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SUR, exact: true }) });
      await row
        .getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') })
        .click();
      await expect(page.getByTestId('client-name')).toHaveText(SUR);
      await sideMenu(page, lang)
        .getByRole('link', { name: t(lang, 'Inicio', 'Home'), exact: true })
        .click();
      await expect(purchases.getByTestId('purchase').first()).toBeVisible();
      await expect(
        purchases.getByRole('link', { name: t(lang, 'Elegir cliente', 'Choose a client') }),
      ).toHaveCount(0);
    });
  });
}

test.describe('the "no access" screen on three screens', () => {
  test('lays out at 1280×800, 768×1024 and 390×844', async ({ page }) => {
    fs.mkdirSync('/tmp/shots', { recursive: true });
    await signIn(page, SHOP, 'es');
    for (const [width, height] of [
      [1280, 800],
      [768, 1024],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await expectNoAccess(page, 'es', '/modelo/colecciones');
      const link = page.getByRole('link', { name: 'Ir al inicio', exact: true });
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await page.screenshot({ path: `/tmp/shots/no-access-${width}x${height}.png` });
    }
  });
});
