import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts'; // initialise translations before the first render

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Another language than es loads its texts meanwhile the router fetches the first route's chunks.
// A transition: React renders the first screen in short slices instead of one long task.
void i18nReady.then(() =>
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
