import type { TFunction } from 'i18next';

/** "Both lines are still available…", "1 of the 3 lines has changed…": the check's outcome in words. */
export function reorderSummary(t: TFunction, flagged: number, total: number): string {
  if (flagged === 0) return total === 2 ? t('reorder.allOkBoth') : t('reorder.allOk', { count: total });
  return total === 1 ? t('reorder.lineChanged') : t('reorder.someFlagged', { count: flagged, total });
}
