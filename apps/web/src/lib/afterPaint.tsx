import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the frame holding it has been painted. For what nobody needs
 * before the screen shows (content below the fold, hosts of dialogs opened on demand): their
 * chunks, requests and rendering start after the first paint instead of competing with it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame callback runs just before the next paint; a task queued from it runs after that paint.
    let timeout = 0;
    const frame = requestAnimationFrame(() => {
      // A transition: what it reveals renders in slices that input can interrupt.
      timeout = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, []);
  return painted;
}

/**
 * Renders `children` (typically a lazy component: its chunk is then requested) once the first
 * screen is painted, with no fallback while it loads.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const painted = useAfterFirstPaint();
  return painted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
