#!/usr/bin/env node
// Part of `npm run check`: the import graph of the server, the web and the contract (type imports
// included) must have no cycle; a server module reaches another only through that module's index.ts,
// and names only the tables it owns (TABLE_OWNERS). In the web app a feature reaches another feature only
// through that feature's index.ts (what it offers the others); app/ composes features through their
// index.ts too, and may load any feature file lazily (`import()`: a page, a panel loaded on demand);
// what two features share lives in lib/ (logic, hooks) or components/ (the UI kit), which import no
// feature and not app/, and no feature imports app/. The cycles and reaches that existed when a rule
// came in are listed in scripts/architecture-baseline.json, to be removed; anything new fails. Money
// changes unit only in the server's platform/money.ts and presenters (present.ts); the web's screens
// call the contract's helpers (eurosToCents, eurosTimes…), never × or ÷ 100 by hand.
// `--write-baseline` rewrites that list from the tree as it is (only ever to shrink it).
// The rules are exported for their tests (check-architecture.test.ts), which run them on small trees.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every .ts/.tsx file under the source roots of the repository at `root`, as paths relative to it. */
function sourceFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of SOURCES) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return out;
}

/** The repository path a relative specifier names, or null for a package. */
function resolve(root, from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile())
      return candidate;
  }
  return null;
}

/**
 * Each file's imports (static, type and dynamic), and the set of `file → target` edges that are only
 * dynamic (`import()`: a lazily loaded chunk).
 */
function importGraph(root, files) {
  const graph = new Map();
  const dynamic = new Set();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const statics = new Set();
    const lazies = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(root, file, m[1] ?? m[2]);
      if (target) (m[1] ? statics : lazies).add(target);
    }
    for (const target of lazies) if (!statics.has(target)) dynamic.add(`${file} → ${target}`);
    graph.set(file, [...new Set([...statics, ...lazies])]);
  }
  return { graph, dynamic };
}

/** Strongly connected components of more than one file (Tarjan), each sorted: the cycles. */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found.map((c) => c.join(' ↔ ')).sort();
}

/** The module a file belongs to: a server domain, a web feature, a folder of an app, or itself (a file at an app's top). */
function moduleOf(file) {
  const m =
    file.match(/^(apps\/server\/src\/domains\/[^/]+)\//) ??
    file.match(/^(apps\/web\/src\/features\/[^/]+)\//) ??
    file.match(/^((?:apps|packages)\/[^/]+\/src\/[^/]+)\//);
  return m ? m[1] : file;
}

/** The graph of modules: an edge wherever a file of one imports a file of another. */
function moduleGraph(graph) {
  const modules = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    const edges = modules.get(from) ?? new Set();
    for (const target of targets) if (moduleOf(target) !== from) edges.add(moduleOf(target));
    modules.set(from, edges);
  }
  return new Map([...modules].map(([m, edges]) => [m, [...edges]]));
}

const DOMAIN = /^apps\/server\/src\/domains\/([^/]+)\//;

/**
 * Imports of one server module into another module's files other than its index.ts (what it offers
 * the others). domains/index.ts, the list of every module's routes, is the one exception.
 */
function crossDomainReaches(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    if (file === 'apps/server/src/domains/index.ts') continue;
    const from = file.match(DOMAIN)?.[1];
    for (const target of targets) {
      const to = target.match(DOMAIN)?.[1];
      if (to && to !== from && !target.endsWith(`/domains/${to}/index.ts`)) found.push(`${file} → ${target}`);
    }
  }
  return found.sort();
}

/**
 * The module that owns each table: only its files name the table (db/ itself and the demo seed in
 * demo/, which fills every table, are the database's own). Another module asks the owner through
 * its index.ts.
 */
const TABLE_OWNERS = {
  'domains/account': ['users', 'access_tokens', 'password_resets', 'auth_failures'],
  'domains/clients': ['clientes', 'cliente_direcciones'],
  'domains/catalogue': [
    'colecciones',
    'coleccion_imagenes',
    'coleccion_modelos',
    'modelos',
    'modelo_imagenes',
    'embroidery_boxes',
    'embroidery_preview_key',
    'modelo_grupos',
    'parametros_grupos',
    'parametro_sections',
    'parametros',
    'section_models',
    'catalog_version',
    'tarifas',
    'tarifa_descuentos',
    'tarifa_precios',
  ],
  'domains/ordering': [
    'pedidos',
    'pedido_lineas',
    'pedido_status_history',
    'docum_counters',
    'order_list_version',
    'facturas',
    'invoice_counters',
    'order_settings',
    'sales_weeks',
    'sales_week_models',
    'sales_week_options',
    'sales_recent',
    'sales_recent_models',
    'sales_recent_options',
  ],
  'domains/notifications': ['notifications'],
  platform: ['audit_log', 'mail_outbox'],
};
const OWNER_OF = new Map(
  Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) =>
    tables.map((t) => [t, `apps/server/src/${owner}/`]),
  ),
);
const SCHEMA_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"][./]*\/db\/schema\.ts['"]/g;

/** Files that name a table another module owns (and tables no module owns). */
function tableReaches(root, files) {
  const found = [];
  for (const file of files) {
    if (!file.startsWith('apps/server/src/') || /^apps\/server\/src\/(db|demo)\//.test(file)) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(SCHEMA_IMPORT)) {
      for (const name of m[1].split(',').map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
      )) {
        if (!name) continue;
        const owner = OWNER_OF.get(name);
        if (!owner) found.push(`${file} → ${name} (no owner: add it to TABLE_OWNERS)`);
        else if (!file.startsWith(owner)) found.push(`${file} → ${name} (owned by ${owner.slice(16, -1)})`);
      }
    }
  }
  return found.sort();
}

/** Where money may change unit: platform/money.ts and the modules' presenters (present.ts). */
const MONEY_MODULE = /^apps\/server\/src\/(platform\/money|domains\/.+\/present)\.ts$/;
/** A call of money.ts's euro/cent conversions, or an amount, a rate or a discount × or ÷ 100 by hand. */
const MONEY_CONVERSION =
  /\b(toEuros|toCents|eurosOrNull|centsOrNull)\(|\b\w*(cents|euros|_bp|descuento|percent|price|precio|pvp|porte|importe)\)?\s*[*/]\s*100\b|\b100\s*[*/]\s*\w*(cents|euros)\b/i;

/** Server and web files outside the money modules that convert money (or a percentage) themselves. */
function moneyConversions(root, files) {
  return files
    .filter((file) => /^apps\/(server|web)\/src\//.test(file) && !MONEY_MODULE.test(file))
    .filter((file) => MONEY_CONVERSION.test(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

const FEATURE = /^apps\/web\/src\/features\/([^/]+)\//;

/**
 * Imports of a web feature's files other than its index.ts: from another feature (static or lazy),
 * and from app/ unless lazy (a page or a panel loaded on demand is a chunk of its own).
 */
function crossFeatureReaches(graph, dynamic) {
  const found = [];
  for (const [file, targets] of graph) {
    const from = file.match(FEATURE)?.[1];
    const fromApp = file.startsWith('apps/web/src/app/');
    if (!from && !fromApp) continue;
    for (const target of targets) {
      const to = target.match(FEATURE)?.[1];
      if (!to || to === from || target === `apps/web/src/features/${to}/index.ts`) continue;
      if (fromApp && dynamic.has(`${file} → ${target}`)) continue;
      found.push(`${file} → ${target}`);
    }
  }
  return found.sort();
}

/** The web layer a file belongs to: app, features, or shared (lib, components); null elsewhere. */
function webLayer(file) {
  const top = file.match(/^apps\/web\/src\/([^/]+)\//)?.[1];
  if (top === 'app' || top === 'features') return top;
  return top === 'lib' || top === 'components' ? 'shared' : null;
}

/** Shared web code importing a feature or app/, and features importing app/ (layers point down). */
function webLayerReaches(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const from = webLayer(file);
    for (const target of targets) {
      const to = webLayer(target);
      if ((from === 'shared' && (to === 'features' || to === 'app')) || (from === 'features' && to === 'app'))
        found.push(`${file} → ${target}`);
    }
  }
  return found.sort();
}

/** What breaks a rule in the repository at `root`, by rule (KINDS). */
export function checkTree(root) {
  const files = sourceFiles(root);
  const { graph, dynamic } = importGraph(root, files);
  return {
    files: files.length,
    found: {
      cycles: cycles(graph),
      moduleCycles: cycles(moduleGraph(graph)),
      crossDomainReaches: crossDomainReaches(graph),
      crossFeatureReaches: crossFeatureReaches(graph, dynamic),
      webLayerReaches: webLayerReaches(graph),
      tableReaches: tableReaches(root, files),
      moneyConversions: moneyConversions(root, files),
    },
  };
}

export const KINDS = {
  cycles: 'import cycle between files',
  moduleCycles: 'import cycle between modules (domains, features, app folders)',
  crossDomainReaches: "server module import of another module's file other than its index.ts",
  tableReaches: 'server file naming a table another module owns',
  moneyConversions:
    "money conversion outside the server's platform/money.ts and presenters, or by hand on the web",
  crossFeatureReaches: "web import of a feature's file other than its index.ts (app/ may import() any)",
  webLayerReaches: 'web import against the layers (lib/components → features or app, features → app)',
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const BASELINE = path.join(root, 'scripts/architecture-baseline.json');
  const { files, found: now } = checkTree(root);
  if (process.argv.includes('--write-baseline')) {
    fs.writeFileSync(BASELINE, `${JSON.stringify(now, null, 2)}\n`);
    console.log(
      `architecture: baseline written (${Object.values(now)
        .map((l) => l.length)
        .join(', ')})`,
    );
    process.exit(0);
  }
  const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8'));
  let failed = false;
  for (const kind of Object.keys(KINDS)) {
    baseline[kind] ??= [];
    const known = new Set(baseline[kind]);
    const added = now[kind].filter((item) => !known.has(item));
    const gone = baseline[kind].filter((item) => !now[kind].includes(item));
    for (const item of added) console.error(`architecture: new ${KINDS[kind]}: ${item}`);
    if (added.length) failed = true;
    if (gone.length)
      console.log(
        `architecture: ${gone.length} of the baseline's ${kind} are gone; run node scripts/check-architecture.mjs --write-baseline`,
      );
  }
  if (failed) process.exit(1);
  const left = Object.keys(KINDS)
    .map((kind) => `${now[kind].length} ${kind}`)
    .join(', ');
  console.log(`architecture: ${files} files, nothing new; left in the baseline: ${left}`);
}
