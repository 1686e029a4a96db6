import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type PedidoAuditRow, STATUS_TRANSITIONS } from '@nido/contract';
import { IconAlertCircle, IconArrowRight, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { canActForClient, isAdmin, useSession } from '../../lib/session.ts';
import { clientMessage } from '../clients/messages.ts';
import { confirmDefaults, notify } from '../clients/ui.tsx';
import { useChangeOrderStatus, useOrderHistory } from './api.ts';

/** Filled badges whose text keeps 4.5:1 (yellow carries dark text through autoContrast). */
const STATUS_COLOR: Record<string, string> = { c: 'gray.7', w: 'yellow.4', p: 'blue.8', e: 'sage.8' };

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

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('clients');
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray.7'} variant="filled" autoContrast size="lg">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function detailsText(row: PedidoAuditRow, t: (key: string, options?: Record<string, unknown>) => string) {
  const d = (row.details && typeof row.details === 'object' ? row.details : {}) as Record<string, unknown>;
  const str = (v: unknown) => (v == null ? '' : String(v));
  switch (row.action) {
    case 'status':
      return `${t(`status.${str(d.from)}`, { defaultValue: str(d.from) })} → ${t(`status.${str(d.to)}`, {
        defaultValue: str(d.to),
      })}`;
    case 'pedido.lineadd':
      return t('orderAdmin.details.lineadd', { modelo: str(d.modelo), unped: str(d.unped) });
    case 'pedido.lineremove':
      return str(d.modelo);
    case 'pedido.savenote':
      return str(d.nota);
    case 'pedido.process':
      return str(d.docum);
    default:
      return Object.entries(d)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : str(v)}`)
        .join(', ');
  }
}

/**
 * The admin's view of one order (default: the route's :id): its status, the status history (who, when), the audit trail (who
 * did what, for which client) and, for an Admin, the status changes w → p, w → e, p → e, each
 * after a confirmation. Renders nothing for client users.
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
  const history = useOrderHistory(pedidoId);
  const change = useChangeOrderStatus(pedidoId);

  function confirmChange(from: string, to: 'p' | 'e') {
    const fromLabel = t(`status.${from}`);
    const toLabel = t(`status.${to}`);
    modals.openConfirmModal({
      ...confirmDefaults(),
      title: t('orderAdmin.confirmTitle'),
      children: <Text size="sm">{t('orderAdmin.confirmBody', { from: fromLabel, to: toLabel })}</Text>,
      labels: { confirm: t('orderAdmin.confirm', { to: toLabel }), cancel: t('cancel') },
      onConfirm: async () => {
        try {
          await change.mutateAsync(to);
          notify({
            color: 'sage',
            icon: <IconCheck size={18} />,
            message: t('orderAdmin.changed', { to: toLabel }),
          });
        } catch (error) {
          const reason = isApiError(error)
            ? (clientMessage(error.fieldError('status')) ?? error.message)
            : t('users.tryAgain');
          notify({
            color: 'red',
            icon: <IconAlertCircle size={18} />,
            title: t('orderAdmin.changeError'),
            message: reason,
          });
        }
      },
    });
  }

  let content: ReactNode;
  if (history.isLoading) {
    content = (
      <Center py="md">
        <Loader aria-label={t('orderAdmin.loading')} />
      </Center>
    );
  } else if (history.isError || !history.data) {
    content = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('orderAdmin.loadError')}</Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else {
    const data = history.data;
    const next = (STATUS_TRANSITIONS[data.status] ?? []) as Array<'p' | 'e'>;
    content = (
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Text size="sm" fw={600}>
              {t('orderAdmin.current')}
            </Text>
            <StatusBadge status={data.status} />
          </Group>
          {canChange && next.length > 0 && (
            <Group gap="xs">
              {next.map((to) => (
                <Button
                  key={to}
                  size="sm"
                  variant={to === next[0] ? 'filled' : 'light'}
                  leftSection={<IconArrowRight size={16} />}
                  loading={change.isPending && change.variables === to}
                  disabled={change.isPending}
                  onClick={() => confirmChange(data.status, to)}
                >
                  {t(`orderAdmin.moveTo.${to}`)}
                </Button>
              ))}
            </Group>
          )}
        </Group>

        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('orderAdmin.history')}
          </Title>
          {data.history.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orderAdmin.noHistory')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing={6} aria-label={t('orderAdmin.history')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orderAdmin.when')}</Table.Th>
                    <Table.Th>{t('orderAdmin.change')}</Table.Th>
                    <Table.Th>{t('orderAdmin.who')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.history.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
                      <Table.Td>
                        {row.from_status
                          ? `${t(`status.${row.from_status}`, { defaultValue: row.from_status })} → `
                          : ''}
                        {t(`status.${row.status}`, { defaultValue: row.status })}
                      </Table.Td>
                      <Table.Td>{row.user ?? t('orderAdmin.unknownUser')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>

        <Stack gap={6}>
          <Title order={3} size="h5">
            {t('orderAdmin.audit')}
          </Title>
          {data.audit.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('orderAdmin.noAudit')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing={6} striped aria-label={t('orderAdmin.audit')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orderAdmin.when')}</Table.Th>
                    <Table.Th>{t('orderAdmin.who')}</Table.Th>
                    <Table.Th>{t('orderAdmin.forClient')}</Table.Th>
                    <Table.Th>{t('orderAdmin.action')}</Table.Th>
                    <Table.Th>{t('orderAdmin.detail')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.audit.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
                      <Table.Td>
                        {row.user ?? t('orderAdmin.unknownUser')}
                        {row.role && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({t(`roles.${row.role}`, { defaultValue: row.role })})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{row.acting_cliente ?? ''}</Table.Td>
                      <Table.Td>
                        {t(`orderAdmin.actions.${row.action}`, { defaultValue: row.action })}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{detailsText(row, t)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      p="lg"
      mt="md"
      maw={1200}
      component="section"
      aria-labelledby={`order-admin-${pedidoId}`}
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={`order-admin-${pedidoId}`}>
          {t('orderAdmin.title')}
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}
