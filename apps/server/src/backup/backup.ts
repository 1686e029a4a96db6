/**
 * `npm run backup [FILE]` and `npm run restore FILE [--force]` (decision 039): one .tar.gz holding
 * a manifest, the database's logical dump (dump.ts) and every uploaded image (images.ts).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { DataDirLockedError, lockDirectory, MIGRATIONS_DIR, openDatabase } from '../db/client.ts';
import { createStorage } from '../platform/create-storage.ts';
import { type DumpSummary, databaseIsEmpty, dumpDatabase, loadDump, RestoreError } from './dump.ts';
import { dumpSocketPath } from './dump-socket.ts';
import {
  copyBucketImagesOut,
  copyImagesOut,
  IMAGE_NAME,
  imagesNamedIn,
  listImages,
  putImagesIntoBucket,
  stageImages,
} from './images.ts';

const MANIFEST = 'nido-backup.json';
const DUMP = 'database.ndjson';
const IMAGES = 'uploads';
const BACKUP_FORMAT = 1;

interface Manifest {
  nido_backup: number;
  created_at: string;
  database: { source: 'pglite' | 'postgres' } & DumpSummary;
  /** `missing`: images the rows name that the bucket did not hold (a bucket only). */
  images: { count: number; bytes: number; missing?: string[] };
}

export interface BackupReport {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
}

const pgliteDirOf = (config: Config) => path.join(config.dataDir, 'pglite');
const uploadsDirOf = (config: Config) => path.join(config.dataDir, 'uploads');
/** The bucket STORAGE_URL names, or null when images live on disk under DATA_DIR/uploads. */
const bucketOf = (config: Config) => (config.storage.kind === 's3' ? createStorage(config.storage) : null);

/** Timeouts of the backup's own connection: a dump or a load is one long transaction. */
const LONG_STATEMENTS = { statementTimeoutMs: 24 * 3600_000, poolSize: 1, migrate: false } as const;

export async function writeBackup(config: Config, file: string): Promise<BackupReport> {
  const started = Date.now();
  const target = path.resolve(file);
  const staging = await fsp.mkdtemp(path.join(path.dirname(target), '.nido-backup-'));
  try {
    const database = await dumpInto(config, path.join(staging, DUMP));
    const bucket = await bucketOf(config);
    const images = bucket
      ? await copyBucketImagesOut(
          bucket,
          await imagesNamedIn(path.join(staging, DUMP)),
          path.join(staging, IMAGES),
        )
      : await copyImagesOut(uploadsDirOf(config), path.join(staging, IMAGES));
    const manifest: Manifest = {
      nido_backup: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      database,
      images,
    };
    await fsp.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.partial`;
    // The archive holds password and session-token hashes: readable by its owner only, from the
    // first byte (created 0600 and kept so, whatever the umask).
    await fsp.writeFile(partial, '', { mode: 0o600 });
    await fsp.chmod(partial, 0o600);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, DUMP, IMAGES]);
    await fsp.rename(partial, target);
    return { file: target, bytes: (await fsp.stat(target)).size, ms: Date.now() - started, manifest };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Writes the database's dump to `dumpFile`: read here, or from the running server on PGlite. */
async function dumpInto(config: Config, dumpFile: string): Promise<Manifest['database']> {
  const out = fs.createWriteStream(dumpFile);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  const finish = async () => {
    out.end();
    await once(out, 'finish');
  };
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL, ...LONG_STATEMENTS });
    try {
      const summary = await dumpDatabase(database.db, 'postgres', write);
      return { source: 'postgres', ...summary };
    } finally {
      await finish();
      await database.close();
    }
  }
  const pgliteDir = pgliteDirOf(config);
  if (!fs.existsSync(pgliteDir)) throw new RestoreError(`There is no database in ${pgliteDir} to back up.`);
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase({ pgliteDir, ...LONG_STATEMENTS });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
  }
  if (database) {
    try {
      const summary = await dumpDatabase(database.db, 'pglite', write);
      return { source: 'pglite', ...summary };
    } finally {
      await finish();
      await database.close();
    }
  }
  // A server holds the data directory: it dumps it for us, while it goes on serving.
  await new Promise<void>((resolve, reject) => {
    const req = http.get({ socketPath: dumpSocketPath(config.dataDir), path: '/dump' }, (res) => {
      if (res.statusCode !== 200)
        return reject(new Error(`The server answered ${res.statusCode} for the dump.`));
      res.pipe(out);
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('The server broke off the dump (see its log).')));
      out.on('finish', resolve);
    });
    req.on('error', (err) =>
      reject(
        new Error(`The server holding ${pgliteDir} did not answer on its backup socket: ${err.message}`),
      ),
    );
  });
  return { source: 'pglite', ...(await summaryOfDump(dumpFile)) };
}

/** The end line of a dump file (its last line), or an error when it is cut short. */
async function summaryOfDump(dumpFile: string): Promise<DumpSummary> {
  const handle = await fsp.open(dumpFile);
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 1 << 20);
    const { buffer } = await handle.read(Buffer.alloc(length), 0, length, size - length);
    const lines = buffer.toString('utf8').trimEnd().split('\n');
    const last = lines.at(-1) ?? '';
    if (!last.startsWith('#{"end"')) throw new Error('The dump is cut short: the backup is not complete.');
    const tables = JSON.parse(last.slice(1)).end as Record<string, number>;
    const head = await handle.read(Buffer.alloc(Math.min(size, 1 << 20)), 0, Math.min(size, 1 << 20), 0);
    const migrations = JSON.parse(head.buffer.toString('utf8').split('\n')[0].slice(1)).migrations
      .length as number;
    return { tables, rows: Object.values(tables).reduce((a, b) => a + b, 0), migrations };
  } finally {
    await handle.close();
  }
}

export interface RestoreReport {
  ms: number;
  manifest: Manifest;
  rows: number;
  images: number;
}

/**
 * Rebuilds the database and the images from a backup. The target must be empty (no table, no
 * image, on PGlite no data directory) unless `force`: then what is there is replaced. Nothing is
 * half-written: the database loads in one transaction (PGlite: into a new directory, swapped in
 * at the end) and the images are swapped in by a rename; into a bucket they are put before the
 * database loads (new names only add objects, so a failed restore leaves only unused ones).
 */
export async function restoreBackup(config: Config, file: string, force: boolean): Promise<RestoreReport> {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new RestoreError(`No such file: ${file}`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = await fsp.mkdtemp(path.join(config.dataDir, '.nido-restore-'));
  try {
    await tar.extract({
      file,
      cwd: staging,
      strict: true,
      // Only what a backup holds: no other path, no link, nothing outside the staging directory.
      filter: (entry, stat) =>
        'type' in stat && (stat.type === 'File' || stat.type === 'Directory')
          ? entry === MANIFEST || entry === DUMP || entry.replace(/\/$/, '') === IMAGES || isImageEntry(entry)
          : false,
    });
    const manifestFile = path.join(staging, MANIFEST);
    if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(staging, DUMP)))
      throw new RestoreError(`${file} is not a Nido backup (no ${MANIFEST} or ${DUMP}).`);
    const manifest = JSON.parse(await fsp.readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.nido_backup !== BACKUP_FORMAT)
      throw new RestoreError(`${file} is a backup of an unknown format (${manifest.nido_backup}).`);

    const uploadsDir = uploadsDirOf(config);
    const bucket = await bucketOf(config);
    // A bucket is not listed: its images are not counted as "what is there" (the database is).
    const storedImages = bucket ? 0 : (await listImages(uploadsDir)).length;
    const imagesIn = path.join(staging, IMAGES);
    const lines = () =>
      readline.createInterface({ input: fs.createReadStream(path.join(staging, DUMP)), crlfDelay: Infinity });
    let rows: number;
    let images: { count: number; swap(): Promise<void> } | undefined;
    const bringImages = async () =>
      bucket
        ? { count: await putImagesIntoBucket(imagesIn, bucket), swap: async () => {} }
        : await stageImages(imagesIn, uploadsDir);
    if (config.DATABASE_URL) {
      const database = await openDatabase({ url: config.DATABASE_URL, ...LONG_STATEMENTS });
      try {
        const empty = await databaseIsEmpty(database.db);
        refuseUnlessEmpty(force, empty ? [] : ['the database has tables'], storedImages);
        images = await bringImages();
        rows = (await loadDump(database.db, lines(), { migrationsFolder: MIGRATIONS_DIR, replace: force }))
          .rows;
      } finally {
        await database.close();
      }
    } else {
      const pgliteDir = pgliteDirOf(config);
      // Held while restoring: no server may open the data directory meanwhile.
      let release: () => void;
      try {
        release = lockDirectory(pgliteDir);
      } catch (err) {
        if (err instanceof DataDirLockedError)
          throw new RestoreError(`${err.message.split('.')[0]}: stop the server before restoring.`);
        throw err;
      }
      try {
        const hasDatabase = fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0;
        refuseUnlessEmpty(force, hasDatabase ? [`${pgliteDir} holds a database`] : [], storedImages);
        images = await bringImages();
        const incoming = `${pgliteDir}.restoring`;
        await fsp.rm(incoming, { recursive: true, force: true });
        const database = await openDatabase({ pgliteDir: incoming, ...LONG_STATEMENTS });
        try {
          rows = (await loadDump(database.db, lines(), { migrationsFolder: MIGRATIONS_DIR, replace: false }))
            .rows;
        } finally {
          await database.close();
        }
        const previous = `${pgliteDir}.replaced`;
        await fsp.rm(previous, { recursive: true, force: true });
        if (fs.existsSync(pgliteDir)) await fsp.rename(pgliteDir, previous);
        await fsp.rename(incoming, pgliteDir);
        await fsp.rm(previous, { recursive: true, force: true });
      } finally {
        release();
      }
    }
    await images.swap();
    return { ms: Date.now() - started, manifest, rows, images: images.count };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

function isImageEntry(entry: string): boolean {
  const [dir, name, ...rest] = entry.split('/');
  return dir === IMAGES && rest.length === 0 && IMAGE_NAME.test(name ?? '');
}

function refuseUnlessEmpty(force: boolean, reasons: string[], storedImages: number) {
  if (storedImages) reasons.push(`${storedImages} images are stored`);
  if (reasons.length && !force)
    throw new RestoreError(
      `The target is not empty (${reasons.join('; ')}). Restore into an empty data directory or ` +
        'database, or add --force to replace what is there.',
    );
}
