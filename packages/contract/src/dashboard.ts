/**
 * The dashboard (product.md §4.11): sales per ISO week in Europe/Madrid beside the same weeks a year
 * earlier, the top models and options, the average order value, and the clients that stopped
 * ordering. Figures come from the summary tables that submitting and re-stating orders keep
 * (record 055). Money in euros on the wire, as everywhere.
 */
import { z } from 'zod';
import { INT_MAX, int } from './common.ts';

/**
 * The statuses that count as a sale: submitted orders (pending, processed, bought). The cart is
 * not a sale; any later status that is not a sale (a cancelled order) stays out of this list, and
 * an order leaving it is subtracted from the figures.
 */
export const SALE_STATUSES = ['w', 'p', 'e'] as const;

/** How many weeks the dormant-clients list may look back, at most. */
export const DASHBOARD_DORMANT_WEEKS_MAX = 104;
/** How many rows each top list holds. */
export const DASHBOARD_TOP = 10;

const day = z.iso.date();

/** GET dashboard: the filters; a range left out is the last 52 weeks up to this week. */
export const DashboardQuery = z.object({
  /** The first day of the range (yyyy-mm-dd, Madrid); the range runs in whole ISO weeks. */
  desde: day.optional(),
  /** The last day of the range (yyyy-mm-dd, Madrid). */
  hasta: day.optional(),
  /** Only lines of this collection (0 or left out: every collection). */
  coleccion_id: int(0, INT_MAX).optional(),
  /** Only this client (0 or left out: every client the caller may see). */
  cliente_id: int(0, INT_MAX).optional(),
});
export type DashboardQuery = z.input<typeof DashboardQuery>;

export const DashboardWeek = z.object({
  /** The Monday of the ISO week, yyyy-mm-dd (Europe/Madrid). */
  semana: z.string(),
  /** Goods before tax, euros. */
  importe: z.number(),
  pedidos: z.number(),
  /** The Monday 52 weeks earlier, and its figures. */
  semana_anterior: z.string(),
  importe_anterior: z.number(),
  pedidos_anterior: z.number(),
});
export type DashboardWeek = z.infer<typeof DashboardWeek>;

export const DashboardTopItem = z.object({
  /** A model's code, or an option's id as text. */
  clave: z.string(),
  /** The model's description or the option's name, in the caller's language. */
  nombre: z.string(),
  /** The option's group name (options only; '' for models). */
  grupo: z.string(),
  unidades: z.number(),
  importe: z.number(),
});
export type DashboardTopItem = z.infer<typeof DashboardTopItem>;

export const DashboardResponse = z.object({
  data: z.object({
    /** The range actually read: the Monday of its first week and the Sunday of its last. */
    desde: z.string(),
    hasta: z.string(),
    semanas: z.array(DashboardWeek),
    totales: z.object({
      importe: z.number(),
      pedidos: z.number(),
      /** Average order value, euros (0 without orders). */
      ticket_medio: z.number(),
      importe_anterior: z.number(),
      pedidos_anterior: z.number(),
      ticket_medio_anterior: z.number(),
    }),
    modelos_unidades: z.array(DashboardTopItem),
    modelos_importe: z.array(DashboardTopItem),
    opciones_unidades: z.array(DashboardTopItem),
    opciones_importe: z.array(DashboardTopItem),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
export type DashboardData = DashboardResponse['data'];

/** GET dashboard/dormant: the clients with no order for `semanas` weeks. */
export const DashboardDormantQuery = z.object({
  semanas: int(1, DASHBOARD_DORMANT_WEEKS_MAX).optional().default(8),
  /** Only this client (0 or left out: every client the caller may see). */
  cliente_id: int(0, INT_MAX).optional(),
});
export type DashboardDormantQuery = z.input<typeof DashboardDormantQuery>;

export const DashboardDormantClient = z.object({
  cliente_id: z.number(),
  cliente: z.string(),
  /** The last order's date (yyyy-mm-dd, Madrid), or null: never ordered. */
  ultimo_pedido: z.string().nullable(),
  /** Whole weeks since then, or null. */
  semanas: z.number().nullable(),
});
export type DashboardDormantClient = z.infer<typeof DashboardDormantClient>;

export const DashboardDormantResponse = z.object({ data: z.array(DashboardDormantClient) });
export type DashboardDormantResponse = z.infer<typeof DashboardDormantResponse>;
