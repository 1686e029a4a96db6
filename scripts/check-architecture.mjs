#!/usr/bin/env node
// Part of `npm run check`: the import graph of the server, the web and the contract (type imports
// included) must have no cycle, and a server domain reaches another domain only through what that
// domain exports (never its queries.ts). In the web app a feature reaches another feature only
// through that feature's api.ts (its queries and mutations); what two features share lives in lib/
// (logic, hooks) or components/ (the UI kit), which import no feature and not app/, and no feature
// imports app/. The cycles and reaches that existed when a rule came in are listed in
// scripts/architecture-baseline.json, to be removed; anything new fails.
// `--write-baseline` rewrites that list from the tree as it is (only ever to shrink it).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const BASELINE = path.join(root, 'scripts/architecture-baseline.json');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every .ts/.tsx file under the source roots, as paths relative to the repository. */
function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of SOURCES) walk(dir);
  return out;
}

/** The repository path a relative specifier names, or null for a package. */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(root, candidate)) && fs.statSync(path.join(root, candidate)).isFile())
      return candidate;
  }
  return null;
}

function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(file, m[1] ?? m[2]);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
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

/** Imports of one server domain into another domain's queries (its tables' private access). */
function crossDomainReaches(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const from = file.match(DOMAIN)?.[1];
    for (const target of targets) {
      const to = target.match(DOMAIN)?.[1];
      if (to && to !== from && /\/queries\.ts$/.test(target)) found.push(`${file} → ${target}`);
    }
  }
  return found.sort();
}

const FEATURE = /^apps\/web\/src\/features\/([^/]+)\//;

/** Imports of one web feature into another feature's files other than its api.ts. */
function crossFeatureReaches(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const from = file.match(FEATURE)?.[1];
    if (!from) continue;
    for (const target of targets) {
      const to = target.match(FEATURE)?.[1];
      if (to && to !== from && target !== `apps/web/src/features/${to}/api.ts`)
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

const graph = importGraph(sourceFiles());
const now = {
  cycles: cycles(graph),
  moduleCycles: cycles(moduleGraph(graph)),
  crossDomainReaches: crossDomainReaches(graph),
  crossFeatureReaches: crossFeatureReaches(graph),
  webLayerReaches: webLayerReaches(graph),
};
const KINDS = {
  cycles: 'import cycle between files',
  moduleCycles: 'import cycle between modules (domains, features, app folders)',
  crossDomainReaches: "reach into another domain's queries",
  crossFeatureReaches: "web feature import of another feature's file other than its api.ts",
  webLayerReaches: 'web import against the layers (lib/components → features or app, features → app)',
};

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
console.log(`architecture: ${graph.size} files, nothing new; left in the baseline: ${left}`);
