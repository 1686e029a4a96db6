/** The part of opentype.js the embroidery preview uses (record 059): it ships no types of its own. */
declare module 'opentype.js' {
  import type { GlyphFont } from '@nido/contract';
  export function parse(buffer: ArrayBuffer): GlyphFont;
  const opentype: { parse: typeof parse };
  export default opentype;
}
