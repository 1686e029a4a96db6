/**
 * The orders list's exports: a shop filters its orders, exports them as CSV and as Excel, and the
 * downloaded files (opened here as a spreadsheet would open them) hold what the list shows: the
 * same orders, a row per line, with their dates, statuses and totals.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose } from './ordering-helpers.ts';
import { expectAccessible, LANGS, type Lang, SHOP, SHOP_B, signIn, t } from './support.ts';

/** An order as the list shows it. */
interface Listed {
  docum: string;
  fecha: string;
  cliente: string;
  status: string;
  lineas: number;
  /** "1234,50 €" as shown, without the currency sign: how the CSV writes the amount. */
  total: string;
}

async function listedOrders(page: Page): Promise<Listed[]> {
  const table = page.getByTestId('orders-table');
  // Cells by their column's heading, as shown (innerText: a value folded for a tablet is hidden here).
  return table.evaluate((el) => {
    const headings = [...el.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
    const column = (names: string[]) => headings.findIndex((h) => names.includes(h));
    const at = {
      docum: column(['Documento', 'Document']),
      fecha: column(['Fecha', 'Date']),
      cliente: column(['Cliente', 'Client']),
      status: column(['Estado', 'Status']),
      lineas: column(['Líneas', 'Lines']),
      total: column(['Total']),
    };
    return [...el.querySelectorAll('tbody tr')].map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) =>
        (td as unknown as { innerText: string }).innerText.trim(),
      );
      return {
        docum: cells[at.docum],
        fecha: cells[at.fecha],
        cliente: cells[at.cliente],
        // The status cell also carries the invoiced mark ("Facturado F2026-000024"); the file has the status.
        status: cells[at.status].replace(/\s*(Facturado|Invoiced) F\S+$/, ''),
        lineas: Number(cells[at.lineas]),
        total: cells[at.total]
          .replace(/\s*€$/, '')
          .replace(/\./g, '')
          .replace(/\u00a0/g, ''),
      };
    });
  });
}

/** Clicks an export button and answers the saved file's name and bytes. */
async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(path) };
}

/** The sheet's rows (values only), the header first. */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

/** What each listed order should come to in the file: its lines' rows, each with the order's data. */
function expectOrders(
  rows: unknown[][],
  listed: Listed[],
  cell: (v: unknown, kind: 'date' | 'money') => string,
) {
  expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(listed.map((o) => o.docum)));
  for (const order of listed) {
    const lines = rows.filter((r) => r[0] === order.docum);
    expect(lines, order.docum).toHaveLength(order.lineas);
    for (const r of lines) {
      expect([cell(r[1], 'date'), r[2], r[3], cell(r[15], 'money')], order.docum).toEqual([
        order.fecha,
        order.status,
        order.cliente,
        order.total,
      ]);
    }
  }
}

const HEADER = {
  es: 'Documento,Fecha,Estado,Cliente,Referencia,Entrega solicitada,Código,Descripción,Opciones,Bordado,Nota,Cantidad,Precio unidad,Recargos,Importe,Total a pagar',
  en: 'Document,Date,Status,Client,Reference,Requested delivery,Code,Description,Options,Embroidery,Note,Quantity,Unit price,Surcharges,Amount,Total to pay',
};

for (const lang of LANGS as Lang[]) {
  test.describe(`orders export (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('a shop filters its orders and exports them as CSV and Excel: the files hold what the list shows', async ({
      page,
    }) => {
      await signIn(page, lang === 'es' ? SHOP : SHOP_B, lang);
      await page
        .getByRole('navigation')
        .getByRole('link', { name: t(lang, 'Pedidos', 'Orders'), exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: t(lang, 'Pedidos', 'Orders') })).toBeVisible();
      const bought = t(lang, 'Comprado', 'Bought');
      await choose(page, page, t(lang, 'Estado', 'Status'), bought);
      const rows = page.getByTestId('orders-table').locator('tbody tr');
      await expect(rows.first()).toContainText(bought);
      await expect(rows.filter({ hasNotText: bought })).toHaveCount(0);
      const listed = await listedOrders(page);
      // One page: the export (every page of the filter) is then exactly what the list shows.
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThan(25);
      await expectAccessible(page);

      const csv = await download(page, t(lang, 'Exportar CSV', 'Export CSV'));
      expect(csv.name).toMatch(new RegExp(`^${t(lang, 'pedidos', 'orders')}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // UTF-8 BOM
      const fromCsv = rowsOf(
        await new ExcelJS.Workbook().csv.read(Readable.from([csv.bytes]), {
          parserOptions: { delimiter: ';' },
          map: (v: unknown) => v,
        }),
      );
      expect(fromCsv[0].join(',')).toBe(HEADER[lang]);
      expectOrders(fromCsv.slice(1), listed, (v) => String(v));

      const xlsx = await download(page, t(lang, 'Exportar Excel', 'Export Excel'));
      expect(xlsx.name).toMatch(new RegExp(`^${t(lang, 'pedidos', 'orders')}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
      const fromXlsx = rowsOf(workbook.worksheets[0]);
      expect(fromXlsx[0].join(',')).toBe(HEADER[lang]);
      // Dates are dates and money is numbers: shown here as the list shows them.
      expectOrders(fromXlsx.slice(1), listed, (v, kind) =>
        kind === 'date'
          ? (v as Date).toLocaleDateString('es-ES', {
              timeZone: 'UTC',
              day: '2-digit',
              month: '2-digit',
              year: 'numeric',
            })
          : (v as number).toFixed(2).replace('.', ','),
      );
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'Descargando', 'Downloading') }),
      ).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
