/**
 * A collection's order window (record 053): the one function that says, for a day in Europe/Madrid,
 * whether a collection takes orders. The server answers it as `estado_ventana` and `dias_para_cierre`
 * and checks every line added against it; a later step picks a line's collection with it too.
 */

/** sin_ventana: no order window (takes orders as ever); proxima: not yet open; abierta; cerrada. */
export const WINDOW_STATES = ['sin_ventana', 'proxima', 'abierta', 'cerrada'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

/** The badge says "closes in N days" from this many days left on (and "open" before). */
export const CLOSING_SOON_DAYS = 14;

export interface OrderWindow {
  /** First day to order, yyyy-MM-dd, or null: open since ever. */
  pedido_desde: string | null;
  /** Last day to order, yyyy-MM-dd, or null: open for good. */
  pedido_hasta: string | null;
}

export interface WindowStatus {
  estado_ventana: WindowState;
  /** Days from today to the last day to order (0: today is the last day); null without a last day or when not open. */
  dias_para_cierre: number | null;
}

const DAY_MS = 86_400_000;

/** Whole days from one yyyy-MM-dd to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The window's state on `today` (yyyy-MM-dd, the Madrid day: `madridIsoDay(clock.now())`). Both
 * bounds count inclusive: a collection takes orders on its opening day and on its last day.
 */
export function orderWindowStatus(window: OrderWindow, today: string): WindowStatus {
  const { pedido_desde: opens, pedido_hasta: closes } = window;
  if (opens == null && closes == null) return { estado_ventana: 'sin_ventana', dias_para_cierre: null };
  if (opens != null && today < opens) return { estado_ventana: 'proxima', dias_para_cierre: null };
  if (closes != null && today > closes) return { estado_ventana: 'cerrada', dias_para_cierre: null };
  return { estado_ventana: 'abierta', dias_para_cierre: closes == null ? null : daysBetween(today, closes) };
}

/** True when the window lets a shop order today: no window, or an open one. */
export function takesOrders(window: OrderWindow, today: string): boolean {
  const { estado_ventana } = orderWindowStatus(window, today);
  return estado_ventana === 'sin_ventana' || estado_ventana === 'abierta';
}

/** A delivery window: first and last day of delivery (yyyy-MM-dd); both null: immediate. */
export interface DeliveryWindow {
  entrega_desde: string | null;
  entrega_hasta: string | null;
}

/** Which window delivers first: immediate (no first day) before any, then by first day. */
export function compareDeliveryStart(a: DeliveryWindow, b: DeliveryWindow): number {
  if (a.entrega_desde == null || b.entrega_desde == null)
    return (a.entrega_desde == null ? 0 : 1) - (b.entrega_desde == null ? 0 : 1);
  return a.entrega_desde < b.entrega_desde ? -1 : a.entrega_desde > b.entrega_desde ? 1 : 0;
}

/** The key of a delivery window (record 054): lines with the same one ship in one order. */
export function deliveryKey(w: DeliveryWindow): string {
  return `${w.entrega_desde ?? ''}/${w.entrega_hasta ?? ''}`;
}

/** True when a wanted delivery day (yyyy-MM-dd) falls inside the window (bounds inclusive). */
export function insideDeliveryWindow(day: string, w: DeliveryWindow): boolean {
  return (
    (w.entrega_desde == null || day >= w.entrega_desde) && (w.entrega_hasta == null || day <= w.entrega_hasta)
  );
}
