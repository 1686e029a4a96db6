/** Helpers of the ordering journeys (search, configure, cart, checkout). */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type Lang, t } from './support.ts';

/** es-ES euros as the app shows them ("1234,50 €"), as a whitespace-tolerant pattern. */
export function money(euros: number): RegExp {
  const text = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(euros);
  return new RegExp(text.replace(/\s/g, '\\s').replace('.', '\\.'));
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

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The top-bar cart button (its name carries the item count). */
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
  lineAdded: (lang: Lang) => t(lang, 'Línea añadida correctamente', 'Line added correctly'),
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
export async function signInAs(page: Page, email: string, lang: Lang) {
  await page.goto('/account/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(new RegExp(`^${t(lang, 'Contraseña', 'Password')}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t(lang, 'Entrar', 'Sign in') }).click();
  await expect(page).not.toHaveURL(/\/account\/login/);
}

/** Adds NDCAP103 with a name embroidered (323,90 € a unit) and `note`, from the home search. */
export async function addEmbroideredCarrycot(page: Page, lang: Lang, note: string) {
  const search = page.getByRole('searchbox', { name: t(lang, 'Buscar modelos', 'Search models') });
  await search.fill('NDCAP103');
  const card = page.getByRole('article', { name: /^NDCAP103 / });
  await card.getByRole('button', { name: `${form.addToCart(lang)} NDCAP103` }).click();
  const dialog = page.getByRole('dialog', { name: form.addToCart(lang) });
  await choose(page, dialog, form.fabric(lang), t(lang, 'Azul niebla', 'Mist blue'));
  await choose(page, dialog, form.trim(lang), t(lang, 'Ribete blanco', 'White piping'));
  await choose(page, dialog, form.mattress(lang), t(lang, 'Viscoelástico', 'Memory foam'));
  await choose(page, dialog, form.embroideryGroup(lang), t(lang, 'Nombre (+9,90', 'Name (+9,90'));
  await dialog.getByRole('textbox', { name: form.name(lang) }).fill('Lucía');
  await choose(page, dialog, form.colour(lang), t(lang, 'Rosa palo', 'Blush pink'));
  await choose(page, dialog, form.position(lang), t(lang, 'Lateral', 'Side'));
  await dialog.getByRole('textbox', { name: t(lang, 'Nota', 'Note') }).fill(note);
  await dialog.getByRole('button', { name: form.add(lang), exact: true }).click();
  await expect(dialog).toBeHidden();
}
