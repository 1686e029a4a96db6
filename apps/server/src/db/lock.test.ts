/**
 * One process per PGlite data directory (DESIGN.md: two processes on one directory corrupt it
 * silently): the lock file next to the directory names its holder; a live holder makes the next
 * opener refuse with a clear message, a dead one's lock is taken over.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDirectory, openDatabase } from './client.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-lock-'));
const dir = path.join(root, 'pglite');
const lockFile = path.join(root, 'pglite.lock');

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the PGlite data directory lock', () => {
  it('refuses a second process while the holder lives, with a message saying what to do', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockFile, String(holder.pid));
      const opening = openDatabase({ pgliteDir: dir });
      await expect(opening).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(opening).rejects.toThrow(`in use by another process (pid ${holder.pid})`);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that died (kill -9 leaves it behind), and releases it', async () => {
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(lockFile, String(dead.pid));
    const release = lockDirectory(dir);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
