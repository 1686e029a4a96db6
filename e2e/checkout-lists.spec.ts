/**
 * What a buyer reads at checkout and in the lists (issue 28), at a desktop (1280), a tablet (820)
 * and a phone (390):
 * - the orders and invoices lists show each order's reference and wanted date: columns on a desktop,
 *   folded under the number and the date on a tablet, named lines of the card on a phone; for the
 *   shop and for the Admin;
 * - checkout shows the default address whole (its name alone, the default marked apart), the
 *   shipping line's name once, the cart menu's lines and units, and gives the lines' description
 *   the room on a tablet.
 * Each language makes its own client (shopOnPriceList). Screenshots at the three widths go to
 * SHOTS_DIR when it is set.
 */
import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi, openCart, SHOP_PASSWORD, shopOnPriceList } from './ordering-helpers.ts';
import { ADMIN, expectAccessible, LANGS, resizeTo, signIn, t } from './support.ts';

/** The page's globals, inside `evaluate` (the e2e project has no DOM typings). */
type Browser = any;

const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const;
type Size = keyof typeof WIDTHS;

const SHOP = {
  nombre: 'Tienda Calle Sierpes 14',
  direccion: 'Calle Sierpes 14',
  cp: '41004',
  poblacion: 'Sevilla',
  provincia: 'Sevilla',
  telefono: '954 000 222',
};
const WAREHOUSE = {
  nombre: 'Almacén Polígono Carretera Amarilla',
  direccion: 'Calle Río Viejo 12, nave 4',
  cp: '41703',
  poblacion: 'Dos Hermanas',
  provincia: 'Sevilla',
  telefono: '954 93 12 40',
};

async function resize(page: Page, size: Size) {
  await resizeTo(page, WIDTHS[size]);
}

/** The page, whole, as `$SHOTS_DIR/<name>-<size>.png`; nothing when SHOTS_DIR is not set. */
async function shot(page: Page, name: string, size: Size) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });
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

/** A shop's API, signed in with SHOP_PASSWORD. */
async function shopApi(request: APIRequestContext, email: string) {
  const login = await request.post('/api/login', { data: { email, password: SHOP_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  return {
    get: async (path: string) => {
      const res = await request.get(`/api/${path}`, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return res.json();
    },
    post: async (path: string, data: unknown) => {
      const res = await request.post(`/api/${path}`, { headers, data: data as object });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
  };
}

interface Option {
  id: number;
  activado: boolean;
  price: number;
  letters: number;
  embroidery_color: boolean;
  embroidery_position: string;
}

/**
 * Adds `cantidad` of `modelo` with a plain option in each group or, with `embroidery`, its priced
 * name embroidery (billed on a line of its own); answers the cart.
 */
async function addLine(
  call: Awaited<ReturnType<typeof shopApi>>,
  modelo: string,
  cantidad: number,
  embroidery = false,
) {
  const model = (await call.get(`modelo/${modelo}`)) as {
    grupos: Array<{ id: number; activado: boolean; parametros: Option[] }>;
    embroidery_colours: Array<{ id: number }>;
  };
  const plain = (o: Option) => !(o.letters > 0 || o.embroidery_color || o.embroidery_position !== '');
  let parametros_bordado: Record<string, unknown> | undefined;
  const parametros_color = model.grupos
    .filter((g) => g.activado && g.parametros.some((o) => o.activado))
    .map((g) => {
      const active = g.parametros.filter((o) => o.activado);
      const priced = active.find((o) => o.letters > 0 && o.price > 0);
      if (embroidery && priced) {
        parametros_bordado = {
          with_custom: 0,
          name: 'Valentina',
          emb_style: 'Embird',
          emb_color: model.embroidery_colours[0]?.id,
          position: priced.embroidery_position.split(',')[0]?.trim() ?? '',
        };
        return { parametros_grupos_id: g.id, parametro: priced.id };
      }
      return { parametros_grupos_id: g.id, parametro: (active.find(plain) ?? active[0]).id };
    });
  if (embroidery) expect(parametros_bordado, `${modelo} offers a priced embroidery`).toBeDefined();
  return (await call.post('pedidos/lineadd', { modelo, cantidad, parametros_color, parametros_bordado })) as {
    id: number;
  };
}

/** Whether the select shows its chosen option's text whole (not cut at the field's edge). */
async function shownWhole(select: Locator): Promise<{ text: string; needed: number; room: number }> {
  return select.evaluate((el: Browser) => {
    const { document, getComputedStyle } = globalThis as Browser;
    const style = getComputedStyle(el);
    const text = el.options[el.selectedIndex]?.text ?? '';
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const needed = canvas.measureText(text).width;
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text, needed, room };
  });
}

const wantedDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: string) => day.split('-').reverse().join('/');

for (const lang of LANGS) {
  test.describe(`what a buyer reads (${lang})`, () => {
    test.use({ locale: lang === 'es' ? 'es-ES' : 'en-US' });

    test('the orders and invoices lists show the reference and the wanted date, at every width, to the shop and the Admin', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const shop = await shopOnPriceList(request, lang, { addresses: [SHOP] });
      const call = await shopApi(request, shop.email);
      const cart = await addLine(call, 'NDCAP102', 2);
      const reference = `PO-L${lang}-${Date.now() % 100000}`;
      const wanted = wantedDay(21);
      const { pedido } = (await call.post('pedidos/processOrder', {
        pedido_id: cart.id,
        referencia: reference,
        fecha_entrega: wanted,
      })) as { pedido: { id: number; docum: string } };
      await (await adminApi(request))('POST', 'facturas', { pedido_id: pedido.id });

      const names = {
        reference: t(lang, 'Referencia', 'Reference'),
        wanted: t(lang, 'Entrega solicitada', 'Wanted by'),
        foldedReference: `Ref.: ${reference}`,
        foldedWanted: t(lang, `Entrega: ${dmy(wanted)}`, `Wanted by ${dmy(wanted)}`),
      };

      /** The list's row of the order at each width: columns, folded lines, a card's named lines. */
      async function expectDetails(table: Locator, name: string) {
        const row = table.getByRole('row').filter({ hasText: pedido.docum });
        await resize(page, 'desktop');
        await expect(table.getByRole('columnheader', { name: names.reference, exact: true })).toBeVisible();
        await expect(table.getByRole('columnheader', { name: names.wanted, exact: true })).toBeVisible();
        await expect(row.getByRole('cell', { name: reference, exact: true })).toBeVisible();
        await expect(row.getByRole('cell', { name: dmy(wanted), exact: true })).toBeVisible();
        await expect(row.getByText(names.foldedReference)).toBeHidden();
        await shot(page, name, 'desktop');

        await resize(page, 'tablet');
        await expect(table.getByRole('columnheader', { name: names.reference, exact: true })).toBeHidden();
        await expect(row.getByText(names.foldedReference, { exact: true })).toBeVisible();
        await expect(row.getByText(names.foldedWanted, { exact: true })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await shot(page, name, 'tablet');

        await resize(page, 'phone');
        await expect(row.getByText(reference, { exact: true })).toBeVisible();
        await expect(row.getByText(dmy(wanted), { exact: true })).toBeVisible();
        await expect(row.getByText(names.foldedReference)).toBeHidden();
        // The card names each line: its column's name, then the value.
        const nameOf = (text: string) =>
          row
            .getByRole('cell')
            .filter({ hasText: new RegExp(`^${text}$`) })
            .evaluate((cell: Browser) => (globalThis as Browser).getComputedStyle(cell, '::before').content);
        expect(await nameOf(reference)).toBe(JSON.stringify(names.reference));
        expect(await nameOf(dmy(wanted))).toBe(JSON.stringify(names.wanted));
        await expectNoSidewaysScroll(page);
        await shot(page, name, 'phone');
        await resize(page, 'desktop');
      }

      await signIn(page, shop.email, lang, SHOP_PASSWORD);
      await page.goto('/pedido/list');
      await expectDetails(page.getByTestId('orders-table'), `lists-orders-${lang}`);
      await expectAccessible(page, 'orders list');
      await page.goto('/facturas/list');
      await expectDetails(page.getByTestId('invoices-table'), `lists-invoices-${lang}`);

      // The Admin finds the order, with its reference and date, among every client's.
      const context = await browser.newContext({ locale: 'es-ES', viewport: WIDTHS.desktop });
      const admin = await context.newPage();
      await signIn(admin, ADMIN, 'es');
      await admin.goto('/pedido/list');
      await admin.getByRole('searchbox', { name: 'Buscar' }).fill(pedido.docum);
      const row = admin.getByTestId('orders-table').getByRole('row').filter({ hasText: pedido.docum });
      await expect(row.getByRole('cell', { name: reference, exact: true })).toBeVisible();
      await expect(row.getByRole('cell', { name: dmy(wanted), exact: true })).toBeVisible();
      await admin.goto('/facturas/list');
      const invoice = admin.getByTestId('invoices-table').getByRole('row').filter({ hasText: pedido.docum });
      await admin.getByRole('searchbox', { name: 'Buscar' }).fill(pedido.docum);
      await expect(invoice.getByRole('cell', { name: reference, exact: true })).toBeVisible();
      await context.close();
    });

    test('checkout reads whole: the default address, shipping once, lines and units, room for the description', async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const shop = await shopOnPriceList(request, lang, { addresses: [SHOP, WAREHOUSE] });
      // The list charges shipping below a goods total far above this cart's.
      await (await adminApi(request))('PUT', `tarifas/${shop.list.id}`, {
        nombre: shop.list.nombre,
        descuento: 10,
        porte: 15,
        porte_gratis_desde: 99_999,
      });
      const call = await shopApi(request, shop.email);
      await addLine(call, 'NDCAP102', 2);
      await addLine(call, 'NDCAP103', 3, true);

      await signIn(page, shop.email, lang, SHOP_PASSWORD);
      // The cart menu counts its lines and their units, each named (the shipping line is neither).
      await expect(page.getByTestId('cart-button')).toHaveAccessibleName(
        t(lang, 'Carrito, 2 líneas, 5 unidades', 'Cart, 2 lines, 5 units'),
      );
      const menu = await openCart(page, lang);
      await expect(menu.getByTestId('cart-count')).toHaveText(
        t(lang, '2 líneas · 5 unidades', '2 lines · 5 units'),
      );
      await page.keyboard.press('Escape');

      await page.goto(`/pedido/edit/${shop.client.id}`);
      const address = page.getByRole('combobox', {
        name: t(lang, 'Dirección de entrega', 'Delivery address'),
      });
      const lines = page.getByTestId('lines-table');
      const shipping = lines.locator('tr[data-shipping]');
      for (const size of ['desktop', 'tablet', 'phone'] as const) {
        await resize(page, size);
        // The default address by its name, whole; the default marked beside the address written out.
        const fit = await shownWhole(address);
        expect(fit.needed, `"${fit.text}" fits the field at ${size}`).toBeLessThanOrEqual(fit.room);
        await expect(address.locator('option:checked')).toHaveText(SHOP.nombre);
        // Every address's name fits the field (the warehouse's is the longer).
        const room = fit.room;
        const longest = await address.evaluate((el: Browser) => {
          const { document, getComputedStyle } = globalThis as Browser;
          const style = getComputedStyle(el);
          const canvas = document.createElement('canvas').getContext('2d');
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          return Math.max(...[...el.options].map((o: Browser) => canvas.measureText(o.text).width));
        });
        expect(longest, `the longest name at ${size}`).toBeLessThanOrEqual(room);
        await expect(page.getByText(t(lang, 'Predeterminada', 'Default'), { exact: true })).toBeVisible();
        // The shipping line's name once ("Portes", not "Portes PORTES").
        const said = (await shipping.innerText()).match(new RegExp(t(lang, 'portes', 'shipping'), 'gi'));
        expect(said, `the shipping line at ${size}`).toHaveLength(1);
        await expectNoSidewaysScroll(page);
        await shot(page, `checkout-${lang}`, size);
      }

      // On a tablet the description has the room (it had 110 px to the code's and picture's 150).
      await resize(page, 'tablet');
      const header = (name: string) => lines.getByRole('columnheader', { name, exact: true });
      const description = (await header(t(lang, 'Descripción', 'Description')).boundingBox())?.width ?? 0;
      expect(description, 'the description column at 820 px').toBeGreaterThanOrEqual(220);
      // The code column gives its room to the description.
      await expect(header(t(lang, 'Código', 'Code'))).toBeHidden();
      // The code stays on screen, heading the description.
      await expect(
        lines
          .locator('tr[data-line="NDCAP103"]')
          .getByText('NDCAP103', { exact: true })
          .locator('visible=true'),
      ).toBeVisible();

      // The warehouse: chosen, its long name still whole at a phone's width.
      await resize(page, 'phone');
      await address.selectOption({ label: WAREHOUSE.nombre });
      const fit = await shownWhole(address);
      expect(fit.needed, `"${fit.text}" fits the field on a phone`).toBeLessThanOrEqual(fit.room);
      await expect(page.getByText(t(lang, 'Predeterminada', 'Default'), { exact: true })).toBeHidden();
      await expectAccessible(page, 'checkout on a phone');
      await resize(page, 'desktop');
    });
  });
}
