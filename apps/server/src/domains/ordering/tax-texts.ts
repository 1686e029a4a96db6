/**
 * How the confirmation mail and the order documents write an order's taxes, in each language (the
 * screens say the same through the web's locales: orders.json `taxBase`, `tax.*`, messages.json `tax`).
 */
import { formatMoney, formatPercent, type Language, type Order } from '@nido/contract';

const TEXTS = {
  es: {
    base: 'Base imponible',
    iva: 'IVA',
    re: 'Recargo de equivalencia',
    total: 'Total',
    mention: {
      'tax.reverseCharge':
        'Entrega intracomunitaria exenta de IVA (art. 25 de la Ley 37/1992 del IVA). Inversión del sujeto pasivo.',
      'tax.export': 'Exportación exenta de IVA (art. 21 de la Ley 37/1992 del IVA).',
    } as Record<string, string>,
  },
  en: {
    base: 'Tax base',
    iva: 'VAT',
    re: 'Equivalence surcharge',
    total: 'Total',
    mention: {
      'tax.reverseCharge':
        'Intra-Community supply exempt from VAT (art. 25, Spanish VAT Act 37/1992). Reverse charge.',
      'tax.export': 'Export exempt from VAT (art. 21, Spanish VAT Act 37/1992).',
    } as Record<string, string>,
  },
};

export interface TaxRow {
  label: string;
  amount: string;
  /** The total to pay (shown stronger). */
  total: boolean;
}

/** The base, each tax at its rate and the total, as label and amount, then the legal mention (or null). */
export function taxRows(order: Order, lang: Language): { rows: TaxRow[]; mention: string | null } {
  const t = TEXTS[lang];
  const tax = order.impuestos;
  return {
    rows: [
      { label: t.base, amount: formatMoney(tax.base), total: false },
      ...tax.lineas.map((l) => ({
        label: `${t[l.impuesto]} ${formatPercent(l.tipo)}`,
        amount: formatMoney(l.cuota),
        total: false,
      })),
      { label: t.total, amount: formatMoney(tax.total), total: true },
    ],
    mention: tax.mencion ? (t.mention[tax.mencion] ?? tax.mencion) : null,
  };
}
