import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { deliveryAddressLines, type Order, type SubmitConfirmation } from '@nido/contract';
import { IconCircleCheck, IconFileInvoice, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorAlert, SuccessAlert, WarningAlert } from '../../../components/Alerts.tsx';
import { confirmAction } from '../../../components/confirm.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { BackLink } from '../../../components/PageFrame.tsx';
import { SkeletonStack } from '../../../components/Skeletons.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDate, formatIsoDay } from '../../../lib/format.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { canActForClient, isAdmin, useSession } from '../../../lib/session.ts';
import { useLang } from '../../../lib/useLang.ts';
import { downloadOrderDocument, useOrder } from './api.ts';
import { DocumentSheet } from './DocumentSheet.tsx';
import { deliveryWindowText } from './deliveryText.ts';
import { downloadInvoiceDocument, useInvoiceOrder } from './invoiceApi.ts';
import { LinesTable } from './LinesTable.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import { ReorderButton } from './ReorderButton.tsx';
import { InvoicedBadge, StatusBadge } from './status.tsx';

/** dd/MM/yyyy HH:mm in Europe/Madrid (history entries). */
function dateTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const time = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
  return `${formatDate(d)} ${time}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The order's lines, then its totals (base, taxes, total) in a box on the right. */
function LinesWithTotal({
  order,
  caption,
  totalLabel,
}: {
  order: Order;
  caption: string;
  totalLabel: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <>
      <Paper withBorder p={0}>
        <LinesTable lines={order.detalle} caption={caption} />
      </Paper>
      <Group justify="flex-end">
        <Paper withBorder p="md" miw={280} component="section" aria-label={t('totals')}>
          <OrderTotals order={order} totalLabel={totalLabel} />
        </Paper>
      </Group>
    </>
  );
}

/**
 * An order read-only: as an order (/pedido/{id}: header, lines, totals, status history) or as an
 * invoice (/facturas/{id}: the same data laid out as a document with a print button).
 */
export function OrderView({ kind }: { kind: 'order' | 'invoice' }) {
  const { t } = useTranslation('orders');
  const params = useParams();
  const id = Number(params.id);
  const order = useOrder(id);
  // A malformed id (/pedido/abc) asks nothing: it is "not found" at once, not a wait for ever.
  const validId = Number.isInteger(id) && id > 0;
  const location = useLocation();
  // Set by the cart's submission (OrderEditPage): the one message that says it went, and to whom.
  const state = location.state as { submitted?: boolean; confirmacion?: SubmitConfirmation | null } | null;
  const submitted = state?.submitted === true;
  const listPath = kind === 'order' ? '/pedido/list' : '/facturas/list';

  return (
    <>
      <Stack gap="md" maw={1200} className="nido-screen-only">
        <BackLink to={listPath}>{kind === 'order' ? t('backToOrders') : t('backToInvoices')}</BackLink>
        {validId && order.isPending && (
          <SkeletonStack label={t('loading')} rows={[[32, '40%'], 80, 160]} gap="sm" />
        )}
        {(!validId || order.isError) && (
          <ErrorAlert>
            {!validId || (isApiError(order.error) && order.error.status === 404)
              ? t(kind === 'order' ? 'orderNotFound' : 'invoiceNotFound')
              : t('orderLoadError')}
          </ErrorAlert>
        )}
        {order.data && (
          <>
            {submitted && kind === 'order' && (
              <SuccessAlert icon={<IconCircleCheck size={18} />}>
                {order.data.lote.length > 1
                  ? t('submittedSplit', {
                      count: order.data.lote.length,
                      docums: order.data.lote.map((o) => o.docum).join(', '),
                    })
                  : t('submittedBody', { docum: order.data.docum ?? order.data.id })}
                {state?.confirmacion && ` ${mailedText(state.confirmacion, t)}`}
              </SuccessAlert>
            )}
            {kind === 'order' ? <OrderBody order={order.data} /> : <InvoiceBody order={order.data} />}
          </>
        )}
      </Stack>
      {order.data && order.data.status !== 'c' && (kind === 'order' || order.data.factura) && (
        <DocumentSheet order={order.data} kind={kind === 'order' ? 'confirmation' : 'invoice'} />
      )}
    </>
  );
}

/** Who the submission's confirmation went to: the client's addresses and the copy to the staff member. */
function mailedText({ destinatarios, copia }: SubmitConfirmation, t: TFunction<'orders'>): string {
  const to = destinatarios.join(', ');
  if (to) return copia ? t('mailedToWithCopy', { to }) : t('mailedTo', { to });
  return copia ? t('mailedCopyOnly') : t('mailedNobody');
}

/** Prints the screen's document: its print view (DocumentSheet) alone, on A4. */
function PrintButton() {
  const { t } = useTranslation('orders');
  return (
    <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
      {t('print.button')}
    </Button>
  );
}

/**
 * Downloads the order's confirmation, or its invoice, as a PDF in the screen's language; progress
 * on the button.
 */
function DocumentButton({ order, invoice = false }: { order: Order; invoice?: boolean }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      if (invoice && order.factura) {
        await downloadInvoiceDocument(order.factura.id, lang, `${order.factura.numero}.pdf`);
      } else {
        await downloadOrderDocument(order.id, lang, `${order.docum ?? order.id}.pdf`);
      }
    } catch (error) {
      notifyError(apiErrorText(error, t('documentError')));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypePdf size={18} />}
      onClick={() => void download()}
      loading={downloading}
    >
      {invoice ? t('downloadInvoice') : t('downloadDocument')}
    </Button>
  );
}

function OrderBody({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('orderTitle', { docum: order.docum ?? order.id })}
        </Title>
        <Group gap="xs">
          {order.status !== 'c' && <ReorderButton order={order} />}
          <PrintButton />
          <DocumentButton order={order} />
        </Group>
      </Group>
      <InvoiceState order={order} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Field label={t('docum')}>{order.docum ?? '—'}</Field>
          <Field label={t('date')}>{order.fecha || formatDate(order.fecha_pedido)}</Field>
          <Field label={t('client')}>{order.cliente}</Field>
          <Field label={t('status.label')}>
            <Group gap={4}>
              <StatusBadge status={order.status} />
              <InvoicedBadge numero={order.factura?.numero} />
            </Group>
          </Field>
          {order.referencia && <Field label={t('reference')}>{order.referencia}</Field>}
          {order.fecha_entrega && (
            <Field label={t('requestedDelivery')}>{formatIsoDay(order.fecha_entrega)}</Field>
          )}
          {(order.entrega_desde || order.entrega_hasta) && (
            <Field label={t('orderDelivery')}>{deliveryWindowText(t, order)}</Field>
          )}
          {order.lote.length > 1 && (
            // Submitted from one cart split by delivery window (record 054): the others, linked.
            <Field label={t('submittedTogether')}>
              <Group gap="xs">
                {order.lote
                  .filter((o) => o.id !== order.id)
                  .map((o) => (
                    <Anchor key={o.id} component={Link} to={`/pedido/${o.id}`} size="sm">
                      {o.docum}
                    </Anchor>
                  ))}
              </Group>
            </Field>
          )}
        </SimpleGrid>
        {order.entrega && <DeliveryAddress order={order} />}
        {order.nota && (
          <Stack gap={2} mt="md">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('orderNote')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.nota}
            </Text>
          </Stack>
        )}
      </Paper>
      <LinesWithTotal order={order} caption={t('orderLines')} totalLabel={t('total')} />
      {/* Staff read the history in the order's administration panel (OrderAdminPanel): one section. */}
      {!canActForClient(user) && order.history && order.history.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="history-title">
          <Title order={2} size="h4" mb="sm" id="history-title">
            {t('history')}
          </Title>
          <Timeline active={order.history.length - 1} bulletSize={16} lineWidth={2}>
            {order.history.map((h) => (
              <Timeline.Item
                key={`${h.at}-${h.status}`}
                title={t(`status.${h.status}`, { defaultValue: h.status })}
              >
                <Text size="xs" c="dimmed">
                  {dateTime(h.at)}
                  {h.user ? ` · ${h.user}` : ''}
                </Text>
                {h.reason && (
                  <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                    {t('historyReason', { reason: h.reason })}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      )}
    </>
  );
}

/** The invoice form of an order (there is no separate invoice data: product.md §4 /facturas/{id}). */
function InvoiceBody({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {order.factura ? t('invoiceTitle', { numero: order.factura.numero }) : t('invoicesTitle')}
        </Title>
        {order.factura && (
          <Group gap="xs">
            <PrintButton />
            <DocumentButton order={order} invoice />
          </Group>
        )}
      </Group>
      {!order.factura && <WarningAlert>{t('notInvoicedYet')}</WarningAlert>}
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('billedTo')}
            </Text>
            <Text fw={700} size="lg">
              {order.cliente}
            </Text>
          </Stack>
          <SimpleGrid cols={2} spacing="sm">
            <Field label={t('invoiceNumber')}>{order.factura?.numero ?? '—'}</Field>
            <Field label={t('date')}>{order.factura ? formatIsoDay(order.factura.fecha) : '—'}</Field>
            <Field label={t('docum')}>
              <Anchor component={Link} to={`/pedido/${order.id}`}>
                {order.docum}
              </Anchor>
            </Field>
            {order.referencia && <Field label={t('reference')}>{order.referencia}</Field>}
          </SimpleGrid>
        </SimpleGrid>
        {order.entrega && <DeliveryAddress order={order} />}
      </Paper>
      <LinesWithTotal order={order} caption={t('invoiceLines')} totalLabel={t('invoiceTotal')} />
    </>
  );
}

/** The delivery address the order went to (its copy, as submitted). */
function DeliveryAddress({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  if (!order.entrega) return null;
  return (
    <Stack gap={2} mt="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('deliveryAddress')}
      </Text>
      <Text size="sm" data-testid="order-delivery-address">
        {deliveryAddressLines(order.entrega).join(', ')}
      </Text>
    </Stack>
  );
}

/**
 * Whether the order is invoiced: its invoice's number and date, linked to the invoice; else, for
 * the Admin, the button that invoices it (the next number of the year, dated today).
 */
function InvoiceState({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const invoice = useInvoiceOrder(order.id);
  // A cart is not an order yet; a cancelled order is none any more (never invoiced: only a pending
  // order is cancelled, and invoicing processes it).
  if (order.status === 'c' || order.status === 'x') return null;
  if (order.factura) {
    return (
      <Text size="sm">
        <Anchor component={Link} to={`/facturas/${order.id}`}>
          {t('invoicedAs', { numero: order.factura.numero, date: formatIsoDay(order.factura.fecha) })}
        </Anchor>
      </Text>
    );
  }
  if (!isAdmin(user)) return null;
  async function run() {
    const ok = await confirmAction({
      title: t('invoiceOrder'),
      message: t('invoiceConfirm', { docum: order.docum }),
      confirmLabel: t('invoiceOrder'),
      danger: false,
    });
    if (!ok) return;
    try {
      const answer = await invoice.mutateAsync();
      notifySuccess(t('invoiced', { numero: answer.data.numero }));
    } catch (error) {
      notifyError(apiErrorText(error, t('invoiceError')));
    }
  }
  return (
    <Group>
      <Button
        variant="light"
        leftSection={<IconFileInvoice size={18} />}
        onClick={() => void run()}
        loading={invoice.isPending}
      >
        {t('invoiceOrder')}
      </Button>
    </Group>
  );
}
