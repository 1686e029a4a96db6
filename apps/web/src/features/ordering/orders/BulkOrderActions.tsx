import { Button, Checkbox, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { BULK_STATUS_MAX, type OrderListItem, STATUS_TRANSITIONS, skipsAState } from '@nido/contract';
import { IconArrowRight, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { ApiError } from '../../../lib/api.ts';
import { messageText } from '../../../lib/messages.ts';
import { useBulkOrderStatus } from './bulkApi.ts';

type Move = 'p' | 'e';
const MOVES: Move[] = ['p', 'e'];

/** The orders the Admin has chosen on the list's page, by id, with what the list says of them. */
export function useOrderSelection() {
  const [chosen, setChosen] = useState<Map<number, OrderListItem>>(new Map());
  const toggle = (row: OrderListItem, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const setPage = (rows: OrderListItem[], on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  return { chosen, toggle, setPage, clear: () => setChosen(new Map()) };
}
export type OrderSelection = ReturnType<typeof useOrderSelection>;

/** A row's box: its label names the order (read by a screen reader, hidden on screen). */
export function SelectOrderBox({ row, selection }: { row: OrderListItem; selection: OrderSelection }) {
  const { t } = useTranslation('orders');
  return (
    <Checkbox
      checked={selection.chosen.has(row.id)}
      onChange={(e) => selection.toggle(row, e.currentTarget.checked)}
      label={<VisuallyHidden>{t('selectOrder', { docum: row.docum ?? `#${row.id}` })}</VisuallyHidden>}
    />
  );
}

/** The header's box: chooses (or lets go of) every order of the page. */
export function SelectPageBox({ rows, selection }: { rows: OrderListItem[]; selection: OrderSelection }) {
  const { t } = useTranslation('orders');
  const on = rows.filter((r) => selection.chosen.has(r.id)).length;
  return (
    <Checkbox
      checked={rows.length > 0 && on === rows.length}
      indeterminate={on > 0 && on < rows.length}
      disabled={rows.length === 0}
      onChange={(e) => selection.setPage(rows, e.currentTarget.checked)}
      label={<VisuallyHidden>{t('selectPage')}</VisuallyHidden>}
    />
  );
}

/**
 * The Admin's actions on the chosen orders (record 057): move them all to Processed or Bought in one
 * call, all or none. Moving pending orders to Bought skips Processed: asked first. A refusal names
 * each order that could not move and why; nothing changed then.
 */
export function BulkOrderActions({ selection }: { selection: OrderSelection }) {
  const { t } = useTranslation('orders');
  const bulk = useBulkOrderStatus();
  const rows = [...selection.chosen.values()];
  if (rows.length === 0) return null;

  async function move(to: Move) {
    const toLabel = t(`status.${to}`);
    const skipping = rows.filter((r) => skipsAState(r.status, to)).length;
    const confirmed = await confirmAction(
      skipping > 0
        ? {
            title: t('bulkSkipTitle'),
            message: t('bulkSkipBody', { count: rows.length, pending: skipping }),
            confirmLabel: t('bulkConfirm', { to: toLabel }),
            danger: false,
          }
        : {
            title: t('bulkConfirmTitle'),
            message: t('bulkConfirmBody', { count: rows.length, to: toLabel }),
            confirmLabel: t('bulkConfirm', { to: toLabel }),
            danger: false,
          },
    );
    if (!confirmed) return;
    try {
      const answer = await bulk.mutateAsync({ ids: rows.map((r) => r.id), status: to });
      notifySuccess(t('bulkMoved', { count: answer.data.length, to: toLabel }));
      selection.clear();
    } catch (error) {
      notifyError(refusalText(error, t), { title: t('bulkError') });
    }
  }

  // A move none of the chosen orders may make is not offered; one some may not make is, and the
  // server names those.
  const offered = MOVES.filter((to) => rows.some((r) => STATUS_TRANSITIONS[r.status]?.includes(to)));
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('bulkActions')} data-testid="bulk-actions">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} role="status">
          {t('selectedCount', { count: rows.length })}
        </Text>
        <Group gap="xs">
          {offered.map((to) => (
            <Button
              key={to}
              size="sm"
              variant={to === 'p' ? 'filled' : 'light'}
              leftSection={<IconArrowRight size={16} />}
              loading={bulk.isPending && bulk.variables?.status === to}
              disabled={bulk.isPending || rows.length > BULK_STATUS_MAX}
              onClick={() => void move(to)}
            >
              {t(`bulkMoveTo.${to}`)}
            </Button>
          ))}
          <Button size="sm" variant="subtle" leftSection={<IconX size={16} />} onClick={selection.clear}>
            {t('clearSelection')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * What a refused bulk move says: the server's message naming the orders, then each order's reason
 * (the statuses in the reader's language); a failure of the network or the server, the fallback.
 */
function refusalText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return t('bulkError');
  const reasons = Object.values(error.errors)
    .flat()
    .map((m) => {
      if (typeof m === 'string' || !m.params) return messageText(m);
      const params = { ...m.params };
      for (const key of ['from', 'to'] as const) {
        if (typeof params[key] === 'string') params[key] = t(`status.${params[key]}`);
      }
      return messageText({ ...m, params });
    });
  return [messageText(error.reason), ...reasons].filter(Boolean).join(' · ');
}
