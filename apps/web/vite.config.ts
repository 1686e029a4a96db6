import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const root = import.meta.dirname;

// The API server (apps/server) listens on 3000 in development; images are served from /uploads.
const apiTarget = 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

/** node_modules path test that works with both / and \ separators. */
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

export default defineConfig({
  root,
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    // .vite/manifest.json: scripts/check-bundle.mjs reads the module graph from it (npm test).
    manifest: true,
    // Every browser the build targets supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks. Everything else is split automatically by use, so a
        // screen loads only the Mantine components and feature code it renders (issue 8: a single
        // vendor chunk of all of Mantine cost the login page ~100 KB gzip it never ran).
        codeSplitting: {
          groups: [
            {
              // A language other than the default (es, bundled): one chunk per language, fetched
              // before the first render when it is the user's (src/lib/i18n.ts).
              name: (id: string) => `locale-${/[\\/]locales[\\/]([^\\/]+)[\\/]/.exec(id)?.[1]}`,
              debugName: 'locales',
              test: /[\\/]src[\\/]locales[\\/](?!es[\\/])/,
              priority: 40,
            },
            {
              // Long-lived: changes with a dependency upgrade only, so an app deploy keeps it cached.
              name: 'react',
              test: pkg('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'),
              priority: 30,
            },
            {
              // Fetched with the first screen that validates a form, never at start.
              name: 'zod',
              test: pkg('zod'),
              priority: 20,
            },
            {
              // Whatever the entry imports statically runs on every route: one chunk (rolldown would
              // otherwise cut it into dozens of small ones by which lazy routes share them, which
              // compresses worse and costs requests). main.tsx itself stays the entry chunk.
              name: 'init',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]main\.tsx$/.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
