/**
 * A cart by delivery window (record 054): each line ships in the delivery window of the collection it
 * was ordered through (immediate when none); the lines of one window make one order on submission.
 */
import {
  compareDeliveryStart,
  type DeliveryWindow,
  deliveryKey,
  formatIsoDay,
  insideDeliveryWindow,
  type LineCollectionInfo,
  type Message,
  ORDER_MSG,
  orderWindowStatus,
  takesOrders,
} from '@nido/contract';
import type { CollectionWindows, OrderWindowOf } from '../catalogue/index.ts';

/** What grouping needs of a line: `orderLines` rows have it. */
export interface GroupedLine {
  id: number;
  primary_line_id: number | null;
  porte: boolean;
  unped: number;
  precio_cents: number;
  coleccion: CollectionWindows | null;
}

const IMMEDIATE: DeliveryWindow = { entrega_desde: null, entrega_hasta: null };

/** One delivery of a cart: its window, its primary lines' ids and its goods' total in cents. */
export interface DeliveryPart extends DeliveryWindow {
  clave: string;
  lineIds: number[];
  goodsCents: number;
}

/** Immediate first, then by first day of delivery (the contract's order), then by last. */
function byDelivery(a: DeliveryWindow, b: DeliveryWindow): number {
  return compareDeliveryStart(a, b) || (a.entrega_hasta ?? '').localeCompare(b.entrega_hasta ?? '');
}

/**
 * The cart's goods lines by delivery window, earliest first: each primary line with its window (its
 * collection's), the amount of its dependent lines counted with it. The shipping line belongs to
 * none (each order gets its own).
 */
export function deliveryParts(lines: readonly GroupedLine[]): DeliveryPart[] {
  const partOfLine = new Map<number, DeliveryPart>();
  const parts = new Map<string, DeliveryPart>();
  for (const l of lines) {
    if (l.porte || l.primary_line_id != null) continue;
    const window = l.coleccion
      ? { entrega_desde: l.coleccion.entrega_desde, entrega_hasta: l.coleccion.entrega_hasta }
      : IMMEDIATE;
    const clave = deliveryKey(window);
    let part = parts.get(clave);
    if (!part) {
      part = { clave, ...window, lineIds: [], goodsCents: 0 };
      parts.set(clave, part);
    }
    part.lineIds.push(l.id);
    partOfLine.set(l.id, part);
  }
  for (const l of lines) {
    if (l.porte) continue;
    const part = partOfLine.get(l.primary_line_id ?? l.id);
    if (part) part.goodsCents += l.unped * l.precio_cents;
  }
  return [...parts.values()].sort(byDelivery);
}

/** A line's collection as the wire carries it, with its order window's state on `today`. */
export function lineCollectionOut(c: CollectionWindows | null, today: string): LineCollectionInfo | null {
  return c ? { ...c, estado_ventana: orderWindowStatus(c, today).estado_ventana } : null;
}

/** The collections a cart line may move to (record 054): its model's that take orders on `today`. */
export function lineCollectionChoices(collections: readonly OrderWindowOf[] | null, today: string) {
  return (collections ?? [])
    .filter((c) => takesOrders(c, today))
    .map(({ id, nombre, nombre_en }) => ({ id, nombre, nombre_en }));
}

/** The primary lines whose collection takes no orders on `today` (closed, or not open yet). */
export function linesOutOfWindow<L extends GroupedLine>(lines: readonly L[], today: string): L[] {
  return lines.filter(
    (l) => !l.porte && l.primary_line_id == null && l.coleccion != null && !takesOrders(l.coleccion, today),
  );
}

/** Why a wanted delivery day does not fit a delivery window, or null when it does. */
export function deliveryDayError(day: string, w: DeliveryWindow): Message | null {
  if (insideDeliveryWindow(day, w)) return null;
  const desde = formatIsoDay(w.entrega_desde);
  const hasta = formatIsoDay(w.entrega_hasta);
  if (desde && hasta) return ORDER_MSG.deliveryInWindow({ desde, hasta });
  if (desde) return ORDER_MSG.deliveryFromWindow({ desde });
  return ORDER_MSG.deliveryUntilWindow({ hasta });
}
