/// <reference path="../../../../packages/contract/src/opentype.d.ts" />
/**
 * The embroidery typefaces for the browser (record 059): the same @fontsource WOFF files the server
 * draws previews with, fetched and parsed once. Load this module lazily (`import()`): opentype.js
 * and the fonts are only wanted where a preview is drawn.
 */

import dancingLatin from '@fontsource/dancing-script/files/dancing-script-latin-700-normal.woff?url';
import dancingLatinExt from '@fontsource/dancing-script/files/dancing-script-latin-ext-700-normal.woff?url';
import fredokaLatin from '@fontsource/fredoka/files/fredoka-latin-600-normal.woff?url';
import fredokaLatinExt from '@fontsource/fredoka/files/fredoka-latin-ext-600-normal.woff?url';
import { EMBROIDERY_TYPEFACES, type GlyphFont, typefaceOf } from '@nido/contract';
import opentype from 'opentype.js';

/** Each style's files, in EMBROIDERY_TYPEFACES' order (Vite needs the paths written out). */
const FILES = new Map<object, string[]>([
  [EMBROIDERY_TYPEFACES.Embird, [dancingLatin, dancingLatinExt]],
  [EMBROIDERY_TYPEFACES.Blackboard, [fredokaLatin, fredokaLatinExt]],
]);

const loaded = new Map<string, Promise<GlyphFont[]>>();

/** The addresses of a style's font files, first choice first. */
export function embroideryFontUrls(style: string): string[] {
  return FILES.get(typefaceOf(style)) ?? [];
}

/** The fonts of a style, first choice first. */
export function loadEmbroideryFonts(style: string): Promise<GlyphFont[]> {
  const urls = embroideryFontUrls(style);
  const key = urls.join('|');
  let fonts = loaded.get(key);
  if (!fonts) {
    fonts = Promise.all(
      urls.map(async (url) => {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`font ${url}: ${res.status}`);
        return opentype.parse(await res.arrayBuffer());
      }),
    );
    fonts.catch(() => loaded.delete(key));
    loaded.set(key, fonts);
  }
  return fonts;
}
