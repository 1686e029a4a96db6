import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncodedJson, preferredEncoding } from './encoded-json.ts';

const big = new EncodedJson({
  data: Array.from({ length: 200 }, (_, i) => ({ modelo: `M${i}`, descripcion: 'Capazo' })),
});
const small = new EncodedJson({ ok: true });
const app = Fastify();

beforeAll(async () => {
  await app.register(compress, { global: true, threshold: 1024 });
  app.get('/big', async (req, reply) => big.send(req, reply));
  app.get('/small', async (req, reply) => small.send(req, reply));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('EncodedJson', () => {
  it('sends brotli, gzip or plain JSON as the request accepts, the same value each time', async () => {
    for (let i = 0; i < 2; i++) {
      const br = await get('/big', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big.value);
      const gz = await get('/big', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big.value);
      const plain = await get('/big');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.json()).toEqual(big.value);
      expect(plain.headers.vary).toContain('accept-encoding');
    }
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await get('/small', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('reads q-values and the wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('GZIP ; q=1')).toBe('gzip');
  });
});
