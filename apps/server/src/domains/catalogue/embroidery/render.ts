/**
 * Draws an embroidery preview (record 059): the model's image, resized, with the name laid out by
 * the contract's `layoutEmbroidery` in the thread's colour inside the position's box, as one SVG
 * path composited by sharp. The web's configurator draws the same path over the same image.
 */
import {
  type EmbroideryBox,
  layoutEmbroidery,
  OUTLINE_WIDTH,
  threadColour,
  threadOutline,
} from '@nido/contract';
import sharp from 'sharp';
import { embroideryFonts } from './fonts.ts';

export interface PreviewDrawing {
  name: string;
  style: string;
  /** The thread's colour, #rrggbb (null: none given; drawn dark grey). */
  colour: string | null;
  box: EmbroideryBox;
}

/** The longest side of a preview, pixels: enough for a printed A4 column, small enough to draw fast. */
export const PREVIEW_PX = 640;

/** The image with the name drawn on it, `width` pixels at most on its longest side. */
export async function renderPreview(
  image: Buffer,
  drawing: PreviewDrawing,
  format: 'webp' | 'png' | 'jpeg',
  size = PREVIEW_PX,
): Promise<Buffer> {
  // Raw pixels between the two steps: no encoding and decoding in the middle.
  const base = await sharp(image, { failOn: 'error' })
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = base.info;
  const overlay = previewSvg(drawing, width, height);
  const out = sharp(base.data, { raw: { width, height, channels } });
  if (overlay) out.composite([{ input: Buffer.from(overlay), top: 0, left: 0 }]);
  if (format === 'png') return out.png({ compressionLevel: 4 }).toBuffer();
  if (format === 'jpeg') return out.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  return out.webp({ quality: 80, effort: 2 }).toBuffer();
}

/** The overlay: a transparent SVG of the image's size with the name's path (null: nothing to draw). */
export function previewSvg(drawing: PreviewDrawing, width: number, height: number): string | null {
  const box = {
    x: drawing.box.x * width,
    y: drawing.box.y * height,
    w: drawing.box.w * width,
    h: drawing.box.h * height,
  };
  const layout = layoutEmbroidery(embroideryFonts(drawing.style), drawing.name, box);
  if (!layout) return null;
  const fill = threadColour(drawing.colour);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="${layout.d}" transform="${layout.transform}" fill="${fill}" stroke="${threadOutline(fill)}" stroke-width="${OUTLINE_WIDTH}" paint-order="stroke"/></svg>`;
}
