import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptLanguage, requestLanguage } from '../../platform/language.ts';

describe('acceptLanguage', () => {
  it('picks the preferred supported language, else es', () => {
    expect(acceptLanguage(undefined)).toBe('es');
    expect(acceptLanguage('')).toBe('es');
    expect(acceptLanguage('en')).toBe('en');
    expect(acceptLanguage('en-GB,en;q=0.9,es;q=0.8')).toBe('en');
    expect(acceptLanguage('fr-FR,fr;q=0.9,en;q=0.5,es;q=0.7')).toBe('es');
    expect(acceptLanguage('de, EN-us;q=0.3')).toBe('en');
    expect(acceptLanguage('fr,de')).toBe('es');
    expect(acceptLanguage('en;q=0')).toBe('es');
    expect(acceptLanguage(['fr', 'en;q=0.4'])).toBe('en');
  });
});

describe('requestLanguage', () => {
  const req = (language: string | undefined, header?: string) =>
    ({
      auth: language ? { user: { language } } : null,
      headers: header ? { 'accept-language': header } : {},
    }) as unknown as FastifyRequest;

  it("prefers the signed-in user's language over the header", () => {
    expect(requestLanguage(req('en', 'es'))).toBe('en');
    expect(requestLanguage(req('es', 'en'))).toBe('es');
    expect(requestLanguage(req(undefined, 'en-US'))).toBe('en');
    expect(requestLanguage(req(undefined))).toBe('es');
  });
});
