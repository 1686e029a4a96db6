import { describe, expect, it } from 'vitest';
import { byColourDistance, ciede2000, hexToLab } from './colour-distance.ts';

/**
 * Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
 * supplementary test data, and mathematical observations", Table 1: [L1, a1, b1, L2, a2, b2, ΔE00].
 */
const SHARMA: ReadonlyArray<readonly [number, number, number, number, number, number, number]> = [
  [50.0, 2.6772, -79.7751, 50.0, 0.0, -82.7485, 2.0425],
  [50.0, 3.1571, -77.2803, 50.0, 0.0, -82.7485, 2.8615],
  [50.0, 2.8361, -74.02, 50.0, 0.0, -82.7485, 3.4412],
  [50.0, -1.3802, -84.2814, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -1.1848, -84.8006, 50.0, 0.0, -82.7485, 1.0],
  [50.0, -0.9009, -85.5211, 50.0, 0.0, -82.7485, 1.0],
  [50.0, 0.0, 0.0, 50.0, -1.0, 2.0, 2.3669],
  [50.0, -1.0, 2.0, 50.0, 0.0, 0.0, 2.3669],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0009, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.001, 7.1792],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0011, 7.2195],
  [50.0, 2.49, -0.001, 50.0, -2.49, 0.0012, 7.2195],
  [50.0, -0.001, 2.49, 50.0, 0.0009, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.001, -2.49, 4.8045],
  [50.0, -0.001, 2.49, 50.0, 0.0011, -2.49, 4.7461],
  [50.0, 2.5, 0.0, 50.0, 0.0, -2.5, 4.3065],
  [50.0, 2.5, 0.0, 73.0, 25.0, -18.0, 27.1492],
  [50.0, 2.5, 0.0, 61.0, -5.0, 29.0, 22.8977],
  [50.0, 2.5, 0.0, 56.0, -27.0, -3.0, 31.903],
  [50.0, 2.5, 0.0, 58.0, 24.0, 15.0, 19.4535],
  [50.0, 2.5, 0.0, 50.0, 3.1736, 0.5854, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2972, 0.0, 1.0],
  [50.0, 2.5, 0.0, 50.0, 1.8634, 0.5757, 1.0],
  [50.0, 2.5, 0.0, 50.0, 3.2592, 0.335, 1.0],
  [60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644],
  [63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.263],
  [61.2901, 3.7196, -5.3901, 61.4292, 2.248, -4.962, 1.8731],
  [35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645],
  [22.7233, 20.0904, -46.694, 23.0331, 14.973, -42.5619, 2.0373],
  [36.4612, 47.858, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146],
  [90.8027, -2.0831, 1.441, 91.1528, -1.6435, 0.0447, 1.4441],
  [90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381],
  [6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377],
  [2.0776, 0.0795, -1.135, 0.9033, -0.0636, -0.5514, 0.9082],
];

describe('CIEDE2000', () => {
  it.each(SHARMA.map((p, i) => [i + 1, p] as const))('matches Sharma et al. pair %i', (_, p) => {
    const [L1, a1, b1, L2, a2, b2, expected] = p;
    expect(ciede2000({ L: L1, a: a1, b: b1 }, { L: L2, a: a2, b: b2 })).toBeCloseTo(expected, 4);
    // The formula is symmetric: the published value holds either way round.
    expect(ciede2000({ L: L2, a: a2, b: b2 }, { L: L1, a: a1, b: b1 })).toBeCloseTo(expected, 4);
  });

  it('is zero for one colour', () => {
    expect(ciede2000({ L: 46.2, a: 17.8, b: -51.4 }, { L: 46.2, a: 17.8, b: -51.4 })).toBe(0);
  });
});

describe('hexToLab', () => {
  it('converts sRGB white, black and mid grey', () => {
    const white = hexToLab('#ffffff')!;
    expect(white.L).toBeCloseTo(100, 2);
    expect(Math.abs(white.a)).toBeLessThan(0.01);
    expect(Math.abs(white.b)).toBeLessThan(0.01);
    expect(hexToLab('#000000')!.L).toBeCloseTo(0, 5);
    expect(hexToLab('#808080')!.L).toBeCloseTo(53.59, 1);
    // Pure sRGB red, as colour references give it: L 53.24, a 80.09, b 67.20.
    const red = hexToLab('#FF0000')!;
    expect(red.L).toBeCloseTo(53.24, 1);
    expect(red.a).toBeCloseTo(80.09, 1);
    expect(red.b).toBeCloseTo(67.2, 1);
  });

  it('refuses anything but #rrggbb', () => {
    expect(hexToLab(null)).toBeNull();
    expect(hexToLab('#fff')).toBeNull();
    expect(hexToLab('red')).toBeNull();
  });
});

describe('byColourDistance', () => {
  const options = [
    { nombre: 'Verde', color: '#00aa00' },
    { nombre: 'Sin color', color: null },
    { nombre: 'Rosa claro', color: '#ffaabb' },
    { nombre: 'Rojo', color: '#ee1111' },
    { nombre: 'Blanco', color: null },
  ];

  it('puts the nearest colour first, then the colourless ones by name', () => {
    expect(byColourDistance('#ff0000', options).map((o) => o.nombre)).toEqual([
      'Rojo',
      'Rosa claro',
      'Verde',
      'Blanco',
      'Sin color',
    ]);
  });

  it('sorts by name when the old option had no colour', () => {
    expect(byColourDistance(null, options).map((o) => o.nombre)).toEqual([
      'Blanco',
      'Rojo',
      'Rosa claro',
      'Sin color',
      'Verde',
    ]);
  });
});
