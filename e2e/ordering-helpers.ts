/** Helpers of the ordering journeys (search, configure, cart, checkout). */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, type Lang, t } from './support.ts';

/** es-ES euros as the app shows them ("1234,50 €"), as a whitespace-tolerant pattern. */
export function money(euros: number): RegExp {
  const text = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(euros);
  return new RegExp(text.replace(/\s/g, '\\s').replace('.', '\\.'));
}

/** es-ES euros as shown ("1019,99 €", "12.345,60 €") → cents. */
export function cents(text: string | null): number {
  return Number((text ?? '').replace(/[^\d,]/g, '').replace(',', ''));
}

/** The option of a Select (a labelled text box opening a listbox). */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option }).first().click();
  await expect(scope.getByRole('textbox', { name: label, exact: true })).toHaveValue(
    typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}`) : option,
  );
}

/**
 * An option offered with a surcharge, whatever the shop pays for it ("Nombre (+9,90 €)" at PVP, less
 * on a price list): for journeys that choose it and check no price.
 */
export function surcharged(lang: Lang, es: string, en: string): RegExp {
  return new RegExp(`^${escapeRegExp(t(lang, es, en))} \\(\\+`);
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The top-bar cart button (its name carries the line and unit counts). */
export function cartButton(page: Page, lang: Lang): Locator {
  return page.getByRole('button', { name: new RegExp(`^${t(lang, 'Carrito', 'Cart')},`) });
}

/** Opens the cart dropdown and returns it. */
export async function openCart(page: Page, lang: Lang): Promise<Locator> {
  await cartButton(page, lang).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByText(t(lang, 'Carrito', 'Cart'), { exact: true })).toBeVisible();
  return menu;
}

/** Texts of the line-add form. */
export const form = {
  fabric: (lang: Lang) => t(lang, 'Tejido', 'Fabric'),
  trim: (lang: Lang) => t(lang, 'Acabado', 'Trim'),
  mattress: (lang: Lang) => t(lang, 'Colchón', 'Mattress'),
  embroideryGroup: (lang: Lang) => t(lang, 'Bordado', 'Embroidery'),
  name: (lang: Lang) => t(lang, 'Nombre a bordar', 'Name to embroider'),
  colour: (lang: Lang) => t(lang, 'Color del bordado', 'Embroidery colour'),
  position: (lang: Lang) => t(lang, 'Posición del bordado', 'Embroidery position'),
  quantity: (lang: Lang) => t(lang, 'Cantidad', 'Quantity'),
  add: (lang: Lang) => t(lang, 'Añadir', 'Add'),
  addToCart: (lang: Lang) => t(lang, 'Añadir al carrito', 'Add to cart'),
  lineAdded: (lang: Lang) => t(lang, 'Línea añadida al carrito', 'Line added correctly'),
  selectColor: (lang: Lang) => t(lang, 'Debes seleccionar un color', 'You must select a color'),
  selectName: (lang: Lang) => t(lang, 'Debes indicar un nombre', 'You must select a name'),
  selectPosition: (lang: Lang) => t(lang, 'Debes seleccionar una posición', 'You must select a position'),
};

/** Records the POST pedidos/lineadd calls the page makes (to prove nothing was sent). */
export function watchLineAdds(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/pedidos/lineadd')) n++;
  });
  return { count: () => n };
}

/**
 * Signs in through the login form. (Like support.ts signIn, but the password field is found by a
 * label prefix: the required-field asterisk is part of that label's text.)
 */
export async function signInAs(page: Page, email: string, lang: Lang, password = DEMO_PASSWORD) {
  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(password);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
  await expect(page).not.toHaveURL(/\/account\/login/);
}

/**
 * What the configurator offers the carrycot at, on a shop's price list (record 049): the embroidery
 * option's price, and the unit price (with the embroidery) it then shows beside the unit's PVP.
 */
export interface CarrycotPrices {
  embroidery: number;
  unit: number;
  pvp: number;
}

/** es-ES euros without the sign, as an option's label carries them ("8,91"). */
function euros(amount: number): string {
  return new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
}

/**
 * Opens NDCAP103's configurator from the home search and chooses its fabric, trim and mattress
 * (Azul niebla, Ribete blanco, Viscoelástico); returns the dialog, its embroidery still to choose.
 */
export async function configureCarrycot(page: Page, lang: Lang): Promise<Locator> {
  const search = page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') });
  await search.fill('NDCAP103');
  const card = page.getByRole('article', { name: /^NDCAP103 / });
  await card.getByRole('button', { name: `${form.addToCart(lang)} NDCAP103` }).click();
  const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
  await choose(page, dialog, form.fabric(lang), t(lang, 'Azul niebla', 'Mist blue'));
  await choose(page, dialog, form.trim(lang), t(lang, 'Ribete blanco', 'White piping'));
  await choose(page, dialog, form.mattress(lang), t(lang, 'Viscoelástico', 'Memory foam'));
  return dialog;
}

/**
 * Adds NDCAP103 with a name embroidered and `note`, from the home search: Azul niebla, Ribete
 * blanco, Viscoelástico, "Lucía" in Rosa palo on the side. At PVP that is 323,90 € a unit, its
 * embroidery offered at 9,90 €; a journey that checks prices passes what the configurator must
 * show, checked before the line is added (without `prices`, whatever the shop's list makes them).
 */
export async function addEmbroideredCarrycot(page: Page, lang: Lang, note: string, prices?: CarrycotPrices) {
  const dialog = await configureCarrycot(page, lang);
  await choose(
    page,
    dialog,
    form.embroideryGroup(lang),
    prices
      ? t(lang, `Nombre (+${euros(prices.embroidery)}`, `Name (+${euros(prices.embroidery)}`)
      : surcharged(lang, 'Nombre', 'Name'),
  );
  await dialog.getByRole('textbox', { name: form.name(lang) }).fill('Lucía');
  await choose(page, dialog, form.colour(lang), t(lang, 'Rosa palo', 'Blush pink'));
  await choose(page, dialog, form.position(lang), t(lang, 'Lateral', 'Side'));
  await dialog.getByRole('textbox', { name: t(lang, 'Nota', 'Note') }).fill(note);
  if (prices) {
    await expect(dialog.getByTestId('unit-price')).toHaveText(money(prices.unit));
    await expect(dialog.getByTestId('unit-pvp')).toHaveText(new RegExp(`PVP\\s${money(prices.pvp).source}`));
  }
  await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The Admin's API, signed in: `api(method, path, body)` answers the JSON (null for a 204). */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { email: ADMIN, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
  return async (method: 'POST' | 'PUT', path: string, data: unknown) => {
    const res = await request.fetch(`/api/${path}`, { method, data, headers });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : res.json();
  };
}

/** The password of the shop users shopOnPriceList creates. */
export const SHOP_PASSWORD = 'Tarifa-e2e-Nido-2026';

/** A delivery address as the Admin's API takes it (the first one given becomes the default). */
export interface AddressFields {
  nombre: string;
  direccion: string;
  cp: string;
  poblacion: string;
  provincia: string;
  telefono: string;
}

/**
 * A client of its own on a new list "Tiendas e2e <lang>" (by default 10 % off and NDCAP103 at
 * 229,00 €; `list` changes that: `{ descuento: 0, netPrice: false }` prices at PVP), its shop user
 * (speaking `lang`, password SHOP_PASSWORD) and, when given, its legal name, tax regime and delivery
 * addresses: made through the Admin's API, so no other journey's shop changes (and no journey
 * depends on the demo shops' terms).
 */
export async function shopOnPriceList(
  request: APIRequestContext,
  lang: Lang,
  extra: {
    nombre?: string;
    regimen_fiscal?: 'general' | 'recargo';
    addresses?: AddressFields[];
    list?: { descuento: number; netPrice: boolean };
  } = {},
) {
  const api = await adminApi(request);
  const stamp = Date.now() % 1_000_000;
  const terms = extra.list ?? { descuento: 10, netPrice: true };
  const list = await api('POST', 'tarifas', {
    nombre: `Tiendas e2e ${lang} ${stamp}`,
    descuento: terms.descuento,
  });
  if (terms.netPrice) await api('PUT', `tarifas/${list.id}/precios/NDCAP103`, { precio: 229 });
  const nomcome = `Tienda con tarifa ${lang} ${stamp}`;
  const client = (await api('POST', 'cliente', { nomcome })).data;
  await api('PUT', `cliente/${client.id}`, {
    nomcome,
    tarifa_id: list.id,
    ...(extra.nombre ? { nombre: extra.nombre } : {}),
    ...(extra.regimen_fiscal ? { regimen_fiscal: extra.regimen_fiscal } : {}),
  });
  for (const [i, address] of (extra.addresses ?? []).entries()) {
    await api('POST', `cliente/${client.id}/direcciones`, { ...address, predeterminada: i === 0 });
  }
  const email = `tarifa.${lang}.${stamp}@nido.test`;
  await api('POST', 'clienteUsers', {
    cliente_id: client.id,
    name: `Tarifa ${lang}`,
    email,
    password: SHOP_PASSWORD,
    password_confirmation: SHOP_PASSWORD,
    language: lang,
  });
  return { email, list, client, nomcome };
}

/**
 * A shop of its own that pays PVP (a list without discounts), under the equivalence surcharge, with
 * a legal name: for journeys that check the catalogue's own figures.
 */
export async function shopAtPvp(request: APIRequestContext, lang: Lang) {
  const stamp = Date.now() % 1_000_000;
  const nombre = `Tienda PVP ${lang} ${stamp} S.L.`;
  const shop = await shopOnPriceList(request, lang, {
    nombre,
    regimen_fiscal: 'recargo',
    list: { descuento: 0, netPrice: false },
  });
  return { ...shop, nombre };
}
