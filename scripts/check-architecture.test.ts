import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, run by node; its rules are what is tested here.
import { checkTree } from './check-architecture.mjs';

type Found = Record<string, string[]>;

const trees: string[] = [];
afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The checker's findings on a repository made of `files` (path → source). */
function check(files: Record<string, string>): Found {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-architecture-'));
  trees.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return checkTree(root).found;
}

/** Only the rules that found something. */
const broken = (found: Found) =>
  Object.fromEntries(Object.entries(found).filter(([, items]) => items.length));

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

describe('the architecture checker (npm run check)', () => {
  it('finds nothing in a tree that keeps every rule', () => {
    expect(
      broken(
        check({
          [`${WEB}/features/catalogue/api.ts`]: 'export const useModel = () => 1;',
          [`${WEB}/features/catalogue/index.ts`]: "export { useModel } from './api.ts';",
          [`${WEB}/features/ordering/Editor.tsx`]: "import { useModel } from '../catalogue/index.ts';",
          [`${WEB}/app/pages/Home.tsx`]:
            "import { useModel } from '../../features/catalogue/index.ts';\nconst Editor = () => import('../../features/ordering/Editor.tsx');",
          [`${WEB}/lib/money.ts`]: 'export const cents = 1;',
          [`${SERVER}/domains/ordering/service.ts`]:
            "import { price } from '../catalogue/index.ts';\nimport { pedidos } from '../../db/schema.ts';",
          [`${SERVER}/domains/catalogue/index.ts`]: 'export const price = 1;',
          [`${SERVER}/db/schema.ts`]: 'export const pedidos = 1;',
        }),
      ),
    ).toEqual({});
  });

  it("fails a feature importing another feature's file other than its index.ts, static or lazy", () => {
    expect(
      broken(
        check({
          [`${WEB}/features/catalogue/api.ts`]: 'export const useModel = () => 1;',
          [`${WEB}/features/catalogue/Card.tsx`]: 'export const Card = 1;',
          [`${WEB}/features/ordering/Editor.tsx`]: "import { useModel } from '../catalogue/api.ts';",
          [`${WEB}/features/ordering/Lazy.tsx`]: "const Card = () => import('../catalogue/Card.tsx');",
        }),
      ),
    ).toEqual({
      crossFeatureReaches: [
        `${WEB}/features/ordering/Editor.tsx → ${WEB}/features/catalogue/api.ts`,
        `${WEB}/features/ordering/Lazy.tsx → ${WEB}/features/catalogue/Card.tsx`,
      ],
    });
  });

  it("fails app/ importing a feature's internal file statically, and lets it load one lazily", () => {
    expect(
      broken(
        check({
          [`${WEB}/features/ordering/CartMenu.tsx`]: 'export const CartMenu = 1;',
          [`${WEB}/features/ordering/Page.tsx`]: 'export default 1;',
          [`${WEB}/app/TopBar.tsx`]: "import { CartMenu } from '../features/ordering/CartMenu.tsx';",
          [`${WEB}/app/router.tsx`]: "const page = () => import('../features/ordering/Page.tsx');",
        }),
      ),
    ).toEqual({
      crossFeatureReaches: [`${WEB}/app/TopBar.tsx → ${WEB}/features/ordering/CartMenu.tsx`],
    });
  });

  it('fails a cycle between files and between features, even through their indexes', () => {
    expect(
      broken(
        check({
          [`${WEB}/lib/a.ts`]: "import { b } from './b.ts';\nexport const a = 1;",
          [`${WEB}/lib/b.ts`]: "import { a } from './a.ts';\nexport const b = 1;",
          [`${WEB}/features/catalogue/index.ts`]: "export { x } from '../ordering/index.ts';",
          [`${WEB}/features/ordering/index.ts`]:
            "import { y } from '../catalogue/index.ts';\nexport const x = 1;",
        }),
      ),
    ).toEqual({
      cycles: [
        `${WEB}/features/catalogue/index.ts ↔ ${WEB}/features/ordering/index.ts`,
        `${WEB}/lib/a.ts ↔ ${WEB}/lib/b.ts`,
      ],
      moduleCycles: [`${WEB}/features/catalogue ↔ ${WEB}/features/ordering`],
    });
  });

  it('fails shared web code importing a feature, and a feature importing app/', () => {
    expect(
      broken(
        check({
          [`${WEB}/features/ordering/index.ts`]: "import { PRODUCT } from '../../app/RootRoute.tsx';",
          [`${WEB}/app/RootRoute.tsx`]: 'export const PRODUCT = 1;',
          [`${WEB}/components/Menu.tsx`]: "import { x } from '../features/ordering/index.ts';",
        }),
      ),
    ).toEqual({
      webLayerReaches: [
        `${WEB}/components/Menu.tsx → ${WEB}/features/ordering/index.ts`,
        `${WEB}/features/ordering/index.ts → ${WEB}/app/RootRoute.tsx`,
      ],
    });
  });

  it("fails a server module reaching past another's index.ts, or naming a table it does not own", () => {
    expect(
      broken(
        check({
          [`${SERVER}/domains/catalogue/pricing.ts`]: 'export const price = 1;',
          [`${SERVER}/domains/ordering/service.ts`]: "import { price } from '../catalogue/pricing.ts';",
          [`${SERVER}/domains/clients/queries.ts`]: "import { pedidos, clientes } from '../../db/schema.ts';",
          [`${SERVER}/db/schema.ts`]: 'export const pedidos = 1;\nexport const clientes = 1;',
        }),
      ),
    ).toEqual({
      crossDomainReaches: [`${SERVER}/domains/ordering/service.ts → ${SERVER}/domains/catalogue/pricing.ts`],
      tableReaches: [`${SERVER}/domains/clients/queries.ts → pedidos (owned by domains/ordering)`],
    });
  });

  it('fails money changing unit by hand outside the money modules, on the server and on the web', () => {
    expect(
      broken(
        check({
          [`${SERVER}/platform/money.ts`]: 'export const toEuros = (cents: number) => cents / 100;',
          [`${SERVER}/domains/ordering/present.ts`]: 'export const total = (c: number) => toEuros(c);',
          [`${SERVER}/domains/ordering/service.ts`]: 'export const total = (c: number) => toEuros(c);',
          [`${WEB}/features/ordering/Total.tsx`]: 'export const cents = (price: number) => price * 100;',
          [`${WEB}/features/ordering/Fine.tsx`]: "import { eurosToCents } from '../../lib/format.ts';",
        }),
      ),
    ).toEqual({
      moneyConversions: [`${SERVER}/domains/ordering/service.ts`, `${WEB}/features/ordering/Total.tsx`],
    });
  });
});
