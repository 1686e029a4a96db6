import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';

const root = import.meta.dirname;

// The API server (apps/server) listens on 3000 in development; images are served from /uploads.
const apiTarget = 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

/** node_modules path test that works with both / and \ separators. */
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
/** Mantine core components by folder name. */
const mantine = (components: string) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${components})[\\\\/]`,
  );
/** Modules of apps/web/src by path (no extension). */
const src = (paths: string) => new RegExp(`[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/](${paths})\\.tsx?$`);
const any =
  (...tests: RegExp[]) =>
  (id: string) =>
    tests.some((t) => t.test(id));

/**
 * The screens people land on (URL path → the lazy route modules the router loads for it). Their
 * chunks, which the browser would only request once the entry has run, are listed in
 * `.vite/route-preloads.json`; the server adds them to index.html as preload links for that path
 * (apps/server/src/platform/spa.ts), so they download beside the entry. The login page, and home:
 * a reload keeps the tab's session (home measured 86 → 90 in Lighthouse with it), though a new tab
 * on `/` has none and fetches home's chunks beside the login page's (bench/README.md).
 */
const PRELOAD_ROUTES: Record<string, string[]> = {
  '/': ['src/app/AppLayout.tsx', 'src/app/pages/HomePage.tsx'],
  '/account/login': ['src/features/account/AuthLayout.tsx', 'src/features/account/LoginPage.tsx'],
};

/** Writes .vite/route-preloads.json: `{ routes: { path: [url…] }, locales: { lang: [url…] } }`. */
function routePreloads(): Plugin {
  return {
    name: 'nido:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const staticClosure = (files: string[], seen = new Set<string>()) => {
        for (const file of files)
          if (!seen.has(file)) {
            seen.add(file);
            staticClosure(byFile.get(file)?.imports ?? [], seen);
          }
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const initial = staticClosure([entry.fileName]);
      const url = (file: string) => `/${file}`;
      const routes: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(PRELOAD_ROUTES)) {
        const roots = modules.map((m) => {
          const chunk = chunks.find((c) => c.facadeModuleId === resolve(root, m));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${m} (PRELOAD_ROUTES in vite.config.ts)`);
          return chunk.fileName;
        });
        const files = [...staticClosure(roots)].filter((f) => !initial.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        routes[route] = [...files, ...new Set(css)].map(url);
      }
      const locales: Record<string, string[]> = {};
      for (const c of chunks) {
        const lang = /^locale-(\w+)$/.exec(c.name)?.[1];
        if (lang) locales[lang] = [...staticClosure([c.fileName])].filter((f) => !initial.has(f)).map(url);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: `${JSON.stringify({ routes, locales }, null, 2)}\n`,
      });
    },
  };
}

/**
 * The entry's stylesheet (all of Mantine's CSS) as a preload, not a render-blocking link: the splash
 * (index.html, inline CSS) paints as soon as the page is parsed instead of after the sheet has
 * downloaded, and src/main.tsx applies the sheet, where the link stands, before the first render.
 */
function stylesheetAfterSplash(): Plugin {
  return {
    name: 'nido:stylesheet-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const preloaded = html.replace(
          /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-app-stylesheet>',
        );
        if (preloaded.includes('rel="stylesheet"'))
          throw new Error('stylesheet-after-splash: a stylesheet link of index.html was not recognised');
        return preloaded;
      },
    },
  };
}

/**
 * react-router 7's package exports name only its development build, whose dev-only warnings ship in
 * every bundle (remix-run/react-router#14102); the production files of the same version differ by
 * `ENABLE_DEV_WARNINGS = false`. The build takes those (1.7 KB less); the dev server keeps the warnings.
 */
const reactRouterProduction = resolve(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), routePreloads(), stylesheetAfterSplash()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    // .vite/manifest.json: scripts/check-bundle.mjs reads the module graph from it (npm test).
    manifest: true,
    // The embroidery fonts are fetched (lib/embroideryFonts.ts), and the CSP's connect-src is 'self'
    // only: never inline one as a data: URL, however small.
    assetsInlineLimit: (file) => (file.endsWith('.woff') ? false : undefined),
    // Every browser the build targets supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Rolldown's successor of manualChunks. Left alone, rolldown splits by which lazy routes share
        // each module: a screen loads only what it renders, but in dozens of small chunks (the login
        // page took 26 requests, home 71), and on a mobile connection over HTTP/1.1 (six requests at
        // a time) every round of requests costs a round trip before the first paint. The groups
        // below give the first screens a handful of chunks without making them load code they do
        // not run (a single vendor chunk of all of Mantine cost the login page ~100 KB gzip).
        // scripts/check-bundle.mjs (npm test) holds the sizes and the chunk counts.
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
              // Whatever the entry imports statically runs on every route: one chunk. main.tsx
              // itself stays the entry chunk.
              name: 'init',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]main\.tsx$/.test(id),
              priority: 25,
            },
            {
              // Fetched with the first screen that validates a form, never at start.
              name: 'zod',
              test: pkg('zod'),
              priority: 20,
            },
            {
              // The public screens' building blocks, which every signed-in screen uses as well.
              name: 'forms',
              test: any(
                mantine(
                  'Input|InputBase|TextInput|PasswordInput|SegmentedControl|FloatingIndicator|Button|ActionIcon|CloseButton|Alert|Anchor|UnstyledButton|Loader|Text|Title|Group|Stack|Center|Box|Paper|Transition|VisuallyHidden',
                ),
                pkg('@mantine[\\\\/]store'),
                /[\\/]@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store/,
                /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]Icon(AlertCircle|Check))\b/,
                // The kit's alerts and toasts, and the sign-in screens' heading.
                src(
                  'features/account/(useAccountActions|AuthHeading)|lib/languages|components/(Alerts|notify)',
                ),
              ),
              priority: 14,
            },
            {
              // The Mantine pieces of the signed-in shell (menus, tooltips, drawer) and of home's first
              // render (what only a modal or a lazy panel uses loads with it).
              name: 'ui',
              test: any(
                mantine(
                  'Popover|Menu|Tooltip|ScrollArea|Portal|FocusTrap|AppShell|NavLink|Burger|Badge|Avatar|Progress|Collapse|Indicator|Divider|Floating|Overlay|Combobox|Autocomplete|Pagination|SimpleGrid|Image|Skeleton|ColorSwatch|Card|Grid|CheckIcon|AccordionChevron',
                ),
                pkg(
                  '@floating-ui[\\\\/][^\\\\/]+|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib',
                ),
                /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-debounced-value[\\/]/,
                /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]IconSearch\b/,
                // The kit's pieces of home's first render (search box, placeholders, picture cards, quiet text).
                src('components/(ListControls|Skeletons|ImageCard|QuietText)'),
              ),
              priority: 12,
            },
            {
              // The signed-in shell's own modules (top bar, menus, cart) and what they import.
              name: 'shell',
              test: src(
                'app/(TopBar|SideMenu|UserMenu|NotificationsMenu|menuIcons)|features/ordering/(cart/CartMenu|orders/PendingOrdersMenu)',
              ),
              priority: 12,
            },
            {
              // The building blocks of home, the gallery and the order screens (model cards, the
              // line-add form and its code search, the line editor's opener, the reorder check).
              name: 'catalog',
              test: src(
                'features/(catalogue/(ModelCard|ModelCodeSearch|Swatches)|ordering/(line-editor/(LineAddForm|lineEditor|useLineEditor)|quick-order/api))',
              ),
              priority: 12,
            },
          ],
        },
      },
    },
  },
}));
