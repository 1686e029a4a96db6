import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEuVatNumber, percentOf, ratesOn, TAX_REGIMES, taxBreakdown, taxBreakdownWire } from './tax.ts';

const RATES = { iva: 21, re: 5.2 };

describe('taxBreakdown', () => {
  it('charges IVA 21 % under the general regime, rounded once on the base', () => {
    // Three lines of 0.05 €: per line 21 % would be 0.01 × 3 = 0.03; on the base 0.15 it is 0.03 too,
    // but 1.03 € × 3 lines shows the difference: 0.22 per line (0.66) vs 0.65 on 3.09.
    const tax = taxBreakdown([103, 103, 103], 'general', RATES);
    expect(tax).toMatchObject({ baseCents: 309, totalCents: 374, mencion: null });
    expect(tax.taxes).toEqual([{ impuesto: 'iva', tipo: 21, cuotaCents: 65 }]);
  });

  it('adds the equivalence surcharge (5.2 %) under recargo', () => {
    const tax = taxBreakdown([12345, 6789], 'recargo', RATES);
    // base 191.34 €: IVA 40.1814 → 40.18; RE 9.94968 → 9.95.
    expect(tax.taxes).toEqual([
      { impuesto: 'iva', tipo: 21, cuotaCents: 4018 },
      { impuesto: 're', tipo: 5.2, cuotaCents: 995 },
    ]);
    expect(tax.totalCents).toBe(19134 + 4018 + 995);
  });

  it('charges nothing within the EU (reverse charge) or on exports, and names the legal mention', () => {
    expect(taxBreakdown([10000], 'intracomunitario', RATES)).toMatchObject({
      taxes: [],
      totalCents: 10000,
      mencion: 'tax.reverseCharge',
    });
    expect(taxBreakdown([10000], 'exportacion', RATES)).toMatchObject({
      taxes: [],
      totalCents: 10000,
      mencion: 'tax.export',
    });
  });

  it('rounds half up: 0.5 cent goes up', () => {
    expect(percentOf(50, 21)).toBe(11); // 10.5 → 11
    expect(percentOf(10, 5.2)).toBe(1); // 0.52 → 1
    expect(percentOf(9, 5.2)).toBe(0); // 0.468 → 0
    expect(percentOf(0, 21)).toBe(0);
  });

  it('always adds up: base = the lines, total = base + taxes, in any order of the lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9_999 * 500_000 }), { maxLength: 60 }),
        fc.constantFrom(...TAX_REGIMES),
        (lines, regimen) => {
          const tax = taxBreakdown(lines, regimen, RATES);
          expect(tax.baseCents).toBe(lines.reduce((s, c) => s + c, 0));
          expect(tax.totalCents).toBe(tax.baseCents + tax.taxes.reduce((s, t) => s + t.cuotaCents, 0));
          expect(taxBreakdown([...lines].reverse(), regimen, RATES)).toEqual(tax);
          for (const t of tax.taxes) {
            // Never more than half a cent off the exact quota.
            expect(Math.abs(t.cuotaCents - (tax.baseCents * t.tipo) / 100)).toBeLessThanOrEqual(0.5);
          }
          // The wire's euros say the same: cents back from euros are the same cents.
          const wire = taxBreakdownWire(tax);
          expect(Math.round(wire.total * 100)).toBe(tax.totalCents);
          expect(
            Math.round(wire.base * 100) + wire.lineas.reduce((s, t) => s + Math.round(t.cuota * 100), 0),
          ).toBe(tax.totalCents);
        },
      ),
    );
  });
});

describe('ratesOn', () => {
  it('takes the rates in force on the day', () => {
    expect(ratesOn('2026-11-25')).toEqual({ iva: 21, re: 5.2 });
    expect(ratesOn('2012-09-01')).toEqual({ iva: 21, re: 5.2 });
  });
});

describe('tax ids', () => {
  it('checks the shape of an EU VAT number', () => {
    for (const good of ['FR40303265045', 'DE 123456789', 'PT-501964843', 'EL123456789'])
      expect(isEuVatNumber(good), good).toBe(true);
    for (const bad of ['US123456789', 'FR', 'GR123456789', 'DE12345678901234'])
      expect(isEuVatNumber(bad), bad).toBe(false);
  });
});
