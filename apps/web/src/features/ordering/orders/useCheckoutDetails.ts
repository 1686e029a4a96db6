import type { Order } from '@nido/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFieldErrors, type FieldErrors } from '../../../lib/fieldErrors.ts';
import { type CheckoutDetails, useSaveDetails } from '../cart/api.ts';

/** How long typing pauses before what was typed is saved. */
export const DETAILS_SAVE_DELAY_MS = 600;

/** The state of the last save, for the discreet sign beside the fields. */
export type DetailsSaveState = 'idle' | 'saving' | 'saved' | 'failed';

function detailsOf(cart: Order): CheckoutDetails {
  return {
    referencia: cart.referencia,
    fecha_entrega: cart.fecha_entrega ?? '',
    direccion_id: cart.direccion_id,
  };
}

/** Whether the cart keeps these details (the server trims the reference). */
function sameAsKept(kept: CheckoutDetails, shown: CheckoutDetails): boolean {
  return (
    kept.referencia === shown.referencia.trim() &&
    kept.fecha_entrega === shown.fecha_entrega &&
    kept.direccion_id === shown.direccion_id
  );
}

/**
 * Checkout's reference, delivery date and address, kept with the cart on the server as they are typed
 * (product.md §4.6): a change is saved once typing pauses, at once when a field is left, and before
 * the screen closes, so any user of the client (or staff acting for it) finds them on their next visit.
 * A refused save shows its messages per field and the cart keeps what it had.
 */
export function useCheckoutDetails(clienteId: number, cart: Order) {
  const [details, setDetails] = useState(() => detailsOf(cart));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<DetailsSaveState>('idle');
  const latest = useRef(details);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const save = useSaveDetails(clienteId, cart.id, {
    onSuccess: (_cart, sent) => {
      // A later change waits for its own save.
      if (latest.current === sent) setState('saved');
    },
    onError: (error, sent) => {
      if (latest.current !== sent) return;
      setErrors(apiFieldErrors(error));
      setState('failed');
    },
  });
  const { mutate } = save;

  /** Saves what is shown now, if a change is waiting. */
  const flush = useCallback(() => {
    if (timer.current == null) return;
    clearTimeout(timer.current);
    timer.current = null;
    setState('saving');
    mutate(latest.current);
  }, [mutate]);

  function change(patch: Partial<CheckoutDetails>) {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setDetails(next);
    setErrors((current) => {
      const rest = { ...current };
      for (const field of Object.keys(patch)) delete rest[field];
      return rest;
    });
    if (timer.current != null) clearTimeout(timer.current);
    timer.current = setTimeout(flush, DETAILS_SAVE_DELAY_MS);
    setState('idle');
  }

  // Leaving the screen saves a change still waiting (the mutation outlives the screen).
  useEffect(() => flush, [flush]);

  // Another user's change, read with the cart, shows here unless a change of ours is on its way.
  // Only a change of what the cart keeps counts: after a refused save the cart still has its old
  // details, and what was typed stays on screen beside its message.
  const { referencia, fecha_entrega, direccion_id } = cart;
  const saving = save.isPending;
  const seen = useRef(detailsOf(cart));
  useEffect(() => {
    const kept = { referencia, fecha_entrega: fecha_entrega ?? '', direccion_id };
    const before = seen.current;
    seen.current = kept;
    const changed =
      kept.referencia !== before.referencia ||
      kept.fecha_entrega !== before.fecha_entrega ||
      kept.direccion_id !== before.direccion_id;
    if (!changed || timer.current != null || saving) return;
    if (!sameAsKept(kept, latest.current)) {
      latest.current = kept;
      setDetails(kept);
    }
  }, [referencia, fecha_entrega, direccion_id, saving]);

  /** Drops a waiting save (submission sends what is shown itself) and shows submission's errors. */
  function submitting() {
    if (timer.current != null) clearTimeout(timer.current);
    timer.current = null;
  }

  return { details, change, flush, submitting, errors, setErrors, state };
}
