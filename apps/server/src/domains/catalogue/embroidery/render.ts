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
import { Lru } from '../../../platform/lru.ts';
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

/** An image decoded and resized, as raw pixels. */
interface Base {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * The last images decoded, by key and size: many names go on the same few images (a shop's names on
 * one model, a production sheet's groups), and decoding the full-size image is most of a render.
 * About 1.2 MB each at 640 px.
 */
const bases = new Lru<string, Promise<Base>>(24);

/** An image to draw on: its bytes, read only when its pixels are not kept, and its key (its path). */
export interface ImageSource {
  key?: string;
  bytes: () => Promise<Buffer>;
}

function baseOf(image: ImageSource, size: number): Promise<Base> {
  const id = image.key ? `${image.key}@${size}` : undefined;
  const kept = id ? bases.get(id) : undefined;
  if (kept) return kept;
  const base = image
    .bytes()
    .then((bytes) =>
      sharp(bytes, { failOn: 'error' })
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    )
    .then(({ data, info }) => ({
      data,
      info: { width: info.width, height: info.height, channels: info.channels },
    }));
  if (id) {
    bases.set(id, base);
    base.catch(() => bases.delete(id));
  }
  return base;
}

/**
 * The image with the name drawn on it, `size` pixels at most on its longest side; an image with a
 * key keeps its decoded pixels for the next name on it.
 */
export async function renderPreview(
  image: ImageSource,
  drawing: PreviewDrawing,
  format: 'webp' | 'png' | 'jpeg',
  size = PREVIEW_PX,
): Promise<Buffer> {
  const { data, info } = await baseOf(image, size);
  const out = sharp(data, { raw: info });
  const overlay = previewOverlay(drawing, info.width, info.height);
  if (overlay) out.composite([overlay]);
  if (format === 'png') return out.png({ compressionLevel: 4 }).toBuffer();
  if (format === 'jpeg') return out.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  // Effort 0: the encoder's fastest, a third less CPU than 2 for a file a few % larger; a cold
  // preview is drawn while a shop waits for it (bench: GET bordado/preview cold).
  return out.webp({ quality: 80, effort: 0 }).toBuffer();
}

/**
 * The name's layer: an SVG the size of the position's box only (less to rasterise than the whole
 * image), placed at the box; null when there is nothing to draw.
 */
export function previewOverlay(
  drawing: PreviewDrawing,
  width: number,
  height: number,
): { input: Buffer; left: number; top: number } | null {
  const left = Math.floor(drawing.box.x * width);
  const top = Math.floor(drawing.box.y * height);
  const w = Math.max(1, Math.min(width - left, Math.ceil(drawing.box.w * width)));
  const h = Math.max(1, Math.min(height - top, Math.ceil(drawing.box.h * height)));
  // The layout in the image's pixels, then the layer's origin moved to the box's corner.
  const box = {
    x: drawing.box.x * width - left,
    y: drawing.box.y * height - top,
    w: drawing.box.w * width,
    h: drawing.box.h * height,
  };
  const layout = layoutEmbroidery(embroideryFonts(drawing.style), drawing.name, box);
  if (!layout) return null;
  const fill = threadColour(drawing.colour);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><path d="${layout.d}" transform="${layout.transform}" fill="${fill}" stroke="${threadOutline(fill)}" stroke-width="${OUTLINE_WIDTH}" paint-order="stroke"/></svg>`;
  return { input: Buffer.from(svg), left, top };
}
