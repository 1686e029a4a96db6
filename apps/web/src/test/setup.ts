/**
 * Setup of the component tests (*.test.tsx, vitest.config.ts project 'web'): jest-dom's matchers,
 * an empty page after each test, and the browser APIs jsdom lacks but Mantine calls while rendering
 * (without them a component throws before the test can look at it).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without Vitest's globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy* waits up to 5 s, not 1: a lazy chunk and the first render of a Mantine form take longer
// than a second on a loaded 2-core CI machine (a miss there failed a run; the tests stay as strict).
configure({ asyncUtilTimeout: 5000 });

// MantineProvider (colour scheme) and use-media-query read media queries: nothing matches here.
window.matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

// ScrollArea, the Combobox dropdowns and the carousel (embla) watch sizes and visibility.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver = NoopObserver as unknown as typeof ResizeObserver;
window.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;

// Combobox scrolls the selected option into view when its dropdown opens.
Element.prototype.scrollIntoView = () => {};
