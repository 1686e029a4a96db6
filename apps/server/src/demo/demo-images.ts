/**
 * Generated demo images: a stylised product silhouette per family, painted in the option's colour,
 * with the model code written on it; and a simple cover per collection. Rendered from SVG with
 * sharp to a 480×480 WebP plus a 160×160 thumbnail (the same sizes the upload path produces).
 */
import sharp from 'sharp';

export const IMAGE_SIZE = 480;
export const THUMB_SIZE = 160;

export interface RenderedImage {
  full: Buffer;
  thumb: Buffer;
}

const BACKGROUND = '#f7f3ee';
const INK = '#4a4540';
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** Escapes text for an SVG text node. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function rgb(hex: string): [number, number, number] {
  const h = /^#[0-9a-f]{6}$/i.test(hex) ? hex.slice(1) : 'c8c8c6';
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
function shade(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  return toHex(rgb(hex).map((v) => v + (target - v) * a));
}

function isDark(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b < 110;
}

/** Detail colour that reads on top of the fill. */
function detail(fill: string): string {
  return isDark(fill) ? shade(fill, 0.45) : shade(fill, -0.35);
}

/** The product drawing for one family (1-7; anything else is a parcel), in a 480×480 frame. */
function silhouette(familia: number, fill: string): string {
  const d = detail(fill);
  const light = shade(fill, 0.25);
  const metal = '#55585c';
  switch (familia) {
    case 1: // carrycot: tub, folding hood, handle
      return `
        <path d="M170 205 Q250 70 330 205" fill="none" stroke="${metal}" stroke-width="10" stroke-linecap="round"/>
        <path d="M88 205 L392 205 Q402 205 400 218 L382 322 Q378 342 356 342 L124 342 Q102 342 98 322 L80 218 Q78 205 88 205 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <rect x="96" y="200" width="288" height="14" rx="7" fill="${light}" stroke="${d}" stroke-width="3"/>
        <path d="M86 210 Q90 92 230 88 L240 210 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M110 208 Q116 118 212 108" fill="none" stroke="${d}" stroke-width="3"/>
        <path d="M140 208 Q146 140 222 130" fill="none" stroke="${d}" stroke-width="3"/>
        <ellipse cx="240" cy="360" rx="160" ry="10" fill="#000" opacity="0.08"/>`;
    case 2: // infant car seat: base, shell, carry handle, canopy
      return `
        <path d="M112 342 Q240 372 372 342" fill="none" stroke="${metal}" stroke-width="14" stroke-linecap="round"/>
        <path d="M150 250 Q250 60 350 250" fill="none" stroke="${metal}" stroke-width="12" stroke-linecap="round"/>
        <path d="M118 300 Q104 196 170 168 L214 152 Q246 144 258 172 L292 252 Q306 278 356 284 Q386 290 382 312 L376 326 Q370 338 352 338 L152 338 Q124 336 118 300 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M146 300 Q140 226 184 204 L222 192 Q236 190 242 204 L268 270 Q280 300 330 306" fill="none" stroke="${d}" stroke-width="3" stroke-dasharray="8 6"/>
        <path d="M112 250 Q108 132 236 120 L246 152 Q164 160 152 250 Z" fill="${light}" stroke="${d}" stroke-width="4"/>
        <circle cx="150" cy="250" r="10" fill="${metal}"/><circle cx="350" cy="250" r="10" fill="${metal}"/>`;
    case 3: // pushchair: wheels, frame, seat, hood, handlebar
      return `
        <line x1="150" y1="340" x2="252" y2="262" stroke="${metal}" stroke-width="10" stroke-linecap="round"/>
        <line x1="340" y1="340" x2="252" y2="262" stroke="${metal}" stroke-width="10" stroke-linecap="round"/>
        <path d="M252 262 L320 118 L360 110" fill="none" stroke="${metal}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
        <path d="M160 244 L318 244 Q334 246 328 262 L312 298 Q306 308 294 308 L186 308 Q172 308 168 296 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M150 250 Q146 132 276 130 L290 248 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M172 248 Q172 160 262 152" fill="none" stroke="${d}" stroke-width="3"/>
        <path d="M202 248 Q204 186 266 178" fill="none" stroke="${d}" stroke-width="3"/>
        <circle cx="150" cy="340" r="34" fill="#2f2f2f"/><circle cx="150" cy="340" r="12" fill="#9a9a9a"/>
        <circle cx="340" cy="340" r="34" fill="#2f2f2f"/><circle cx="340" cy="340" r="12" fill="#9a9a9a"/>`;
    case 4: // bag: body, flap, handles, clasp
      return `
        <path d="M172 196 Q172 96 240 96 Q308 96 308 196" fill="none" stroke="${d}" stroke-width="14" stroke-linecap="round"/>
        <path d="M118 190 L362 190 L392 356 Q394 378 372 378 L108 378 Q86 378 88 356 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M116 190 L364 190 L356 252 Q240 290 124 252 Z" fill="${light}" stroke="${d}" stroke-width="4"/>
        <circle cx="240" cy="262" r="10" fill="${d}"/>
        <path d="M112 340 L368 340" stroke="${d}" stroke-width="3" stroke-dasharray="8 6"/>`;
    case 5: // accessories: a stack of folded blankets
      return `
        <rect x="100" y="262" width="280" height="92" rx="26" fill="${shade(fill, -0.08)}" stroke="${d}" stroke-width="4"/>
        <rect x="124" y="190" width="232" height="80" rx="24" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <rect x="148" y="126" width="184" height="70" rx="22" fill="${light}" stroke="${d}" stroke-width="4"/>
        <rect x="116" y="276" width="248" height="64" rx="18" fill="none" stroke="${d}" stroke-width="3" stroke-dasharray="8 6"/>
        <rect x="138" y="202" width="204" height="56" rx="16" fill="none" stroke="${d}" stroke-width="3" stroke-dasharray="8 6"/>
        <rect x="160" y="138" width="160" height="46" rx="14" fill="none" stroke="${d}" stroke-width="3" stroke-dasharray="8 6"/>`;
    case 6: {
      // cot: posts, rails, bars, dressed bumper and mattress
      const bars = Array.from({ length: 10 }, (_, i) => 126 + i * 25)
        .map((x) => `<line x1="${x}" y1="172" x2="${x}" y2="262" stroke="#b08a5e" stroke-width="7"/>`)
        .join('');
      return `
        <rect x="92" y="130" width="18" height="250" rx="6" fill="#a47d52"/>
        <rect x="370" y="130" width="18" height="250" rx="6" fill="#a47d52"/>
        <rect x="104" y="164" width="272" height="14" rx="6" fill="#b08a5e"/>
        ${bars}
        <rect x="106" y="250" width="268" height="50" rx="14" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M120 275 Q150 258 180 275 T240 275 T300 275 T360 275" fill="none" stroke="${d}" stroke-width="3"/>
        <rect x="104" y="300" width="272" height="30" rx="8" fill="${light}" stroke="${d}" stroke-width="3"/>
        <rect x="104" y="330" width="272" height="12" rx="4" fill="#a47d52"/>`;
    }
    case 7: // hood: pleated folding canopy
      return `
        <path d="M92 330 A148 148 0 0 1 388 330 Z" fill="${fill}" stroke="${d}" stroke-width="4"/>
        <path d="M132 330 A108 108 0 0 1 348 330" fill="none" stroke="${d}" stroke-width="4"/>
        <path d="M172 330 A68 68 0 0 1 308 330" fill="none" stroke="${d}" stroke-width="4"/>
        <path d="M92 330 L388 330" stroke="${d}" stroke-width="8" stroke-linecap="round"/>
        <path d="M76 346 Q240 362 404 346" fill="none" stroke="${light}" stroke-width="10" stroke-linecap="round"/>
        <circle cx="104" cy="330" r="12" fill="${metal}"/><circle cx="376" cy="330" r="12" fill="${metal}"/>`;
    default: // no family: a parcel
      return `
        <path d="M130 196 L240 142 L350 196 L240 250 Z" fill="${light}" stroke="${d}" stroke-width="4" stroke-linejoin="round"/>
        <path d="M130 196 L240 250 L240 372 L130 318 Z" fill="${fill}" stroke="${d}" stroke-width="4" stroke-linejoin="round"/>
        <path d="M350 196 L240 250 L240 372 L350 318 Z" fill="${shade(fill, -0.15)}" stroke="${d}" stroke-width="4" stroke-linejoin="round"/>
        <path d="M185 169 L295 223 L295 300" fill="none" stroke="${d}" stroke-width="8" opacity="0.6"/>`;
  }
}

/** SVG of a product image: silhouette of the family in the colour, model code and colour name. */
export function productSvg(p: { familia: number; color: string; modelo: string; label?: string }): string {
  const label = p.label
    ? `<text x="240" y="404" font-family="${FONT}" font-size="22" text-anchor="middle" fill="${INK}" opacity="0.75">${esc(p.label)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="${BACKGROUND}"/>
  <circle cx="240" cy="236" r="196" fill="${shade(p.color, 0.82)}"/>
  <text x="24" y="40" font-family="${FONT}" font-size="22" font-weight="bold" fill="#b9a58c">nido</text>
  ${silhouette(p.familia, p.color)}
  ${label}
  <text x="240" y="448" font-family="${FONT}" font-size="36" font-weight="bold" text-anchor="middle" fill="${INK}">${esc(p.modelo)}</text>
</svg>`;
}

/** SVG of a collection cover: its colour, name and code, and three small product drawings. */
export function collectionSvg(p: {
  color: string;
  nombre: string;
  coleccion: string;
  familias: number[];
}): string {
  const [r, g, b] = rgb(p.color);
  const text = 0.299 * r + 0.587 * g + 0.114 * b < 160 ? '#ffffff' : '#2b2724';
  const drawings = p.familias
    .slice(0, 3)
    .map(
      (f, i) =>
        `<g transform="translate(${24 + i * 148} 210) scale(0.4)">${silhouette(f, shade(p.color, i % 2 ? 0.55 : 0.35))}</g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 480 480">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(p.color, 0.15)}"/><stop offset="1" stop-color="${shade(p.color, -0.2)}"/></linearGradient></defs>
  <rect width="480" height="480" fill="url(#g)"/>
  <text x="32" y="64" font-family="${FONT}" font-size="24" font-weight="bold" fill="${text}" opacity="0.8">nido</text>
  <text x="32" y="128" font-family="${FONT}" font-size="34" font-weight="bold" fill="${text}">${esc(p.nombre)}</text>
  <text x="32" y="166" font-family="${FONT}" font-size="22" fill="${text}" opacity="0.8">${esc(p.coleccion)}</text>
  <rect x="20" y="370" width="440" height="4" fill="${text}" opacity="0.3"/>
  ${drawings}
</svg>`;
}

/** Renders an SVG to the stored image pair (480×480 WebP and its 160×160 thumbnail, drawn at its own size). */
export async function renderSvg(svg: string): Promise<RenderedImage> {
  const input = Buffer.from(svg);
  const [full, thumb] = await Promise.all([
    sharp(input).webp({ quality: 80, effort: 2 }).toBuffer(),
    sharp(input, { density: (72 * THUMB_SIZE) / IMAGE_SIZE })
      .webp({ quality: 80, effort: 2 })
      .toBuffer(),
  ]);
  return { full, thumb };
}
