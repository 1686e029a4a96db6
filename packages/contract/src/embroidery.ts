/**
 * The embroidery preview (issue 31, record 059): where a name goes on a model's image and how it is
 * drawn. The web's configurator and the server's renderer both lay the name out here, from the same
 * font files, as one SVG path: so the picture in the browser and the PNG in the PDF are the same.
 * A path, not text: librsvg (sharp's SVG renderer) does not load web fonts.
 */
import { z } from 'zod';
import { CATALOG_ADMIN_MSG } from './messages.ts';

/** A position's box on a model's main image, as fractions of its width and height (0-1). */
export const EmbroideryBox = z
  .object({
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().gt(0).max(1),
    h: z.number().gt(0).max(1),
  })
  .refine((b) => b.x + b.w <= 1.0001 && b.y + b.h <= 1.0001, { message: CATALOG_ADMIN_MSG.boxOutside.code });
export type EmbroideryBox = z.infer<typeof EmbroideryBox>;

/** A position without a box of its own: a band across the lower middle of the image. */
export const DEFAULT_EMBROIDERY_BOX: EmbroideryBox = { x: 0.25, y: 0.55, w: 0.5, h: 0.16 };

/**
 * The typeface of each embroidery style: open-licence fonts from the npm registry (@fontsource),
 * the Latin subset first and Latin Extended for the letters it lacks.
 */
export const EMBROIDERY_TYPEFACES = {
  Embird: {
    family: 'Dancing Script',
    package: '@fontsource/dancing-script',
    licence: 'OFL-1.1',
    files: ['dancing-script-latin-700-normal.woff', 'dancing-script-latin-ext-700-normal.woff'],
  },
  Blackboard: {
    family: 'Fredoka',
    package: '@fontsource/fredoka',
    licence: 'OFL-1.1',
    files: ['fredoka-latin-600-normal.woff', 'fredoka-latin-ext-600-normal.woff'],
  },
} as const;
export type EmbroideryStyleName = keyof typeof EMBROIDERY_TYPEFACES;

/** A line without a style is drawn in the first one's typeface. */
export function typefaceOf(style: string): (typeof EMBROIDERY_TYPEFACES)[EmbroideryStyleName] {
  return EMBROIDERY_TYPEFACES[style as EmbroideryStyleName] ?? EMBROIDERY_TYPEFACES.Embird;
}

/** What the layout needs of a parsed font (opentype.js's Font). */
export interface GlyphFont {
  charToGlyph(char: string): { index: number };
  getPath(text: string, x: number, y: number, fontSize: number): GlyphPath;
  getAdvanceWidth(text: string, fontSize: number): number;
}
interface GlyphPath {
  toPathData(decimalPlaces?: number): string;
  getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
}

/** A name laid out: its path at size 100 from the origin, and the transform that puts it in the box. */
export interface EmbroideryLayout {
  d: string;
  /** SVG `matrix(...)`: scale and move the path into the box, centred. */
  transform: string;
  /** The drawn bounds, pixels of the target image (for tests and the outline). */
  bounds: { x1: number; y1: number; x2: number; y2: number };
}

/** The name's share of the box: some air around it, as an embroiderer leaves. */
const FILL_WIDTH = 0.92;
const FILL_HEIGHT = 0.8;

/**
 * Lays `name` out inside `box` (pixels of the image it is drawn on): each letter from the first of
 * `fonts` that has it, scaled down until it fits both ways, never up past the box's height, and
 * centred. Null for a name with nothing to draw.
 */
export function layoutEmbroidery(
  fonts: readonly GlyphFont[],
  name: string,
  box: { x: number; y: number; w: number; h: number },
): EmbroideryLayout | null {
  const text = name.trim();
  if (!text || fonts.length === 0) return null;
  let x = 0;
  const parts: string[] = [];
  let bounds = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const run of fontRuns(fonts, text)) {
    const path = run.font.getPath(run.text, x, 0, 100);
    const b = path.getBoundingBox();
    if (b.x2 > b.x1)
      bounds = {
        x1: Math.min(bounds.x1, b.x1),
        y1: Math.min(bounds.y1, b.y1),
        x2: Math.max(bounds.x2, b.x2),
        y2: Math.max(bounds.y2, b.y2),
      };
    parts.push(path.toPathData(2));
    x += run.font.getAdvanceWidth(run.text, 100);
  }
  if (!Number.isFinite(bounds.x1)) return null;
  const width = bounds.x2 - bounds.x1;
  const height = bounds.y2 - bounds.y1;
  const scale = Math.min((box.w * FILL_WIDTH) / width, (box.h * FILL_HEIGHT) / height);
  const tx = box.x + box.w / 2 - ((bounds.x1 + bounds.x2) / 2) * scale;
  const ty = box.y + box.h / 2 - ((bounds.y1 + bounds.y2) / 2) * scale;
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    d: parts.join(''),
    transform: `matrix(${r(scale)} 0 0 ${r(scale)} ${r(tx)} ${r(ty)})`,
    bounds: {
      x1: tx + bounds.x1 * scale,
      y1: ty + bounds.y1 * scale,
      x2: tx + bounds.x2 * scale,
      y2: ty + bounds.y2 * scale,
    },
  };
}

/** The name cut where the font that draws it changes. */
function fontRuns(fonts: readonly GlyphFont[], text: string): Array<{ font: GlyphFont; text: string }> {
  const runs: Array<{ font: GlyphFont; text: string }> = [];
  for (const char of text) {
    const font = /\s/.test(char)
      ? (runs.at(-1)?.font ?? fonts[0])
      : (fonts.find((f) => f.charToGlyph(char).index > 0) ?? fonts[0]);
    const last = runs.at(-1);
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/** The thread's colour as drawn (#rrggbb); a thread without one is drawn in a dark grey. */
export function threadColour(hex: string | null | undefined): string {
  return hex && /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : '#333333';
}

/**
 * A thin outline that keeps a pale thread readable on a pale fabric (and a dark one on dark): the
 * thread's opposite in lightness, half transparent.
 */
export function threadOutline(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const luma = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luma > 150 ? 'rgba(0,0,0,0.45)' : 'rgba(255,255,255,0.6)';
}

/** The outline's width in path units (the path is drawn at size 100, then scaled). */
export const OUTLINE_WIDTH = 2.2;

// ── The API's shapes ─────────────────────────────────────────────────────────────────────────────

/** A position of a model's embroidery options, with its box (null: none placed, the default is used). */
export const EmbroideryPositionBox = z.object({
  posicion: z.string(),
  posicion_en: z.string(),
  box: EmbroideryBox.nullable(),
});
export type EmbroideryPositionBox = z.infer<typeof EmbroideryPositionBox>;

/** GET/PUT modelo/{modelo}/bordado: the model's main image and every position's box. */
export const EmbroideryBoxesResponse = z.object({
  modelo: z.string(),
  /** The main image (full size), on which the boxes are placed; null when the model has none. */
  imagen: z.string().nullable(),
  posiciones: z.array(EmbroideryPositionBox),
});
export type EmbroideryBoxesResponse = z.infer<typeof EmbroideryBoxesResponse>;

/** PUT modelo/{modelo}/bordado: the boxes the model keeps (a position left out loses its box). */
export const EmbroideryBoxesRequest = z.object({
  posiciones: z.array(z.object({ posicion: z.string().trim().min(1).max(100), box: EmbroideryBox })).max(50),
});
export type EmbroideryBoxesRequest = z.infer<typeof EmbroideryBoxesRequest>;

export const EmbroideryModelParam = z.object({ modelo: z.string().min(1).max(50) });

/** GET bordado/preview/{token}: a preview address the server signed (`<payload>.<signature>`). */
export const EmbroideryPreviewParam = z.object({
  token: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.webp$/),
});
