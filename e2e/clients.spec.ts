/**
 * Clients, client users and admin operations (product.md §4.7): the admin acts for a client and adds a
 * line that the client then sees in its own cart; a newly submitted order shows in the admin's
 * pending-orders menu within one poll; an admin creates, edits and deletes a client user, who can
 * sign in (and, once deleted, cannot).
 */

import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expectAccessible, LANGS, type Lang, REP, SHOP, SHOP2, t } from './support.ts';

const SUR = 'Bebés del Sur';
const CIGUENA = 'La Cigüeña Azul';
/** Short poll for the journeys (read once by the app at start from this localStorage key). */
const POLL_MS = 2000;
/** Runs in the page before the app starts (a string: the e2e project has no DOM typings). */
const POLL_SCRIPT = `localStorage.setItem('nido.pendingPollMs', '${POLL_MS}')`;

/**
 * Signs in through the login form. (support.ts signIn matches the password label exactly, which
 * misses the form's required-field asterisk; a label that starts with the word matches both.)
 */
async function signIn(page: Page, email: string, lang: Lang = 'es', password = DEMO_PASSWORD) {
  await page.goto('/account/login');
  await fillLogin(page, email, lang, password);
  await expect(page).not.toHaveURL(/\/account\/login/);
  await useLanguage(page, lang);
}

/**
 * After login the interface follows the user's stored language; switch it (user menu) when the
 * journey's language differs. The choice is saved on the server: restoreLanguage puts it back.
 */
async function useLanguage(page: Page, lang: Lang) {
  const html = page.locator('html');
  await expect(page.getByRole('button', { name: /(menú de usuario|user menu)$/ })).toBeVisible();
  if ((await html.getAttribute('lang')) === lang) return;
  await page.getByRole('button', { name: /(menú de usuario|user menu)$/ }).click();
  await page.getByRole('menuitem', { name: lang === 'es' ? 'Español' : 'English' }).click();
  await expect(html).toHaveAttribute('lang', lang);
}

/** Puts a demo user's stored language back (so later journeys start from the seeded state). */
async function restoreLanguage(request: APIRequestContext, email: string, language: Lang = 'es') {
  const login = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  await request.post('/api/setLocale', { headers, data: { locale: language } });
  await request.post('/api/logout', { headers });
}

async function fillLogin(page: Page, email: string, lang: Lang, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(lang === 'es' ? /^Contraseña/ : /^Password/).fill(password);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
}

/** A model with two plain option groups (Fabric, Trim) in the visible collections. */
const MODELO = 'NDCOM505';
const MODELO_GROUPS = { es: [/^Tejido/, /^Acabado/], en: [/^Fabric/, /^Trim/] };

/** Home: search the model, open 'Add to cart', choose the first option of each group, add. */
async function addLineFromHome(page: Page, lang: Lang) {
  await page.goto('/');
  await page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') }).fill(MODELO);
  await page
    .getByRole('button', { name: `${t(lang, 'Añadir al carrito', 'Add to cart')} ${MODELO}` })
    .click();
  const dialog = page.getByRole('dialog', { name: t(lang, 'Añadir al carrito', 'Add to cart') });
  for (const group of MODELO_GROUPS[lang]) {
    await dialog.getByRole('textbox', { name: group }).click();
    await page.getByRole('option').first().click();
  }
  await dialog.getByRole('button', { name: t(lang, 'Añadir', 'Add'), exact: true }).click();
  await expect(
    page.getByText(t(lang, 'Línea añadida al carrito', 'Line added correctly')).first(),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The line count the top-bar cart button announces ("Carrito, 3 líneas, 5 unidades"). */
async function cartCount(page: Page): Promise<number> {
  const button = page.getByTestId('cart-button');
  await expect(button).toHaveAttribute('aria-label', /\d/);
  const label = (await button.getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? Number.NaN);
}

/** The count on the pending-orders button of the top bar. */
async function pendingCount(page: Page): Promise<number> {
  const button = page.getByTestId('pending-orders');
  await expect(button).toBeVisible();
  return Number((await button.textContent())?.trim());
}

async function newPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
  return context.newPage();
}

/** The admin lands on the client list; a search narrows it to one client's row. */
async function findClientRow(page: Page, lang: Lang, nomcome: string) {
  await page.goto('/cliente/list');
  await page.getByRole('searchbox', { name: t(lang, 'Buscar clientes', 'Search clients') }).fill(nomcome);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: nomcome, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
  return row;
}

for (const lang of LANGS) {
  test.describe(`clients (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    test.afterAll(async ({ request }) => {
      if (lang === 'en') for (const email of [ADMIN, SHOP, SHOP2]) await restoreLanguage(request, email);
    });

    test('the admin acts for a client and adds a line that the client sees in its own cart', async ({
      page,
      browser,
    }) => {
      // The client's user first: how many lines its cart holds now (earlier journeys may have added some).
      const shop = await newPage(browser, lang);
      await signIn(shop, SHOP, lang);
      const before = await cartCount(shop);

      await signIn(page, ADMIN, lang);
      const row = await findClientRow(page, lang, SUR);
      await expectAccessible(page);
      await row
        .getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') })
        .click();
      await expect(page.getByTestId('client-name')).toHaveText(SUR);
      await expect(row).toContainText(t(lang, 'Actuando como este cliente', 'Acting for this client'));
      await expect(page.getByRole('status').filter({ hasText: SUR }).first()).toBeVisible();

      // Home: the line goes to the chosen client's cart.
      await addLineFromHome(page, lang);
      await expect(page.getByTestId('client-name')).toHaveText(SUR);
      expect(await cartCount(page)).toBe(before + 1);

      // The client's user sees it in its own cart.
      await shop.reload();
      await expect.poll(() => cartCount(shop)).toBe(before + 1);
      await shop.getByTestId('cart-button').click();
      await expect(shop.getByTestId('cart-dropdown')).toContainText(MODELO);
      await shop.context().close();

      // The admin stops acting for the client: the top bar no longer names it.
      await page.goto('/cliente/list');
      await page
        .getByRole('button', {
          name: t(lang, 'Dejar de actuar como este cliente', 'Stop acting for this client'),
        })
        .first()
        .click();
      await expect(page.getByTestId('client-name')).not.toHaveText(SUR);
      await expect(
        page
          .getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') })
          .first(),
      ).toBeVisible();
    });

    test('a newly submitted order shows in the admin pending menu within one poll', async ({
      page,
      browser,
    }) => {
      await page.addInitScript(POLL_SCRIPT);
      await signIn(page, ADMIN, lang);
      const before = await pendingCount(page);

      // A shop submits an order in another browser.
      const shop = await newPage(browser, lang);
      await signIn(shop, SHOP2, lang);
      await addLineFromHome(shop, lang);
      await shop.getByTestId('cart-button').click();
      await shop.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await shop.getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') }).click();
      await shop
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'Enviar pedido', 'Submit order') })
        .click();
      await expect(shop).toHaveURL(/\/pedido\/\d+$/);
      const pedidoId = Number(/\/pedido\/(\d+)$/.exec(shop.url())?.[1]);
      const title = shop.getByRole('heading', {
        level: 1,
        name: lang === 'es' ? /^Pedido \S+$/ : /^Order \S+$/,
      });
      await expect(title).toBeVisible();
      const docum = ((await title.textContent()) ?? '').replace(/^\S+\s+/, '');
      expect(docum).not.toBe('');
      await shop.context().close();

      // Without any reload, the next poll brings it to the admin's top bar.
      await expect(page.getByTestId('pending-orders')).toHaveText(String(before + 1), {
        timeout: POLL_MS * 3,
      });
      await page.getByTestId('pending-orders').click();
      const entry = page.getByRole('menuitem', { name: docum });
      await expect(entry).toContainText('Pasitos Boutique');
      await expectAccessible(page);
      await entry.click();
      await expect(page).toHaveURL(new RegExp(`/pedido/${pedidoId}$`));

      // The admin's view of the order: status, who submitted it, and the change to Processed.
      const panel = page.getByRole('region', {
        name: t(lang, 'Administración del pedido', 'Order administration'),
      });
      await expect(panel).toContainText(t(lang, 'Pendiente', 'Pending'));
      await expect(
        panel.getByRole('table', { name: t(lang, 'Registro de actividad', 'Activity log') }),
      ).toContainText(t(lang, `envió el pedido ${docum}`, `submitted order ${docum}`));
      await panel
        .getByRole('button', { name: t(lang, 'Marcar como procesado', 'Mark as processed') })
        .click();
      const confirm = page.getByRole('dialog', {
        name: t(lang, 'Cambiar el estado del pedido', 'Change the order status'),
      });
      await confirm
        .getByRole('button', { name: t(lang, 'Cambiar a Procesado', 'Change to Processed') })
        .click();
      await expect(
        page.getByText(t(lang, 'El pedido ahora está Procesado.', 'The order is now Processed.')),
      ).toBeVisible();
      const history = panel.getByRole('table', { name: t(lang, 'Historial de estados', 'Status history') });
      await expect(history.getByRole('row').last()).toContainText('Ana Admin');
      await expect(history.getByRole('row').last()).toContainText(t(lang, 'Procesado', 'Processed'));
      await expect(
        panel.getByRole('button', { name: t(lang, 'Marcar como comprado', 'Mark as bought') }),
      ).toBeVisible();
      await expect(page.getByTestId('pending-orders')).toHaveText(String(before));
      await expectAccessible(page);
    });

    test('an admin creates, edits and deletes a client user, who signs in meanwhile', async ({
      page,
      browser,
    }) => {
      const stamp = `${lang}${Date.now()}`;
      const email = `e2e.user.${stamp}@nido.test`;
      const name = `Usuario ${stamp}`;
      const renamed = `Renamed ${stamp}`;

      await signIn(page, ADMIN, lang);
      await expect(page).toHaveURL(/\/cliente\/list$/);
      const row = await findClientRow(page, lang, CIGUENA);
      await row.getByRole('link', { name: CIGUENA }).click();
      await expect(page.getByRole('heading', { level: 1, name: CIGUENA })).toBeVisible();
      const users = page.getByRole('table', { name: t(lang, 'Usuarios', 'Users') });
      await expect(users).toBeVisible();

      // Create: a mismatch is shown under its field and nothing is sent.
      await page.getByRole('button', { name: t(lang, 'Añadir usuario', 'Add user') }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'Nuevo usuario', 'New user') });
      await dialog.getByLabel(lang === 'es' ? /^Nombre/ : /^Name/).fill(name);
      await dialog.getByLabel(/^Email/).fill(email);
      await dialog.getByLabel(lang === 'es' ? /^Contraseña/ : /^Password/).fill('cuna-roja-21');
      await dialog.getByLabel(lang === 'es' ? /^Repite la contraseña/ : /^Confirm password/).fill('secret2');
      await dialog.getByRole('button', { name: t(lang, 'Crear usuario', 'Create user') }).click();
      await expect(
        dialog.getByText(t(lang, 'Las contraseñas no coinciden', 'Passwords do not match')),
      ).toBeVisible();
      // An email already in use comes back from the server as a field error.
      await dialog.getByLabel(/^Email/).fill(SHOP);
      await dialog
        .getByLabel(lang === 'es' ? /^Repite la contraseña/ : /^Confirm password/)
        .fill('cuna-roja-21');
      await dialog.getByRole('button', { name: t(lang, 'Crear usuario', 'Create user') }).click();
      await expect(
        dialog.getByText(t(lang, 'Ese email ya está en uso', 'The email has already been taken')),
      ).toBeVisible();
      await dialog.getByLabel(/^Email/).fill(email);
      await dialog.getByLabel(t(lang, 'Idioma', 'Language')).selectOption(lang);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: t(lang, 'Crear usuario', 'Create user') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t(lang, `Usuario ${name} creado.`, `User ${name} created.`))).toBeVisible();
      const userRow = users.getByRole('row').filter({ hasText: email });
      await expect(userRow).toContainText(name);
      await expect(userRow).toContainText(t(lang, 'Activo', 'Active'));

      // The new user signs in and works for its client.
      const other = await newPage(browser, lang);
      await signIn(other, email, lang, 'cuna-roja-21');
      await expect(other.getByTestId('client-name')).toHaveText(CIGUENA);
      await other.goto('/cliente/companyInfo');
      await expect(other.getByRole('heading', { level: 2, name: CIGUENA })).toBeVisible();
      await expect(
        other.getByRole('list', { name: t(lang, 'Usuarios de la empresa', 'Company users') }),
      ).toContainText(name);

      // Edit: new name and password; the old password stops working.
      await page.getByRole('button', { name: t(lang, `Editar a ${name}`, `Edit ${name}`) }).click();
      const editDialog = page.getByRole('dialog', { name: t(lang, 'Editar usuario', 'Edit user') });
      await expect(editDialog.getByLabel(/^Email/)).toHaveValue(email);
      await editDialog.getByLabel(lang === 'es' ? /^Nombre/ : /^Name/).fill(renamed);
      await editDialog.getByLabel(t(lang, 'Nueva contraseña', 'New password')).fill('changed1');
      await editDialog
        .getByLabel(lang === 'es' ? /^Repite la contraseña/ : /^Confirm password/)
        .fill('changed1');
      await editDialog.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(editDialog).toBeHidden();
      await expect(
        page.getByText(t(lang, `Usuario ${renamed} actualizado.`, `User ${renamed} updated.`)),
      ).toBeVisible();
      await expect(users.getByRole('row').filter({ hasText: email })).toContainText(renamed);

      // Changing the password ended the open session: the next call sends the user to login.
      await other.goto('/cliente/companyInfo');
      await expect(other).toHaveURL(/\/account\/login/);
      await signIn(other, email, lang, 'changed1');
      await expect(other.getByTestId('client-name')).toHaveText(CIGUENA);
      await other.context().close();

      // Delete, after a confirmation.
      await page.getByRole('button', { name: t(lang, `Eliminar a ${renamed}`, `Delete ${renamed}`) }).click();
      const confirm = page.getByRole('dialog', { name: t(lang, 'Eliminar usuario', 'Delete user') });
      await expect(confirm).toContainText(email);
      await confirm.getByRole('button', { name: t(lang, 'Eliminar', 'Delete') }).click();
      await expect(
        page.getByText(t(lang, `Usuario ${renamed} eliminado.`, `User ${renamed} deleted.`)),
      ).toBeVisible();
      await expect(users.getByRole('row').filter({ hasText: email })).toHaveCount(0);

      // The deleted user cannot sign in any more.
      const gone = await newPage(browser, lang);
      await gone.goto('/account/login');
      await fillLogin(gone, email, lang, 'changed1');
      await expect(
        gone.getByText(t(lang, 'Usuario o contraseña incorrectos', 'Incorrect user or password')),
      ).toBeVisible();
      await gone.context().close();
    });

    test('an admin edits a client; errors show under their field', async ({ page }) => {
      await signIn(page, ADMIN, lang);
      const row = await findClientRow(page, lang, CIGUENA);
      await row.getByRole('link', { name: CIGUENA }).click();
      const form = page.getByRole('form', { name: t(lang, 'Datos del cliente', 'Client details') });
      const phone = form.getByLabel(t(lang, 'Teléfono', 'Phone'));
      const nomcome = form.getByLabel(lang === 'es' ? /^Nombre comercial/ : /^Trade name/);
      await nomcome.fill('');
      await form.getByLabel('Email').fill('not-an-email');
      await form.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(
        form.getByText(t(lang, 'El nombre comercial es obligatorio', 'The trade name is required')),
      ).toBeVisible();
      await expect(
        form.getByText(t(lang, 'El formato del email no es válido', 'Email format is not valid')),
      ).toBeVisible();
      await expect(nomcome).toHaveAttribute('aria-invalid', 'true');

      const newPhone = `600 ${String(Date.now()).slice(-6)}`;
      await nomcome.fill(CIGUENA);
      await form.getByLabel('Email').fill('tienda@laciguenaazul.es'); // the seeded address
      await phone.fill(newPhone);
      await form.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(form.getByRole('status')).toContainText(
        t(lang, `Se han guardado los datos de ${CIGUENA}.`, `${CIGUENA}'s details were saved.`),
      );
      await page.reload();
      await expect(form.getByLabel(t(lang, 'Teléfono', 'Phone'))).toHaveValue(newPhone);
      await expectAccessible(page);
    });

    for (const phone of [false, true]) {
      test(`an admin creates a client from the list${phone ? ' on a phone' : ''}; errors show under their field`, async ({
        page,
      }) => {
        if (phone) await page.setViewportSize({ width: 375, height: 812 });
        await signIn(page, ADMIN, lang);
        await page.goto('/cliente/list');
        await page.getByRole('button', { name: t(lang, 'Nuevo cliente', 'New client') }).click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'Nuevo cliente', 'New client') });
        const form = dialog.getByRole('form', { name: t(lang, 'Nuevo cliente', 'New client') });
        const nomcome = form.getByLabel(lang === 'es' ? /^Nombre comercial/ : /^Trade name/);
        const create = form.getByRole('button', { name: t(lang, 'Crear cliente', 'Create client') });
        // Nothing typed: the trade name is required, and nothing is sent.
        let posts = 0;
        page.on('request', (r) => {
          if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/cliente') posts++;
        });
        await create.click();
        await expect(
          form.getByText(t(lang, 'El nombre comercial es obligatorio', 'The trade name is required')),
        ).toBeVisible();
        await expect(nomcome).toHaveAttribute('aria-invalid', 'true');
        expect(posts).toBe(0);
        await expectAccessible(page, 'new client');
        await page.screenshot({
          path: `/tmp/shots-texts/new-client-${lang}-${phone ? 'phone' : 'desktop'}.png`,
          fullPage: true,
        });

        const name = `Nido e2e ${lang} ${phone ? 'phone' : 'desk'} ${Date.now()}`;
        await nomcome.fill(name);
        await form.getByLabel(t(lang, 'Teléfono', 'Phone')).fill('600 111 222');
        await create.click();
        await expect(page).toHaveURL(/\/cliente\/\d+$/, { timeout: 30_000 });
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(
          page
            .getByRole('form', { name: t(lang, 'Datos del cliente', 'Client details') })
            .getByLabel(t(lang, 'Teléfono', 'Phone')),
        ).toHaveValue('600 111 222');
        expect(posts).toBe(1);
      });
    }
  });
}

test.describe('pending orders poll', () => {
  test('a 401 stops the polling and ends the session', async ({ page }) => {
    // The page's clock (flowing as usual) lets the test run the next polls' time at once below.
    await page.clock.install();
    await page.addInitScript(POLL_SCRIPT);
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/pedidos/pending')) polls++;
    });
    await signIn(page, ADMIN, 'es');
    await expect.poll(() => polls, { timeout: POLL_MS * 3 }).toBeGreaterThanOrEqual(2);

    // The session ends on the server (e.g. revoked elsewhere): the next poll answers 401.
    const token = await page.evaluate<string | null>("sessionStorage.getItem('token')");
    await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    await expect(page).toHaveURL(/\/account\/login/, { timeout: POLL_MS * 3 });
    const after = polls;
    // Two and a half poll intervals pass in the page at once: a poll still set would ask in them.
    await page.clock.runFor(POLL_MS * 2.5);
    // A request the page sends after them is seen after any request they sent.
    await Promise.all([page.waitForRequest('**/api/health'), page.evaluate("fetch('/api/health')")]);
    expect(polls).toBe(after);
  });
});

test.describe('representative', () => {
  test('sees only its clients and their users, without admin controls', async ({ page }) => {
    await signIn(page, REP, 'es');
    await page.goto('/cliente/list');
    const table = page.getByRole('table', { name: 'Clientes' });
    await expect(table.getByRole('link', { name: SUR, exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Pasitos Boutique' })).toHaveCount(0);
    await table.getByRole('link', { name: SUR, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: SUR })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Usuarios' })).toContainText(SHOP);
    await expect(page.getByRole('button', { name: 'Añadir usuario' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Datos del cliente' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actuar como este cliente' })).toBeVisible();
    await page.goto('/cliente/list');
    await expect(page.getByRole('button', { name: 'Nuevo cliente' })).toHaveCount(0);
  });
});

for (const lang of LANGS) {
  test.describe(`company info (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
    test.afterAll(async ({ request }) => restoreLanguage(request, SHOP));

    test('a client user sees its own company', async ({ page }) => {
      await signIn(page, SHOP, lang);
      await page.goto('/cliente/companyInfo');
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'Datos de empresa', 'Company info') }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: SUR })).toBeVisible();
      await expect(page.getByText('B41782356')).toBeVisible();
      await expect(
        page.getByRole('list', { name: t(lang, 'Usuarios de la empresa', 'Company users') }),
      ).toContainText('Carmen Ruiz');
      await expectAccessible(page);
    });
  });
}
