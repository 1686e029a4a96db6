import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts'; // initialise translations before the first render
import { reloadOnStaleRelease } from './lib/staleRelease.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
reloadOnStaleRelease();

/**
 * The built index.html preloads the app's stylesheet instead of linking it (vite.config.ts
 * `stylesheetAfterSplash`), so the splash paints without waiting for it. Here it becomes a stylesheet
 * where its preload stood (the cascade keeps its order), and the first render waits until it is in
 * (or has failed: the app renders anyway). It is applied in a task of its own: styling the page with
 * all of Mantine's rules is a long piece of work, not to be added to this module's evaluation.
 */
function appStylesheets(): Promise<unknown> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[data-app-stylesheet]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise((done) => {
          const sheet = document.createElement('link');
          sheet.rel = 'stylesheet';
          sheet.href = preload.href;
          sheet.crossOrigin = preload.crossOrigin; // the same request as the preload, served from it
          sheet.addEventListener('load', done, { once: true });
          sheet.addEventListener('error', done, { once: true });
          setTimeout(() => preload.replaceWith(sheet));
        }),
    ),
  );
}

// Another language than es loads its texts meanwhile the router fetches the first route's chunks.
// A transition: React renders the first screen in short slices instead of one long task.
void Promise.all([i18nReady, appStylesheets()]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  ),
);
