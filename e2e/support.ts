import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with the server launcher
import { e2eDataDir } from './paths.mjs';

export const DEMO_PASSWORD = 'demo1234';
export const ADMIN = 'admin@nido.test';
export const SHOP = 'shop@nido.test';
export const SHOP_B = 'shop.b@nido.test';
export const SHOP2 = 'shop2@nido.test';
export const REP = 'rep@nido.test';

export type Lang = 'es' | 'en';

/** The journeys run once per language: the browser language decides until a user chooses. */
export const LANGS: Lang[] = ['es', 'en'];

/** Texts a journey asserts, per language (so the assertion is what a user reads). */
export function t<T extends string | RegExp>(lang: Lang, es: T, en: T): T {
  return lang === 'es' ? es : en;
}

/** Opens the login screen with the browser in `lang` and signs in through the form. */
export async function signIn(page: Page, email: string, lang: Lang = 'es', password = DEMO_PASSWORD) {
  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // A prefix: the label of a required field ends with its asterisk.
  await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(password);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
  await expect(page).not.toHaveURL(/\/account\/login/);
}

/** Every .eml the server wrote to its outbox, oldest first. */
export function outboxMails(): string[] {
  const dir = path.join(e2eDataDir as string, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}

/**
 * No serious or critical axe violations on the current page (each named with its elements). Besides
 * axe's default rules, label-in-name (WCAG 2.5.3: a control's spoken name contains its visible text),
 * which axe still counts as experimental. `where` names the screen in a failure.
 */
export async function expectAccessible(page: Page, where?: string) {
  // A tooltip left by the last click fades in and out: axe would measure its colours mid-fade.
  await page.mouse.move(0, 0);
  await page
    .getByRole('tooltip')
    .first()
    .waitFor({ state: 'detached', timeout: 2000 })
    .catch(() => {});
  // So does a dialog or a notification opening or closing (slower on a busy machine): wait for every
  // finite animation to end (a loader's spin never does).
  await page.waitForFunction(() => {
    const { document } = globalThis as any; // the page's globals: the e2e project has no DOM types
    return document
      .getAnimations()
      .every(
        (a: { playState: string; effect: { getComputedTiming(): { endTime?: unknown } } | null }) =>
          a.playState !== 'running' || !Number.isFinite(a.effect?.getComputedTiming().endTime),
      );
  });
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`),
    where ?? page.url(),
  ).toEqual([]);
}

/** The sizes screens are looked at: a desktop, a tablet and a phone. */
export const SCREEN_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 375, height: 812 },
];

/**
 * Sets the viewport and waits until the page has laid itself out at that size: a frame drawn after
 * the resize (React has rendered what its media queries changed) and no finite CSS transition or
 * animation still running (the side menu slides in or out).
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize({ width: size.width, height: size.height });
  // The e2e project has no DOM typings; a function, not a string (the app's CSP forbids eval).
  await page.evaluate(
    () =>
      new Promise((drawn) =>
        (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(drawn)),
      ),
  );
  await page.waitForFunction(() =>
    (globalThis as any).document
      .getAnimations()
      .every((a: any) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * The page, whole, at each of SCREEN_SIZES, as `$SHOTS_DIR/<name>-<size>.png` (then back to the
 * desktop size); nothing when SHOTS_DIR is not set (CI).
 */
export async function screenshots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const size of SCREEN_SIZES) {
    await resizeTo(page, size);
    await page.screenshot({ path: `${dir}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
