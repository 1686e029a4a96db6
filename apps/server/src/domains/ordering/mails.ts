import {
  deliveryAddressLines,
  formatIsoDay,
  formatMoney,
  type Language,
  localized,
  type Order,
} from '@nido/contract';
import type { MailMessage } from '../../platform/mail.ts';
import { taxRows } from './tax-texts.ts';

const TEXTS = {
  es: {
    subject: (docum: string) => `Nido: confirmación del pedido ${docum}`,
    subjectSeveral: (docums: string[]) => `Nido: confirmación de los pedidos ${docums.join(', ')}`,
    introSeveral: (n: number, cliente: string) =>
      `Hemos recibido ${n} pedidos de ${cliente}, uno por cada plazo de entrega.`,
    orderHeading: (docum: string) => `Pedido ${docum}`,
    deliveryWindow: 'Plazo de entrega',
    between: (desde: string, hasta: string) => `del ${desde} al ${hasta}`,
    from: (desde: string) => `a partir del ${desde}`,
    until: (hasta: string) => `hasta el ${hasta}`,
    greeting: (name: string) => `Hola ${name}:`,
    intro: (docum: string, cliente: string) => `Hemos recibido el pedido ${docum} de ${cliente}.`,
    date: 'Fecha',
    reference: 'Tu referencia',
    delivery: 'Fecha de entrega solicitada',
    deliveryAddress: 'Dirección de entrega',
    note: 'Nota',
    units: (n: number) => (n === 1 ? 'ud.' : 'uds.'),
    embroidery: 'Bordado',
    thanks: 'Gracias por tu pedido.',
    embroideryPreview: 'Vista previa del bordado',
    invoiceSubject: (numero: string, docum: string) => `Nido: factura ${numero} del pedido ${docum}`,
    invoiceIntro: (numero: string, docum: string, fecha: string) =>
      `Te enviamos la factura ${numero} del ${fecha}, del pedido ${docum}. La tienes adjunta y en el portal.`,
    invoiceTotal: 'Total',
    cancelSubject: (docum: string) => `Nido: pedido ${docum} cancelado`,
    cancelIntro: (docum: string) => `Hemos cancelado tu pedido ${docum}. No se preparará ni se facturará.`,
    cancelReason: 'Motivo',
    cancelContact: 'Si tienes cualquier duda, responde a este correo o escríbenos desde el portal.',
    newOrderSubject: (docums: string[], cliente: string) =>
      `Nido: nuevo pedido ${docums.join(', ')} de ${cliente}`,
    newOrderIntro: (docums: string[], cliente: string) =>
      `${cliente} ha enviado ${docums.length === 1 ? `el pedido ${docums[0]}` : `los pedidos ${docums.join(', ')}`}.`,
    newOrderLink: 'Lo tienes en el portal',
  },
  en: {
    subject: (docum: string) => `Nido: order ${docum} confirmation`,
    subjectSeveral: (docums: string[]) => `Nido: orders ${docums.join(', ')} confirmation`,
    introSeveral: (n: number, cliente: string) =>
      `We have received ${n} orders from ${cliente}, one for each delivery window.`,
    orderHeading: (docum: string) => `Order ${docum}`,
    deliveryWindow: 'Delivery window',
    between: (desde: string, hasta: string) => `${desde} to ${hasta}`,
    from: (desde: string) => `from ${desde}`,
    until: (hasta: string) => `until ${hasta}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (docum: string, cliente: string) => `We have received order ${docum} from ${cliente}.`,
    date: 'Date',
    reference: 'Your reference',
    delivery: 'Requested delivery date',
    deliveryAddress: 'Delivery address',
    note: 'Note',
    units: (n: number) => (n === 1 ? 'unit' : 'units'),
    embroidery: 'Embroidery',
    thanks: 'Thank you for your order.',
    embroideryPreview: 'Embroidery preview',
    invoiceSubject: (numero: string, docum: string) => `Nido: invoice ${numero} for order ${docum}`,
    invoiceIntro: (numero: string, docum: string, fecha: string) =>
      `Here is invoice ${numero} of ${fecha}, for order ${docum}. It is attached and in the portal.`,
    invoiceTotal: 'Total',
    cancelSubject: (docum: string) => `Nido: order ${docum} cancelled`,
    cancelIntro: (docum: string) =>
      `We have cancelled your order ${docum}. It will not be prepared or invoiced.`,
    cancelReason: 'Reason',
    cancelContact: 'If you have any question, reply to this mail or write to us from the portal.',
    newOrderSubject: (docums: string[], cliente: string) =>
      `Nido: new order ${docums.join(', ')} from ${cliente}`,
    newOrderIntro: (docums: string[], cliente: string) =>
      `${cliente} has submitted ${docums.length === 1 ? `order ${docums[0]}` : `orders ${docums.join(', ')}`}.`,
    newOrderLink: 'It is in the portal',
  },
} as const;

/** One line of the mail: "2 uds. NDCAP01 Capazo Classic (Rosa, Blanco) — 240,00 €" ("1 ud.", "1 unit"). */
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
  // The shipping line has no model code: nothing between its quantity and its description.
  const head = [`${line.unped} ${t.units(line.unped)}`, line.modelo.modelo, desc].filter(Boolean).join(' ');
  return `${head}${opts}${embroidery}${note} — ${formatMoney(line.importe)}`;
}

/** The base, each tax at its rate, the total to pay and the legal mention, as lines of text. */
function totalsText(order: Order, lang: Language): string[] {
  const { rows, mention } = taxRows(order, lang);
  return [...rows.map((r) => `${r.label}: ${r.amount}`), ...(mention ? [mention] : [])];
}

/** What the mail says of one order: its details (reference, delivery, note), lines and totals. */
function orderSection(order: Order, lang: Language) {
  const t = TEXTS[lang];
  // The delivery window it ships in (record 054), the shop's reference, the delivery date it asked
  // for and the order note, when there are.
  const window = deliveryWindowText(order, lang);
  const details = [
    `${t.date}: ${order.fecha}`,
    ...(window ? [`${t.deliveryWindow}: ${window}`] : []),
    ...(order.referencia ? [`${t.reference}: ${order.referencia}`] : []),
    ...(order.fecha_entrega ? [`${t.delivery}: ${formatIsoDay(order.fecha_entrega)}`] : []),
    ...(order.entrega ? [`${t.deliveryAddress}: ${deliveryAddressLines(order.entrega).join(', ')}`] : []),
    ...(order.nota ? [`${t.note}: ${order.nota}`] : []),
  ];
  return {
    details,
    lines: order.detalle.map((l) => lineText(l, lang)),
    // Each line's embroidery preview (record 059), beside its text in the HTML part.
    previews: order.detalle.map((l) => l.bordado_preview),
    totals: totalsText(order, lang),
  };
}

/** A line's embroidery preview in a mail's HTML ('' without one, or without the portal's address). */
function previewImg(publicUrl: string | undefined, preview: string | null, alt: string): string {
  if (!publicUrl || !preview) return '';
  const src = `${publicUrl.replace(/\/$/, '')}${preview}`;
  return `<br><img src="${escapeHtml(src)}" width="200" alt="${escapeHtml(alt)}" style="border-radius:4px">`;
}

/** "del 01/02/2027 al 31/03/2027" (from / until alone), or '' for immediate delivery. */
function deliveryWindowText(order: Order, lang: Language): string {
  const t = TEXTS[lang];
  const desde = formatIsoDay(order.entrega_desde);
  const hasta = formatIsoDay(order.entrega_hasta);
  if (desde && hasta) return t.between(desde, hasta);
  if (desde) return t.from(desde);
  if (hasta) return t.until(hasta);
  return '';
}

/**
 * The order confirmation in the recipient's language: every line, the taxes and the total. A cart
 * split by delivery window (record 054) is confirmed in one mail listing each of its orders.
 */
export function orderConfirmationMail(
  to: string,
  name: string,
  language: Language,
  orders: readonly Order[],
  /** The portal's address (PUBLIC_URL): the embroidery previews are images it serves. */
  publicUrl?: string,
): MailMessage {
  const lang: Language = language === 'en' ? 'en' : 'es';
  const t = TEXTS[lang];
  const docums = orders.map((o) => o.docum ?? String(o.id));
  const cliente = orders[0].cliente;
  const sections = orders.map((o) => ({ docum: o.docum ?? String(o.id), ...orderSection(o, lang) }));
  const several = orders.length > 1;
  const intro = several ? t.introSeveral(docums.length, cliente) : t.intro(docums[0], cliente);
  const text = [
    t.greeting(name),
    '',
    intro,
    ...sections.flatMap((s) => [
      ...(several ? ['', t.orderHeading(s.docum)] : []),
      ...s.details,
      '',
      ...s.lines.map((l) => `- ${l}`),
      '',
      ...s.totals,
    ]),
    '',
    t.thanks,
    'Nido',
  ].join('\n');
  const htmlSections = sections
    .map(
      (
        s,
      ) => `${several ? `<h3>${escapeHtml(t.orderHeading(s.docum))}</h3>\n` : ''}<p>${s.details.map(escapeHtml).join('<br>')}</p>
<ul>${s.lines.map((l, i) => `<li>${escapeHtml(l)}${previewImg(publicUrl, s.previews[i], t.embroideryPreview)}</li>`).join('')}</ul>
<p>${s.totals.map(escapeHtml).join('<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(intro)}</p>
${htmlSections}
<p>${escapeHtml(t.thanks)}<br>Nido</p>
</body></html>`;
  return { to, subject: several ? t.subjectSeveral(docums) : t.subject(docums[0]), text, html };
}

/**
 * A new order, to an address of the Admin's list (ordering settings): who sent which orders, each
 * with its details, lines and totals, and where to see them (`portalUrl`: PUBLIC_URL).
 */
export function newOrderMail(
  to: string,
  language: Language,
  orders: readonly Order[],
  portalUrl: string,
): MailMessage {
  const lang: Language = language === 'en' ? 'en' : 'es';
  const t = TEXTS[lang];
  const docums = orders.map((o) => o.docum ?? String(o.id));
  const cliente = orders[0].cliente;
  const sections = orders.map((o) => ({
    docum: o.docum ?? String(o.id),
    id: o.id,
    ...orderSection(o, lang),
  }));
  const linkOf = (id: number) => `${portalUrl.replace(/\/$/, '')}/pedido/${id}`;
  const text = [
    t.newOrderIntro(docums, cliente),
    ...sections.flatMap((s) => [
      '',
      t.orderHeading(s.docum),
      ...s.details,
      '',
      ...s.lines.map((l) => `- ${l}`),
      '',
      ...s.totals,
      `${t.newOrderLink}: ${linkOf(s.id)}`,
    ]),
    '',
    'Nido',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.newOrderIntro(docums, cliente))}</p>
${sections
  .map(
    (s) => `<h3>${escapeHtml(t.orderHeading(s.docum))}</h3>
<p>${s.details.map(escapeHtml).join('<br>')}</p>
<ul>${s.lines.map((l, i) => `<li>${escapeHtml(l)}${previewImg(portalUrl, s.previews[i], t.embroideryPreview)}</li>`).join('')}</ul>
<p>${s.totals.map(escapeHtml).join('<br>')}</p>
<p><a href="${escapeHtml(linkOf(s.id))}">${escapeHtml(t.newOrderLink)}</a></p>`,
  )
  .join('\n')}
<p>Nido</p>
</body></html>`;
  return { to, subject: t.newOrderSubject(docums, cliente), text, html };
}

/** The shop is told its order was invoiced: the number, the date and the total (the PDF is attached). */
export function invoiceMail(to: string, name: string, language: Language, order: Order): MailMessage {
  const lang: Language = language === 'en' ? 'en' : 'es';
  const t = TEXTS[lang];
  const docum = order.docum ?? String(order.id);
  const factura = order.factura;
  if (!factura) throw new Error(`Order ${order.id} has no invoice`);
  const paragraphs = [
    t.greeting(name),
    t.invoiceIntro(factura.numero, docum, formatIsoDay(factura.fecha)),
    `${t.invoiceTotal}: ${formatMoney(order.impuestos.total)}`,
    'Nido',
  ];
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { to, subject: t.invoiceSubject(factura.numero, docum), text, html };
}

/** The shop is told its order was cancelled (record 057), and why, in the recipient's language. */
export function cancellationMail(
  to: string,
  name: string,
  language: Language,
  docum: string,
  reason: string,
): MailMessage {
  const lang: Language = language === 'en' ? 'en' : 'es';
  const t = TEXTS[lang];
  const paragraphs = [
    t.greeting(name),
    t.cancelIntro(docum),
    `${t.cancelReason}: ${reason}`,
    t.cancelContact,
    'Nido',
  ];
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { to, subject: t.cancelSubject(docum), text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
