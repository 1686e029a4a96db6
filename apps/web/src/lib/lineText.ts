import { type ChosenOptionSnapshot, type EmbroiderySnapshot, type Language, localized } from '@nido/contract';

/** "Tejido: Gris perla · Acabado: Sin ribete": a line's chosen options in the interface language. */
export function optionsText(options: ChosenOptionSnapshot[] | null | undefined, lang: Language): string {
  return (options ?? [])
    .map((o) => `${localized(o, 'grupo', lang)}: ${localized(o, 'nombre', lang)}`)
    .join(' · ');
}

/** "«Lucía» · Embird · Rosa palo · Delantera": the embroidery of a line, '' when it has none. */
export function embroideryText(b: EmbroiderySnapshot | null | undefined, lang: Language): string {
  if (!b) return '';
  const parts = [
    b.name ? `«${b.name}»` : '',
    b.name ? b.emb_style : '',
    localized(b, 'emb_color_name', lang),
    b.position,
  ];
  return parts.filter(Boolean).join(' · ');
}
