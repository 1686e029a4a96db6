// Writes the endpoint list of docs/product.md §8 from the endpoint table
// (packages/contract/src/endpoints/*.ts): for every endpoint its method, path, who may call it and its
// summary, grouped by the table's file, between the two marker comments. `--check` (part of
// `npm run check`) writes nothing and fails when the document differs from what it would write.
//
//   npm run gen:docs           (node --import tsx scripts/endpoint-doc.ts)
//   node --import tsx scripts/endpoint-doc.ts --check
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type EndpointDef, endpointList } from '../packages/contract/src/endpoints/index.ts';

const root = path.resolve(import.meta.dirname, '..');
export const DOC = path.join(root, 'docs/product.md');
const TABLE_DIR = path.join(root, 'packages/contract/src/endpoints');
/** Files of the table's folder that declare no endpoint. */
const NOT_ENDPOINTS = new Set(['endpoint.ts', 'index.ts', 'routes.ts']);

export const START =
  '<!-- endpoint-doc:start: written by scripts/endpoint-doc.ts from the endpoint table (`npm run gen:docs`); do not edit -->';
export const END = '<!-- endpoint-doc:end -->';

/** The endpoints one file of the table declares, in the table's order, and what the file says they are. */
export interface EndpointGroup {
  file: string;
  description: string;
  endpoints: readonly EndpointDef[];
}

const isEndpoint = (value: unknown): value is EndpointDef =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value &&
  'summary' in value;

/** The doc comment right above `export const <name>`, as one line. */
function commentAbove(source: string, name: string): string {
  const at = source.search(new RegExp(`\\*/\\s*export const ${name}\\b`));
  if (at < 0) return '';
  const start = source.lastIndexOf('/**', at);
  return source
    .slice(start + 3, at)
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s*\(product\.md[^)]*\)/g, '');
}

/**
 * Every file of the table with its endpoints (files by name, endpoints in the file's order). Fails
 * when the files and `endpointList` do not hold the same endpoints, so none is left out.
 */
export async function endpointGroups(): Promise<EndpointGroup[]> {
  const files = fs
    .readdirSync(TABLE_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_ENDPOINTS.has(f))
    .sort();
  const groups: EndpointGroup[] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(TABLE_DIR, file), 'utf8');
    const exported: Record<string, unknown> = await import(pathToFileURL(path.join(TABLE_DIR, file)).href);
    const descriptions: string[] = [];
    const endpoints: EndpointDef[] = [];
    // In the file's order (a module namespace lists its names alphabetically, vitest's in source order).
    const at = (name: string) => source.indexOf(`export const ${name}`);
    const entries = Object.entries(exported).sort(([a], [b]) => at(a) - at(b));
    for (const [name, value] of entries) {
      if (typeof value !== 'object' || value === null) continue;
      const entries = Object.values(value).filter(isEndpoint);
      if (entries.length === 0) continue;
      endpoints.push(...entries);
      const description = commentAbove(source, name);
      if (description) descriptions.push(description);
    }
    if (endpoints.length) groups.push({ file, description: descriptions.join(' '), endpoints });
  }
  const listed = new Set(groups.flatMap((g) => g.endpoints));
  const missing = endpointList.filter((e) => !listed.has(e));
  if (missing.length || listed.size !== endpointList.length)
    throw new Error(
      `the table's files and endpointList disagree: ${missing.map((e) => `${e.method} ${e.path}`).join(', ') || 'an endpoint no area lists'}`,
    );
  return groups;
}

const endpointCount = (groups: readonly EndpointGroup[]) =>
  groups.reduce((n, g) => n + g.endpoints.length, 0);

/** Who may call an endpoint, as §8's legend names it. */
export function accessText(access: EndpointDef['access']): string {
  return typeof access === 'string' ? access : access.join(', ');
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The generated part of §8: a heading and a table per file. */
export function renderEndpoints(groups: readonly EndpointGroup[]): string {
  const parts = [
    `${endpointCount(groups)} endpoints, from \`packages/contract/src/endpoints/\`. Paths are under \`/api\`; \`:name\` is a path parameter.`,
  ];
  for (const group of groups) {
    const lines = [`### \`${group.file}\``, ''];
    if (group.description) lines.push(group.description, '');
    lines.push('| method | path | access | does |', '|---|---|---|---|');
    for (const e of group.endpoints)
      lines.push(`| ${e.method} | \`${e.path}\` | ${accessText(e.access)} | ${cell(e.summary)} |`);
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n');
}

/** `doc` with the text between the markers replaced by `generated`; throws when a marker is missing. */
export function withEndpoints(doc: string, generated: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`docs/product.md needs the markers ${START} and ${END}, in that order`);
  return `${doc.slice(0, start + START.length)}\n\n${generated}\n\n${doc.slice(end)}`;
}

/**
 * Null when `doc` already holds what the script would write for `groups`; otherwise why not (the
 * first line that differs).
 */
export function staleness(doc: string, groups: readonly EndpointGroup[]): string | null {
  let expected: string;
  try {
    expected = withEndpoints(doc, renderEndpoints(groups));
  } catch (error) {
    return (error as Error).message;
  }
  if (expected === doc) return null;
  const have = doc.split('\n');
  const want = expected.split('\n');
  let i = 0;
  while (i < have.length && have[i] === want[i]) i++;
  return `docs/product.md §8 differs from the endpoint table at line ${i + 1}:\n  has:    ${have[i] ?? '(end of file)'}\n  should: ${want[i] ?? '(end of file)'}\nrun \`npm run gen:docs\``;
}

async function main() {
  const groups = await endpointGroups();
  const doc = fs.readFileSync(DOC, 'utf8');
  if (process.argv.includes('--check')) {
    const problem = staleness(doc, groups);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    console.log(`docs/product.md §8: ${endpointCount(groups)} endpoints, as the endpoint table`);
    return;
  }
  fs.writeFileSync(DOC, withEndpoints(doc, renderEndpoints(groups)));
  console.log(`${path.relative(root, DOC)}: ${endpointCount(groups)} endpoints`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
