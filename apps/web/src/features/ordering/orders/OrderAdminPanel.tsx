import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CANCELLABLE_STATUSES, type PedidoHistoryResponse, STATUS_TRANSITIONS } from '@nido/contract';
import { IconArrowRight, IconBan, IconLayoutGrid } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { QuietText } from '../../../components/QuietText.tsx';
import { QuerySection } from '../../../components/SectionCard.tsx';
import { DataTable } from '../../../components/TableParts.tsx';
import { formatDate } from '../../../lib/format.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { canActForClient, isAdmin, useSession } from '../../../lib/session.ts';
import { activityText } from './activity.ts';
import { useChangeOrderStatus, useOrderHistory } from './adminApi.ts';
import { useOrder } from './api.ts';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';

/** Filled badges whose text keeps 4.5:1 (yellow carries dark text through autoContrast). */
const STATUS_COLOR: Record<string, string> = {
  c: 'gray.7',
  w: 'yellow.4',
  p: 'blue.8',
  e: 'sage.8',
  x: 'red.8',
};

const timeFormat = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/MM/yyyy HH:mm in the portal's time zone. */
function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${formatDate(date)} ${timeFormat.format(date)}`;
}

/** The order's status, filled (the order screens' own badge is the light one of status.tsx). */
function AdminStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('clients');
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray.7'} variant="filled" autoContrast size="lg">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/**
 * A titled table of the panel (h3), one row per thing that happened to the order, its time first;
 * or the sentence saying nothing did.
 */
function EventTable<Row extends { id: number; at: string }>({
  title,
  empty,
  minWidth,
  striped,
  columns,
  longText,
  rows,
  cells,
}: {
  title: string;
  /** Said instead of the table when there are no rows. */
  empty: string;
  minWidth: number;
  striped?: boolean;
  /** The headers after "When". */
  columns: string[];
  /** Which of `columns` hold free text, from 0 (on a phone a long value goes under its name). */
  longText?: number[];
  rows: Row[];
  /** A row's cells after its time. */
  cells: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation('clients');
  const head = [t('orderAdmin.when'), ...columns].map((column) => <Table.Th key={column}>{column}</Table.Th>);
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <QuietText>{empty}</QuietText>
      ) : (
        <DataTable
          minWidth={minWidth}
          // On a phone each event is a card: its time, then each column named (a long detail under
          // its name). Columns count from 1, the time first.
          stacked={{ labels: [null, ...columns], title: 1, longText: longText?.map((i) => i + 2) }}
          verticalSpacing={6}
          striped={striped}
          aria-label={title}
          head={head}
        >
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
              {cells(row)}
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

/**
 * The admin's view of one order (default: the route's :id): its status, the status history (who, when), the activity
 * log (who did what, a sentence each) and, for an Admin, the status changes w → p, w → e, p → e, each
 * after a confirmation, the cancellation of a pending order (w → x) with its reason, and a link to
 * the order's production sheet. Renders nothing for client users, and nothing until the order itself has
 * loaded: an order that is missing or foreign (a representative opening another's client's) is said
 * once, by the order's own view, never again here with a Retry.
 */
export default function OrderAdminPanel({ pedidoId }: { pedidoId?: number }) {
  const { user } = useSession();
  const params = useParams();
  const id = pedidoId ?? Number(params.id);
  if (!canActForClient(user) || !Number.isInteger(id) || id <= 0) return null;
  return <Panel pedidoId={id} canChange={isAdmin(user)} />;
}

function Panel({ pedidoId, canChange }: { pedidoId: number; canChange: boolean }) {
  const { t } = useTranslation('clients');
  // The cancellation's texts: the order screens' lazy namespace, not the entry's (bundle budget).
  const { t: tOrders } = useTranslation('orders');
  // The same query as the order's view (one request); the history's is asked beside it.
  const order = useOrder(pedidoId);
  const history = useOrderHistory(pedidoId);
  const change = useChangeOrderStatus(pedidoId);
  const [cancelling, setCancelling] = useState(false);
  if (!order.isSuccess) return null;

  async function confirmChange(from: string, to: 'p' | 'e') {
    const fromLabel = t(`status.${from}`);
    const toLabel = t(`status.${to}`);
    const confirmed = await confirmAction({
      title: t('orderAdmin.confirmTitle'),
      message: t('orderAdmin.confirmBody', { from: fromLabel, to: toLabel }),
      confirmLabel: t('orderAdmin.confirm', { to: toLabel }),
      danger: false,
    });
    if (!confirmed) return;
    try {
      await change.mutateAsync(to);
      notifySuccess(t('orderAdmin.changed', { to: toLabel }));
    } catch (error) {
      const reason = apiErrorText(error, t('users.tryAgain'));
      notifyError(reason, { title: t('orderAdmin.changeError') });
    }
  }

  const content = (data: PedidoHistoryResponse['data']) => {
    const next = (STATUS_TRANSITIONS[data.status] ?? []) as Array<'p' | 'e'>;
    const cancellable = CANCELLABLE_STATUSES.includes(data.status);
    return (
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {t('orderAdmin.current')}
            </Text>
            <AdminStatusBadge status={data.status} />
            {canChange && (
              <Button
                component={Link}
                to={`/pedido/produccion?pedido=${pedidoId}`}
                variant="subtle"
                size="sm"
                leftSection={<IconLayoutGrid size={16} aria-hidden />}
              >
                {t('orderAdmin.productionSheet')}
              </Button>
            )}
          </Group>
          {canChange && (next.length > 0 || cancellable) && (
            <Group gap="xs">
              {next.map((to) => (
                <Button
                  key={to}
                  size="sm"
                  variant={to === next[0] ? 'filled' : 'light'}
                  leftSection={<IconArrowRight size={16} />}
                  loading={change.isPending && change.variables === to}
                  disabled={change.isPending}
                  onClick={() => void confirmChange(data.status, to)}
                >
                  {t(`orderAdmin.moveTo.${to}`)}
                </Button>
              ))}
              {cancellable && (
                <Button
                  size="sm"
                  variant="outline"
                  color="red.9"
                  leftSection={<IconBan size={16} />}
                  disabled={change.isPending}
                  onClick={() => setCancelling(true)}
                >
                  {tOrders('cancelOrder.cancel')}
                </Button>
              )}
            </Group>
          )}
        </Group>

        <EventTable
          title={t('orderAdmin.history')}
          empty={t('orderAdmin.noHistory')}
          minWidth={480}
          columns={[t('orderAdmin.change'), t('orderAdmin.who'), t('orderAdmin.reason')]}
          longText={[2]}
          rows={data.history}
          cells={(row) => (
            <>
              <Table.Td>
                {row.from_status
                  ? `${t(`status.${row.from_status}`, { defaultValue: row.from_status })} → `
                  : ''}
                {t(`status.${row.status}`, { defaultValue: row.status })}
              </Table.Td>
              <Table.Td>{row.user ?? t('orderAdmin.unknownUser')}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason ?? ''}</Table.Td>
            </>
          )}
        />

        <EventTable
          title={t('orderAdmin.audit')}
          empty={t('orderAdmin.noAudit')}
          minWidth={480}
          striped
          columns={[t('orderAdmin.entry')]}
          longText={[0]}
          rows={data.audit}
          cells={(row) => <Table.Td style={{ overflowWrap: 'anywhere' }}>{activityText(row, t)}</Table.Td>}
        />
      </Stack>
    );
  };

  return (
    <Paper
      withBorder
      p="lg"
      mt="md"
      maw={1200}
      component="section"
      aria-labelledby={`order-admin-${pedidoId}`}
    >
      <QuerySection
        title={t('orderAdmin.title')}
        titleId={`order-admin-${pedidoId}`}
        query={history}
        loadingLabel={t('orderAdmin.loading')}
        errorMessage={t('orderAdmin.loadError')}
      >
        {() => history.data && content(history.data)}
      </QuerySection>
      {canChange && (
        <CancelOrderDialog
          pedidoId={pedidoId}
          docum={order.data.docum ?? `#${pedidoId}`}
          opened={cancelling}
          onClose={() => setCancelling(false)}
        />
      )}
    </Paper>
  );
}
