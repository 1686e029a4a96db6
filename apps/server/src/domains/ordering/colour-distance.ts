/**
 * Colour distance for substitutes (record 043): CIEDE2000 (CIE 142-2001, as Sharma, Wu and Dalal
 * 2005 set out its implementation) between options' hex colours, after converting sRGB (D65) to
 * CIELAB. kL = kC = kH = 1.
 */

export interface Lab {
  L: number;
  a: number;
  b: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
const POW25_7 = 25 ** 7;

/** The CIEDE2000 colour difference ΔE00 between two CIELAB colours. */
export function ciede2000(x: Lab, y: Lab): number {
  const c1 = Math.hypot(x.a, x.b);
  const c2 = Math.hypot(y.a, y.b);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + POW25_7)));
  const a1 = (1 + g) * x.a;
  const a2 = (1 + g) * y.a;
  const cp1 = Math.hypot(a1, x.b);
  const cp2 = Math.hypot(a2, y.b);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);
  const h1 = hue(x.b, a1);
  const h2 = hue(y.b, a2);

  const dL = y.L - x.L;
  const dC = cp2 - cp1;
  let dh = 0;
  if (cp1 * cp2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin(rad(dh / 2));

  const lMean = (x.L + y.L) / 2;
  const cpMean = (cp1 + cp2) / 2;
  let hMean = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean = (h1 + h2) / 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(rad(hMean - 30)) +
    0.24 * Math.cos(rad(2 * hMean)) +
    0.32 * Math.cos(rad(3 * hMean + 6)) -
    0.2 * Math.cos(rad(4 * hMean - 63));
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cpMean7 = cpMean ** 7;
  const rC = 2 * Math.sqrt(cpMean7 / (cpMean7 + POW25_7));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cpMean;
  const sH = 1 + 0.015 * cpMean * t;
  const rT = -Math.sin(rad(2 * dTheta)) * rC;
  const l = dL / sL;
  const c = dC / sC;
  const h = dH / sH;
  return Math.sqrt(l * l + c * c + h * h + rT * c * h);
}

/** `#rrggbb` (sRGB, D65) as CIELAB; null for anything else. */
export function hexToLab(hex: string | null | undefined): Lab | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return null;
  const [r, g, b] = m.slice(1).map((h) => {
    const v = Number.parseInt(h, 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  // sRGB → XYZ (D65), relative to the white point.
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (v: number) => (v > 216 / 24389 ? Math.cbrt(v) : ((24389 / 27) * v + 16) / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

/** Built once: a collator is costly to build and cheap to use. */
const byName = new Intl.Collator('es').compare;

/**
 * Options nearest in colour to `colour` first (CIEDE2000), then by name; options without a colour
 * (or when `colour` has none) after those with one, by name.
 */
export function byColourDistance<T extends { color: string | null; nombre: string }>(
  colour: string | null,
  options: readonly T[],
): T[] {
  const from = hexToLab(colour);
  const distance = (o: T) => {
    const lab = hexToLab(o.color);
    return from && lab ? ciede2000(from, lab) : Number.POSITIVE_INFINITY;
  };
  return options
    .map((o) => ({ o, d: distance(o) }))
    .sort((p, q) => (p.d === q.d ? 0 : p.d < q.d ? -1 : 1) || byName(p.o.nombre, q.o.nombre))
    .map((p) => p.o);
}
