/// <reference path="../../../../../../packages/contract/src/opentype.d.ts" />
/**
 * The embroidery typefaces, parsed once per process from the @fontsource packages' WOFF files (the
 * same files the web's configurator loads), for the shared layout (contract embroidery.ts).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { EMBROIDERY_TYPEFACES, type EmbroideryStyleName, type GlyphFont, typefaceOf } from '@nido/contract';
import opentype from 'opentype.js';

const require = createRequire(import.meta.url);
const parsed = new Map<EmbroideryStyleName, GlyphFont[]>();

/** The fonts of a style, first choice first (a style the portal does not know draws as Embird). */
export function embroideryFonts(style: string): GlyphFont[] {
  const typeface = typefaceOf(style);
  const name = (Object.keys(EMBROIDERY_TYPEFACES) as EmbroideryStyleName[]).find(
    (k) => EMBROIDERY_TYPEFACES[k] === typeface,
  ) as EmbroideryStyleName;
  let fonts = parsed.get(name);
  if (!fonts) {
    fonts = typeface.files.map((file) => {
      const bytes = fs.readFileSync(require.resolve(`${typeface.package}/files/${file}`));
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
    parsed.set(name, fonts);
  }
  return fonts;
}
