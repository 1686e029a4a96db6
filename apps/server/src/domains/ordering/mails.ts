import { formatIsoDay, formatMoney, type Language, localized, type Order } from '@nido/contract';
import type { MailMessage } from '../../platform/mail.ts';
import { taxRows } from './tax-texts.ts';

const TEXTS = {
  es: {
    subject: (docum: string) => `Nido: confirmación del pedido ${docum}`,
    greeting: (name: string) => `Hola ${name}:`,
    intro: (docum: string, cliente: string) => `Hemos recibido el pedido ${docum} de ${cliente}.`,
    date: 'Fecha',
    reference: 'Su referencia',
    delivery: 'Fecha de entrega solicitada',
    note: 'Nota',
    units: 'uds.',
    embroidery: 'Bordado',
    thanks: 'Gracias por tu pedido.',
  },
  en: {
    subject: (docum: string) => `Nido: order ${docum} confirmation`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (docum: string, cliente: string) => `We have received order ${docum} from ${cliente}.`,
    date: 'Date',
    reference: 'Your reference',
    delivery: 'Requested delivery date',
    note: 'Note',
    units: 'units',
    embroidery: 'Embroidery',
    thanks: 'Thank you for your order.',
  },
} as const;

/** One line of the mail: "2 uds. NDCAP01 Capazo Classic (Rosa, Blanco) — 240,00 €". */
function lineText(line: Order['detalle'][number], lang: Language): string {
  const t = TEXTS[lang];
  const options = line.parametros_color.map((o) => localized(o, 'nombre', lang)).filter(Boolean);
  const b = line.parametros_bordado;
  const embroidery =
    b && (b.name || b.emb_color_name)
      ? ` · ${t.embroidery}: ${[
          b.name,
          localized({ x: b.emb_color_name, x_en: b.emb_color_name_en }, 'x', lang),
          localized({ x: b.position, x_en: b.position_en }, 'x', lang),
        ]
          .filter(Boolean)
          .join(', ')}`
      : '';
  const opts = options.length ? ` (${options.join(', ')})` : '';
  const note = line.nota ? ` · ${t.note}: ${line.nota}` : '';
  const desc = localized(line.modelo, 'descripcion', lang);
  return `${line.unped} ${t.units} ${line.modelo.modelo} ${desc}${opts}${embroidery}${note} — ${formatMoney(line.importe)}`;
}

/** The base, each tax at its rate, the total to pay and the legal mention, as lines of text. */
function totalsText(order: Order, lang: Language): string[] {
  const { rows, mention } = taxRows(order, lang);
  return [...rows.map((r) => `${r.label}: ${r.amount}`), ...(mention ? [mention] : [])];
}

/** The order confirmation in the recipient's language: every line, the taxes and the total. */
export function orderConfirmationMail(
  to: string,
  name: string,
  language: Language,
  order: Order,
): MailMessage {
  const lang: Language = language === 'en' ? 'en' : 'es';
  const t = TEXTS[lang];
  const docum = order.docum ?? String(order.id);
  const lines = order.detalle.map((l) => lineText(l, lang));
  const totals = totalsText(order, lang);
  // The shop's reference, the delivery date it asked for and the order note, when there are.
  const details = [
    ...(order.referencia ? [`${t.reference}: ${order.referencia}`] : []),
    ...(order.fecha_entrega ? [`${t.delivery}: ${formatIsoDay(order.fecha_entrega)}`] : []),
    ...(order.nota ? [`${t.note}: ${order.nota}`] : []),
  ];
  const text = [
    t.greeting(name),
    '',
    t.intro(docum, order.cliente),
    `${t.date}: ${order.fecha}`,
    ...details,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    ...totals,
    '',
    t.thanks,
    'Nido',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${[t.intro(docum, order.cliente), `${t.date}: ${order.fecha}`, ...details].map(escapeHtml).join('<br>')}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(t.thanks)}<br>Nido</p>
</body></html>`;
  return { to, subject: t.subject(docum), text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
