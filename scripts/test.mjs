#!/usr/bin/env node
// `npm test`: check (types + lint), unit and integration tests on PGlite, again on PostgreSQL when
// TEST_DATABASE_URL is set, the web build and its bundle budget (scripts/check-bundle.mjs), then the
// Playwright journeys in Chromium (CHROME_PATH, default /usr/bin/chromium). Without a browser the
// journeys are skipped with instructions, or fail when REQUIRE_E2E=1.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = [];

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: r.status === 0, seconds });
  if (r.status !== 0) finish(`✗ ${name} failed`);
}

function finish(message) {
  console.log('\n── summary ──');
  for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  if (message) console.log(message);
  process.exit(failed ? 1 : 0);
}

const pgUrl = process.env.TEST_DATABASE_URL;
step('check: types and lint', 'npm', ['run', 'check', '--silent']);
step('unit and integration tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
if (pgUrl)
  step('integration tests (PostgreSQL)', 'npx', ['vitest', 'run', 'apps/server'], {
    TEST_DATABASE_URL: pgUrl,
  });
else console.log('\n(TEST_DATABASE_URL is not set: integration tests ran on PGlite only)');

step('build web', 'npm', ['run', 'build', '--silent']);
step('bundle budget (initial JS per route)', 'node', ['scripts/check-bundle.mjs']);

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chrome)) {
  const help = `No Chromium at ${chrome}: the Playwright journeys did not run.
Install one with:  sudo apt-get install -y chromium   (or set CHROME_PATH to a Chrome/Chromium binary).`;
  if (process.env.REQUIRE_E2E === '1') {
    results.push({ name: 'browser journeys (no Chromium)', ok: false, seconds: '0' });
    finish(help);
  }
  console.log(`\n${help}`);
  finish();
}
await journeys(Math.max(1, Number(process.env.E2E_SHARDS ?? 2)));
finish();

/**
 * The journeys in `shards` Playwright runs at once, each with its own server and embedded database
 * (E2E_PORT 3100, 3200…; e2e/paths.mjs keys the data directory by port). One run leaves a core
 * idle while its browser and its server wait on each other: two shards finished all the journeys in
 * 24 minutes on a loaded 2-core machine, where one run took about 36 on a quiet one.
 */
async function journeys(shards) {
  const name = `browser journeys (Playwright, Chromium${shards > 1 ? `, ${shards} shards` : ''})`;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const runs = Array.from({ length: shards }, (_, i) => {
    const shard = shards > 1 ? [`--shard=${i + 1}/${shards}`, `--output=test-results/shard-${i + 1}`] : [];
    const child = spawn('npx', ['playwright', 'test', ...shard], {
      cwd: root,
      stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, CHROME_PATH: chrome, E2E_PORT: String(3100 + 100 * i) },
    });
    if (shards > 1)
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) console.log(`[${i + 1}/${shards}] ${line}`);
        });
      }
    return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
  });
  const ok = (await Promise.all(runs)).every(Boolean);
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (!ok) finish(`✗ ${name} failed`);
}
