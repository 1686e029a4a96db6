// Starts the real server for the browser journeys: a fresh embedded database in a fixed temp
// directory (its outbox is read by the forgot-password journey), seeded with the demo data, serving
// the built SPA.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2eDataDir } from './paths.mjs';

const root = path.resolve(import.meta.dirname, '..');
fs.rmSync(e2eDataDir, { recursive: true, force: true });
fs.mkdirSync(e2eDataDir, { recursive: true });
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3100',
    DATA_DIR: e2eDataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    // The journeys sign in as the demo users, on PostgreSQL (E2E_DATABASE_URL) too.
    DEMO_DATA: '1',
    PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
    WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
    // The journeys sign in many times from one address.
    AUTH_MAX_FAILURES: '50',
    // Every answer is checked against its schema too: a journey fails on a broken answer.
    CHECK_ANSWERS: 'true',
    // A mail that cannot be written fails within a second (the undelivered-emails journey).
    MAIL_MAX_ATTEMPTS: '2',
    MAIL_RETRY_BASE_MS: '200',
    MAIL_POLL_MS: '200',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
