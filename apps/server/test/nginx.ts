/**
 * Debian's nginx in front of test server processes, run with the deployment's own site file
 * (deploy/nginx/nido.conf): its production ports and certificate are replaced by the test's, and
 * everything else (upstream, proxy headers, retries, TLS) is what a deployment runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';
import { selfSignedCertificate } from './tls.ts';

const root = path.resolve(import.meta.dirname, '../../..');
export const NGINX_SITE = path.join(root, 'deploy/nginx/nido.conf');

/** nginx's binary: NGINX_PATH when set (a missing one means none), else Debian's (/usr/sbin is not on every PATH). */
export function findNginx(): string | undefined {
  const candidates = process.env.NGINX_PATH
    ? [process.env.NGINX_PATH]
    : ['/usr/sbin/nginx', '/usr/bin/nginx'];
  return candidates.find((p) => fs.existsSync(p));
}

export interface SitePlaces {
  /** The Nido processes' ports, in the order of the site's `server` lines. */
  upstreams: [number, number];
  httpsPort: number;
  httpPort: number;
  certificate: string;
  key: string;
  /** The site's access log (one JSON line a request). */
  accessLog: string;
}

/**
 * The site file with the test's ports and certificate. Each production value must occur exactly
 * once: a site file that no longer has one fails here rather than being tested half.
 */
export function renderSite(site: string, places: SitePlaces): string {
  const replacements: Array<[string, string]> = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${places.upstreams[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${places.upstreams[1]} `],
    ['listen 443 ssl', `listen 127.0.0.1:${places.httpsPort} ssl`],
    ['listen 80;', `listen 127.0.0.1:${places.httpPort};`],
    ['/etc/letsencrypt/live/nido.example.com/fullchain.pem', places.certificate],
    ['/etc/letsencrypt/live/nido.example.com/privkey.pem', places.key],
    ['/var/log/nginx/nido.access.log', places.accessLog],
  ];
  let text = site;
  for (const [from, to] of replacements) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${NGINX_SITE}: expected "${from}" once, found it ${count} times`);
    text = text.replace(from, to);
  }
  return text;
}

/** A line of the site's access log (deploy/nginx/nido.conf, `log_format nido_request`). */
export interface NginxRequest {
  time: string;
  request_id: string;
  remote_addr: string;
  method: string;
  uri: string;
  status: string;
  request_time: string;
  upstream: string;
}

export interface Nginx {
  /** https://127.0.0.1:<port>, the site's TLS server. */
  base: string;
  /** http://127.0.0.1:<port>, the site's redirect to https. */
  httpBase: string;
  /** The self-signed certificate the site serves, for the client's `ca`. */
  certificate: string;
  /**
   * The upstream address of each request nginx has passed on so far ("127.0.0.1:port", or two after
   * a retry); the ones it answered itself (the redirect to https) are left out.
   */
  upstreams(): string[];
  /** The site's access log so far: a line a request of its TLS server, as nginx wrote it. */
  requests(): NginxRequest[];
  /** The rendered site file nginx runs, and the command that reloads it (for deploy/rolling-restart.sh). */
  site: string;
  reloadCommand: string;
  stop(): Promise<void>;
}

/** Starts nginx (no daemon, one worker: round robin alternates strictly) in front of two ports. */
export async function startNginx(binary: string, upstreams: [number, number]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-nginx-'));
  const tls = selfSignedCertificate('127.0.0.1');
  const [certificate, key] = [tls.certFile, tls.keyFile];
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const siteLog = path.join(dir, 'nido.access.log');
  fs.writeFileSync(
    path.join(dir, 'nido.conf'),
    renderSite(fs.readFileSync(NGINX_SITE, 'utf8'), {
      upstreams,
      httpsPort,
      httpPort,
      certificate,
      key,
      accessLog: siteLog,
    }),
  );
  // The http block's log: only the redirect server (port 80) writes there; the site's TLS server has its own.
  const accessLog = path.join(dir, 'access.log');
  // What /etc/nginx/nginx.conf gives the site on a Debian machine, with every path in `dir`. Run as
  // root, the worker would otherwise be `nobody`, unable to write its temporary files here.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
${process.getuid?.() === 0 ? 'user root root;' : ''}
events { worker_connections 256; }
http {
  log_format upstream '$upstream_addr';
  access_log ${accessLog} upstream;
${temp.map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n')}
  include ${dir}/nido.conf;
}
`,
  );
  let out = '';
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(path.join(dir, 'nginx.pid'))) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`nginx did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const requests = (): NginxRequest[] =>
    fs.existsSync(siteLog)
      ? fs
          .readFileSync(siteLog, 'utf8')
          .split('\n')
          // The last piece is a line nginx is still writing (or nothing): only whole lines count.
          .slice(0, -1)
          .map((line) => JSON.parse(line) as NginxRequest)
      : [];
  return {
    site: path.join(dir, 'nido.conf'),
    reloadCommand: `${binary} -p ${dir} -c ${path.join(dir, 'nginx.conf')} -e stderr -s reload`,
    base: `https://127.0.0.1:${httpsPort}`,
    httpBase: `http://127.0.0.1:${httpPort}`,
    certificate: tls.cert,
    upstreams: () => requests().flatMap((r) => (r.upstream && r.upstream !== '-' ? [r.upstream] : [])),
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dir, { recursive: true, force: true });
          tls.remove();
          resolve();
        };
        if (child.exitCode !== null || child.signalCode) return done();
        child.once('exit', done);
        child.kill('SIGQUIT'); // nginx's graceful stop
      }),
  };
}
