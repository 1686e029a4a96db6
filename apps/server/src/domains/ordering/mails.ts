import { formatMoney, type Language, localized, type Order } from '@nido/contract';
import type { MailMessage } from '../../platform/mail.ts';

const TEXTS = {
  es: {
    subject: (docum: string) => `Nido: confirmación del pedido ${docum}`,
    greeting: (name: string) => `Hola ${name}:`,
    intro: (docum: string, cliente: string) => `Hemos recibido el pedido ${docum} de ${cliente}.`,
    date: 'Fecha',
    note: 'Nota',
    units: 'uds.',
    total: 'Total',
    embroidery: 'Bordado',
    thanks: 'Gracias por tu pedido.',
  },
  en: {
    subject: (docum: string) => `Nido: order ${docum} confirmation`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (docum: string, cliente: string) => `We have received order ${docum} from ${cliente}.`,
    date: 'Date',
    note: 'Note',
    units: 'units',
    total: 'Total',
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

/** The order confirmation in the recipient's language: every line and the total. */
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
  const text = [
    t.greeting(name),
    '',
    t.intro(docum, order.cliente),
    `${t.date}: ${order.fecha}`,
    ...(order.nota ? [`${t.note}: ${order.nota}`] : []),
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    `${t.total}: ${formatMoney(order.total)}`,
    '',
    t.thanks,
    'Nido',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.intro(docum, order.cliente))}<br>${escapeHtml(t.date)}: ${escapeHtml(order.fecha)}${
    order.nota ? `<br>${escapeHtml(t.note)}: ${escapeHtml(order.nota)}` : ''
  }</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><strong>${escapeHtml(t.total)}: ${escapeHtml(formatMoney(order.total))}</strong></p>
<p>${escapeHtml(t.thanks)}<br>Nido</p>
</body></html>`;
  return { to, subject: t.subject(docum), text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
