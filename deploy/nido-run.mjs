/**
 * `deploy/nido-run [KEY=VALUE…] <tool> [args…]`: runs `npm run <tool> -- <args>` in the install
 * directory (this file's parent's parent) with the servers' environment, so a tool reaches the same
 * database, bucket and SMTP server as the processes of deploy/systemd/nido@.service.
 *
 * The environment file (NIDO_ENV_FILE, default /etc/nido/nido.env) is read as systemd reads an
 * EnvironmentFile, not as a shell would: `MAIL_FROM=Nido <no-reply@…>` and an `&` in STORAGE_URL are
 * plain characters. Lines: KEY=VALUE; blank lines and lines starting with # or ; are skipped; the
 * value may be quoted ('…' as is; "…" with \" \\ \$ \` escapes); no variable expansion. Its values
 * override the caller's environment; KEY=VALUE arguments before the tool override the file (a
 * restore drill into another database: `deploy/nido-run DATABASE_URL=… restore <archive>`).
 * Run as root, the tool runs as NIDO_USER (default nido), the unit's User=. DATA_DIR, unless given,
 * is /var/lib/nido/tools. Relative paths in a tool's arguments are from the install directory.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const USAGE =
  'Usage: deploy/nido-run [KEY=VALUE…] <tool> [args…]   e.g. deploy/nido-run backup /srv/backups/nido.tar.gz';
const TOOLS_DATA_DIR = '/var/lib/nido/tools';
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

function fail(message) {
  console.error(`nido-run: ${message}`);
  process.exit(2);
}

/** The value after `=`, as systemd takes it: quotes removed, escapes of "…" applied, no expansion. */
function unquote(raw, where) {
  const value = raw.trim();
  const quote = value[0];
  if (quote !== '"' && quote !== "'") return value;
  if (value.length < 2 || value.at(-1) !== quote) fail(`${where}: the quote ${quote} is not closed`);
  const inner = value.slice(1, -1);
  return quote === "'" ? inner : inner.replace(/\\(["\\$`])/g, '$1');
}

/** KEY=VALUE lines of an EnvironmentFile (a line ending in a backslash continues on the next). */
function parseEnvironmentFile(text, name = 'environment file') {
  const env = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let line = lines[i].trimStart();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i];
    const eq = line.indexOf('=');
    const key = eq < 0 ? '' : line.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) fail(`${name}, line ${start}: not KEY=VALUE`);
    env[key] = unquote(line.slice(eq + 1), `${name}, line ${start}`);
  }
  return env;
}

function main() {
  const args = process.argv.slice(2);
  const overrides = {};
  while (args.length > 0 && ASSIGNMENT.test(args[0])) {
    const [, key, value] = ASSIGNMENT.exec(args.shift());
    overrides[key] = value;
  }
  const [tool, ...toolArgs] = args;
  if (!tool || tool.startsWith('-')) fail(USAGE);
  if (toolArgs[0] === '--') toolArgs.shift(); // `nido-run backup -- file` as `npm run backup -- file`

  const envFile = process.env.NIDO_ENV_FILE || '/etc/nido/nido.env';
  let text;
  try {
    text = fs.readFileSync(envFile, 'utf8');
  } catch (err) {
    fail(`cannot read ${envFile} (NIDO_ENV_FILE): ${err.message}`);
  }
  const env = { ...process.env, ...parseEnvironmentFile(text, envFile), ...overrides };
  // Each server's DATA_DIR comes from its unit, never from the shared file; a tool gets a directory
  // of its own (restore unpacks an archive there), made for the user when run as root.
  const defaultDataDir = !env.DATA_DIR;
  if (defaultDataDir) env.DATA_DIR = TOOLS_DATA_DIR;

  if (process.getuid?.() === 0) {
    const user = process.env.NIDO_USER || 'nido';
    try {
      // Its primary group, as systemd gives it (the unit's Group=nido is the user's own).
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8', stdio: 'pipe' }));
      process.initgroups(user, gid);
      process.setgid(gid);
      if (defaultDataDir && !fs.existsSync(TOOLS_DATA_DIR)) {
        fs.mkdirSync(TOOLS_DATA_DIR, { recursive: true, mode: 0o700 });
        fs.chownSync(TOOLS_DATA_DIR, Number(execFileSync('id', ['-u', user], { encoding: 'utf8' })), gid);
      }
      process.setuid(user);
    } catch (err) {
      fail(`cannot become the user ${user} (NIDO_USER): ${err.message}`);
    }
    const me = os.userInfo();
    Object.assign(env, { HOME: me.homedir, USER: me.username, LOGNAME: me.username });
  }
  // npm only runs the script: no update check, no log file in a home the user may not write.
  Object.assign(env, { npm_config_update_notifier: 'false', npm_config_logs_max: '0' });

  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const child = spawn('npm', ['run', '--silent', tool, '--', ...toolArgs], {
    cwd: dir,
    env,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => fail(`cannot run npm: ${err.message}`));
  child.on('exit', (code, signal) => {
    process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1));
  });
}

main();
