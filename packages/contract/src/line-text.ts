/**
 * How a line's options and embroidery read, in one language: the screens (cart, order, Last
 * purchases) and the orders export write them the same way.
 */
import type { ChosenOptionSnapshot, EmbroiderySnapshot } from './catalog.ts';
import type { Language } from './limits.ts';
import { localized } from './localized.ts';

/** What the texts read of a chosen option: its group's names and its own. */
export type OptionNames = Pick<ChosenOptionSnapshot, 'grupo' | 'grupo_en' | 'nombre' | 'nombre_en'>;

/** What the texts read of an embroidery. */
export type EmbroideryNames = Pick<
  EmbroiderySnapshot,
  'name' | 'emb_style' | 'emb_color_name' | 'emb_color_name_en' | 'position' | 'position_en'
>;

/** "Tejido: Gris perla · Acabado: Sin ribete": a line's chosen options in `lang`. */
export function optionsText(options: readonly OptionNames[] | null | undefined, lang: Language): string {
  return (options ?? [])
    .map((o) => `${localized(o, 'grupo', lang)}: ${localized(o, 'nombre', lang)}`)
    .join(' · ');
}

/**
 * "«Lucía» · Embird · Rosa palo · Delantera" ("… · Blush pink · Front" in English): the embroidery
 * of a line, '' when it has none. A line stored without the position's English name shows the Spanish.
 */
export function embroideryText(b: EmbroideryNames | null | undefined, lang: Language): string {
  if (!b) return '';
  const parts = [
    b.name ? `«${b.name}»` : '',
    b.name ? b.emb_style : '',
    localized(b, 'emb_color_name', lang),
    localized(b, 'position', lang),
  ];
  return parts.filter(Boolean).join(' · ');
}
