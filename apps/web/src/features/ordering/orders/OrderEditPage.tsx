import { Anchor, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { ORDER_NOTE_MAX, type Order, type OrderLine } from '@nido/contract';
import { IconSend, IconShoppingCartOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert, WarningAlert } from '../../../components/Alerts.tsx';
import { confirmAction } from '../../../components/confirm.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SkeletonStack } from '../../../components/Skeletons.tsx';
import { apiFieldErrors } from '../../../lib/fieldErrors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { canActForClient, useSession } from '../../../lib/session.ts';
import {
  type DeliveryDetails,
  primaryLines,
  useCart,
  useChangeCollection,
  useChangeQuantity,
  useRemoveClosedLines,
  useRemoveLine,
  useSaveNote,
} from '../cart/api.ts';
import { useLineEditor } from '../line-editor/useLineEditor.tsx';
import { useSubmitCart } from './api.ts';
import { CheckoutDetailsFields } from './CheckoutDetailsFields.tsx';
import { DeliveriesPanel } from './DeliveriesPanel.tsx';
import { outOfWindow } from './deliveryText.ts';
import { LinesTable } from './LinesTable.tsx';
import { OrderMinimumNotice } from './OrderMinimumNotice.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import { useCheckoutDetails } from './useCheckoutDetails.ts';

/** The submission's fields the checkout shows its errors beside. */
const CHECKOUT_FIELDS = ['referencia', 'fecha_entrega', 'direccion_id'];

/**
 * /pedido/edit/{id} (product.md §4): the cart of client `id` (the chosen client for an Admin, else the
 * user's own): every line, its quantity changed in place, Edit (the configurator, prefilled; saving
 * replaces the line), remove with confirmation, the order note, totals and submission.
 */
export default function OrderEditPage() {
  const { t } = useTranslation('orders');
  const params = useParams();
  const clienteId = Number(params.id);
  const valid = Number.isInteger(clienteId) && clienteId > 0;
  const cart = useCart(valid ? clienteId : -1);

  if (!valid) {
    return <ErrorAlert>{t('cartNotFound')}</ErrorAlert>;
  }

  return (
    <PageFrame title={t('editTitle')} titleSize="h2" maw={1200}>
      <QueryState
        query={cart}
        loading={<SkeletonStack label={t('loading')} rows={[[28, '40%'], 64, 64]} gap="sm" />}
        errorMessage={t('cartLoadError')}
        notFoundMessage={t('cartNotFound')}
      >
        {(data) => <CartEditor cart={data} clienteId={clienteId} />}
      </QueryState>
    </PageFrame>
  );
}

function CartEditor({ cart, clienteId }: { cart: Order; clienteId: number }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const [note, setNote] = useState(cart.nota ?? '');
  const [savedNote, setSavedNote] = useState(cart.nota ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const lineEditor = useLineEditor();
  const checkout = useCheckoutDetails(clienteId, cart);
  // Each delivery's own reference and date when the cart splits (record 054): sent on submission.
  const [deliveries, setDeliveries] = useState<Record<string, DeliveryDetails>>({});
  const primaries = primaryLines(cart);
  const closed = cart.detalle.filter(outOfWindow);
  const staff = canActForClient(useSession().user);
  const orders = Math.max(cart.entregas.length, 1);
  const units = primaries.reduce((sum, l) => sum + l.unped, 0);

  const changeQuantity = useChangeQuantity(clienteId, cart.id, {
    onSuccess: () => notifySuccess(t('quantityChanged')),
    onError: (error) => setProblem(apiErrorText(error, t('quantityError'))),
  });

  const remove = useRemoveLine(clienteId, cart.id, {
    onSuccess: () => notifySuccess(t('lineDeleted')),
    onError: (error) => setProblem(apiErrorText(error, t('removeError'))),
  });

  const changeCollection = useChangeCollection(clienteId, cart.id, {
    onSuccess: () => notifySuccess(t('collectionChanged')),
    onError: (error) => setProblem(apiErrorText(error, t('collectionError'))),
  });

  const removeClosed = useRemoveClosedLines(clienteId, cart.id, {
    onSuccess: () => notifySuccess(t('closedRemoved')),
    onError: (error) => setProblem(apiErrorText(error, t('removeClosedError'))),
  });

  const saveNote = useSaveNote(clienteId, cart.id, { onSuccess: (_cart, nota) => setSavedNote(nota) });

  const submit = useSubmitCart(clienteId, cart.id, {
    // A note typed but not saved yet goes first.
    prepare: async () => {
      checkout.submitting();
      if (note !== savedNote) await saveNote.mutateAsync(note);
    },
    // One confirmation: the order's page says it was submitted and who was mailed (no toast besides).
    onSuccess: ({ pedido, confirmacion }) => {
      navigate(`/pedido/${pedido.id}`, { state: { submitted: true, confirmacion } });
    },
    onError: (error) => {
      const fields = apiFieldErrors(error);
      checkout.setErrors(fields);
      // A refusal no checkout field shows (the order minimum, no lines) goes to the alert on top.
      const elsewhere = Object.entries(fields).find(([field]) => !CHECKOUT_FIELDS.includes(field));
      if (elsewhere) setProblem(messageText(elsewhere[1]));
      else setProblem(Object.keys(fields).length ? null : apiErrorText(error, t('submitError')));
    },
  });

  async function confirmRemove(line: OrderLine) {
    setProblem(null);
    const confirmed = await confirmAction({
      title: t('removeTitle'),
      message: t('removeConfirm', { modelo: line.modelo.modelo }),
      confirmLabel: t('remove'),
    });
    if (confirmed) remove.mutate(line);
  }

  function edit(line: OrderLine) {
    setProblem(null);
    lineEditor.open({
      modelo: line.modelo.modelo,
      preset: {
        parametros_color: line.parametros_color,
        parametros_bordado: line.parametros_bordado,
        nota: line.nota,
        cantidad: line.unped,
      },
      replacing: { pedidoId: cart.id, lineaId: line.id },
      // The line keeps the collection (and so the delivery) it was ordered through.
      coleccion: line.coleccion?.id ?? null,
    });
  }

  async function confirmSubmit() {
    setProblem(null);
    const confirmed = await confirmAction({
      title: t('submitTitle'),
      message:
        orders > 1
          ? t('submitConfirmSplit', { count: orders, total: formatMoney(cart.impuestos.total) })
          : t('submitConfirm', { count: primaries.length, total: formatMoney(cart.impuestos.total) }),
      confirmLabel: t('submitOrder'),
      danger: false,
    });
    if (confirmed) submit.mutate({ ...checkout.details, entregas: deliveries });
  }

  if (cart.detalle.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm">
          <IconShoppingCartOff size={40} aria-hidden />
          <Text fw={600}>{t('emptyCart')}</Text>
          <Anchor component={Link} to="/">
            {t('goShopping')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('cartOf', { cliente: cart.cliente })}</Text>
      {problem && (
        <ErrorAlert withCloseButton onClose={() => setProblem(null)} closeButtonLabel={t('close')}>
          {problem}
        </ErrorAlert>
      )}
      {closed.length > 0 && (
        <WarningAlert>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('closedLines', { count: closed.length })} {staff && t('closedLinesStaff')}
            </Text>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => removeClosed.mutate()}
              loading={removeClosed.isPending}
            >
              {t('removeClosed')}
            </Button>
          </Stack>
        </WarningAlert>
      )}
      <Paper withBorder p={0}>
        <LinesTable
          lines={cart.detalle}
          onRemove={(line) => void confirmRemove(line)}
          removingId={remove.isPending ? (remove.variables?.id ?? null) : null}
          onEdit={edit}
          onQuantity={(line, cantidad) => {
            setProblem(null);
            changeQuantity.mutate({ line, cantidad });
          }}
          changingId={changeQuantity.isPending ? (changeQuantity.variables?.line.id ?? null) : null}
          onCollection={(line, coleccion) => {
            setProblem(null);
            changeCollection.mutate({ line, coleccion });
          }}
          caption={t('cartLines')}
        />
      </Paper>

      <DeliveriesPanel
        cart={cart}
        values={deliveries}
        onChange={(clave, patch) =>
          setDeliveries((all) => ({
            ...all,
            [clave]: { ...(all[clave] ?? { referencia: '', fecha_entrega: '' }), ...patch },
          }))
        }
        errors={checkout.errors}
      />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="xs" style={{ flex: '1 1 260px' }}>
          <Textarea
            label={t('orderNote')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value.slice(0, ORDER_NOTE_MAX))}
            maxLength={ORDER_NOTE_MAX}
            autosize
            minRows={2}
            maxRows={6}
            description={`${note.length}/${ORDER_NOTE_MAX}`}
            error={saveNote.isError ? t('noteError') : undefined}
          />
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => saveNote.mutate(note)}
              loading={saveNote.isPending}
              disabled={note === savedNote}
            >
              {t('saveNote')}
            </Button>
            {saveNote.isSuccess && note === savedNote && (
              <Text size="sm" c="sage.8" role="status">
                {t('noteSaved')}
              </Text>
            )}
          </Group>
        </Stack>
        {/* The widest of the three: an address's name shows whole in its field. */}
        <CheckoutDetailsFields clienteId={clienteId} checkout={checkout} />
        <Paper
          withBorder
          p="md"
          // Beside the form from a tablet up; below it, as wide as a phone is.
          style={{ flex: '1 1 320px', maxWidth: 380 }}
          aria-label={t('totals')}
          component="section"
        >
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm">{t('linesCount')}</Text>
              <Text size="sm" fw={600}>
                {primaries.length}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm">{t('unitsCount')}</Text>
              <Text size="sm" fw={600}>
                {units}
              </Text>
            </Group>
            <OrderTotals order={cart} />
            <OrderMinimumNotice order={cart} />
            <Button
              mt="sm"
              size="md"
              leftSection={<IconSend size={18} />}
              onClick={() => void confirmSubmit()}
              loading={submit.isPending}
              fullWidth
            >
              {orders > 1 ? t('submitOrders', { count: orders }) : t('submitOrder')}
            </Button>
          </Stack>
        </Paper>
      </Group>
      {lineEditor.dialog}
    </Stack>
  );
}
