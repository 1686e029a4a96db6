/** A throw-away certificate authority's certificate for the TLS tests (PostgreSQL, SMTP). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  /** The PEM files: the certificate doubles as its own CA (sslrootcert, tls.ca). */
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
  remove(): void;
}

/**
 * A self-signed certificate for one name: `localhost` by default (not 127.0.0.1, so a name check can
 * fail), or an IP address (nginx's site, reached at 127.0.0.1).
 */
export function selfSignedCertificate(host = 'localhost'): TestCertificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-tls-'));
  const altName = /^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`;
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=${altName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    certFile,
    keyFile,
    cert: fs.readFileSync(certFile, 'utf8'),
    key: fs.readFileSync(keyFile, 'utf8'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
