/**
 * A page left open across an upgrade asks for chunks of the release it was loaded from, which the
 * processes no longer have once every one runs the next release (README, "Upgrading"). Vite signals
 * such a failed import with `vite:preloadError`; loading the page again brings the new release's
 * index.html and its chunks. At most once a minute, so a chunk missing for another reason (the
 * network is down) shows the route's error instead of reloading in a loop.
 */
const RELOADED_AT = 'nido.staleReleaseReloadAt';
const MIN_INTERVAL_MS = 60_000;

export function reloadOnStaleRelease(
  win: Pick<Window, 'addEventListener' | 'location' | 'sessionStorage'> = window,
  now: () => number = Date.now,
): void {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(win.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < MIN_INTERVAL_MS) return; // the error surfaces to the route's boundary
    win.sessionStorage.setItem(RELOADED_AT, String(now()));
    event.preventDefault(); // the page is going away: no error to show meanwhile
    win.location.reload();
  });
}
