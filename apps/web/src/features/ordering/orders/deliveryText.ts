import type { DeliveryWindow, OrderLine } from '@nido/contract';
import type { TFunction } from 'i18next';
import { formatIsoDay } from '../../../lib/format.ts';

/** "Entrega del 01/04/2026 al 30/04/2026", or "Entrega inmediata" (record 054). */
export function deliveryWindowText(t: TFunction<'orders'>, w: DeliveryWindow): string {
  const desde = formatIsoDay(w.entrega_desde);
  const hasta = formatIsoDay(w.entrega_hasta);
  if (desde && hasta) return t('deliveryBetween', { desde, hasta });
  if (desde) return t('deliveryFromDay', { desde });
  if (hasta) return t('deliveryUntilDay', { hasta });
  return t('deliveryNow');
}

/** A cart line a shop cannot submit: its collection has closed, or is not open yet. */
export function outOfWindow(line: OrderLine): boolean {
  const state = line.coleccion?.estado_ventana;
  return line.lineaprimaria === 0 && (state === 'cerrada' || state === 'proxima');
}
