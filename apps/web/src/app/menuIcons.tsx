import {
  type Icon,
  IconAdjustments,
  IconBolt,
  IconBuildingStore,
  IconCategory,
  IconChartBar,
  IconClipboardList,
  IconClockHour4,
  IconFileInvoice,
  IconHome,
  IconLanguage,
  IconLayoutGrid,
  IconMailExclamation,
  IconPackage,
  IconPhoto,
  IconPoint,
  IconSettings,
  IconShoppingCart,
  IconStack2,
  IconTag,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';

/**
 * Icons for the server-delivered menu (MenuItem.icon). Names are matched loosely, so "users",
 * "IconUsers" and "icon-users" are the same icon; an unknown name gets a neutral dot.
 */
const ICONS: Record<string, Icon> = {
  home: IconHome,
  chartbar: IconChartBar,
  dashboard: IconChartBar,
  bolt: IconBolt,
  quickorder: IconBolt,
  house: IconHome,
  orders: IconClipboardList,
  order: IconClipboardList,
  clipboardlist: IconClipboardList,
  list: IconClipboardList,
  invoices: IconFileInvoice,
  invoice: IconFileInvoice,
  fileinvoice: IconFileInvoice,
  company: IconBuildingStore,
  companyinfo: IconBuildingStore,
  building: IconBuildingStore,
  buildingstore: IconBuildingStore,
  gallery: IconPhoto,
  photo: IconPhoto,
  clients: IconUsers,
  users: IconUsers,
  user: IconUser,
  profile: IconUser,
  collections: IconStack2,
  stack: IconStack2,
  stack2: IconStack2,
  models: IconPackage,
  package: IconPackage,
  catalog: IconCategory,
  catalogue: IconCategory,
  category: IconCategory,
  parameters: IconAdjustments,
  adjustments: IconAdjustments,
  pending: IconClockHour4,
  pendingorders: IconClockHour4,
  clock: IconClockHour4,
  cart: IconShoppingCart,
  shoppingcart: IconShoppingCart,
  settings: IconSettings,
  admin: IconSettings,
  grid: IconLayoutGrid,
  mail: IconMailExclamation,
  mailexclamation: IconMailExclamation,
  layoutgrid: IconLayoutGrid,
  tag: IconTag,
  pricelists: IconTag,
  language: IconLanguage,
  translations: IconLanguage,
};

export function menuIcon(name: string | undefined): Icon {
  if (!name) return IconPoint;
  const key = name
    .toLowerCase()
    .replace(/^icon/, '')
    .replace(/[^a-z0-9]/g, '');
  return ICONS[key] ?? IconPoint;
}
