/**
 * `npm run admin:create -- --email a@b.c --name "…" [--language es|en]`: creates an Admin in the
 * database the server uses (DATABASE_URL, else PGlite in DATA_DIR/pglite). The password comes from
 * NIDO_ADMIN_PASSWORD, else it is asked twice on the terminal without echo. The portal's rules hold
 * (account module): minimum length, common passwords refused, one account per email.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { createAdmin } from './domains/account/index.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { HttpError } from './platform/errors.ts';

const USAGE =
  'Usage: npm run admin:create -- --email admin@example.com --name "Full Name" [--language es|en]\n' +
  'The password: NIDO_ADMIN_PASSWORD, else asked on the terminal.';

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

/** One line from the terminal, typed without echo. */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // readline echoes through _writeToOutput: let the question through, nothing typed after it.
  const internal = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  let asked = false;
  internal._writeToOutput = (s) => {
    if (!asked) internal.output.write(s);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    asked = true;
  });
}

async function readPassword(fromEnv: string | undefined): Promise<string> {
  if (fromEnv !== undefined) return fromEnv;
  if (!process.stdin.isTTY) fail(`No password: set NIDO_ADMIN_PASSWORD or run on a terminal.\n${USAGE}`);
  const password = await askHidden('Password: ');
  if ((await askHidden('Password again: ')) !== password)
    fail('The passwords do not match: nothing created.');
  return password;
}

let args: { email?: string; name?: string; language?: string };
try {
  args = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, language: { type: 'string' } },
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (!args.email || !args.name) fail(USAGE);
if (args.language !== undefined && args.language !== 'es' && args.language !== 'en')
  fail(`--language is es or en.\n${USAGE}`);

const config = loadConfig();
const password = await readPassword(config.NIDO_ADMIN_PASSWORD);
const database = await openConfiguredDatabase(config, {
  poolSize: 1,
  statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
});
try {
  const admin = await createAdmin(database, {
    email: args.email,
    name: args.name,
    password,
    language: args.language as 'es' | 'en' | undefined,
  });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Created Admin #${admin.id} ${admin.email} (${admin.name}) in ${where}.`);
} catch (err) {
  if (!(err instanceof HttpError)) throw err;
  const reasons = Object.entries(err.fields ?? {}).flatMap(([field, messages]) =>
    messages.map((m) => `  ${field}: ${m.text}`),
  );
  process.exitCode = 1;
  console.error(`Nothing created:\n${reasons.join('\n') || `  ${err.reason.text}`}`);
} finally {
  await database.close();
}
