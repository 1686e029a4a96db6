import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointList } from '../packages/contract/src/endpoints/index.ts';
import {
  DOC,
  END,
  endpointGroups,
  renderEndpoints,
  START,
  staleness,
  withEndpoints,
} from './endpoint-doc.ts';

const doc = (between: string) => `# Product\n\n## 8. API\n\n${START}\n${between}\n${END}\n\n## 9. After\n`;

describe('the endpoint list of docs/product.md §8', () => {
  it('lists every endpoint of the table once, grouped by its file', async () => {
    const groups = await endpointGroups();
    expect(groups.flatMap((g) => g.endpoints)).toHaveLength(endpointList.length);
    expect(groups.map((g) => g.file)).toContain('orders.ts');
    const text = renderEndpoints(groups);
    expect(text).toContain(
      '| POST | `/pedidos/lineadd` | user | Adds a configured line to the cart; answers the cart |',
    );
    expect(text).toContain('| GET | `/pedidos/pending` | Admin, Representante |');
  });

  it('is fresh right after the script writes it, and keeps what lies outside the markers', async () => {
    const groups = await endpointGroups();
    const written = withEndpoints(doc('an old list'), renderEndpoints(groups));
    expect(staleness(written, groups)).toBeNull();
    expect(written.startsWith('# Product\n\n## 8. API\n\n')).toBe(true);
    expect(written.endsWith(`${END}\n\n## 9. After\n`)).toBe(true);
    expect(written).not.toContain('an old list');
  });

  it('is stale when an endpoint is missing, added or described differently', async () => {
    const groups = await endpointGroups();
    const written = withEndpoints(doc(''), renderEndpoints(groups));
    const [first, ...rest] = groups;
    const dropped = [{ ...first, endpoints: first.endpoints.slice(1) }, ...rest];
    expect(staleness(written, dropped)).toMatch(/differs from the endpoint table at line \d+/);
    const renamed = [
      {
        ...first,
        endpoints: [{ ...first.endpoints[0], summary: 'Something else' }, ...first.endpoints.slice(1)],
      },
      ...rest,
    ];
    expect(staleness(written, renamed)).toContain('should: | POST | `/login` | public | Something else |');
    const hand = written.replace('| Signs in: a new session token |', '| Signs in |');
    expect(staleness(hand, groups)).toContain('has:    | POST | `/login` | public | Signs in |');
  });

  it('is stale when the markers are gone', async () => {
    expect(staleness('# Product\n\n## 8. API\n', await endpointGroups())).toContain('needs the markers');
  });

  it('matches the table in the repository (npm run gen:docs)', async () => {
    expect(staleness(fs.readFileSync(DOC, 'utf8'), await endpointGroups())).toBeNull();
  });
});
