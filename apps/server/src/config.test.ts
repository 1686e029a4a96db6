/** STORAGE_URL as config.ts reads it: the disk by default, a bucket when set, a clear refusal when malformed. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const storageOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/srv/nido', ...env }).storage;

describe('STORAGE_URL', () => {
  it('unset: the uploads folder of DATA_DIR', () => {
    expect(storageOf({})).toEqual({ kind: 'disk', dir: path.resolve('/srv/nido/uploads') });
  });

  it('a bucket with its endpoint, region, path style, prefix and credentials', () => {
    expect(
      storageOf({
        STORAGE_URL: 's3://images/nido/prod/?endpoint=http://127.0.0.1:9000&region=auto&forcePathStyle=true',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'images',
      prefix: 'nido/prod/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(storageOf({ STORAGE_URL: 's3://images' })).toMatchObject({
      bucket: 'images',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    ['images', /not a URL/],
    ['https://s3.example.com/images', /unsupported scheme https:/],
    ['s3://images?endpont=http://x', /unknown option endpont/],
    ['s3://images?endpoint=ftp://x', /endpoint ftp:\/\/x is not an http\(s\) URL/],
    ['s3://images?forcePathStyle=yes', /forcePathStyle is true or false/],
  ])('refuses %s, saying why', (url, why) => {
    expect(() => storageOf({ STORAGE_URL: url })).toThrow(why);
  });

  it('refuses one credential without the other', () => {
    expect(() => storageOf({ STORAGE_URL: 's3://images', AWS_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
  });
});

describe('DEMO_DATA (record 046)', () => {
  it('is on by default with the embedded PGlite and off by default on PostgreSQL', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: '' }).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/nido' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/nido', DEMO_DATA: '' }).demoData).toBe(false);
  });

  it('is what it is set to, either way', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/nido', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/nido', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('refuses a value it would have to guess at', () => {
    expect(() => loadConfig({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });
});

describe('DATABASE_URL and SMTP_URL, with their TLS settings', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: '/srv/nido', ...env });

  it('takes the sslmodes node-postgres knows, with a readable sslrootcert', () => {
    for (const mode of ['disable', 'require', 'verify-full', 'no-verify'])
      expect(
        load({ DATABASE_URL: `postgres://user:pass@db:5432/nido?sslmode=${mode}` })().DATABASE_URL,
      ).toContain(mode);
    const url = `postgresql://user:pass@db/nido?sslmode=verify-full&sslrootcert=${import.meta.filename}`;
    expect(load({ DATABASE_URL: url })().DATABASE_URL).toBe(url);
  });

  it.each([
    [
      'postgres://user:pass@db/nido?sslmode=strict',
      /DATABASE_URL: sslmode=strict is not one of disable, prefer/,
    ],
    [
      'postgres://user:pass@db/nido?sslmode=verify-full&sslrootcert=/no/ca.pem',
      /sslrootcert=\/no\/ca\.pem cannot be read/,
    ],
    ['/var/run/postgresql nido?sslmode=verify_full', /DATABASE_URL: sslmode=verify_full is not one of/],
  ])('refuses DATABASE_URL %s at start', (DATABASE_URL, message) => {
    expect(load({ DATABASE_URL })).toThrow(message);
  });

  it('takes smtp:// (STARTTLS) and smtps:// (TLS) URLs', () => {
    for (const SMTP_URL of [
      'smtp://user:pass@mail.example.com:587',
      'smtps://user:pass@mail.example.com',
      'smtp://127.0.0.1:25',
    ])
      expect(load({ SMTP_URL })().SMTP_URL).toBe(SMTP_URL);
  });

  it.each([
    [
      'smtp://user:pass@mail.example.com:465',
      /SMTP_URL: port 465 speaks TLS from the first byte: write smtps:/,
    ],
    ['smtps://user:pass@mail.example.com:587', /SMTP_URL: port 587 .* STARTTLS: write smtp:/],
    ['mail.example.com:587', /SMTP_URL: unsupported scheme mail\.example\.com:/],
    ['not a url', /SMTP_URL: not a URL/],
  ])('refuses SMTP_URL %s at start', (SMTP_URL, message) => {
    expect(load({ SMTP_URL })).toThrow(message);
  });
});
