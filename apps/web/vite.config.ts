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
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks: long-lived vendor chunks that change rarely, so a
        // deploy of app code keeps them cached. Feature-only libraries (dropzone, carousel…) stay in
        // the lazy route chunks that use them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: pkg('react|react-dom|scheduler|react-router|cookie|set-cookie-parser'),
              priority: 30,
            },
            {
              name: 'mantine',
              test: pkg(
                '@mantine[\\\\/](core|hooks|notifications|modals|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|react-number-format|react-textarea-autosize|use-isomorphic-layout-effect|use-composed-ref|use-latest|react-transition-group|clsx|tslib',
              ),
              priority: 20,
            },
            {
              name: 'data',
              test: pkg('@tanstack|i18next|react-i18next|html-parse-stringify|void-elements'),
              priority: 10,
            },
            {
              // The shared contract and zod: fetched with the first screen that validates, not at start.
              name: 'contract',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
