import type { PurchasedItem, ReorderLine } from '@nido/contract';
import { lazy, Suspense, useState } from 'react';
import type { AddToCartTarget } from '../line-editor/AddToCartModal.tsx';
import { presetOfLine } from '../line-editor/lineEditor.ts';
import { useReorderCheck } from '../quick-order/api.ts';
import { presetOf } from './buyAgain.ts';

const BuyAgainCheck = lazy(() => import('./BuyAgainCheck.tsx'));

/**
 * Buy again on a last purchase: the line is checked against today's catalogue first
 * (pedidos/reorder/check), so a withdrawn option or model is said, with substitutes, before the line
 * editor opens (`open`) with the earlier line's choices. The screen renders `dialog`.
 */
export function useBuyAgain(open: (target: AddToCartTarget) => void) {
  const recheck = useReorderCheck();
  const [buying, setBuying] = useState<number | null>(null);
  const [changed, setChanged] = useState<ReorderLine | null>(null);

  async function buyAgain(item: PurchasedItem) {
    setBuying(item.id);
    try {
      const [line] = (await recheck.mutateAsync({ linea_id: item.id })).lines;
      if (line && (line.status === 'unavailable' || line.substitutes.length > 0)) setChanged(line);
      else open({ modelo: item.modelo, preset: presetOf(item) });
    } catch {
      // The check is a courtesy: the configurator and the add check everything again.
      open({ modelo: item.modelo, preset: presetOf(item) });
    } finally {
      setBuying(null);
    }
  }

  const dialog = changed && (
    <Suspense fallback={null}>
      <BuyAgainCheck
        line={changed}
        onClose={() => setChanged(null)}
        onContinue={(line) => {
          setChanged(null);
          // Buy again starts from 1 unit, as without a change.
          open({ modelo: line.modelo, preset: { ...presetOfLine(line), cantidad: undefined } });
        }}
      />
    </Suspense>
  );
  return { buyAgain, buying, dialog };
}
