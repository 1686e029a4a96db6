/** The line sheet's words in each language: the PDF and the mail say the same things. */
import { formatIsoDay, type Language, type LineSheet } from '@nido/contract';

export const SHEET_TEXTS = {
  es: {
    title: 'Catálogo de la colección',
    orderWindow: 'Pedidos',
    delivery: 'Entrega',
    immediate: 'Inmediata',
    noCutOff: 'Sin fecha límite',
    fromTo: (from: string, to: string) => `Del ${from} al ${to}`,
    from: (from: string) => `Desde el ${from}`,
    until: (to: string) => `Hasta el ${to}`,
    preparedFor: 'Preparado para',
    retailOnly: 'Precios de venta al público (PVP)',
    date: 'Fecha',
    pvp: 'PVP',
    net: 'Tu precio',
    page: (n: number) => `Página ${n}`,
    noImage: 'Sin imagen',
    noModels: 'La colección no tiene modelos activos.',
    subject: (season: string) => `Nido: catálogo de la colección ${season}`,
    greeting: (name: string) => `Hola ${name}:`,
    intro: (season: string, maker: string) =>
      `Te enviamos el catálogo de la colección ${season} de ${maker}, con tus precios. Lo tienes adjunto en PDF.`,
    closing: 'Puedes hacer tu pedido en el portal.',
  },
  en: {
    title: 'Line sheet',
    orderWindow: 'Orders',
    delivery: 'Delivery',
    immediate: 'Immediate',
    noCutOff: 'No cut-off date',
    fromTo: (from: string, to: string) => `From ${from} to ${to}`,
    from: (from: string) => `From ${from}`,
    until: (to: string) => `Until ${to}`,
    preparedFor: 'Prepared for',
    retailOnly: 'Retail prices (PVP)',
    date: 'Date',
    pvp: 'PVP',
    net: 'Your price',
    page: (n: number) => `Page ${n}`,
    noImage: 'No image',
    noModels: 'The collection has no active models.',
    subject: (season: string) => `Nido: ${season} line sheet`,
    greeting: (name: string) => `Hello ${name},`,
    intro: (season: string, maker: string) =>
      `Here is the line sheet of ${maker}'s ${season} collection, with your prices. It is attached as a PDF.`,
    closing: 'You can place your order in the portal.',
  },
} as const;

type Window = Pick<
  LineSheet['coleccion'],
  'pedido_desde' | 'pedido_hasta' | 'entrega_desde' | 'entrega_hasta'
>;

/** A window of two days, either of which may be missing, in words. */
function span(from: string | null, to: string | null, lang: Language, none: string): string {
  const t = SHEET_TEXTS[lang];
  if (from && to) return t.fromTo(formatIsoDay(from), formatIsoDay(to));
  if (from) return t.from(formatIsoDay(from));
  if (to) return t.until(formatIsoDay(to));
  return none;
}

/** "Del 01/09/2026 al 30/11/2026"; no window: no cut-off (record 053). */
export function orderWindowText(w: Window, lang: Language): string {
  return span(w.pedido_desde, w.pedido_hasta, lang, SHEET_TEXTS[lang].noCutOff);
}

/** The delivery window in words; no days: immediate. */
export function deliveryWindowText(w: Window, lang: Language): string {
  return span(w.entrega_desde, w.entrega_hasta, lang, SHEET_TEXTS[lang].immediate);
}
