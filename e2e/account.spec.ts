/**
 * Accounts and sessions (product.md §4.1, §6): sign-in and where each role lands, the wrong-password message,
 * forgot password → the mail in the server's outbox → reset (messages in place) → sign in with the
 * new password, the guard's return URL and the account redirects, the language switch, logout, the
 * split layout of the account screens, and the profile page.
 *
 * Journeys that change an account (password, name, language) work on users of their own, created
 * through the admin API for each run, so the demo users stay as seeded for the other journeys.
 */
import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  ADMIN,
  DEMO_PASSWORD,
  expectAccessible,
  LANGS,
  type Lang,
  outboxMails,
  SHOP,
  SHOP_B,
  signIn,
  t,
} from './support.ts';

/** The client the journeys' own users belong to (no other journey looks at its users). */
const CLIENT = 'Arrullo Bebé';
const NEW_PASSWORD = 'cuna-nueva-7';
/** Screenshots for a human to look at, when SHOTS_DIR is set (e.g. SHOTS_DIR=/tmp/shots). */
const SHOTS_DIR = process.env.SHOTS_DIR;

const other = (lang: Lang): Lang => (lang === 'es' ? 'en' : 'es');
const languageName = (lang: Lang) => (lang === 'es' ? 'Español' : 'English');

interface Account {
  email: string;
  name: string;
}

/** Signs in through the API (setup only: the journeys themselves use the screens). */
async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const answer = await request.post('/api/login', { data: { email, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { accessToken: string }).accessToken;
}

/** A new user of CLIENT with a unique email, created by the admin, in `lang`. */
async function createAccount(request: APIRequestContext, lang: Lang, label: string): Promise<Account> {
  const stamp = `${label}.${lang}.${Date.now()}`;
  const account = { email: `e2e.${stamp}@nido.test`, name: `Prueba ${stamp}` };
  const token = await apiToken(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/cliente', { headers, params: { text: CLIENT } });
  const clients = ((await list.json()) as { data: { id: number; nomcome: string }[] }).data;
  const cliente = clients.find((c) => c.nomcome === CLIENT);
  expect(cliente, `${CLIENT} is in the demo data`).toBeDefined();
  const created = await request.post('/api/clienteUsers', {
    headers,
    data: {
      cliente_id: cliente?.id,
      name: account.name,
      email: account.email,
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
      language: lang,
    },
  });
  expect(created.ok()).toBe(true);
  await request.post('/api/logout', { headers });
  return account;
}

const login = {
  email: (page: Page) => page.getByRole('textbox', { name: 'Email' }),
  password: (page: Page, lang: Lang) => page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)),
  submit: (page: Page, lang: Lang) => page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }),
};

/** Fills and submits the login form already on screen. */
async function submitLogin(page: Page, lang: Lang, email: string, password: string) {
  await login.email(page).fill(email);
  await login.password(page, lang).fill(password);
  await login.submit(page, lang).click();
}

function heading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

function userMenu(page: Page): Locator {
  return page.getByRole('button', { name: /(menú de usuario|user menu)$/ });
}

/** The split layout's brand panel with the translated slogan. */
async function expectSplitLayout(page: Page, lang: Lang) {
  const brand = page.getByRole('complementary', {
    name: t(lang, 'Nido, accesorios para bebé', 'Nido, baby accessories'),
  });
  await expect(brand).toBeVisible();
  await expect(
    brand.getByText(t(lang, 'Accesorios para bebé', 'Baby accessories'), { exact: true }),
  ).toBeVisible();
}

/** The reset link of the newest password-reset mail to `email` (quoted-printable decoded). */
function resetLinkFor(email: string): string | undefined {
  const match = /https?:\/\/[^\s"<>]+\/account\/password-reset\/[^\s"<>]+/.exec(mailsTo(email).at(-1) ?? '');
  return match?.[0];
}

for (const lang of LANGS) {
  test.describe(`accounts and sessions (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('a shop user signs in and lands home; the admin lands on the client list', async ({
      page,
      browser,
    }) => {
      // The login screen speaks the browser's language and shows a busy button while signing in.
      await page.goto('/account/login');
      await expect(heading(page, t(lang, 'Iniciar sesión', 'Sign in'))).toBeVisible();
      await expect(page).toHaveTitle(t(lang, 'Iniciar sesión', 'Sign in'));
      await expectSplitLayout(page, lang);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/login', async (route) => {
        await held;
        await route.continue();
      });
      const user = lang === 'es' ? SHOP : SHOP_B;
      await submitLogin(page, lang, user, DEMO_PASSWORD);
      await expect(login.submit(page, lang)).toHaveAttribute('aria-busy', 'true');
      await expect(login.submit(page, lang)).toBeDisabled();
      release();

      await expect(page).toHaveURL(/\/$/);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      await expect(page).toHaveTitle(t(lang, 'Inicio', 'Home'));
      await expect(page.getByTestId('client-name')).toHaveText('Bebés del Sur');
      await expect(userMenu(page)).toHaveAccessibleName(
        t(lang, 'Carmen Ruiz, menú de usuario', 'Emma Clarke, user menu'),
      );

      // The admin lands on the client list, in the admin's own language (Spanish) whatever the
      // browser's: the stored language of a user wins once signed in.
      const admin = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
      const adminPage = await admin.newPage();
      await adminPage.goto('/account/login');
      await submitLogin(adminPage, lang, ADMIN, DEMO_PASSWORD);
      await expect(adminPage).toHaveURL(/\/cliente\/list$/);
      await expect(heading(adminPage, 'Clientes')).toBeVisible();
      await expect(adminPage.locator('html')).toHaveAttribute('lang', 'es');
      await admin.close();
    });

    test('a wrong password shows its message and keeps the user on the login screen', async ({ page }) => {
      await page.goto('/account/login');
      await submitLogin(page, lang, SHOP, 'not-the-password');
      const alert = page.getByRole('alert');
      await expect(alert).toHaveText(
        t(lang, 'Usuario o contraseña incorrectos', 'Incorrect user or password'),
      );
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(login.submit(page, lang)).toBeEnabled();
      // An unknown email reads the same (nothing tells which emails have accounts).
      await submitLogin(page, lang, 'nobody@nido.test', 'whatever1');
      await expect(alert).toHaveText(
        t(lang, 'Usuario o contraseña incorrectos', 'Incorrect user or password'),
      );
      await expectAccessible(page);

      // A login answered without an access token is a failure too (product.md §5.3).
      await page.route('**/api/login', (route) => route.fulfill({ status: 200, json: {} }));
      await submitLogin(page, lang, SHOP, DEMO_PASSWORD);
      await expect(alert).toHaveText(t(lang, 'Error en el login', 'Login error'));
      await expect(page).toHaveURL(/\/account\/login$/);

      // The message is kept as the user's problem, not a one-off text: a language switch re-translates it.
      await page
        .getByRole('radiogroup', { name: t(lang, 'Idioma', 'Language') })
        .getByText(languageName(other(lang)))
        .click();
      await expect(alert).toHaveText(t(lang, 'Login error', 'Error en el login'));
    });

    test('forgot password: the mailed link resets the password, which then signs in', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, lang, 'reset');

      await page.goto('/account/login');
      await page
        .getByRole('link', { name: t(lang, '¿Has olvidado tu contraseña?', 'Forgot your password?') })
        .click();
      await expect(page).toHaveURL(/\/account\/forgot-password$/);
      await expect(heading(page, t(lang, 'Recuperar contraseña', 'Recover your password'))).toBeVisible();
      await expectSplitLayout(page, lang);
      await expectAccessible(page);

      // Field messages in place, nothing sent.
      const email = page.getByRole('textbox', { name: 'Email' });
      const send = page.getByRole('button', { name: t(lang, 'Enviar instrucciones', 'Send instructions') });
      await send.click();
      await expect(page.getByText(t(lang, 'El email es obligatorio', 'Email is required'))).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await email.fill('ana@nido');
      await send.click();
      await expect(
        page.getByText(t(lang, 'El formato del email no es válido', 'Email format is not valid')),
      ).toBeVisible();
      await expectAccessible(page);

      await email.fill(account.email);
      await send.click();
      await expect(page.getByRole('status')).toHaveText(
        t(
          lang,
          'Te hemos enviado un email con las instrucciones para recuperar tu contraseña.',
          'We have sent you an email with instructions to recover your password.',
        ),
      );
      await expect(send).toHaveCount(0);

      // The mail written to the outbox carries the link to the reset screen.
      await expect.poll(() => resetLinkFor(account.email)).toBeTruthy();
      const link = new URL(resetLinkFor(account.email) ?? '');
      expect(link.searchParams.get('email')).toBe(account.email);
      await page.goto(link.pathname + link.search);
      await expect(heading(page, t(lang, 'Restablecer contraseña', 'Reset your password'))).toBeVisible();
      await expectSplitLayout(page, lang);
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
      await expectAccessible(page);

      const password = page.getByLabel(t(lang, 'Nueva contraseña', 'New password'), { exact: true });
      const repeat = page.getByLabel(t(lang, 'Repetir contraseña', 'Confirm password'), { exact: true });
      const change = page.getByRole('button', { name: t(lang, 'Cambiar contraseña', 'Change password') });
      await password.fill('abc');
      await repeat.fill('abc');
      await change.click();
      await expect(
        page.getByText(
          t(lang, 'La contraseña debe tener al menos 6 caracteres', 'Password must be at least 6 characters'),
        ),
      ).toBeVisible();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await password.fill(NEW_PASSWORD);
      await repeat.fill(`${NEW_PASSWORD}x`);
      await change.click();
      await expect(
        page.getByText(t(lang, 'Las contraseñas no coinciden', 'Passwords do not match')),
      ).toBeVisible();
      await expect(repeat).toHaveAttribute('aria-invalid', 'true');
      await expect(
        page.getByText(
          t(lang, 'La contraseña debe tener al menos 6 caracteres', 'Password must be at least 6 characters'),
        ),
      ).toHaveCount(0);
      await expectAccessible(page);

      await repeat.fill(NEW_PASSWORD);
      await change.click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(page.getByText(t(lang, 'Contraseña cambiada', 'Password changed'))).toBeVisible();

      // The old password no longer works; the new one does.
      await submitLogin(page, lang, account.email, DEMO_PASSWORD);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText(
        t(lang, 'Usuario o contraseña incorrectos', 'Incorrect user or password'),
      );
      await submitLogin(page, lang, account.email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      await expect(page.getByTestId('client-name')).toHaveText(CLIENT);

      // The link works once.
      await page.context().clearCookies();
      await page.evaluate('sessionStorage.clear()');
      await page.goto(link.pathname + link.search);
      await page
        .getByLabel(t(lang, 'Nueva contraseña', 'New password'), { exact: true })
        .fill('otra-clave-9');
      await page
        .getByLabel(t(lang, 'Repetir contraseña', 'Confirm password'), { exact: true })
        .fill('otra-clave-9');
      await page.getByRole('button', { name: t(lang, 'Cambiar contraseña', 'Change password') }).click();
      await expect(page.getByRole('alert')).toHaveText(
        t(
          lang,
          'El enlace para restablecer la contraseña no es válido o ha caducado',
          'The password reset link is invalid or has expired',
        ),
      );
    });

    test('the guard sends a signed-out visitor to login and back to the page asked for', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, lang, 'guard');

      // Account redirects.
      await page.goto('/account');
      await expect(page).toHaveURL(/\/account\/login$/);
      await page.goto('/password-reset/abc123?email=ana%40nido.test');
      await expect(page).toHaveURL(/\/account\/password-reset\/abc123\?email=ana%40nido\.test$/);
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@nido.test');

      // A protected page, signed out: login first, then that very page.
      await page.goto('/pedido/list');
      await expect(page).toHaveURL(/\/account\/login$/);
      await submitLogin(page, lang, account.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/pedido\/list$/);
      await expect(heading(page, t(lang, 'Pedidos', 'Orders'))).toBeVisible();
      await expect(page).toHaveTitle(t(lang, 'Pedidos', 'Orders'));

      // An unknown path goes home.
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/$/);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
    });

    test('the language switch re-renders at once and survives a reload', async ({
      page,
      request,
      browser,
    }) => {
      const account = await createAccount(request, lang, 'lang');
      const to = other(lang);

      // Before signing in: the login screen's own switch.
      await page.goto('/account/login');
      await page
        .getByRole('radiogroup', { name: t(lang, 'Idioma', 'Language') })
        .getByText(languageName(to))
        .click();
      await expect(heading(page, t(to, 'Iniciar sesión', 'Sign in'))).toBeVisible();
      await expect(page.getByText(t(to, 'Accesorios para bebé', 'Baby accessories'))).toBeVisible();
      await page.reload();
      await expect(heading(page, t(to, 'Iniciar sesión', 'Sign in'))).toBeVisible();
      // Signing in, the account's own language wins.
      await submitLogin(page, to, account.email, DEMO_PASSWORD);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);

      // The user menu: what the user typed stays (no reload), the texts change.
      const search = page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') });
      await search.fill('capazo');
      await userMenu(page).click();
      await expect(page.getByRole('menu')).toContainText(t(lang, 'Idioma', 'Language'));
      await page.getByRole('menuitem', { name: languageName(to) }).click();
      await expect(heading(page, t(to, 'Inicio', 'Home'))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', to);
      await expect(page).toHaveTitle(t(to, 'Inicio', 'Home'));
      const searchTo = page.getByRole('searchbox', { name: t(to, 'Buscar modelos', 'Search models') });
      await expect(searchTo).toHaveValue('capazo');
      const nav = page.getByRole('navigation', { name: /^(Menú lateral|Side menu)$/ });
      await expect(nav).toHaveAccessibleName(t(to, 'Menú lateral', 'Side menu'));
      await expect(nav.getByRole('link', { name: t(to, 'Perfil', 'Profile') })).toBeVisible();

      // A reload keeps it (and so does the server: a new sign-in later starts in it).
      await page.reload();
      await expect(heading(page, t(to, 'Inicio', 'Home'))).toBeVisible();
      await expect(nav.getByRole('link', { name: t(to, 'Perfil', 'Profile') })).toBeVisible();

      // The side menu's language submenu switches back.
      await nav.getByRole('button', { name: t(to, 'Idioma', 'Language') }).click();
      await nav.getByRole('button', { name: languageName(lang) }).click();
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      await expect(nav.getByRole('button', { name: languageName(lang) })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.reload();
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();

      // Stored on the account: a fresh browser signs in to it even with the other browser language.
      await nav.getByRole('button', { name: t(lang, 'Idioma', 'Language') }).click();
      await nav.getByRole('button', { name: languageName(to) }).click();
      await expect(heading(page, t(to, 'Inicio', 'Home'))).toBeVisible();
      const fresh = await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' });
      const freshPage = await fresh.newPage();
      await freshPage.goto('/account/login');
      await submitLogin(freshPage, lang, account.email, DEMO_PASSWORD);
      await expect(heading(freshPage, t(to, 'Inicio', 'Home'))).toBeVisible();
      await fresh.close();
    });

    test('logout goes to the login screen; protected pages then ask for a sign-in again', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, lang, 'logout');
      await page.goto('/account/login');
      await submitLogin(page, lang, account.email, DEMO_PASSWORD);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();

      const token = await page.evaluate<string | null>("sessionStorage.getItem('token')");
      expect((await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
        200,
      );

      // From the user menu.
      await userMenu(page).click();
      await page.getByRole('menuitem', { name: t(lang, 'Cerrar sesión', 'Sign out') }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await expect(heading(page, t(lang, 'Iniciar sesión', 'Sign in'))).toBeVisible();
      await page.goto('/users/profile');
      await expect(page).toHaveURL(/\/account\/login$/);
      // The session ended on the server too: its token opens nothing any more.
      expect((await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
        401,
      );

      // From the side menu; the return URL of the protected page visited meanwhile is honoured.
      await page.goto('/galery');
      await submitLogin(page, lang, account.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/galery$/);
      const nav = page.getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') });
      await nav.getByRole('button', { name: t(lang, 'Cerrar sesión', 'Sign out') }).click();
      await expect(page).toHaveURL(/\/account\/login$/);
      await page.goto('/');
      await expect(page).toHaveURL(/\/account\/login$/);
      // Signing in from there lands home (not on the page before the logout).
      await submitLogin(page, lang, account.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
    });

    test('the profile page edits the name and shows server field errors in place', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, lang, 'profile');
      const renamed = `${account.name} bis`;
      await signIn(page, account.email, lang);
      await userMenu(page).click();
      await page.getByRole('menuitem', { name: t(lang, 'Perfil', 'Profile') }).click();
      await expect(page).toHaveURL(/\/users\/profile$/);
      await expect(heading(page, t(lang, 'Mi perfil', 'My profile'))).toBeVisible();
      await expect(page.getByText(`${CLIENT} · ${t(lang, 'Cliente', 'Client')}`)).toBeVisible();

      const form = page.getByRole('form', { name: t(lang, 'Mi perfil', 'My profile') });
      const name = form.getByRole('textbox', { name: t(lang, 'Nombre', 'Name') });
      const email = form.getByRole('textbox', { name: 'Email' });
      const save = form.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') });
      await expect(name).toHaveValue(account.name);
      await expect(email).toHaveValue(account.email);

      // Client-side rules first.
      await name.fill('');
      await save.click();
      await expect(form.getByText(t(lang, 'El nombre es obligatorio', 'Name is required'))).toBeVisible();
      await expect(name).toHaveAttribute('aria-invalid', 'true');

      // A new password is optional; when given, product.md §5.3's rules apply.
      const password = form.getByLabel(t(lang, 'Nueva contraseña', 'New password'), { exact: true });
      const repeat = form.getByLabel(t(lang, 'Repetir contraseña', 'Confirm password'), { exact: true });
      await password.fill('abc');
      await save.click();
      await expect(
        form.getByText(
          t(lang, 'La contraseña debe tener al menos 6 caracteres', 'Password must be at least 6 characters'),
        ),
      ).toBeVisible();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await password.fill('abcdef');
      await repeat.fill('abcdeg');
      await save.click();
      await expect(
        form.getByText(t(lang, 'Las contraseñas no coinciden', 'Passwords do not match')),
      ).toBeVisible();
      await expect(repeat).toHaveAttribute('aria-invalid', 'true');
      await password.fill('');
      await repeat.fill('');

      // A new email needs the current password, asked for in place.
      await name.fill(renamed);
      await email.fill(SHOP);
      await save.click();
      const current = form.getByLabel(t(lang, 'Contraseña actual', 'Current password'), { exact: true });
      await expect(
        form.getByText(
          t(
            lang,
            'Introduce tu contraseña actual para cambiar el email o la contraseña',
            'Enter your current password to change your email or password',
          ),
        ),
      ).toBeVisible();
      await expect(current).toHaveAttribute('aria-invalid', 'true');

      // An email another user has: the server's field error, under the email field.
      await current.fill(DEMO_PASSWORD);
      await save.click();
      await expect(
        form.getByText(t(lang, 'Ese email ya está en uso', 'The email has already been taken')),
      ).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(userMenu(page)).toHaveAccessibleName(new RegExp(`^${account.name}, `));
      await expectAccessible(page);

      // Fixed: saved, and the new name shows in the top bar at once and after a reload.
      await email.fill(account.email);
      await save.click();
      await expect(form.getByRole('status')).toHaveText(t(lang, 'Perfil guardado', 'Profile saved'));
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      await expect(userMenu(page)).toHaveAccessibleName(new RegExp(`^${renamed}, `));
      await page.reload();
      await expect(name).toHaveValue(renamed);
      await expect(userMenu(page)).toHaveAccessibleName(new RegExp(`^${renamed}, `));
    });

    test('the profile changes the password only with the current one, and the old address is told', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request, lang, 'repassword');
      await signIn(page, account.email, lang);
      await page.goto('/users/profile');
      const form = page.getByRole('form', { name: t(lang, 'Mi perfil', 'My profile') });
      const current = form.getByLabel(t(lang, 'Contraseña actual', 'Current password'), { exact: true });
      const password = form.getByLabel(t(lang, 'Nueva contraseña', 'New password'), { exact: true });
      const repeat = form.getByLabel(t(lang, 'Repetir contraseña', 'Confirm password'), { exact: true });
      const save = form.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') });

      // A wrong current password: the server's error under that field, the password unchanged.
      await current.fill('not-my-password');
      await password.fill(NEW_PASSWORD);
      await repeat.fill(NEW_PASSWORD);
      await save.click();
      await expect(
        form.getByText(t(lang, 'La contraseña actual no es correcta', 'The current password is not correct')),
      ).toBeVisible();
      await expect(current).toHaveAttribute('aria-invalid', 'true');

      // A password from the list of common ones is refused with its own message.
      await current.fill(DEMO_PASSWORD);
      await password.fill('123456');
      await repeat.fill('123456');
      await save.click();
      await expect(
        form.getByText(
          t(
            lang,
            'Esta contraseña es demasiado común: elige una más difícil de adivinar',
            'This password is too common: choose one that is harder to guess',
          ),
        ),
      ).toBeVisible();
      await expect(current).not.toHaveAttribute('aria-invalid', 'true');

      await password.fill(NEW_PASSWORD);
      await repeat.fill(NEW_PASSWORD);
      await save.click();
      await expect(form.getByRole('status')).toHaveText(t(lang, 'Perfil guardado', 'Profile saved'));
      await expect(current).toHaveValue('');
      await expectAccessible(page);

      // The notice reached the account's address, in its language.
      await expect
        .poll(() =>
          mailsTo(account.email).some((mail) =>
            mail.includes(
              t(
                lang,
                'La contraseña de tu cuenta en Nido se acaba de cambiar',
                'The password of your Nido account has just been changed',
              ),
            ),
          ),
        )
        .toBe(true);

      // The new password is the one that signs in.
      const answer = await request.post('/api/login', {
        data: { email: account.email, password: NEW_PASSWORD },
      });
      expect(answer.status()).toBe(200);
    });
  });
}

/** The decoded mails to `email` in the outbox (quoted-printable bodies, UTF-8). */
function mailsTo(email: string): string[] {
  return outboxMails()
    .filter((raw) => new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}\r?$`, 'm').test(raw))
    .map((raw) => {
      const joined = raw.replace(/=\r?\n/g, '');
      return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
        Buffer.from(
          run
            .split('=')
            .slice(1)
            .map((hex) => Number.parseInt(hex, 16)),
        ).toString('utf8'),
      );
    });
}

/** Two elements on screen that do not cover each other. */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('element not on screen');
  const overlap =
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height;
  expect(overlap, 'the two elements overlap').toBe(false);
}

for (const { width, height, lang } of [
  { width: 1280, height: 800, lang: 'es' as const },
  { width: 1024, height: 768, lang: 'en' as const },
]) {
  test.describe(`account screens at ${width}×${height} (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US', viewport: { width, height } });

    test('nothing runs off the side or overlaps', async ({ page, request }) => {
      const account = await createAccount(request, lang, `layout${width}`);
      const shot = async (name: string) => {
        // Nothing wider than the window: no sideways scrolling.
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        if (SHOTS_DIR) {
          fs.mkdirSync(SHOTS_DIR, { recursive: true });
          await page.screenshot({ path: `${SHOTS_DIR}/account-${name}-${width}x${height}-${lang}.png` });
        }
      };
      const brand = page.getByRole('complementary');
      const languageSwitch = page.getByRole('radiogroup', { name: t(lang, 'Idioma', 'Language') });

      await page.goto('/account/login');
      await expectSplitLayout(page, lang);
      await expect(login.submit(page, lang)).toBeInViewport();
      await expectApart(brand, page.getByRole('main'));
      await expectApart(languageSwitch, heading(page, t(lang, 'Iniciar sesión', 'Sign in')));
      await shot('login');
      await submitLogin(page, lang, account.email, 'wrong-password');
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(login.submit(page, lang)).toBeInViewport();
      await shot('login-failed');

      await page
        .getByRole('link', { name: t(lang, '¿Has olvidado tu contraseña?', 'Forgot your password?') })
        .click();
      await page.getByRole('button', { name: t(lang, 'Enviar instrucciones', 'Send instructions') }).click();
      await expect(page.getByText(t(lang, 'El email es obligatorio', 'Email is required'))).toBeVisible();
      await expectApart(brand, page.getByRole('main'));
      await shot('forgot');

      await page.goto(`/account/password-reset/token?email=${encodeURIComponent(account.email)}`);
      await page.getByLabel(t(lang, 'Nueva contraseña', 'New password'), { exact: true }).fill('abc');
      await page.getByRole('button', { name: t(lang, 'Cambiar contraseña', 'Change password') }).click();
      const tooShort = t(
        lang,
        'La contraseña debe tener al menos 6 caracteres',
        'Password must be at least 6 characters',
      );
      await expect(page.getByText(tooShort)).toBeVisible();
      await expect(
        page.getByRole('button', { name: t(lang, 'Cambiar contraseña', 'Change password') }),
      ).toBeInViewport();
      await expectApart(brand, page.getByRole('main'));
      await shot('reset');

      await page.goto('/account/login');
      await submitLogin(page, lang, account.email, DEMO_PASSWORD);
      await expect(heading(page, t(lang, 'Inicio', 'Home'))).toBeVisible();
      await expect(page.getByRole('heading', { name: t(lang, 'Colecciones', 'Collections') })).toBeVisible();
      await expectApart(page.getByTestId('client-name'), userMenu(page));
      await expectApart(page.getByRole('navigation'), heading(page, t(lang, 'Inicio', 'Home')));
      await shot('home');

      await page.goto('/users/profile');
      await expect(heading(page, t(lang, 'Mi perfil', 'My profile'))).toBeVisible();
      await expectApart(
        page.getByRole('textbox', { name: t(lang, 'Nombre', 'Name') }),
        page.getByRole('textbox', { name: 'Email' }),
      );
      await shot('profile');
      await page.getByRole('textbox', { name: 'Email' }).fill(SHOP);
      await page
        .getByLabel(t(lang, 'Contraseña actual', 'Current password'), { exact: true })
        .fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t(lang, 'Guardar cambios', 'Save changes') }).click();
      await expect(
        page.getByText(t(lang, 'Ese email ya está en uso', 'The email has already been taken')),
      ).toBeVisible();
      await shot('profile-error');
    });
  });
}
