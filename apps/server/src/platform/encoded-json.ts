import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The smallest body worth compressing (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (identity).
 * `*` stands for brotli; an encoding with q=0 is refused.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part
      .toLowerCase()
      .split(';')
      .map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A JSON answer sent many times (a cached search page): serialised once and compressed once per
 * encoding, then sent as bytes. On a cache hit, serialising and compressing ~30 KB was most of the
 * request's cost (bench/README.md). @fastify/compress leaves an answer that has a Content-Encoding.
 */
export class EncodedJson<T> {
  private json: string | undefined;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly value: T) {}

  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    this.json ??= JSON.stringify(this.value);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding =
      Buffer.byteLength(this.json) >= COMPRESS_FROM_BYTES
        ? preferredEncoding(req.headers['accept-encoding'])
        : null;
    if (!encoding) return reply.send(this.json);
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 5,
              },
            })
          : gzipSync(this.json);
      this.encoded.set(encoding, bytes);
    }
    return reply.header('content-encoding', encoding).send(bytes);
  }
}
