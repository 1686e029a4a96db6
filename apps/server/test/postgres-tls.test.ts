/**
 * DATABASE_URL's sslmode as the server's PostgreSQL client (node-postgres, through openDatabase)
 * acts on it, against a stand-in server that answers PostgreSQL's SSLRequest and speaks TLS with a
 * self-signed certificate for `localhost`. It records what reached it: the SSLRequest, a TLS
 * handshake, and the startup message (user, database) inside it, then hangs up.
 * node-postgres differs from libpq (README, "TLS to PostgreSQL and SMTP"): `require` checks the
 * certificate and its name as verify-full does; libpq's encryption without a check needs `uselibpqcompat=true`.
 */
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { selfSignedCertificate, type TestCertificate } from './tls.ts';

const SSL_REQUEST = 80_877_103;
let certificate: TestCertificate;
let server: net.Server;
let port: number;
let seen: { sslRequest: boolean; tls: boolean; startup: string | null };

/** The user and database of a startup message: its NUL-separated name/value pairs after 8 bytes. */
const startupOf = (buf: Buffer) => buf.subarray(8).toString('utf8').split('\0').filter(Boolean).join(' ');

beforeAll(async () => {
  certificate = selfSignedCertificate();
  server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', (first) => {
      if (first.length < 8 || first.readInt32BE(4) !== SSL_REQUEST) {
        seen.startup = startupOf(first);
        socket.destroy();
        return;
      }
      seen.sslRequest = true;
      socket.write('S');
      const secure = new tls.TLSSocket(socket, {
        isServer: true,
        cert: certificate.cert,
        key: certificate.key,
      });
      secure.on('error', () => {});
      secure.once('secure', () => {
        seen.tls = true;
      });
      secure.once('data', (startup) => {
        seen.startup = startupOf(startup);
        secure.destroy();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  certificate?.remove();
});

/** Opens the database DATABASE_URL names (it fails: the stand-in hangs up) and returns the error. */
async function connect(host: string, query: string): Promise<string> {
  seen = { sslRequest: false, tls: false, startup: null };
  const url = `postgres://user:pass@${host}:${port}/nido${query}`;
  const err = await openDatabase({ url, poolSize: 1 }).then(
    async (db) => {
      await db.close();
      return new Error('connected');
    },
    (e: Error) => e,
  );
  return err.message;
}

describe('DATABASE_URL and TLS', () => {
  it('without sslmode: a plain connection (no SSLRequest)', async () => {
    await connect('localhost', '');
    expect(seen).toEqual({ sslRequest: false, tls: false, startup: expect.stringContaining('user user') });
  });

  it('sslmode=verify-full with sslrootcert: TLS, the certificate checked against that CA, then the login', async () => {
    await connect(
      'localhost',
      `?sslmode=verify-full&sslrootcert=${encodeURIComponent(certificate.certFile)}`,
    );
    expect(seen).toEqual({
      sslRequest: true,
      tls: true,
      startup: expect.stringContaining('user user database nido'),
    });
  });

  it('verify-full refuses a certificate for another name, before sending anything', async () => {
    const error = await connect(
      '127.0.0.1',
      `?sslmode=verify-full&sslrootcert=${encodeURIComponent(certificate.certFile)}`,
    );
    expect(error).toMatch(/does not match|not in the cert's altnames/i);
    expect(seen.startup).toBeNull();
  });

  it('sslmode=require checks the certificate too: an unknown CA is refused, nothing sent', async () => {
    const error = await connect('localhost', '?sslmode=require');
    expect(error).toMatch(/self[- ]signed certificate/i);
    expect(seen).toEqual({ sslRequest: true, tls: false, startup: null });
  });

  it('sslmode=require&uselibpqcompat=true: libpq’s meaning, TLS without a certificate check', async () => {
    await connect('localhost', '?sslmode=require&uselibpqcompat=true');
    expect(seen).toEqual({ sslRequest: true, tls: true, startup: expect.stringContaining('user user') });
  });
});
