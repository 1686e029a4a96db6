import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, parsed once. Only this module reads process.env. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Seed the demo data (catalogue, orders, demo logins with a published password) into an empty
   * database on start. Default: on with the embedded PGlite, off on PostgreSQL (record 046).
   */
  DEMO_DATA: z.enum(['', '1', '0', 'true', 'false']).optional(),
  /** The new Admin's password for `npm run admin:create` (else it asks on the terminal); nothing else reads it. */
  NIDO_ADMIN_PASSWORD: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nido <no-reply@nido.test>'),
  /**
   * The mail outbox (platform/outbox.ts): tries per mail before it is failed, and the wait after
   * the first failed try, doubled after each (8 tries over about an hour by default).
   */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** How often each process's sender looks for due mail written by any process. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /**
   * A try holds its mail this long; if its process dies meanwhile, another sends it after. Longer
   * than any one try (platform/mail.ts ends each SMTP phase within a minute).
   */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(300_000),
  /** /api/ready answers 503 while a mail has waited longer than this, seconds. */
  MAIL_BACKLOG_MAX_SECONDS: z.coerce.number().int().min(1).default(900),
  /** The maker as its order documents name it (legal name, tax id, one-line address). */
  MAKER_NAME: z.string().default('Nido Textil Infantil S.L.'),
  MAKER_TAX_ID: z.string().default('B12345674'),
  MAKER_ADDRESS: z.string().default('Calle de la Industria 12, 46980 Paterna (Valencia), España'),
  PUBLIC_URL: z.string().optional(),
  /**
   * Where uploaded images live (platform/storage.ts): unset, files under DATA_DIR/uploads; set, an
   * S3-compatible bucket, `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true`.
   */
  STORAGE_URL: z.string().optional(),
  /** The bucket's credentials; when unset the AWS SDK looks for its own (a profile, an instance role). */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Idle expiry of a session token, minutes. */
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  /** Absolute lifetime of a session token, hours. */
  TOKEN_MAX_HOURS: z.coerce.number().int().positive().default(12),
  /** Statement timeout for every query, milliseconds. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Where the built SPA lives; served with history fallback when present. */
  WEB_DIST: z.string().optional(),
  PG_POOL_SIZE: z.coerce.number().int().positive().default(20),
  /** Model search answers kept in memory per process (catalogue/search-cache.ts); 0 turns the cache off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  /** Order list filters whose count and page boundaries are kept per process (orders/list-cache.ts); 0: off. */
  ORDER_LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).default(1000),
  /**
   * The worker threads that draw PDFs and read uploaded spreadsheets off the event loop
   * (platform/workers.ts): their number (default: the machine's cores), and the tasks that may wait
   * for one beyond them; a task past that answers 503 with Retry-After (WORKER_RETRY_AFTER_SECONDS).
   */
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  WORKER_QUEUE_MAX: z.coerce.number().int().min(0).default(32),
  WORKER_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(2),
  /** Failed attempts per email or IP allowed in the throttle window before 429. */
  AUTH_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  AUTH_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /**
   * A locked account still admits its password from an address with no recent failures, after this
   * delay (DESIGN.md, "Sign-in throttling"), so failures piled up by others never lock its owner out.
   */
  AUTH_LOCKED_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * Which peers' X-Forwarded-For is believed (the client address the sign-in throttle counts):
   * `loopback` (a reverse proxy on this machine), `true`/`false`, or addresses/CIDRs separated by
   * commas (e.g. `loopback,10.0.0.0/8`). Believing every peer would let anyone pick the address the throttle sees.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /**
   * Prometheus metrics (platform/metrics.ts): off unless METRICS=1; then served at /metrics on
   * METRICS_PORT of METRICS_HOST only, never on the public port (one port per process).
   */
  METRICS: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Check every answer against its zod schema as well (tests and journeys; platform/answers.ts). */
  CHECK_ANSWERS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = Omit<z.infer<typeof Env>, 'DEMO_DATA'> & {
  /** DEMO_DATA with its default applied. */
  demoData: boolean;
  publicUrl: string;
  dataDir: string;
  /** TRUST_PROXY as Fastify's `trustProxy` takes it. */
  trustProxy: boolean | string;
  /** STORAGE_URL read: where images are saved and read from. */
  storage: StorageConfig;
};

/** Local disk (the default), or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key ('' or ending in '/'). */
      prefix: string;
      /** Another S3-compatible service (MinIO, R2…); unset: AWS itself. */
      endpoint?: string;
      region: string;
      /** Bucket in the path (http://host/bucket/key), as most non-AWS services need. */
      forcePathStyle: boolean;
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

const S3_OPTIONS = new Set(['endpoint', 'region', 'forcePathStyle']);

/** STORAGE_URL → where images live; a malformed URL is refused at start, naming what is wrong. */
function parseStorage(c: z.infer<typeof Env>, dataDir: string): StorageConfig {
  if (!c.STORAGE_URL) return { kind: 'disk', dir: path.join(dataDir, 'uploads') };
  const fail = (why: string): never => {
    throw new Error(`Invalid configuration:\n  STORAGE_URL: ${why}`);
  };
  let url: URL;
  try {
    url = new URL(c.STORAGE_URL);
  } catch {
    return fail('not a URL (expected s3://bucket?endpoint=…&region=…)');
  }
  if (url.protocol !== 's3:') fail(`unsupported scheme ${url.protocol} (only s3:// is known)`);
  if (!url.hostname) fail('names no bucket (s3://bucket)');
  for (const key of url.searchParams.keys())
    if (!S3_OPTIONS.has(key)) fail(`unknown option ${key} (known: ${[...S3_OPTIONS].join(', ')})`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) fail(`endpoint ${endpoint} is not an http(s) URL`);
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') fail('forcePathStyle is true or false');
  if (!c.AWS_ACCESS_KEY_ID !== !c.AWS_SECRET_ACCESS_KEY)
    fail('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: forcePathStyle === 'true',
    credentials:
      c.AWS_ACCESS_KEY_ID && c.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: c.AWS_ACCESS_KEY_ID, secretAccessKey: c.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full', 'no-verify'];

/**
 * DATABASE_URL's TLS settings, checked at start (node-postgres would ignore an unknown sslmode and
 * fail each connection on a missing certificate file): `sslmode` one of libpq's (or `no-verify`),
 * and the files `sslrootcert`, `sslcert`, `sslkey` readable by this process. What each mode does:
 * README, "TLS to PostgreSQL and SMTP".
 */
function checkDatabaseUrl(value: string): void {
  const fail = (why: string): never => {
    throw new Error(`Invalid configuration:\n  DATABASE_URL: ${why}`);
  };
  // As node-postgres reads it (pg-connection-string: a URL against a base, so a socket path too).
  const url = URL.parse(value, 'postgres://base');
  if (!url) return;
  const mode = url.searchParams.get('sslmode');
  if (mode !== null && !SSL_MODES.includes(mode))
    fail(`sslmode=${mode} is not one of ${SSL_MODES.join(', ')}`);
  for (const key of ['sslrootcert', 'sslcert', 'sslkey']) {
    const file = url.searchParams.get(key);
    if (file === null) continue;
    try {
      fs.accessSync(file, fs.constants.R_OK);
    } catch {
      fail(`${key}=${file} cannot be read by this process`);
    }
  }
}

/**
 * SMTP_URL checked at start: `smtp://` (STARTTLS, port 587 by default) or `smtps://` (TLS from the
 * first byte, port 465). The two ports' conventions crossed would hang or fail every try: refused.
 */
function checkSmtpUrl(value: string): void {
  const fail = (why: string): never => {
    throw new Error(`Invalid configuration:\n  SMTP_URL: ${why}`);
  };
  const url = URL.parse(value) ?? fail('not a URL (expected smtp://user:pass@host:587 or smtps://…:465)');
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    fail(`unsupported scheme ${url.protocol} (smtp:// for STARTTLS, smtps:// for TLS)`);
  if (!url.hostname) fail('names no host');
  if (url.protocol === 'smtp:' && url.port === '465')
    fail('port 465 speaks TLS from the first byte: write smtps://…:465');
  if (url.protocol === 'smtps:' && url.port === '587')
    fail('port 587 starts in plain text and upgrades with STARTTLS: write smtp://…:587');
}

function parseTrustProxy(value: string): boolean | string {
  const v = value.trim();
  return v === 'true' || v === 'false' ? v === 'true' : v;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const { DEMO_DATA, ...c } = parsed.data;
  if (c.DATABASE_URL) checkDatabaseUrl(c.DATABASE_URL);
  if (c.SMTP_URL) checkSmtpUrl(c.SMTP_URL);
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    demoData: !DEMO_DATA ? !c.DATABASE_URL : DEMO_DATA === '1' || DEMO_DATA === 'true',
    dataDir,
    storage: parseStorage(c, dataDir),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
  };
}
