import type { Order } from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { orderConfirmationMail } from './mails.ts';

const line = (
  unped: number,
  modelo: string,
  descripcion: string,
  descripcion_en: string,
  importe: number,
) => ({
  unped,
  modelo: { modelo, descripcion, descripcion_en },
  parametros_color: [],
  parametros_bordado: null,
  nota: '',
  importe,
});

/** The figures of a submitted order as readOrder answers them: only what the mail reads. */
const order = {
  id: 7,
  docum: 'E-7',
  cliente: 'Bebés Luna',
  fecha: '05/03/2026',
  referencia: 'PO-1',
  fecha_entrega: null,
  entrega: null,
  nota: '',
  detalle: [
    line(1, 'NDCAP101', 'Capazo rígido', 'Rigid carrycot', 249),
    line(2, 'NDBOL401', 'Bolso maternal', 'Maternity bag', 138),
  ],
  impuestos: {
    base: 387,
    lineas: [
      { impuesto: 'iva', tipo: 21, cuota: 81.27 },
      { impuesto: 're', tipo: 5.2, cuota: 20.12 },
    ],
    total: 488.39,
    mencion: null,
  },
} as unknown as Order;

const textOf = (lang: 'es' | 'en') =>
  orderConfirmationMail('shop@example.com', 'Ana', lang, [order]).text.replace(/\u00a0/g, ' ');

describe('the order confirmation mail', () => {
  it('counts units in the singular and the plural, and says "tú" (es)', () => {
    const text = textOf('es');
    expect(text).toContain('- 1 ud. NDCAP101 Capazo rígido — 249,00 €');
    expect(text).toContain('- 2 uds. NDBOL401 Bolso maternal — 138,00 €');
    expect(text).toContain('Tu referencia: PO-1');
  });

  it('counts units in the singular and the plural (en)', () => {
    const text = textOf('en');
    expect(text).toContain('- 1 unit NDCAP101 Rigid carrycot — 249,00 €');
    expect(text).toContain('- 2 units NDBOL401 Maternity bag — 138,00 €');
    expect(text).toContain('Your reference: PO-1');
  });

  it('writes percentages as it writes euros, es-ES in both languages (record 051)', () => {
    expect(textOf('es')).toContain('IVA 21 %: 81,27 €');
    expect(textOf('es')).toContain('Recargo de equivalencia 5,2 %: 20,12 €');
    expect(textOf('en')).toContain('VAT 21 %: 81,27 €');
    expect(textOf('en')).toContain('Equivalence surcharge 5,2 %: 20,12 €');
    expect(textOf('en')).not.toContain('5.2%');
  });
});
