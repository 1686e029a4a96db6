import { describe, expect, it } from 'vitest';
import { type EndpointKey, endpoints } from './index.ts';
import { endpointRoutes } from './routes.ts';

type RouteKey = keyof typeof endpointRoutes;
// Checked by tsc: routes.ts names exactly the table's endpoints.
const sameKeys: [EndpointKey] extends [RouteKey] ? ([RouteKey] extends [EndpointKey] ? true : false) : false =
  true;

describe('endpointRoutes (routes.ts, generated)', () => {
  it('holds the method and path of every endpoint of the table, in its order (npm run gen:routes)', () => {
    const fromTable = Object.entries(endpoints).flatMap(([area, entries]) =>
      Object.entries(entries).map(([name, e]) => [
        `${area}.${name}`,
        'file' in e && e.file ? [e.method, e.path, 'file'] : [e.method, e.path],
      ]),
    );
    expect(sameKeys).toBe(true);
    expect(Object.entries(endpointRoutes)).toEqual(fromTable);
  });
});
