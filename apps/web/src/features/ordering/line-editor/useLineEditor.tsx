import { lazy, Suspense, useCallback, useState } from 'react';
import type { AddToCartTarget } from './AddToCartModal.tsx';

// Its code (the configurator, the image slider) loads on the first open.
const AddToCartModal = lazy(async () => ({ default: (await import('./AddToCartModal.tsx')).AddToCartModal }));

/**
 * The line editor's dialog for a screen: `open(target)` shows it for a model (Add, Buy again), a cart
 * line to save in place (Edit) or rows to configure and hand back (quick order, reorder); the screen
 * renders `dialog`. Once loaded it stays mounted, so its close transition plays.
 */
export function useLineEditor() {
  const [target, setTarget] = useState<AddToCartTarget | null>(null);
  const [loaded, setLoaded] = useState(false);
  if (target && !loaded) setLoaded(true);
  const close = useCallback(() => setTarget(null), []);
  const dialog = loaded ? (
    <Suspense fallback={null}>
      <AddToCartModal target={target} onClose={close} />
    </Suspense>
  ) : null;
  return { open: setTarget, close, dialog };
}
