import { Text, Textarea } from '@mantine/core';
import { CANCEL_REASON_MAX, PedidoCancelRequest } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { FormFooter } from '../../../components/FormFooter.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { useContractForm, useFormRequest } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { useCancelOrder } from './bulkApi.ts';

/**
 * The Admin cancels a pending order (w → x, record 057): a dialog asking the reason (required, at most
 * CANCEL_REASON_MAX characters, the contract's check), which the shop reads in its mail and in the
 * order's history. Its texts are the lazy `orders` namespace's (the Admin's only).
 */
export function CancelOrderDialog({
  pedidoId,
  docum,
  opened,
  onClose,
}: {
  pedidoId: number;
  docum: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const cancel = useCancelOrder(pedidoId);
  const form = useContractForm({
    initialValues: { reason: '' },
    schema: PedidoCancelRequest,
    input: (values) => ({ pedido_id: pedidoId, reason: values.reason }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const { submit, failure } = useFormRequest(form, {
    send: async ({ reason }) => {
      await cancel.mutateAsync(reason);
      notifySuccess(t('cancelOrder.cancelled'));
      close();
    },
    failureOf: (error, fields) =>
      Object.keys(fields).length ? null : apiErrorText(error, t('cancelOrder.cancelError')),
  });
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('cancelOrder.cancelTitle', { docum })}
      onSubmit={submit}
    >
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Text size="sm">{t('cancelOrder.cancelBody')}</Text>
      <Textarea
        label={t('cancelOrder.reason')}
        description={t('cancelOrder.reasonDescription')}
        required
        autosize
        minRows={3}
        maxLength={CANCEL_REASON_MAX}
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <FormFooter
        submitLabel={t('cancelOrder.cancelConfirm')}
        loading={cancel.isPending}
        onCancel={close}
        cancelLabel={t('cancelOrder.keep')}
      />
    </FormModal>
  );
}
