/**
 * The embroidery preview (issue 31, record 059), in es and en: the Admin drags the box of a position
 * on the model's image; the shop's configurator draws the typed name in the chosen thread's colour
 * inside the chosen position's box, and moves it when the position changes; the cart's line shows
 * the server's preview of the same drawing.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  adminApi,
  choose,
  configureCarrycot,
  form,
  openCart,
  SHOP_PASSWORD,
  shopAtPvp,
  signInAs,
  surcharged,
} from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, screenshots, t } from './support.ts';

/** The drawing's box and the name's colour, in fractions of the image. */
async function drawn(preview: Locator) {
  const svg = preview.getByTestId('embroidery-drawing');
  const [, , w, h] = ((await svg.getAttribute('viewBox')) ?? '').split(' ').map(Number);
  const rect = preview.getByTestId('embroidery-box');
  const at = async (name: string) => Number(await rect.getAttribute(name));
  return {
    x: (await at('x')) / w,
    y: (await at('y')) / h,
    fill: await preview.getByTestId('embroidery-name').getAttribute('fill'),
  };
}

/** Drags from one point of `area` to another, both as fractions of it. */
async function drag(page: Page, area: Locator, from: [number, number], to: [number, number]) {
  const b = await area.boundingBox();
  if (!b) throw new Error('no box area');
  await page.mouse.move(b.x + b.width * from[0], b.y + b.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * ((from[0] + to[0]) / 2), b.y + b.height * ((from[1] + to[1]) / 2), {
    steps: 4,
  });
  await page.mouse.move(b.x + b.width * to[0], b.y + b.height * to[1], { steps: 4 });
  await page.mouse.up();
}

for (const lang of LANGS) {
  test.describe(`embroidery preview (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('the Admin places a box; the shop’s preview follows the name, the colour and the position', async ({
      browser,
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const side = t(lang, 'Lateral', 'Side');
      // The Admin (in this run's language) drags the box of the side position in the top right.
      const adminCall = await adminApi(request);
      await adminCall('POST', 'setLocale', { locale: lang });
      const admin = await (await browser.newContext({ locale: lang === 'es' ? 'es-ES' : 'en-US' })).newPage();
      try {
        await signInAs(admin, ADMIN, lang);
        await admin.goto('/modelo/modelocustom/NDCAP103');
        await admin
          .locator('label')
          .filter({ hasText: new RegExp(`^${side}`) })
          .click();
        const area = admin.getByRole('application', { name: new RegExp(side) });
        await expect(area.getByTestId('embroidery-drawing')).toBeVisible();
        await area.scrollIntoViewIfNeeded();
        await drag(admin, area, [0.55, 0.1], [0.95, 0.3]);
        await expect(admin.getByRole('textbox', { name: t(lang, 'Izquierda', 'Left') })).toHaveValue(
          /^5[4-6]/,
        );
        await admin.getByRole('button', { name: t(lang, 'Guardar posiciones', 'Save positions') }).click();
        await expect(
          admin.getByText(t(lang, 'Posiciones del bordado guardadas', 'Embroidery positions saved')),
        ).toBeVisible();
        await expectAccessible(admin, 'model editor with embroidery boxes');
        await admin.context().close();
      } finally {
        await adminCall('POST', 'setLocale', { locale: 'es' });
      }

      // A shop (in this run's language) configures the carrycot with a name.
      const shop = await shopAtPvp(request, lang);
      await signInAs(page, shop.email, lang, SHOP_PASSWORD);
      const dialog = await configureCarrycot(page, lang);
      await choose(page, dialog, form.embroideryGroup(lang), surcharged(lang, 'Nombre', 'Name'));
      // Beside the image on a wide screen, under the fields on a phone: the one shown.
      const preview = dialog.getByTestId('embroidery-preview').filter({ visible: true });
      await expect(preview).toContainText(
        t(lang, 'Escribe el nombre para ver cómo queda bordado', 'Type the name to see it embroidered'),
      );
      await dialog.getByRole('textbox', { name: form.name(lang) }).fill('Lucía');
      await choose(page, dialog, form.colour(lang), t(lang, 'Rosa palo', 'Blush pink'));
      await expect(preview.getByTestId('embroidery-name')).toHaveAttribute('fill', '#e8b4b8');
      // The name is told to screen readers as it is drawn.
      await expect(preview.getByRole('img', { name: /Lucía/ })).toBeVisible();

      await choose(page, dialog, form.position(lang), t(lang, 'Delantera', 'Front'));
      const front = await drawn(preview);
      await choose(page, dialog, form.position(lang), side);
      await expect.poll(async () => (await drawn(preview)).x).toBeGreaterThan(0.5);
      const atSide = await drawn(preview);
      expect(atSide.y).toBeLessThan(0.2);
      expect(front.x).toBeCloseTo(0.25, 2); // the default box: the front has none

      await choose(page, dialog, form.colour(lang), t(lang, 'Azul marino', 'Navy blue'));
      await expect(preview.getByTestId('embroidery-name')).toHaveAttribute('fill', '#1f2f57');
      await expectAccessible(page, 'configurator with the embroidery preview');
      await screenshots(page, `embroidery-preview-${lang}`);

      await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
      await expect(dialog).toBeHidden();

      // The cart page: the line carries the server's preview of the same drawing.
      const menu = await openCart(page, lang);
      await menu.getByRole('menuitem', { name: t(lang, 'Tramitar pedido', 'Checkout') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
      const image = page.getByRole('img', {
        name: new RegExp(t(lang, 'Vista previa del bordado de NDCAP103', 'Embroidery preview of NDCAP103')),
      });
      await expect(image.first()).toBeVisible();
      await expect
        .poll(() =>
          image.first().evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      await screenshots(page, `embroidery-cart-${lang}`);
    });
  });
}
