/**
 * Backup and restore round trip (README "Backups", decision 039): the demo data plus a new order and
 * new images, backed up by `npm run backup` while the server runs, then restored into an empty
 * target by `npm run restore`: every row of every table (nothing left out of the digest), every
 * sequence and every image byte-equal. A non-empty target is refused without --force and replaced
 * with it. Runs on the run's database (harness `testBackend`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { PREVIEW_FILE_PREFIX } from '../src/domains/catalogue/index.ts';
import { multipart, pngImage } from '../src/domains/catalogue/test-helpers.ts';
import { createS3Storage } from '../src/platform/storage-s3.ts';
import { databaseDigest } from './db-digest.ts';
import { createPgDatabaseUrl, testBackend } from './harness.ts';
import { startS3Server, TEST_BUCKET, type TestS3 } from './s3.ts';
import { call, startServer } from './server-process.ts';
import { until } from './smtp.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Runs backup-cli.ts or restore-cli.ts as `npm run backup|restore` does; its exit code and output. */
function runCli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, `apps/server/src/backup/${name}-cli.ts`), ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

/** name → sha256 of every stored image (not the embroidery previews: derived, never backed up). */
function imagesOf(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, 'uploads');
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((name) => !name.startsWith(PREVIEW_FILE_PREFIX))
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(fs.readFileSync(path.join(dir, name)))
          .digest('hex'),
      ]),
  );
}

async function sequencesOf(database: Database): Promise<Record<string, string>> {
  const names = await database.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  const values: Record<string, string> = {};
  for (const { name } of names) {
    const [row] = await database.query<{ v: string }>(
      `select last_value || ':' || is_called as v from "${name}"`,
    );
    values[name] = row.v;
  }
  return values;
}

/** Everything a restore must bring back: the complete digest, the sequences, the images. */
async function stateOf(env: Record<string, string>) {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL, poolSize: 1 }
      : { pgliteDir: path.join(env.DATA_DIR, 'pglite') },
  );
  try {
    return {
      digest: await databaseDigest(database, { complete: true }),
      sequences: await sequencesOf(database),
      images: imagesOf(env.DATA_DIR),
    };
  } finally {
    await database.close();
  }
}

/** A new order (one line, submitted) and two new images (a model's full image and thumbnail). */
async function addOrderAndImages(base: string) {
  const admin = (await call(base, 'POST', '/api/login', { email: 'admin@nido.test', password: 'demo1234' }))
    .body.accessToken as string;
  const shop = (await call(base, 'POST', '/api/login', { email: 'shop@nido.test', password: 'demo1234' }))
    .body.accessToken as string;
  const models = (await call(base, 'GET', '/api/modeloBase/list', undefined, shop)).body;
  const list = (models.data ?? models) as Array<{ modelo: string }>;
  const form = multipart(
    { body: JSON.stringify({ modelo: list[0].modelo }) },
    { name: 'foto.png', type: 'image/png', data: await pngImage(900, 600, '#2080c0') },
  );
  const uploaded = await fetch(`${base}/api/modelo/uploadImage`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${admin}` },
    body: form.payload,
  });
  expect(uploaded.status).toBe(200);

  const clienteId = (await call(base, 'GET', '/api/me', undefined, shop)).body.cliente_id as number;
  const cart = (await call(base, 'POST', '/api/pedidos/cliente', { cliente_id: clienteId }, shop)).body;
  for (const { modelo } of list) {
    const m = (await call(base, 'GET', `/api/modelo/${encodeURIComponent(modelo)}`, undefined, shop)).body;
    const choice = m.grupos.map((g: any) => ({
      parametros_grupos_id: g.id,
      parametro: g.parametros.find((p: any) => !p.letters && !p.embroidery_color && !p.embroidery_position)
        ?.id,
    }));
    if (!choice.every((c: any) => c.parametro)) continue;
    const line = { cliente_id: clienteId, pedido_id: cart.id, modelo, cantidad: 3, parametros_color: choice };
    expect((await call(base, 'POST', '/api/pedidos/lineadd', { ...line, nota: 'backup' }, shop)).status).toBe(
      200,
    );
    break;
  }
  expect((await call(base, 'POST', '/api/pedidos/processOrder', { pedido_id: cart.id }, shop)).status).toBe(
    200,
  );
  // The confirmation mail goes out (its row changes once sent): wait, so the backup sees the end state.
  await until(
    'the mail outbox empty',
    async () => (await call(base, 'GET', '/api/ready')).body?.mail?.queued === 0,
    30_000,
  );
}

describe.each([testBackend])('backup and restore on %s', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const target = async (): Promise<Record<string, string>> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-backup-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
    if (backend === 'pglite') return { DATA_DIR: dir, DATABASE_URL: '' };
    const pg = await createPgDatabaseUrl();
    cleanups.push(pg.drop);
    return { DATA_DIR: dir, DATABASE_URL: pg.url };
  };

  it('round-trips every row, sequence and image; refuses a non-empty target unless --force', {
    timeout: 480_000,
  }, async () => {
    const source = await target();
    // The demo data to back up (on PostgreSQL it is seeded only when asked: record 046).
    const server = await startServer({ ...source, DEMO_DATA: '1' });
    cleanups.push(() => server.kill('SIGKILL'));
    await addOrderAndImages(server.base);

    const file = path.join(source.DATA_DIR, '..', `${path.basename(source.DATA_DIR)}.tar.gz`);
    cleanups.push(async () => fs.rmSync(file, { force: true }));
    // Taken while the server runs (on PGlite the server dumps its own database through its socket).
    const backup = await runCli('backup', [file], source);
    expect(backup.output).toContain('Backup written');
    expect(backup.code).toBe(0);
    // It holds password and token hashes: its owner's alone.
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((await call(server.base, 'GET', '/api/health')).status).toBe(200);
    await server.kill();
    const before = await stateOf(source);
    expect(Object.keys(before.images).length).toBeGreaterThan(2);
    expect(before.digest.tables.pedidos).toBeDefined();

    // Into a non-empty target (the source itself): refused, nothing touched.
    const refused = await runCli('restore', [file], source);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('not empty');

    const restoredTo = await target();
    const restore = await runCli('restore', [file], restoredTo);
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const after = await stateOf(restoredTo);
    expect(after.digest).toEqual(before.digest);
    expect(after.sequences).toEqual(before.sequences);
    expect(after.images).toEqual(before.images);
    console.log(
      `[backup ${backend}] demo data + 1 order + 2 images: ${before.digest.rows} rows, ` +
        `${Object.keys(before.images).length} images; archive ${(fs.statSync(file).size / 1e6).toFixed(2)} MB, ` +
        `backup ${backup.ms} ms, restore ${restore.ms} ms (each including ~1 s of process start)`,
    );

    // --force replaces what is there: a restored server works on it.
    const forced = await runCli('restore', [file, '--force'], source);
    expect(forced.code, forced.output).toBe(0);
    expect((await stateOf(source)).digest).toEqual(before.digest);
    const restarted = await startServer(restoredTo);
    cleanups.push(() => restarted.kill('SIGKILL'));
    const login = await call(restarted.base, 'POST', '/api/login', {
      email: 'shop@nido.test',
      password: 'demo1234',
    });
    expect(login.status).toBe(200);
    const orders = await call(restarted.base, 'POST', '/api/pedidos/list', {}, login.body.accessToken);
    expect(orders.status).toBe(200);
    await restarted.kill();
  });

  it('refuses a file that is not a backup, and leaves the target empty', { timeout: 60_000 }, async () => {
    const env = await target();
    const bogus = path.join(env.DATA_DIR, '..', `${path.basename(env.DATA_DIR)}-bogus.tar.gz`);
    fs.writeFileSync(bogus, 'not a tar');
    cleanups.push(async () => fs.rmSync(bogus, { force: true }));
    const res = await runCli('restore', [bogus], env);
    expect(res.code).toBe(1);
    expect(res.output).toContain('Restore failed');
    expect(fs.existsSync(path.join(env.DATA_DIR, 'pglite'))).toBe(false);
    expect(fs.existsSync(path.join(env.DATA_DIR, 'uploads'))).toBe(false);
  });
});

/** key → sha256 of every object in a test bucket, read through the app's own S3 client. */
async function bucketImagesOf(s3: TestS3): Promise<Record<string, string>> {
  const storage = createS3Storage({
    kind: 's3',
    bucket: TEST_BUCKET,
    prefix: '',
    endpoint: `http://127.0.0.1:${s3.port}`,
    region: 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  });
  const digests: Record<string, string> = {};
  for (const key of await s3.keys()) {
    const file = await storage.read(`/uploads/${key}`);
    if (!file) throw new Error(`${key} listed but not readable`);
    const hash = createHash('sha256');
    for await (const chunk of file.body) hash.update(chunk);
    digests[key] = hash.digest('hex');
  }
  return digests;
}

describe(`backup and restore with the images in a bucket (STORAGE_URL) on ${testBackend}`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  /** A data directory and the run's database: PGlite in it, or an empty PostgreSQL database. */
  const place = async (): Promise<Record<string, string>> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-backup-s3-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));
    if (testBackend === 'pglite') return { DATA_DIR: dir, DATABASE_URL: '' };
    const pg = await createPgDatabaseUrl();
    cleanups.push(pg.drop);
    return { DATA_DIR: dir, DATABASE_URL: pg.url };
  };

  it('takes every image the rows name from the bucket and puts them into another', {
    timeout: 300_000,
  }, async () => {
    const bucketA = await startS3Server();
    cleanups.push(bucketA.close);
    const source = { ...(await place()), ...bucketA.env };
    const server = await startServer({ ...source, DEMO_DATA: '1' });
    cleanups.push(() => server.kill('SIGKILL'));
    await addOrderAndImages(server.base);
    const file = `${source.DATA_DIR}.tar.gz`;
    cleanups.push(async () => fs.rmSync(file, { force: true }));
    const backup = await runCli('backup', [file], source);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).not.toContain('not in the bucket');
    await server.kill();
    const before = await stateOf(source);
    // Every object of the bucket is an image some row names (demo images, the upload and its
    // thumbnail), but the embroidery previews the mail sender drew: derived, left out (record 059).
    const imagesBefore = Object.fromEntries(
      Object.entries(await bucketImagesOf(bucketA)).filter(([name]) => !name.startsWith(PREVIEW_FILE_PREFIX)),
    );
    expect(backup.output).toContain(`${Object.keys(imagesBefore).length} images`);
    expect(Object.keys(imagesBefore).length).toBeGreaterThan(2);
    expect(before.images).toEqual({});

    const bucketB = await startS3Server();
    cleanups.push(bucketB.close);
    const restoredTo = { ...(await place()), ...bucketB.env };
    const restore = await runCli('restore', [file], restoredTo);
    expect(restore.code, restore.output).toBe(0);
    const after = await stateOf(restoredTo);
    expect(after.digest).toEqual(before.digest);
    expect(await bucketImagesOf(bucketB)).toEqual(imagesBefore);
    expect(fs.existsSync(path.join(restoredTo.DATA_DIR, 'uploads'))).toBe(false);

    // The restored server shows an image from the new bucket.
    const restarted = await startServer(restoredTo);
    cleanups.push(() => restarted.kill('SIGKILL'));
    const name = Object.keys(imagesBefore)[0];
    const image = await fetch(`${restarted.base}/uploads/${name}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).length).toBeGreaterThan(0);
    await restarted.kill();
  });
});
