/**
 * Which methods a known path answers, so a request with another method gets 405 and an `Allow`
 * header (RFC 9110 §15.5.6) instead of a 404 that says the path does not exist, or another route's
 * answer: `GET /api/modelo/lastPurchased` names the POST-only path, not the model `lastPurchased`
 * of `GET /api/modelo/:modelo`.
 */

import { REQUEST_MSG } from '@nido/contract';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * The methods of the routes that own `path`: of the patterns that match it, those with the fewest
 * parameters (a literal path beats `/modelo/:modelo`, as the router decides); HEAD wherever GET.
 */
export function allowedMethods(routes: readonly RouteEntry[], path: string): string[] {
  return ownMethods(owners(routes, path));
}

function owners(routes: readonly RouteEntry[], path: string): RouteEntry[] {
  let best: RouteEntry[] = [];
  let fewest = Number.POSITIVE_INFINITY;
  for (const route of routes) {
    if (!patternOf(route.url).test(path)) continue;
    const params = paramCount(route.url);
    if (params < fewest) [best, fewest] = [[route], params];
    else if (params === fewest) best.push(route);
  }
  return best;
}

function ownMethods(routes: readonly RouteEntry[]): string[] {
  const methods = new Set(routes.map((r) => r.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * Answers 405 before anything reads the request (its body, its session): on an /api path no route
 * takes with this method, and on a path a literal route owns that a pattern of another method
 * matched. Registered before the access hook, so a wrong method is never a 401 or 403.
 */
export function registerMethodCheck(app: FastifyInstance, routes: () => readonly RouteEntry[]): void {
  app.addHook('onRequest', async (req, reply) => {
    const url = req.routeOptions.url;
    // A matched route without parameters is the path's own; only a 404 or a pattern can be wrong.
    if (!req.is404 && !url?.includes(':')) return;
    const path = req.url.split('?')[0];
    if (!/^\/(api|uploads)\//.test(path) || path.startsWith('/api/docs')) return;
    const own = owners(routes(), path);
    if (!own.length) return;
    if (!req.is404 && own.some((r) => r.url === url)) return;
    return reply
      .code(405)
      .header('Allow', ownMethods(own).join(', '))
      .send(errorBody(REQUEST_MSG.methodNotAllowed));
  });
}

const patterns = new Map<string, RegExp>();

function patternOf(url: string): RegExp {
  let pattern = patterns.get(url);
  if (!pattern) {
    const source = url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}/?$`);
    patterns.set(url, pattern);
  }
  return pattern;
}

const paramCount = (url: string) => url.split('/').filter((part) => part.startsWith(':')).length;
