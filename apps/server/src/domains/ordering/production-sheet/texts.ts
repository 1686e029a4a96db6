/** The production sheet's words in each language (the PDF's; the print view's are the web's). */
import { formatIsoDay, type ProductionStatus } from '@nido/contract';

export const PRODUCTION_TEXTS = {
  es: {
    title: 'Hoja de producción',
    order: (docum: string, cliente: string) => `Pedido ${docum} · ${cliente}`,
    statuses: 'Pendientes, procesados y comprados',
    status: { w: 'Pendientes', p: 'Procesados', e: 'Comprados' } satisfies Record<ProductionStatus, string>,
    range: (from: string, to: string) => `del ${formatIsoDay(from)} al ${formatIsoDay(to)}`,
    made: (when: string) => `Generada el ${when}`,
    totals: (groups: number, units: number, orders: number) =>
      `${groups} ${groups === 1 ? 'grupo' : 'grupos'} · ${units} ${units === 1 ? 'unidad' : 'unidades'} · ${orders} ${orders === 1 ? 'pedido' : 'pedidos'}`,
    units: (n: number) => `${n} ${n === 1 ? 'ud.' : 'uds.'}`,
    embroidery: 'Bordado',
    noOptions: 'Sin opciones',
    orders: 'Pedidos',
    continued: '(continúa)',
    noImage: 'Sin imagen',
    empty: 'Ninguna línea que fabricar con este filtro.',
    page: (n: number) => `Página ${n}`,
    fileName: 'hoja-produccion',
  },
  en: {
    title: 'Production sheet',
    order: (docum: string, cliente: string) => `Order ${docum} · ${cliente}`,
    statuses: 'Pending, processed and bought',
    status: { w: 'Pending', p: 'Processed', e: 'Bought' } satisfies Record<ProductionStatus, string>,
    range: (from: string, to: string) => `from ${formatIsoDay(from)} to ${formatIsoDay(to)}`,
    made: (when: string) => `Made on ${when}`,
    totals: (groups: number, units: number, orders: number) =>
      `${groups} ${groups === 1 ? 'group' : 'groups'} · ${units} ${units === 1 ? 'unit' : 'units'} · ${orders} ${orders === 1 ? 'order' : 'orders'}`,
    units: (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`,
    embroidery: 'Embroidery',
    noOptions: 'No options',
    orders: 'Orders',
    continued: '(continued)',
    noImage: 'No image',
    empty: 'No line to make for this filter.',
    page: (n: number) => `Page ${n}`,
    fileName: 'production-sheet',
  },
} as const;
