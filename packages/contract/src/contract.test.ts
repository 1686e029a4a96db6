import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  eurosTimes,
  FAMILIES,
  ForgotPasswordRequest,
  familyName,
  familyOf,
  formatDate,
  formatMoney,
  formatPercent,
  localized,
  messageOfIssue,
  modelName,
  NO_FAMILY,
  PAGE_SIZE,
  paging,
  ResetPasswordRequest,
} from './index.ts';

describe('localized', () => {
  const row = { nombre: 'Capazo', nombre_en: 'Carrycot' };
  it('reads English for en when it has text', () => {
    expect(localized(row, 'nombre', 'en')).toBe('Carrycot');
  });
  it('reads Spanish for es', () => {
    expect(localized(row, 'nombre', 'es')).toBe('Capazo');
  });
  it.each([[''], ['   '], ['NULL'], [null], [undefined]])(
    'falls back to Spanish when English is %j',
    (en) => {
      expect(localized({ nombre: 'Capazo', nombre_en: en }, 'nombre', 'en')).toBe('Capazo');
    },
  );
});

describe('format', () => {
  it('multiplies a price by a quantity in cents: no floating-point drift on screen', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(eurosTimes(0.1, 3)).toBe(0.3);
    expect(eurosTimes(19.99, 3)).toBe(59.97);
    expect(eurosTimes(4.35, 0)).toBe(0);
  });
  it('formats EUR the es-ES way', () => {
    expect(formatMoney(1234.5).replace(/\s/g, ' ')).toBe('1234,50 €');
    expect(formatMoney(12345.678).replace(/\s/g, ' ')).toBe('12.345,68 €');
    expect(formatMoney(0).replace(/\s/g, ' ')).toBe('0,00 €');
  });
  it('formats a percentage the es-ES way too, in either language: one number format (record 051)', () => {
    expect(formatPercent(5.2)).toBe('5,2 %');
    expect(formatPercent(21)).toBe('21 %');
    expect(formatPercent(12.25)).toBe('12,25 %');
  });
  it('formats dates dd/MM/yyyy in Madrid time', () => {
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    // 23:30 UTC on 31 Dec is already 1 Jan in Madrid.
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('turns the Madrid day at midnight on both sides of a DST change, however often asked', () => {
    for (let round = 0; round < 2; round++) {
      // Winter (UTC+1) until 29 March 2026 01:00 UTC, summer (UTC+2) after.
      expect(formatDate('2026-03-28T22:59:59.999Z')).toBe('28/03/2026');
      expect(formatDate('2026-03-28T23:00:00Z')).toBe('29/03/2026');
      expect(formatDate('2026-03-29T21:59:59Z')).toBe('29/03/2026');
      expect(formatDate('2026-03-29T22:00:00Z')).toBe('30/03/2026');
      // Back to UTC+1 on 25 October 2026 01:00 UTC.
      expect(formatDate('2026-10-24T21:59:59Z')).toBe('24/10/2026');
      expect(formatDate('2026-10-24T22:00:00Z')).toBe('25/10/2026');
      expect(formatDate('2026-10-25T22:59:59Z')).toBe('25/10/2026');
      expect(formatDate(new Date('2026-10-25T23:00:00Z'))).toBe('26/10/2026');
    }
  });
});

describe('limits and naming', () => {
  it('pages by 25 from 1', () => {
    expect(PAGE_SIZE).toBe(25);
    expect(paging(0, 1)).toMatchObject({ per_page: 25, current_page: 1, total: 0, from: 0, to: 0 });
    expect(paging(60, 3)).toEqual({
      per_page: 25,
      current_page: 3,
      from: 51,
      to: 60,
      total: 60,
      last_page: 3,
    });
  });
  it('maps families 1-7 and everything else to SIN FAMILIA', () => {
    expect(familyOf(1).name).toBe('CAPAZO');
    expect(familyOf(7).name).toBe('CAPOTAS');
    expect(familyOf(8).name).toBe('SIN FAMILIA');
    expect(familyOf(null).name).toBe('SIN FAMILIA');
  });

  it('names every family in Spanish and in English', () => {
    expect(familyName(3, 'es')).toBe('SILLA PASEO');
    expect(familyName(3, 'en')).toBe('PUSHCHAIRS');
    expect(familyName(null, 'en')).toBe('OTHER');
    expect(new Set([...FAMILIES, NO_FAMILY].map((f) => f.name_en)).size).toBe(8);
  });
  it('names a model from the fourth character of its code plus a suffix', () => {
    expect(modelName('ND-CAP101')).toBe('CAP101');
    expect(modelName('ND-CAP101', ' Rosa ')).toBe('CAP101 Rosa');
  });
});

describe('account schemas', () => {
  it.each(['a@b.es', 'ana.lopez@tienda-bebe.com', 'x@[192.168.1.1]'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });
  it.each(['', 'ana', 'ana@', 'ana@tienda', 'ana@tienda.c', 'a b@c.es'])('rejects %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
  it('gives the product messages for forgot-password', () => {
    // A schema names its message by code; the catalogue gives its text.
    const first = (value: unknown) => messageOfIssue(ForgotPasswordRequest.safeParse(value).error!.issues[0]);
    expect(first({ email: '' })).toEqual({ code: 'account.emailRequired', text: 'Email is required' });
    expect(first({ email: 'nope' })).toEqual({
      code: 'account.emailFormat',
      text: 'Email format is not valid',
    });
    expect(first({})).toEqual({ code: 'account.emailRequired', text: 'Email is required' });
  });
  it('gives the product messages for reset-password', () => {
    const base = { email: 'a@b.es', token: 't' };
    const first = (value: object) =>
      messageOfIssue(ResetPasswordRequest.safeParse({ ...base, ...value }).error!.issues[0]).text;
    expect(first({ password: '123', password_confirmation: '123' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(first({ password: '123456', password_confirmation: '1234567' })).toBe('Passwords do not match');
    // A check without a message of its own is named by its kind, with its bound.
    const long = 'x'.repeat(201);
    expect(
      messageOfIssue(
        ResetPasswordRequest.safeParse({ ...base, password: long, password_confirmation: long }).error!
          .issues[0],
      ),
    ).toEqual({
      code: 'validation.tooLong',
      params: { max: 200 },
      text: 'Can be at most 200 characters',
    });
  });
});
