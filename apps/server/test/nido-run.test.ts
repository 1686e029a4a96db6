/**
 * deploy/nido-run: a command-line tool gets the servers' environment file as systemd reads it, not
 * as a shell would (`<` and `&` are plain characters), runs as npm script in the install directory,
 * and, started by root, as the unit's user. A stand-in `npm` first on PATH reports what it was given.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const nidoRun = path.join(root, 'deploy/nido-run');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-run-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// The stand-in npm: prints its arguments, directory, user and environment as JSON.
const bin = path.join(dir, 'bin');
fs.mkdirSync(bin);
fs.writeFileSync(
  path.join(bin, 'npm'),
  // node from PATH, not this process's binary: the user it runs as may not reach that one (CI's
  // second Node lives in root's home).
  `#!/usr/bin/env node\nconsole.log(JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd(), ` +
    `uid: process.getuid(), env: process.env }));\n`,
  { mode: 0o755 },
);
fs.chmodSync(dir, 0o755);

const STORAGE_URL = 's3://nido-images?endpoint=https://s3.example.com&region=auto&forcePathStyle=true';
const envFile = path.join(dir, 'nido.env');
fs.writeFileSync(
  envFile,
  [
    '# /etc/nido/nido.env',
    '',
    'DATABASE_URL=postgres://user:pass@127.0.0.1:5432/nido?sslmode=require&application_name=a&b',
    `STORAGE_URL=${STORAGE_URL}`,
    'MAIL_FROM=Nido <pedidos@x.test>',
    '  ; another comment',
    `MAKER_NAME="Nido \\"Textil\\" $HOME S.L."`,
    "MAKER_ADDRESS='Calle 1 `date` $(id)'",
    'LOG_LEVEL = warn ',
    'PUBLIC_URL=https://nido.example.com',
  ].join('\n'),
);

async function nidoRunWith(args: string[], env: Record<string, string> = {}) {
  const { stdout } = await run(nidoRun, args, {
    env: {
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      NIDO_ENV_FILE: envFile,
      DATA_DIR: dir,
      ...env,
    },
  });
  return JSON.parse(stdout) as { args: string[]; cwd: string; uid: number; env: Record<string, string> };
}

describe('deploy/nido-run', () => {
  it('hands the tool every value of the file exactly, with no shell expansion', async () => {
    const seen = await nidoRunWith(['backup', '/srv/backups/nido.tar.gz'], {
      NIDO_USER: os.userInfo().username,
      MAIL_FROM: 'overridden by the file',
    });
    expect(seen.args).toEqual(['run', '--silent', 'backup', '--', '/srv/backups/nido.tar.gz']);
    expect(seen.cwd).toBe(root);
    expect(seen.env).toMatchObject({
      DATABASE_URL: 'postgres://user:pass@127.0.0.1:5432/nido?sslmode=require&application_name=a&b',
      STORAGE_URL,
      MAIL_FROM: 'Nido <pedidos@x.test>',
      MAKER_NAME: 'Nido "Textil" $HOME S.L.',
      MAKER_ADDRESS: 'Calle 1 `date` $(id)',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://nido.example.com',
      DATA_DIR: dir,
    });
  });

  it('lets KEY=VALUE arguments before the tool override the file (a restore drill)', async () => {
    const seen = await nidoRunWith(
      [
        'DATABASE_URL=postgres://127.0.0.1/nido_drill',
        'STORAGE_URL=s3://drill?region=a&x=1',
        'restore',
        '--',
        'a.tar.gz',
      ],
      { NIDO_USER: os.userInfo().username },
    );
    expect(seen.args).toEqual(['run', '--silent', 'restore', '--', 'a.tar.gz']);
    expect(seen.env.DATABASE_URL).toBe('postgres://127.0.0.1/nido_drill');
    expect(seen.env.STORAGE_URL).toBe('s3://drill?region=a&x=1');
    expect(seen.env.MAIL_FROM).toBe('Nido <pedidos@x.test>');
  });

  it.runIf(process.getuid?.() === 0)('started by root, runs the tool as NIDO_USER', async () => {
    const seen = await nidoRunWith(['sessions:end'], { NIDO_USER: 'nobody' });
    expect(seen.uid).toBe(Number((await run('id', ['-u', 'nobody'])).stdout));
    expect(seen.env.USER).toBe('nobody');
    expect(seen.env.MAIL_FROM).toBe('Nido <pedidos@x.test>');
  });

  it('refuses a file it cannot read, and a line that is not KEY=VALUE, naming it', async () => {
    await expect(nidoRunWith(['backup'], { NIDO_ENV_FILE: path.join(dir, 'missing.env') })).rejects.toThrow(
      /cannot read .*missing\.env/,
    );
    const bad = path.join(dir, 'bad.env');
    fs.writeFileSync(bad, 'DATABASE_URL=x\nexport MAIL_FROM=y\n');
    await expect(nidoRunWith(['backup'], { NIDO_ENV_FILE: bad })).rejects.toThrow(
      /bad\.env, line 2: not KEY=VALUE/,
    );
  });
});
