import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Order, QuickOrderAddResponse, ReorderCheckResponse } from '@nido/contract';
import { IconRepeat, IconShoppingCartPlus } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, SuccessAlert } from '../../../components/Alerts.tsx';
import { ReorderLineCard } from '../../../components/ReorderLineCard.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { lineWithSubstitutes, useQuickAdd, useReorderCheck } from '../quick-order/api.ts';
import { reorderSummary } from './reorderSummary.ts';

/**
 * Order again (Volver a pedir) on a past order: each line checked against today's catalogue
 * (withdrawn models and options with their substitutes, new prices); the user accepts or changes
 * the substitutes, leaves out lines, and adds them all in one transaction.
 */
export function ReorderButton({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconRepeat size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('reorder.button')}
      </Button>
      {/* Its texts (the quick order's namespace) load with the first Order again. */}
      {opened && (
        <Suspense fallback={null}>
          <ReorderDialog order={order} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

function ReorderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('quickOrder');
  const narrow = useMediaQuery('(max-width: 48em)');
  const check = useReorderCheck();
  const { mutate } = check;
  useEffect(() => mutate({ pedido_id: order.id }), [mutate, order.id]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('reorder.title', { docum: order.docum ?? order.id })}
      size="xl"
      fullScreen={narrow}
      centered
      closeButtonProps={{ 'aria-label': t('reorder.close') }}
    >
      {check.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('reorder.checking')}</Text>
        </Group>
      )}
      {check.isError && (
        <ErrorAlert onRetry={() => mutate({ pedido_id: order.id })} retryLabel={t('reorder.retry')}>
          {apiErrorText(check.error, t('reorder.checkError'))}
        </ErrorAlert>
      )}
      {check.data && <ReorderReview key={check.submittedAt} answer={check.data} onClose={onClose} />}
    </Modal>
  );
}

function ReorderReview({ answer, onClose }: { answer: ReorderCheckResponse; onClose: () => void }) {
  const { t } = useTranslation('quickOrder');
  const add = useQuickAdd(answer.cliente_id);
  const [chosen, setChosen] = useState<Record<number, Record<number, number>>>({});
  const [left, setLeft] = useState<Set<number>>(new Set());
  const [added, setAdded] = useState<QuickOrderAddResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const lines = answer.lines
    .filter((l) => l.status !== 'unavailable' && !left.has(l.linea_id))
    .map((l) => lineWithSubstitutes(l, chosen[l.linea_id] ?? {}))
    .filter((l) => l != null);
  const flagged = answer.lines.filter((l) => l.status !== 'ok').length;

  async function addAll() {
    setFailure(null);
    try {
      setAdded(await add.mutateAsync({ lines, cliente: answer.cliente_id }));
    } catch (error) {
      setFailure(apiErrorText(error, t('reorder.addError')));
    }
  }

  if (added) {
    return (
      <Stack gap="md">
        <SuccessAlert>{t('reorder.added', { count: added.added })}</SuccessAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reorder.close')}
          </Button>
          <Button component={Link} to={`/pedido/edit/${added.pedido.id}`}>
            {t('reorder.goToCart')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="reorder-summary">
        {reorderSummary(t, flagged, answer.lines.length)}
      </Text>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {answer.lines.map((line) => (
          <ReorderLineCard
            key={line.linea_id}
            line={line}
            chosen={chosen[line.linea_id] ?? {}}
            onChoose={(group, option) =>
              setChosen((c) => ({ ...c, [line.linea_id]: { ...c[line.linea_id], [group]: option } }))
            }
            included={!left.has(line.linea_id)}
            onInclude={(on) =>
              setLeft((s) => {
                const next = new Set(s);
                if (on) next.delete(line.linea_id);
                else next.add(line.linea_id);
                return next;
              })
            }
          />
        ))}
      </Stack>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          {t('reorder.cancel')}
        </Button>
        <Button
          onClick={() => void addAll()}
          loading={add.isPending}
          disabled={lines.length === 0}
          leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
        >
          {t('reorder.add', { count: lines.length })}
        </Button>
      </Group>
    </Stack>
  );
}
