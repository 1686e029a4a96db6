import type { MenuItem, MenuLabel, Role } from '@nido/contract';

/** The side menu of product.md §4 Layout, delivered with the profile and following the role. */

interface Item extends MenuItem {
  label: MenuLabel;
  submenus?: Item[];
}

const home: Item = { label: 'menu.home', to: '/', icon: 'home' };
const clients: Item = { label: 'menu.clients', to: '/cliente/list', icon: 'users' };
const orders: Item = { label: 'menu.orders', to: '/pedido/list', icon: 'clipboard-list' };
const invoices: Item = { label: 'menu.invoices', to: '/facturas/list', icon: 'file-invoice' };
const gallery: Item = { label: 'menu.gallery', to: '/galery', icon: 'photo' };
const companyInfo: Item = { label: 'menu.companyInfo', to: '/cliente/companyInfo', icon: 'building-store' };
const catalogue: Item = {
  label: 'menu.catalogue',
  icon: 'category',
  submenus: [
    { label: 'menu.collections', to: '/modelo/colecciones', icon: 'stack-2' },
    { label: 'menu.parameters', to: '/modelo/parametros', icon: 'adjustments' },
    { label: 'menu.modelsWithoutCollection', to: '/modelo/sincoleccion', icon: 'package' },
  ],
};

const MENUS: Record<Role, Item[]> = {
  Admin: [clients, orders, catalogue, invoices],
  Representante: [home, clients, orders, invoices, gallery],
  Cliente: [home, orders, invoices, companyInfo, gallery],
};

/** A fresh copy, so no caller can change the shared definitions. */
export function menuFor(role: Role): MenuItem[] {
  return structuredClone(MENUS[role] ?? []);
}
