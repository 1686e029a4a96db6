/**
 * The running server's dump, for `npm run backup` on PGlite: only the server process may open its
 * data directory (db/client.ts locks it), so it answers a dump on a Unix socket in
 * DATA_DIR/run (a directory only its owner may enter). Who can reach the socket can read the data
 * directory anyway: it opens no way in that the files did not. Nothing listens on PostgreSQL,
 * where the backup reads the database itself.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { dumpDatabase } from './dump.ts';

export const dumpSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'backup.sock');

/** Starts answering `GET /dump` on the socket; returns how to stop. */
export async function serveDumps(database: Database, dataDir: string, log: FastifyBaseLogger) {
  const socketPath = dumpSocketPath(dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  fs.rmSync(socketPath, { force: true }); // a socket left by a process that died (we hold the lock)
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/dump') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const started = Date.now();
    dumpDatabase(database.background, database.kind, async (line) => {
      if (!res.write(`${line}\n`)) await once(res, 'drain');
    }).then(
      (summary) => {
        log.info({ rows: summary.rows, ms: Date.now() - started }, 'database dumped for a backup');
        res.end();
      },
      (err) => {
        log.error({ err }, 'database dump failed');
        res.destroy(err); // the backup sees the dump cut short and fails
      },
    );
  });
  server.listen(socketPath);
  await once(server, 'listening');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
