import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPreview } from './render.ts';

/** A plain light-grey image, as a main image would be. */
async function fabric(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#eeeeee' } })
    .webp()
    .toBuffer();
}

async function source(width: number, height: number) {
  const bytes = await fabric(width, height);
  return { bytes: async () => bytes };
}

/** The pixels close to `hex`, as [x, y] pairs, and the decoded size. */
async function pixelsOf(image: Buffer, hex: string) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const hits: Array<[number, number]> = [];
  for (let p = 0; p < info.width * info.height; p++) {
    const d = want.reduce((sum, c, k) => sum + Math.abs(data[p * 3 + k] - c), 0);
    if (d < 40) hits.push([p % info.width, Math.floor(p / info.width)]);
  }
  return { hits, width: info.width, height: info.height };
}

describe('an embroidery preview', () => {
  const box = { x: 0.1, y: 0.6, w: 0.5, h: 0.2 };

  for (const style of ['Embird', 'Blackboard']) {
    it(`draws the name in the thread's colour inside the position's box, none outside (${style})`, async () => {
      const png = await renderPreview(
        await source(800, 600),
        { name: 'Lucía', style, colour: '#c2185b', box },
        'png',
      );
      const { hits, width, height } = await pixelsOf(png, '#c2185b');
      expect(width).toBe(640);
      expect(height).toBe(480);
      // A name of five letters covers a fair share of its box.
      expect(hits.length).toBeGreaterThan(800);
      const [x0, y0, x1, y1] = [
        box.x * width,
        box.y * height,
        (box.x + box.w) * width,
        (box.y + box.h) * height,
      ];
      const outside = hits.filter(([x, y]) => x < x0 || x >= x1 || y < y0 || y >= y1);
      expect(outside).toEqual([]);
    });
  }

  it('scales a long name down to fit its box', async () => {
    const narrow = { x: 0.4, y: 0.1, w: 0.2, h: 0.3 };
    const png = await renderPreview(
      await source(600, 600),
      { name: 'Maximiliano Ñu', style: 'Blackboard', colour: '#1565c0', box: narrow },
      'png',
    );
    const { hits, width } = await pixelsOf(png, '#1565c0');
    expect(hits.length).toBeGreaterThan(40);
    const xs = hits.map(([x]) => x);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(narrow.x * width);
    expect(Math.max(...xs)).toBeLessThan((narrow.x + narrow.w) * width);
  });

  it('draws nothing for a blank name', async () => {
    const png = await renderPreview(
      await source(100, 100),
      { name: '  ', style: 'Embird', colour: '#000000', box },
      'png',
    );
    expect((await pixelsOf(png, '#000000')).hits).toEqual([]);
  });
});
