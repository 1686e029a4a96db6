/**
 * How a line's options and embroidery read, in one language: the screens (cart, order, Last
 * purchases) and the orders export write them the same way.
 */
import type { ChosenOptionSnapshot, EmbroiderySnapshot } from './catalog.ts';
import type { Language } from './limits.ts';
import { localized } from './localized.ts';

/** "Tejido: Gris perla · Acabado: Sin ribete": a line's chosen options in `lang`. */
export function optionsText(options: ChosenOptionSnapshot[] | null | undefined, lang: Language): string {
  return (options ?? [])
    .map((o) => `${localized(o, 'grupo', lang)}: ${localized(o, 'nombre', lang)}`)
    .join(' · ');
}

/**
 * "«Lucía» · Embird · Rosa palo · Delantera" ("… · Blush pink · Front" in English): the embroidery
 * of a line, '' when it has none. A line stored without the position's English name shows the Spanish.
 */
export function embroideryText(b: EmbroiderySnapshot | null | undefined, lang: Language): string {
  if (!b) return '';
  const parts = [
    b.name ? `«${b.name}»` : '',
    b.name ? b.emb_style : '',
    localized(b, 'emb_color_name', lang),
    localized(b, 'position', lang),
  ];
  return parts.filter(Boolean).join(' · ');
}
