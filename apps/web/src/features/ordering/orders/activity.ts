import type { PedidoAuditRow } from '@nido/contract';
import type { TFunction } from 'i18next';

/**
 * One entry of an order's activity log as a sentence in the reader's language: who did what ("Ana
 * changed the quantity of NDCAP103 from 3 to 9"). Every action the ordering module audits on an
 * order or its lines (service.ts, admin-service.ts: findPedidoAudit shows those) has its sentence;
 * an action this screen does not know yet still reads as one, naming it.
 */
export function activityText(row: PedidoAuditRow, t: TFunction<'clients'>): string {
  const d = (row.details && typeof row.details === 'object' ? row.details : {}) as Record<string, unknown>;
  const str = (v: unknown) => (v == null ? '' : String(v));
  const name = row.user ?? t('orderAdmin.unknownUser');
  // Staff acting for the client are named with their role; the client's own users by name alone.
  const who =
    row.role && row.role !== 'Cliente'
      ? `${name} (${t(`roles.${row.role}`, { defaultValue: row.role })})`
      : name;
  const status = (code: unknown) => t(`status.${str(code)}`, { defaultValue: str(code) });
  const s = (key: string, values: Record<string, unknown> = {}) =>
    t(`orderAdmin.activity.${key}`, { who, ...values });
  switch (row.action) {
    case 'status':
      if (d.to === 'x') return s('cancelled', { reason: str(d.reason) });
      return d.factura
        ? s('invoiced', { factura: str(d.factura), from: status(d.from), to: status(d.to) })
        : s('status', { from: status(d.from), to: status(d.to) });
    case 'pedido.process':
      return s('process', { docum: str(d.docum) });
    case 'pedido.lineadd':
      return s('lineadd', { modelo: str(d.modelo), count: Number(d.unped) || 0 });
    case 'pedido.lineremove':
      return s('lineremove', { modelo: str(d.modelo) });
    case 'pedido.linequantity':
      return s('linequantity', { modelo: str(d.modelo), from: str(d.from), to: str(d.to) });
    case 'pedido.linereplace':
      return d.from_modelo && d.from_modelo !== d.modelo
        ? s('linereplaceModel', { from: str(d.from_modelo), modelo: str(d.modelo) })
        : s('linereplace', { modelo: str(d.modelo) });
    case 'pedido.savenote':
      return str(d.nota) ? s('savenote', { nota: str(d.nota) }) : s('clearnote');
    default:
      return s('other', { action: row.action });
  }
}
