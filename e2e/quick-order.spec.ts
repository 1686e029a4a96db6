/**
 * Quick order (issue 20): ten pasted rows with two bad ones, fixed in place and added in one go; a
 * CSV and an XLSX uploaded; rows without their options configured one after another.
 *
 * The journeys add to the shop's cart (Bebés del Sur), shared with other journeys: nothing here
 * counts its lines.
 */
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, form, signInAs } from './ordering-helpers.ts';
import { LANGS, type Lang, SHOP, SHOP_B, t } from './support.ts';

const userFor = (lang: Lang) => (lang === 'es' ? SHOP : SHOP_B);

async function openQuickOrder(page: Page, lang: Lang) {
  await signInAs(page, userFor(lang), lang);
  await page
    .getByRole('link', { name: t(lang, 'Pedido rápido por códigos', 'Quick order by codes') })
    .click();
  await expect(page).toHaveURL(/\/pedido\/rapido$/);
  await expect(
    page.getByRole('heading', { level: 1, name: t(lang, 'Pedido rápido', 'Quick order') }),
  ).toBeVisible();
}

const summary = (page: Page) => page.getByTestId('review-summary');
const summaryText = (lang: Lang, ready: number, errors: number, configure: number) =>
  t(
    lang,
    `${ready} listas · ${errors} con errores · ${configure} por configurar`,
    `${ready} ready · ${errors} with errors · ${configure} to configure`,
  );

for (const lang of LANGS) {
  test.describe(`quick order (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('paste ten rows, two bad: each shows its error in place; fixed, all ten are added', async ({
      page,
    }) => {
      await openQuickOrder(page, lang);
      const rows = [
        'NDCAP102 1 TJ01 AC01',
        'NOPE999 2 TJ01 AC01',
        'NDCAP102\t2\tTJ02\tAC02',
        'NDCAP102;1;TJ03;AC01',
        'NDCAP102 dos TJ04 AC01',
        'NDCAP102 1 TJ05 AC03',
        'NDCAP102 3 TJ06 AC01',
        'NDCAP102 1 TJ07 AC04',
        'NDCAP102 2 TJ01 AC02',
        'NDCAP102 1 TJ02 AC01',
      ];
      await page
        .getByRole('textbox', { name: t(lang, 'Líneas (código y cantidad)', 'Lines (code and quantity)') })
        .fill(rows.join('\n'));
      await page.getByRole('button', { name: t(lang, 'Comprobar líneas', 'Check lines') }).click();
      await expect(summary(page)).toHaveText(summaryText(lang, 8, 2, 0));

      const code2 = page.getByRole('textbox', { name: t(lang, 'Código de la línea 2', 'Code of line 2') });
      await expect(code2).toHaveValue('NOPE999');
      await expect(
        page.getByText(
          t(lang, 'No hay ningún modelo con el código NOPE999', 'There is no model with the code NOPE999'),
        ),
      ).toBeVisible();
      const quantity5 = page.getByRole('textbox', {
        name: t(lang, 'Cantidad de la línea 5', 'Quantity of line 5'),
      });
      await expect(quantity5).toHaveValue('dos');
      await expect(
        page.getByText(
          t(
            lang,
            'La cantidad debe ser un número entero entre 1 y 9999',
            'The quantity must be a whole number between 1 and 9999',
          ),
        ),
      ).toBeVisible();
      const add = page.getByRole('button', {
        name: t(lang, 'Añadir 10 líneas al carrito', 'Add 10 lines to the cart'),
      });
      await expect(add).toBeDisabled();

      await code2.fill('NDCAP102');
      await quantity5.fill('2');
      await page.getByRole('button', { name: t(lang, 'Comprobar de nuevo', 'Check again') }).click();
      await expect(summary(page)).toHaveText(summaryText(lang, 10, 0, 0));
      await add.click();
      await expect(
        page.getByText(t(lang, '10 líneas añadidas al carrito.', '10 lines added to the cart.')),
      ).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'Ir al carrito', 'Go to the cart') }).click();
      await expect(page).toHaveURL(/\/pedido\/edit\/\d+$/);
    });

    test('upload a CSV and an XLSX: their rows are checked', async ({ page }) => {
      await openQuickOrder(page, lang);
      const fileButton = page.getByRole('button', {
        name: t(lang, 'Archivo CSV o Excel', 'CSV or Excel file'),
      });
      const file = {
        /** As a user does: the button opens the browser's file chooser. */
        setInputFiles: async (payload: { name: string; mimeType: string; buffer: Buffer }) => {
          const chooser = page.waitForEvent('filechooser');
          await fileButton.click();
          await (await chooser).setFiles(payload);
        },
      };
      const csv = 'codigo;cantidad;opcion;opcion\r\nNDCAP102;2;TJ01;AC01\r\nNDCAP102;1;TJ99;AC01\r\n';
      await file.setInputFiles({ name: 'pedido.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(summary(page)).toHaveText(summaryText(lang, 1, 1, 0));
      await expect(
        page.getByText(
          t(
            lang,
            'La opción TJ99 no se ofrece para este modelo',
            'The option TJ99 is not offered for this model',
          ),
        ),
      ).toBeVisible();

      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Pedido');
      sheet.addRow(['code', 'quantity', 'option', 'option']);
      sheet.addRow(['NDCAP102', 4, 'TJ03', 'AC02']);
      sheet.addRow(['NDCAP102', 1, 'TJ04', 'AC01']);
      sheet.addRow(['NDCAP102', 2]);
      const xlsx = Buffer.from(await book.xlsx.writeBuffer());
      await file.setInputFiles({
        name: 'pedido.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: xlsx,
      });
      await expect(summary(page)).toHaveText(summaryText(lang, 2, 0, 1));
      await expect(page.getByTestId('quick-row').first()).toContainText('4');
    });

    test('rows without their options are configured one after another', async ({ page }) => {
      await openQuickOrder(page, lang);
      await page
        .getByRole('textbox', { name: t(lang, 'Líneas (código y cantidad)', 'Lines (code and quantity)') })
        .fill('NDCAP102 2\nNDCAP102 1 TJ01 AC01\nNDCAP102 3 TJ07');
      await page.getByRole('button', { name: t(lang, 'Comprobar líneas', 'Check lines') }).click();
      await expect(summary(page)).toHaveText(summaryText(lang, 1, 0, 2));
      await page
        .getByRole('button', { name: t(lang, 'Elegir opciones (2 líneas)', 'Choose options (2 lines)') })
        .click();

      const dialog = page.getByRole('dialog', { name: t(lang, 'Elige las opciones', 'Choose the options') });
      await expect(dialog.getByText(t(lang, 'Fila 1 de 2', 'Row 1 of 2'))).toBeVisible();
      // Next and previous move between the rows without choosing.
      await dialog.getByRole('button', { name: t(lang, 'Siguiente', 'Next') }).click();
      await expect(dialog.getByText(t(lang, 'Fila 2 de 2', 'Row 2 of 2'))).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('3');
      await expect(dialog.getByRole('textbox', { name: form.fabric(lang), exact: true })).toHaveValue(
        t(lang, 'Azul marino', 'Navy blue'),
      );
      await dialog.getByRole('button', { name: t(lang, 'Anterior', 'Previous') }).click();
      await expect(dialog.getByText(t(lang, 'Fila 1 de 2', 'Row 1 of 2'))).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('2');

      await choose(page, dialog, form.fabric(lang), t(lang, 'Beige arena', 'Sand beige'));
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
      await dialog.getByRole('button', { name: t(lang, 'Usar estas opciones', 'Use these options') }).click();
      // On to the next row still to configure.
      await expect(dialog.getByText(t(lang, 'Fila 2 de 2', 'Row 2 of 2'))).toBeVisible();
      await choose(page, dialog, form.trim(lang), t(lang, 'Ribete camel', 'Camel piping'));
      await dialog.getByRole('button', { name: t(lang, 'Usar estas opciones', 'Use these options') }).click();
      await expect(dialog).toBeHidden();

      await expect(summary(page)).toHaveText(summaryText(lang, 3, 0, 0));
      await page
        .getByRole('button', { name: t(lang, 'Añadir 3 líneas al carrito', 'Add 3 lines to the cart') })
        .click();
      await expect(
        page.getByText(t(lang, '3 líneas añadidas al carrito.', '3 lines added to the cart.')),
      ).toBeVisible();
    });
  });
}
