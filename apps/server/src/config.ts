import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, parsed once. Only this module reads process.env. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nido <no-reply@nido.test>'),
  PUBLIC_URL: z.string().optional(),
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
  /** Model search answers kept in memory per process (catalog/search-cache.ts); 0 turns the cache off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  /** Order list filters whose count and page boundaries are kept per process (orders/list-cache.ts); 0: off. */
  ORDER_LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).default(1000),
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
  /** Check every answer against its zod schema as well (tests and journeys; platform/answers.ts). */
  CHECK_ANSWERS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof Env> & {
  publicUrl: string;
  dataDir: string;
  /** TRUST_PROXY as Fastify's `trustProxy` takes it. */
  trustProxy: boolean | string;
};

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
  const c = parsed.data;
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(c.TRUST_PROXY),
  };
}
