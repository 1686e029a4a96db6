/**
 * Runs the real server as a child process (main.ts through tsx), for the tests that need more than
 * app.inject: kill -9 and restart, two processes on one database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote, stdout and stderr interleaved. */
  output: () => string;
  /** What it wrote to stdout alone (the JSON log lines). */
  stdout: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the server on `env.PORT`, or on a free port. */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let out = '';
  let stdout = '';
  // node itself, with tsx as a loader: the tsx CLI would run the server in a grandchild that a
  // SIGKILL of the child leaves running (and holding the data directory's lock).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start in time:\n${out}`);
  return {
    base,
    child,
    output: () => out,
    stdout: () => stdout,
    kill: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export interface CallOptions {
  /**
   * The local address to connect from (any 127.x.y.z on Linux): a client nginx tells apart from
   * itself (127.0.0.1) and from other clients.
   */
  from?: string;
  headers?: Record<string, string>;
  /** The certificate authority of an https base (the test's own self-signed certificate). */
  ca?: string;
  /** A body sent as it is instead of `body` as JSON (a multipart form, an image). */
  raw?: { data: Buffer; contentType: string };
}

export interface Answer {
  status: number;
  /** The body parsed as JSON (null when it is not JSON). */
  body: any;
  /** The body as received (an image's bytes). */
  bytes: Buffer;
  headers: http.IncomingHttpHeaders;
}

/**
 * A call against a running server (or nginx in front of it), JSON unless `options.raw`; returns the
 * status, the body parsed and as received, and the headers.
 */
export async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  options: CallOptions = {},
): Promise<Answer> {
  const target = new URL(base + url);
  const payload = options.raw?.data ?? (body !== undefined ? JSON.stringify(body) : undefined);
  const contentType = options.raw?.contentType ?? 'application/json';
  const send = target.protocol === 'https:' ? https.request : http.request;
  // As a browser does: a request sent on a kept-alive connection that the server closed meanwhile
  // (nginx closes its idle ones when it reloads) never reached it, and is sent again (the next
  // kept-alive connection may be closed too; a new one is not resent).
  const attempt = (resends: number): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = send(
        target,
        {
          method,
          localAddress: options.from,
          ca: options.ca,
          headers: {
            accept: 'application/json',
            // A length always: Node frames no body of a DELETE by itself (no chunked default).
            ...(payload !== undefined
              ? { 'content-type': contentType, 'content-length': String(Buffer.byteLength(payload)) }
              : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
          });
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            let json: any = null;
            try {
              json = bytes.length ? JSON.parse(bytes.toString('utf8')) : null;
            } catch {}
            resolve({ status: res.statusCode ?? 0, body: json, bytes, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (resends < 8 && req.reusedSocket && err.code === 'ECONNRESET') resolve(attempt(resends + 1));
        else reject(err);
      });
      req.end(payload);
    });
  return attempt(0);
}

/** A line (quantity 1) of the first model whose every group has a plain option: no letters, no embroidery. */
export async function orderableLine(base: string, token: string, clienteId: number) {
  const list = await call(base, 'GET', '/api/modeloBase/list', undefined, token);
  for (const { modelo } of list.body as Array<{ modelo: string }>) {
    const m = (await call(base, 'GET', `/api/modelo/${encodeURIComponent(modelo)}`, undefined, token)).body;
    const choice = m.grupos.map((g: any) => ({
      parametros_grupos_id: g.id,
      parametro: g.parametros.find((p: any) => !p.letters && !p.embroidery_color && !p.embroidery_position)
        ?.id,
    }));
    if (choice.every((c: any) => c.parametro))
      return { cliente_id: clienteId, modelo, cantidad: 1, parametros_color: choice };
  }
  throw new Error('no orderable model in the demo data');
}
