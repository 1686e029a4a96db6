import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@nido/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request (SPEC §1, §7): the signed-in user's language, else the first es/en
 * of Accept-Language by preference, else es.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const user = req.auth?.user;
  if (user && isLanguage(user.language)) return user.language;
  return acceptLanguage(req.headers['accept-language']);
}

/** The preferred supported language of an Accept-Language header ("en-GB,en;q=0.9,es;q=0.8" → en). */
export function acceptLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return DEFAULT_LANGUAGE;
  let best: { lang: Language; q: number } | null = null;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? DEFAULT_LANGUAGE;
}

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}
