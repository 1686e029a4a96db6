/** The dashboard's answers: cents become euros here (the presenters' rule). */
import type { DashboardData, DashboardTopItem } from '@nido/contract';
import { toEuros } from '../../../platform/money.ts';
import type { TopRow } from './queries.ts';

export interface WeekFigures {
  semana: string;
  semana_anterior: string;
  cents: number;
  pedidos: number;
  cents_anterior: number;
  pedidos_anterior: number;
}

function average(cents: number, orders: number): number {
  return orders > 0 ? toEuros(Math.round(cents / orders)) : 0;
}

function topItems(rows: readonly TopRow[], lista: 'u' | 'i'): DashboardTopItem[] {
  return rows
    .filter((r) => r.lista === lista)
    .map((r) => ({
      clave: r.clave,
      nombre: r.nombre ?? r.clave,
      grupo: r.grupo ?? '',
      unidades: Number(r.unidades),
      importe: toEuros(Number(r.importe_cents)),
    }));
}

export function dashboardOut(
  range: { desde: string; hasta: string },
  weeks: readonly WeekFigures[],
  models: readonly TopRow[],
  options: readonly TopRow[],
): DashboardData {
  const sum = (f: (w: WeekFigures) => number) => weeks.reduce((a, w) => a + f(w), 0);
  const cents = sum((w) => w.cents);
  const orders = sum((w) => w.pedidos);
  const centsBefore = sum((w) => w.cents_anterior);
  const ordersBefore = sum((w) => w.pedidos_anterior);
  return {
    ...range,
    semanas: weeks.map((w) => ({
      semana: w.semana,
      importe: toEuros(w.cents),
      pedidos: w.pedidos,
      semana_anterior: w.semana_anterior,
      importe_anterior: toEuros(w.cents_anterior),
      pedidos_anterior: w.pedidos_anterior,
    })),
    totales: {
      importe: toEuros(cents),
      pedidos: orders,
      ticket_medio: average(cents, orders),
      importe_anterior: toEuros(centsBefore),
      pedidos_anterior: ordersBefore,
      ticket_medio_anterior: average(centsBefore, ordersBefore),
    },
    modelos_unidades: topItems(models, 'u'),
    modelos_importe: topItems(models, 'i'),
    opciones_unidades: topItems(options, 'u'),
    opciones_importe: topItems(options, 'i'),
  };
}
