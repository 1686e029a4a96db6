import { Text, Textarea } from '@mantine/core';
import { CANCEL_REASON_MAX, PedidoCancelRequest } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { FormFooter } from '../../../components/FormFooter.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { useContractForm, useFormRequest } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { useCancelOrder } from './adminApi.ts';

/**
 * The Admin cancels a pending order (w → x, record 057): a dialog asking the reason (required, at most
 * CANCEL_REASON_MAX characters, the contract's check), which the shop reads in its mail and in the
 * order's history.
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
  const { t } = useTranslation('clients');
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
      notifySuccess(t('orderAdmin.cancelled'));
      close();
    },
    failureOf: (error, fields) =>
      Object.keys(fields).length ? null : apiErrorText(error, t('orderAdmin.cancelError')),
  });
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('orderAdmin.cancelTitle', { docum })}
      onSubmit={submit}
    >
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Text size="sm">{t('orderAdmin.cancelBody')}</Text>
      <Textarea
        label={t('orderAdmin.reason')}
        description={t('orderAdmin.reasonDescription')}
        required
        autosize
        minRows={3}
        maxLength={CANCEL_REASON_MAX}
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <FormFooter
        submitLabel={t('orderAdmin.cancelConfirm')}
        loading={cancel.isPending}
        onCancel={close}
        cancelLabel={t('orderAdmin.keep')}
      />
    </FormModal>
  );
}
