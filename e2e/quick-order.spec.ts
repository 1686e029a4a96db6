/**
 * Quick order (issue 20): ten pasted rows with two bad ones, fixed in place and added in one go; a
 * CSV and an XLSX uploaded; rows without their options configured one after another. Order again:
 * a past order whose option the Admin withdrew shows the line flagged with its substitutes; one is
 * accepted and the lines are added in one go.
 *
 * The journeys add to the shop's cart (Bebés del Sur), shared with other journeys: nothing here
 * counts its lines.
 */
import fs from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, form, money, signInAs } from './ordering-helpers.ts';
import { ADMIN, DEMO_PASSWORD, expectAccessible, LANGS, type Lang, REP, SHOP, SHOP_B, t } from './support.ts';

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

/** Signs in through the API (setup only: the journeys themselves use the screens). */
async function apiHeaders(request: APIRequestContext, email: string) {
  const answer = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { accessToken: string }).accessToken}` };
}

interface CheckedLine {
  linea_id: number;
  status: string;
  model: { modelo: string };
  line: { parametros_color: Array<{ parametros_grupos_id: number; parametro: number }> } | null;
  substitutes: Array<{
    parametros_grupos_id: number;
    options: Array<{ id: number; nombre: string; nombre_en: string }>;
  }>;
}

/** The first submitted order of the shop with a line that can be ordered as it was and has a fabric (group 10). */
async function orderWithFabric(request: APIRequestContext, headers: Record<string, string>) {
  const list = await request.post('/api/pedidos/list', { headers, data: { page: 1 } });
  expect(list.status()).toBe(200);
  for (const { id } of ((await list.json()) as { data: Array<{ id: number }> }).data) {
    const check = await request.post('/api/pedidos/reorder/check', { headers, data: { pedido_id: id } });
    const lines = ((await check.json()) as { lines: CheckedLine[] }).lines;
    const line = lines.find(
      (l) => l.status === 'ok' && l.line?.parametros_color.some((c) => c.parametros_grupos_id === 10),
    );
    const fabric = line?.line?.parametros_color.find((c) => c.parametros_grupos_id === 10);
    if (line && fabric) return { pedidoId: id, line, optionId: fabric.parametro };
  }
  throw new Error('no submitted order of the shop has a fabric');
}

/** Withdraws (or restores) an option of the fabric group, as the Admin does on its screen. */
async function setOptionActive(
  request: APIRequestContext,
  headers: Record<string, string>,
  optionId: number,
  activado: boolean,
) {
  const group = (await (await request.get('/api/parametrosgrupos/10', { headers })).json()) as {
    parametros: Array<Record<string, unknown> & { id: number; nombre: string; nombre_en: string }>;
  };
  const row = group.parametros.find((p) => p.id === optionId);
  expect(row).toBeDefined();
  const {
    imagen: _image,
    position: _position,
    section: _section,
    ...fields
  } = row as Record<string, unknown>;
  const saved = await request.post('/api/parametro/updateNewWithImage', {
    headers,
    data: { ...fields, activado },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return row as { nombre: string; nombre_en: string };
}

/** Screenshots at the three sizes the screens must work at, then back to the desktop. */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/shots-quick/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const summary = (page: Page) => page.getByTestId('review-summary');
const summaryText = (lang: Lang, ready: number, errors: number, configure: number) =>
  t(
    lang,
    `Listas: ${ready} · Con errores: ${errors} · Por configurar: ${configure}`,
    `Ready: ${ready} · With errors: ${errors} · To configure: ${configure}`,
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
      // The button counts the rows it would add: the ready ones.
      await expect(
        page.getByRole('button', { name: t(lang, 'Añadir 8 líneas al carrito', 'Add 8 lines to the cart') }),
      ).toBeDisabled();
      const add = page.getByRole('button', {
        name: t(lang, 'Añadir 10 líneas al carrito', 'Add 10 lines to the cart'),
      });

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

    test('a row in error shows its embroidery to fix; rows keep their numbers; options chosen are shown', async ({
      page,
    }) => {
      await openQuickOrder(page, lang);
      const rows = [
        'codigo;cantidad;opcion;opcion;opcion;opcion;bordado_nombre;bordado_color;bordado_posicion',
        'NDCAP102;1;TJ01;AC01',
        `NDCAP103;1;TJ01;AC01;CL01;BD01;Lucía;${t(lang, 'Blanco', 'White')};Arriba`,
        'NOPE999;1;TJ02;AC01',
        'NDCAP102;2;TJ03',
      ];
      await page
        .getByRole('textbox', { name: t(lang, 'Líneas (código y cantidad)', 'Lines (code and quantity)') })
        .fill(rows.join('\n'));
      await page.getByRole('button', { name: t(lang, 'Comprobar líneas', 'Check lines') }).click();
      await expect(summary(page)).toHaveText(summaryText(lang, 1, 2, 1));
      const numbers = page.getByTestId('quick-row').locator('td:first-child');
      await expect(numbers).toHaveText(['2', '3', '4', '5']);
      // Only the ready row counts on the button.
      await expect(
        page.getByRole('button', { name: t(lang, 'Añadir 1 línea al carrito', 'Add 1 line to the cart') }),
      ).toBeDisabled();

      // The embroidery of the row in error, each field editable, the position's message listing the valid ones.
      const name = page.getByRole('textbox', {
        name: t(lang, 'Nombre que se borda en la línea 3', 'Embroidery name of line 3'),
      });
      await expect(name).toHaveValue('Lucía');
      const position = page.getByRole('textbox', {
        name: t(lang, 'Posición del bordado de la línea 3', 'Embroidery position of line 3'),
      });
      await expect(position).toHaveValue('Arriba');
      await expect(
        page.getByText(
          t(
            lang,
            '«Arriba» no es una posición de NDCAP103: Delantera, Lateral',
            '“Arriba” is not a position of NDCAP103: Front, Side',
          ),
        ),
      ).toBeVisible();
      await expectAccessible(page);
      await shoot(page, `review-error-${lang}`);
      await position.fill(t(lang, 'lateral', 'side'));
      await name.fill('Lucas');
      await page
        .getByRole('textbox', { name: t(lang, 'Código de la línea 4', 'Code of line 4') })
        .fill('NDCAP102');
      await page.getByRole('button', { name: t(lang, 'Comprobar de nuevo', 'Check again') }).click();
      await expect(summary(page)).toHaveText(summaryText(lang, 3, 0, 1));
      // The rows checked again keep their numbers in the paste.
      await expect(numbers).toHaveText(['2', '3', '4', '5']);
      await expect(page.getByTestId('quick-row').nth(1).getByTestId('quick-row-embroidery')).toContainText(
        'Lucas',
      );

      // The options chosen in the configurator show in the row.
      await page
        .getByRole('button', {
          name: t(lang, 'Elegir las opciones de la línea 5', 'Choose the options of line 5'),
        })
        .click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'Elige las opciones', 'Choose the options') });
      await choose(page, dialog, form.trim(lang), t(lang, 'Ribete camel', 'Camel piping'));
      await dialog.getByRole('button', { name: t(lang, 'Usar estas opciones', 'Use these options') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('quick-row').nth(3).getByTestId('quick-row-options')).toHaveText(
        t(lang, 'Tejido: Azul niebla · Acabado: Ribete camel', 'Fabric: Mist blue · Trim: Camel piping'),
      );
      await expect(summary(page)).toHaveText(summaryText(lang, 4, 0, 0));
      await expect(
        page.getByRole('button', { name: t(lang, 'Añadir 4 líneas al carrito', 'Add 4 lines to the cart') }),
      ).toBeEnabled();
      await shoot(page, `review-ready-${lang}`);
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

      // The template: a CSV in the user's language whose rows, uploaded as they are, are all ready.
      const download = page.waitForEvent('download');
      await page
        .getByRole('button', { name: t(lang, 'Descargar la plantilla', 'Download the template') })
        .click();
      const template = await fs.readFile(await (await download).path());
      const header = template
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0];
      expect(header.split(';').slice(0, 3)).toEqual(
        lang === 'es' ? ['codigo', 'cantidad', 'opcion'] : ['code', 'quantity', 'option'],
      );
      await file.setInputFiles({ name: 'plantilla.csv', mimeType: 'text/csv', buffer: template });
      await expect(summary(page)).toHaveText(summaryText(lang, 2, 0, 0));

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
      await dialog.getByRole('button', { name: t(lang, 'Siguiente', 'Next'), exact: true }).click();
      await expect(dialog.getByText(t(lang, 'Fila 2 de 2', 'Row 2 of 2'))).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('3');
      await expect(dialog.getByRole('textbox', { name: form.fabric(lang), exact: true })).toHaveValue(
        t(lang, 'Azul marino', 'Navy blue'),
      );
      await dialog.getByRole('button', { name: t(lang, 'Anterior', 'Previous'), exact: true }).click();
      await expect(dialog.getByText(t(lang, 'Fila 1 de 2', 'Row 1 of 2'))).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('2');

      // The second row first: once it is done, the first one, still to configure, comes back.
      await dialog.getByRole('button', { name: t(lang, 'Siguiente', 'Next'), exact: true }).click();
      await expect(dialog.getByText(t(lang, 'Fila 2 de 2', 'Row 2 of 2'))).toBeVisible();
      await choose(page, dialog, form.trim(lang), t(lang, 'Ribete camel', 'Camel piping'));
      await dialog.getByRole('button', { name: t(lang, 'Usar estas opciones', 'Use these options') }).click();
      await expect(dialog.getByText(t(lang, 'Fila 1 de 2', 'Row 1 of 2'))).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: form.quantity(lang) })).toHaveValue('2');
      await choose(page, dialog, form.fabric(lang), t(lang, 'Beige arena', 'Sand beige'));
      await choose(page, dialog, form.trim(lang), t(lang, 'Sin ribete', 'No piping'));
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

    test('a representative acting for a client orders for it from the side menu', async ({
      page,
      request,
    }) => {
      if (lang === 'en') {
        // The representative's stored language decides after sign-in: English for this run.
        const headers = await apiHeaders(request, REP);
        await request.post('/api/setLocale', { headers, data: { locale: 'en' } });
      }
      try {
        await signInAs(page, REP, lang);
        await page.goto('/cliente/list');
        const row = page
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: 'Bebés del Sur', exact: true }) });
        await row
          .getByRole('button', { name: t(lang, 'Actuar como este cliente', 'Act for this client') })
          .click();
        await expect(page.getByTestId('client-name')).toHaveText('Bebés del Sur');
        await page
          .getByRole('navigation', { name: t(lang, 'Menú lateral', 'Side menu') })
          .getByRole('link', { name: t(lang, 'Pedido rápido', 'Quick order') })
          .click();
        await page
          .getByRole('textbox', { name: t(lang, 'Líneas (código y cantidad)', 'Lines (code and quantity)') })
          .fill('NDCAP102 2 TJ05 AC02');
        await page.getByRole('button', { name: t(lang, 'Comprobar líneas', 'Check lines') }).click();
        await expect(summary(page)).toHaveText(summaryText(lang, 1, 0, 0));
        await page
          .getByRole('button', { name: t(lang, 'Añadir 1 línea al carrito', 'Add 1 line to the cart') })
          .click();
        await expect(
          page.getByText(t(lang, '1 línea añadida al carrito.', '1 line added to the cart.')),
        ).toBeVisible();
      } finally {
        if (lang === 'en') {
          const headers = await apiHeaders(request, REP);
          await request.post('/api/setLocale', { headers, data: { locale: 'es' } });
        }
      }
    });

    test('order again: a withdrawn option is flagged with substitutes; one is accepted and added', async ({
      page,
      request,
    }) => {
      const shop = await apiHeaders(request, userFor(lang));
      const admin = await apiHeaders(request, ADMIN);
      const { pedidoId, line, optionId } = await orderWithFabric(request, shop);
      const old = await setOptionActive(request, admin, optionId, false);
      try {
        const checked = await request.post('/api/pedidos/reorder/check', {
          headers: shop,
          data: { linea_id: line.linea_id },
        });
        const substitutes = ((await checked.json()) as { lines: CheckedLine[] }).lines[0].substitutes[0]
          .options;
        const second = substitutes[1];

        await signInAs(page, userFor(lang), lang);
        await page.goto(`/pedido/${pedidoId}`);
        await page.getByRole('button', { name: t(lang, 'Volver a pedir', 'Order again') }).click();
        const dialog = page.getByRole('dialog', {
          name: new RegExp(t(lang, '^Volver a pedir', '^Order again')),
        });
        const oldName = t(lang, old.nombre, old.nombre_en);
        const issue = t(
          lang,
          `Tejido: la opción ${oldName} ya no está disponible`,
          `Fabric: the option ${oldName} is no longer available`,
        );
        const card = dialog.getByTestId('reorder-line').filter({ hasText: issue }).first();
        await expect(card).toHaveAttribute('data-status', 'changed');
        const label = t(lang, `En lugar de ${oldName} (Tejido)`, `Instead of ${oldName} (Fabric)`);
        // The nearest colour first, as the server sorts them.
        await expect(card.getByRole('textbox', { name: label })).toHaveValue(
          t(lang, substitutes[0].nombre, substitutes[0].nombre_en),
        );
        await choose(page, card, label, t(lang, second.nombre, second.nombre_en));

        const add = dialog.getByRole('button', {
          name: new RegExp(t(lang, '^Añadir \\d+ líneas? al carrito', '^Add \\d+ lines? to the cart')),
        });
        await add.click();
        await expect(
          dialog.getByText(new RegExp(t(lang, 'añadidas? al carrito', 'added to the cart'))),
        ).toBeVisible();

        // The cart has the line with the substitute chosen.
        const cart = (await (
          await request.post('/api/pedidos/cliente', { headers: shop, data: {} })
        ).json()) as {
          detalle: Array<{ modelo: { modelo: string } | string; parametros_color: Array<{ id: number }> }>;
        };
        expect(cart.detalle.some((l) => l.parametros_color.some((c) => c.id === second.id))).toBe(true);
      } finally {
        await setOptionActive(request, admin, optionId, true);
      }
    });

    test('order again lists each line with its options, embroidery and prices as the order shows them', async ({
      page,
      request,
    }) => {
      const shop = await apiHeaders(request, userFor(lang));
      const { pedidoId } = await orderWithFabric(request, shop);
      const order = (await (await request.get(`/api/pedido/${pedidoId}`, { headers: shop })).json()) as {
        detalle: Array<{
          id: number;
          precio: number;
          lineaprimaria: number;
          parametros_color: Array<{
            grupo: string;
            grupo_en: string;
            nombre: string;
            nombre_en: string;
          }> | null;
        }>;
      };
      await signInAs(page, userFor(lang), lang);
      await page.goto(`/pedido/${pedidoId}`);
      await page.getByRole('button', { name: t(lang, 'Volver a pedir', 'Order again') }).click();
      const dialog = page.getByRole('dialog', {
        name: new RegExp(t(lang, '^Volver a pedir', '^Order again')),
      });
      const cards = dialog.getByTestId('reorder-line');
      await expect(cards.first()).toBeVisible();
      const checked = (await (
        await request.post('/api/pedidos/reorder/check', { headers: shop, data: { pedido_id: pedidoId } })
      ).json()) as { lines: Array<{ linea_id: number; status: string }> };
      for (const [i, l] of checked.lines.entries()) {
        if (l.status !== 'ok') continue;
        const bought = order.detalle.find((d) => d.id === l.linea_id)!;
        const card = cards.nth(i);
        // Its options by name, as on the order.
        await expect(card.getByTestId('reorder-line-options')).toHaveText(
          (bought.parametros_color ?? [])
            .map((o) => `${t(lang, o.grupo, o.grupo_en)}: ${t(lang, o.nombre, o.nombre_en)}`)
            .join(' · '),
        );
        // The unit price is the order line's own, the surcharge apart.
        await expect(card.getByTestId('reorder-price')).toHaveText(
          new RegExp(`^${t(lang, 'Precio unitario', 'Unit price')}: ${money(bought.precio).source}$`),
        );
      }
      await shoot(page, `reorder-${lang}`);
    });

    test('buy again on a line whose option was withdrawn says so and offers the substitutes', async ({
      page,
      request,
    }) => {
      const shop = await apiHeaders(request, userFor(lang));
      const admin = await apiHeaders(request, ADMIN);
      const purchases = (await (
        await request.post('/api/modelo/lastPurchased', { headers: shop, data: {} })
      ).json()) as { ids: number[] };
      // The first purchase (of the first rows, painted at once) with a fabric, orderable as it was.
      let found: { index: number; optionId: number; modelo: string } | null = null;
      for (const [index, id] of purchases.ids.slice(0, 6).entries()) {
        const check = await request.post('/api/pedidos/reorder/check', {
          headers: shop,
          data: { linea_id: id },
        });
        const [line] = ((await check.json()) as { lines: CheckedLine[] }).lines;
        const fabric = line?.line?.parametros_color.find((c) => c.parametros_grupos_id === 10);
        if (line?.status === 'ok' && fabric) {
          found = { index, optionId: fabric.parametro, modelo: line.model.modelo };
          break;
        }
      }
      // The demo data gives every shop recent purchases with a fabric: none would be a broken seed.
      expect(found, 'a recent purchase with a fabric').not.toBeNull();
      if (!found) return;
      const old = await setOptionActive(request, admin, found.optionId, false);
      try {
        await signInAs(page, userFor(lang), lang);
        const item = page.getByTestId('purchase').nth(found.index);
        await item.getByRole('button', { name: t(lang, 'Volver a comprar', 'Buy again') }).click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'Volver a comprar', 'Buy again') });
        const oldName = t(lang, old.nombre, old.nombre_en);
        await expect(
          dialog.getByText(
            t(
              lang,
              `Tejido: la opción ${oldName} ya no está disponible`,
              `Fabric: the option ${oldName} is no longer available`,
            ),
          ),
        ).toBeVisible();
        const substitute = dialog.getByRole('textbox', {
          name: t(lang, `En lugar de ${oldName} (Tejido)`, `Instead of ${oldName} (Fabric)`),
        });
        const chosen = await substitute.inputValue();
        await dialog
          .getByRole('button', { name: t(lang, 'Seguir con estas opciones', 'Continue with these options') })
          .click();
        // The configurator opens with the substitute chosen, never the withdrawn option.
        const configurator = page.getByRole('dialog', { name: form.addToCart(lang) });
        await expect(configurator.getByRole('textbox', { name: form.fabric(lang), exact: true })).toHaveValue(
          new RegExp(`^${chosen}`),
        );
      } finally {
        await setOptionActive(request, admin, found.optionId, true);
      }
    });
  });
}
