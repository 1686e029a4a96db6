#!/usr/bin/env node
// `npm test`: check (types + lint), unit and integration tests on PGlite, again on PostgreSQL when
// TEST_DATABASE_URL is set, the web build and its bundle budget (scripts/check-bundle.mjs), then the
// Playwright journeys in Chromium (CHROME_PATH, default /usr/bin/chromium). Without a browser the
// journeys are skipped with instructions, or fail when REQUIRE_E2E=1.
import { spawnSync } from 'node:child_process';
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
step('browser journeys (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CHROME_PATH: chrome });
finish();
