import { useState } from 'react';
import { notifyError } from '../../components/notify.tsx';
import { apiErrorText } from '../../lib/messages.ts';

/**
 * Runs one change at a time: `busy` (controls disabled) meanwhile, a toast with the server's (or
 * the `fallback`) message when it fails, and `settle` (reload what it changed) either way.
 * `run` answers whether the change succeeded.
 */
export function useChangeRunner(settle: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, fallback: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      notifyError(apiErrorText(error, fallback));
      return false;
    } finally {
      await settle();
      setBusy(false);
    }
  }
  return { busy, run };
}
