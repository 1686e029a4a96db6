/**
 * The shipped deployment files (deploy/systemd/nido@.service, deploy/nido.env.example) as an operator
 * applies them: two instances of the unit, both reading the one environment file with METRICS=1,
 * each start and serve /metrics on a port of its own (the unit's METRICS_PORT=1%i), so no instance
 * crashes on a port the other holds; their stdout is the JSON log alone.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './server-process.ts';
import { until } from './smtp.ts';

const deploy = path.resolve(import.meta.dirname, '../../../deploy');

/** KEY=VALUE lines as systemd reads an EnvironmentFile (no shell: `&` and `<` are plain characters). */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/** The unit's `Environment=` assignments for one instance (`%i` is the instance name, its port). */
function unitEnvironment(unit: string, instance: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of unit.split('\n')) {
    if (!line.startsWith('Environment=')) continue;
    for (const pair of line.slice('Environment='.length).trim().split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      env[key] = value.join('=').replaceAll('%i', instance);
    }
  }
  return env;
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** An instance port like the README's (3001…), below 6554 so that 1<port> is a port too, both free. */
async function instancePort(taken: number[]): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = 4000 + Math.floor(Math.random() * 2500);
    if (taken.includes(port)) continue;
    if ((await isFree(port)) && (await isFree(Number(`1${port}`)))) return port;
  }
  throw new Error('no free instance port');
}

const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGKILL')));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('the shipped unit and environment file', () => {
  it('start two instances with METRICS=1, each with its own metrics port', { timeout: 240_000 }, async () => {
    const shared = environmentFile(fs.readFileSync(path.join(deploy, 'nido.env.example'), 'utf8'));
    expect(shared.METRICS).toBe('1');
    expect(shared.METRICS_PORT).toBeUndefined();
    const unit = fs.readFileSync(path.join(deploy, 'systemd/nido@.service'), 'utf8');

    const ports: number[] = [];
    for (let i = 0; i < 2; i++) ports.push(await instancePort(ports));
    const started = await Promise.all(
      ports.map((port) => {
        const own = unitEnvironment(unit, String(port));
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-unit-'));
        dirs.push(dir);
        // The example's database, bucket and mail server are placeholders: each instance runs on
        // an embedded database of its own here; what is under test is the ports.
        return startServer(
          {
            METRICS: shared.METRICS,
            PORT: own.PORT,
            HOST: own.HOST,
            METRICS_PORT: own.METRICS_PORT,
            DATA_DIR: dir,
            DATABASE_URL: '',
            DEMO_DATA: '0',
            LOG_LEVEL: shared.LOG_LEVEL,
          },
          150_000,
        );
      }),
    );
    servers.push(...started);
    for (const port of ports) {
      const metrics = await fetch(`http://127.0.0.1:1${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('nido_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    }
    // stdout is the JSON log alone (the banner went to stderr), a line a request among them.
    for (const server of started) {
      await until('the request line is read', () => server.stdout().includes('request completed'));
      const lines = server.stdout().trim().split('\n');
      const entries = lines.map((line) => JSON.parse(line));
      expect(entries.some((e) => e.msg === 'request completed' && e.route === '/api/health')).toBe(true);
      expect(server.output()).toContain('Nido is up');
    }
  });
});
