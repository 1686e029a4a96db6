import { Stack, Text, TextInput } from '@mantine/core';
import { earliestDelivery, madridIsoDay, ORDER_REFERENCE_MAX } from '@nido/contract';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatIsoDay } from '../../../lib/format.ts';
import { messageText } from '../../../lib/messages.ts';
import { DateField } from './DateField.tsx';
import { DeliveryAddressField } from './DeliveryAddressField.tsx';
import { useOrderSettings } from './invoiceApi.ts';
import type { DetailsSaveState, useCheckoutDetails } from './useCheckoutDetails.ts';

/** Today in Madrid, yyyy-MM-dd (the day the lead time counts from). */
function today(): string {
  return madridIsoDay(new Date());
}

/**
 * Checkout's details, kept with the cart as typed (useCheckoutDetails): the delivery address, the
 * shop's reference and the wanted date (from the earliest day the lead time allows), and the sign
 * that says they are kept.
 */
export function CheckoutDetailsFields({
  clienteId,
  checkout,
}: {
  clienteId: number;
  checkout: ReturnType<typeof useCheckoutDetails>;
}) {
  const { t } = useTranslation('orders');
  const { details, errors: detailErrors } = checkout;
  const settings = useOrderSettings();
  // The earliest day the browser's date picker offers (the server checks it again).
  const earliest = settings.data ? earliestDelivery(today(), settings.data.delivery_lead_days) : undefined;
  return (
    <Stack gap="xs" style={{ flex: '1 1 320px' }}>
      <DeliveryAddressField
        clienteId={clienteId}
        value={details.direccion_id}
        onChange={(direccion_id) => {
          checkout.change({ direccion_id });
          checkout.flush();
        }}
        error={messageText(detailErrors.direccion_id) || undefined}
      />
      <TextInput
        label={t('reference')}
        description={`${details.referencia.length}/${ORDER_REFERENCE_MAX}`}
        value={details.referencia}
        maxLength={ORDER_REFERENCE_MAX}
        onChange={(e) => checkout.change({ referencia: e.currentTarget.value })}
        onBlur={checkout.flush}
        error={messageText(detailErrors.referencia) || undefined}
        autoComplete="off"
      />
      <DateField
        label={t('deliveryDate')}
        description={
          earliest ? t('deliveryDateFrom', { date: formatIsoDay(earliest) }) : t('deliveryDateHint')
        }
        value={details.fecha_entrega}
        onChange={(fecha_entrega) => checkout.change({ fecha_entrega })}
        onBlur={checkout.flush}
        error={messageText(detailErrors.fecha_entrega) || undefined}
      />
      <SaveSign state={checkout.state} />
    </Stack>
  );
}

/** The discreet sign that checkout's details are kept with the cart (or could not be). */
function SaveSign({ state }: { state: DetailsSaveState }) {
  const { t } = useTranslation('orders');
  return (
    <Text size="xs" c={state === 'failed' ? 'red.8' : 'dimmed'} role="status" mih={18}>
      {state === 'saving' && t('detailsSaving')}
      {state === 'saved' && (
        <>
          <IconCheck size={12} aria-hidden /> {t('detailsSaved')}
        </>
      )}
      {state === 'failed' && t('detailsNotSaved')}
    </Text>
  );
}
