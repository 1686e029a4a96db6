import { EMBROIDERY_TYPEFACES } from '@nido/contract';
import { describe, expect, it } from 'vitest';
import { embroideryFontUrls } from './embroideryFonts.ts';

describe('the embroidery fonts the browser loads', () => {
  it('are the files the server draws with, style by style (contract EMBROIDERY_TYPEFACES)', () => {
    for (const [style, typeface] of Object.entries(EMBROIDERY_TYPEFACES)) {
      const urls = embroideryFontUrls(style);
      expect(urls.map((u) => u.split('/').at(-1)?.split('?')[0])).toEqual([...typeface.files]);
    }
    // A style the portal does not know draws as Embird, as on the server.
    expect(embroideryFontUrls('Unknown')).toEqual(embroideryFontUrls('Embird'));
  });
});
