import {
  type MenuBadge,
  type MenuItem,
  type MenuLabel,
  type Role,
  SCREENS,
  type ScreenFor,
  type ScreenName,
} from '@nido/contract';

/**
 * The side menu of product.md §4 Layout, delivered with the profile and following the role. An entry
 * names a screen of the contract's table (`SCREENS`), never a path: its link is the screen's path,
 * and a role's menu can name only the screens that role may open (the types below refuse any other;
 * menu.test.ts checks the result), so the menu and the web's router cannot disagree.
 */

interface Link<S extends ScreenName = ScreenName> {
  label: MenuLabel;
  screen: S;
  icon: string;
  badge?: MenuBadge;
}

interface Parent<S extends ScreenName = ScreenName> {
  label: MenuLabel;
  icon: string;
  submenus: readonly Link<S>[];
}

type Entry<S extends ScreenName = ScreenName> = Link<S> | Parent<S>;

const home = { label: 'menu.home', screen: 'home', icon: 'home' } as const;
const dashboard = { label: 'menu.dashboard', screen: 'dashboard', icon: 'chart-bar' } as const;
const clients = { label: 'menu.clients', screen: 'clients', icon: 'users' } as const;
const quickOrder = { label: 'menu.quickOrder', screen: 'quickOrder', icon: 'bolt' } as const;
const orders = { label: 'menu.orders', screen: 'orders', icon: 'clipboard-list' } as const;
const invoices = { label: 'menu.invoices', screen: 'invoices', icon: 'file-invoice' } as const;
const gallery = { label: 'menu.gallery', screen: 'gallery', icon: 'photo' } as const;
const companyInfo = { label: 'menu.companyInfo', screen: 'companyInfo', icon: 'building-store' } as const;
const failedMails = { label: 'menu.failedMails', screen: 'failedMails', icon: 'mail-exclamation' } as const;
const orderSettings = { label: 'menu.orderSettings', screen: 'orderSettings', icon: 'settings' } as const;
const productionSheet = {
  label: 'menu.productionSheet',
  screen: 'productionSheet',
  icon: 'layout-grid',
} as const;
const priceLists = { label: 'menu.priceLists', screen: 'priceLists', icon: 'tag' } as const;
const translations = {
  label: 'menu.translations',
  screen: 'translations',
  icon: 'language',
  badge: 'missingTranslations',
} as const;
const catalogue = {
  label: 'menu.catalogue',
  icon: 'category',
  submenus: [
    { label: 'menu.collections', screen: 'collections', icon: 'stack-2' },
    { label: 'menu.parameters', screen: 'parameters', icon: 'adjustments' },
    { label: 'menu.modelsWithoutCollection', screen: 'modelsWithoutCollection', icon: 'package' },
  ],
} as const satisfies Parent;

/** Each role's menu, in order; an entry for a screen the role may not open does not compile. */
const MENUS: { [R in Role]: readonly Entry<ScreenFor<R>>[] } = {
  // The dashboard first (record 055); home too: an Admin acting for a client works on the shop's
  // screens (product.md §3.2).
  Admin: [
    dashboard,
    home,
    quickOrder,
    clients,
    orders,
    productionSheet,
    catalogue,
    translations,
    priceLists,
    invoices,
    orderSettings,
    failedMails,
  ],
  Representante: [dashboard, home, quickOrder, clients, orders, invoices, gallery],
  Cliente: [home, quickOrder, orders, invoices, companyInfo, gallery],
};

function itemOf(entry: Entry): MenuItem {
  if ('submenus' in entry)
    return { label: entry.label, icon: entry.icon, submenus: entry.submenus.map(itemOf) };
  const item: MenuItem = { label: entry.label, to: SCREENS[entry.screen].path, icon: entry.icon };
  if (entry.badge) item.badge = entry.badge;
  return item;
}

/** The role's menu, built afresh (no caller can change the shared definitions). */
export function menuFor(role: Role): MenuItem[] {
  const entries: readonly Entry[] = MENUS[role] ?? [];
  return entries.map(itemOf);
}
