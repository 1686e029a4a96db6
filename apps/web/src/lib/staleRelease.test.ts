import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleRelease } from './staleRelease.ts';

/** The tab's sessionStorage (this file runs in Node, which has none). */
const sessionStorageOf = (items: Map<string, string>) =>
  ({
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
  }) as unknown as Storage;

function page() {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    location: { reload } as unknown as Location,
    sessionStorage: sessionStorageOf(new Map<string, string>()),
  };
  const failImport = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { win, reload, failImport };
}

describe('a chunk of a release the server no longer has', () => {
  it('reloads the page once, and lets the error through when it fails again within a minute', () => {
    let now = 1_000_000;
    const { win, reload, failImport } = page();
    reloadOnStaleRelease(win as never, () => now);

    expect(failImport()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page fails again at once (the network is down): no loop, the route shows its error.
    now += 5_000;
    expect(failImport()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later upgrade reloads again.
    now += 60_000;
    expect(failImport()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
