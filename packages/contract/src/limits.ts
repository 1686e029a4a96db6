/** Business constants and limits of product.md §5.7, shared by server and web. */
export const PAGE_SIZE = 25;
export const FIRST_PAGE = 1;
/** The largest page size a list call accepts (pagination cap). */
export const MAX_PAGE_SIZE = 100;
export const PENDING_POLL_MS = 60_000;
export const PASSWORD_MIN = 6;
export const NOTE_MAX = 50;
export const ORDER_NOTE_MAX = 500;
export const EMBROIDERY_NAME_MAX = 15;
/** The shop's purchase-order reference on an order. */
export const ORDER_REFERENCE_MAX = 30;
/** Addresses on the Admin's new-order mail list (ordering settings). */
export const NEW_ORDER_EMAILS_MAX = 10;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const DEFAULT_MODELO_BORDADO = '0802';
export const DEFAULT_PERSONALIZADO = 1;
/** personalizado = 2 puts the line-add form in custom (sectioned) mode. */
export const PERSONALIZADO_CUSTOM = 2;
export const EMBROIDERY_COLOURS_GROUP_ID = 86;
export const LINE_ADDED_TOAST_MS = 3000;
export const DEFAULT_TOAST_MS = 0;
export const SEARCH_MAX_RESULTS = 50;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const ROLES = ['Admin', 'Cliente', 'Representante'] as const;
export type Role = (typeof ROLES)[number];

/** Order document type listed by the orders screen. */
export const TIPODOC_ORDER = 'E';
/**
 * Order status codes: c is the open cart (internal), w Pending, p Processed, e Bought, x Cancelled
 * (a pending order only, with a reason; record 057).
 */
export const ORDER_STATUSES = ['w', 'p', 'e', 'x'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const CART_STATUS = 'c';
/** The cancelled status: the order is kept and shown, but is no sale and changes no more. */
export const CANCELLED_STATUS = 'x';
/** The most orders one bulk status change (POST pedidos/status/bulk) moves. */
export const BULK_STATUS_MAX = 200;
/** The longest reason a cancellation may give. */
export const CANCEL_REASON_MAX = 500;

/** Quick order (product.md, quick order): the most rows one paste or file may hold. */
export const QUICK_ORDER_ROWS_MAX = 500;
/** The largest quick-order file (CSV or XLSX) the server reads, bytes. */
export const QUICK_ORDER_FILE_MAX_BYTES = 1024 * 1024;
/** The most option codes one quick-order row may give. */
export const QUICK_ORDER_OPTIONS_MAX = 20;

export const EMBROIDERY_STYLES = ['Embird', 'Blackboard'] as const;

/**
 * Model families 1-7; any other value means "no family" (SIN FAMILIA). `name` is the Spanish name
 * the shop's headings show (product.md §4), `name_en` the English one; read them through familyName.
 */
export const FAMILIES = [
  { id: 1, name: 'CAPAZO', name_en: 'CARRYCOTS' },
  { id: 2, name: 'GRUPO 0', name_en: 'GROUP 0 CAR SEATS' },
  { id: 3, name: 'SILLA PASEO', name_en: 'PUSHCHAIRS' },
  { id: 4, name: 'BOLSOS', name_en: 'BAGS' },
  { id: 5, name: 'COMPLEMENTOS', name_en: 'ACCESSORIES' },
  { id: 6, name: 'CUNAS', name_en: 'COTS AND CRIBS' },
  { id: 7, name: 'CAPOTAS', name_en: 'HOODS' },
] as const;
export const NO_FAMILY = { id: 8, name: 'SIN FAMILIA', name_en: 'OTHER' } as const;

export type Family = { id: number; name: string; name_en: string };

export function familyOf(familia: number | null | undefined): Family {
  return FAMILIES.find((f) => f.id === familia) ?? NO_FAMILY;
}

/** A family's name in the user's language: familyName(3, 'en') → 'PUSHCHAIRS'. */
export function familyName(familia: number | null | undefined, lang: Language | string): string {
  const family = familyOf(familia);
  return lang === 'en' ? family.name_en : family.name;
}

/**
 * product.md §5.7 model naming: the model code from its fourth character onward, plus an optional suffix.
 * e.g. modelName('ND-CAP01', 'Rosa') → 'CAP01 Rosa'.
 */
export function modelName(modelo: string, suffix?: string | null): string {
  const base = modelo.slice(3);
  return suffix?.trim() ? `${base} ${suffix.trim()}` : base;
}
