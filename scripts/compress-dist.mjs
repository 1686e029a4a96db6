#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the built SPA, so the server can send them
// precompressed (@fastify/static preCompressed) instead of compressing on every request. Runs after
// `vite build` (apps/web "build" script).
//
//   node scripts/compress-dist.mjs [distDir]     (default apps/web/dist)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/web/dist'));
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
let files = 0;
let raw = 0;
let br = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name)) {
      const data = fs.readFileSync(full);
      if (data.length < 1024) continue;
      const brotli = zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      fs.writeFileSync(`${full}.br`, brotli);
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      files++;
      raw += data.length;
      br += brotli.length;
    }
  }
}

walk(dist);
console.log(
  `precompressed ${files} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
);
