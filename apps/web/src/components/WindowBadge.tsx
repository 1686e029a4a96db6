import { CLOSING_SOON_DAYS, type WindowState } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { formatIsoDay } from '../lib/format.ts';
import { ToneBadge } from './ToneBadge.tsx';

/** What a collection answers of its order window (record 053): the server's state of today. */
export interface WindowBadgeProps {
  estado_ventana: WindowState;
  dias_para_cierre: number | null;
  pedido_desde: string | null;
}

/**
 * A collection's order window as a badge: upcoming (opens on …), open, closes in N days (from
 * CLOSING_SOON_DAYS on), last day, closed; nothing for a collection without a window.
 */
export function WindowBadge({ estado_ventana, dias_para_cierre, pedido_desde }: WindowBadgeProps) {
  const { t } = useTranslation('common');
  if (estado_ventana === 'sin_ventana') return null;
  if (estado_ventana === 'proxima')
    return <ToneBadge color="blue">{t('window.upcoming', { date: formatIsoDay(pedido_desde) })}</ToneBadge>;
  if (estado_ventana === 'cerrada') return <ToneBadge color="gray">{t('window.closed')}</ToneBadge>;
  if (dias_para_cierre === 0) return <ToneBadge color="orange">{t('window.lastDay')}</ToneBadge>;
  if (dias_para_cierre != null && dias_para_cierre <= CLOSING_SOON_DAYS)
    return <ToneBadge color="orange">{t('window.closesIn', { count: dias_para_cierre })}</ToneBadge>;
  return <ToneBadge color="green">{t('window.open')}</ToneBadge>;
}
