/**
 * Which methods a known path answers, so a request with another method gets 405 and an `Allow`
 * header (RFC 9110 §15.5.6) instead of a 404 that says the path does not exist.
 */
export interface RouteEntry {
  method: string;
  url: string;
}

/** The methods of `routes` whose pattern (`/api/pedido/:id`) matches `path`; HEAD wherever GET. */
export function allowedMethods(routes: readonly RouteEntry[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) if (patternOf(route.url).test(path)) methods.add(route.method);
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
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
