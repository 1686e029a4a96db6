import { Text } from '@mantine/core';
import { LineSheetSendRequest } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { useContractForm, useFormRequest } from '../../lib/forms.ts';
import { apiErrorText } from '../../lib/messages.ts';
import { useSendLineSheet } from './lineSheetApi.ts';

/**
 * Staff mail a client its line sheet: to an address typed here, or, left empty, to the client's
 * users (each in their language; the server decides and answers who got it).
 */
export function SendLineSheetModal({
  coleccionId,
  season,
  cliente,
  onClose,
}: {
  coleccionId: number;
  season: string;
  cliente: { id: number; nomcome: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('lineSheet');
  const sendSheet = useSendLineSheet(coleccionId);
  const form = useContractForm<{ email: string }, LineSheetSendRequest>({
    initialValues: { email: '' },
    schema: LineSheetSendRequest,
    input: ({ email }) => ({ cliente: cliente.id, ...(email.trim() ? { email: email.trim() } : {}) }),
  });
  const { submit, failure } = useFormRequest(form, {
    send: async (request) => {
      const answer = await sendSheet.mutateAsync(request);
      notifySuccess(t('sent', { to: answer.destinatarios.join(', ') }));
      onClose();
    },
    failureOf: (error, fieldErrors) =>
      Object.keys(fieldErrors).length === 0 ? apiErrorText(error, t('sendError')) : null,
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('sendTitle', { season, client: cliente.nomcome })}
      onSubmit={submit}
    >
      {failure !== null && (
        <ErrorAlert>
          <Text size="sm">{failure}</Text>
        </ErrorAlert>
      )}
      <EmailField form={form} label={t('email')} autoComplete="email" data-autofocus />
      <QuietText>{t('emailHint')}</QuietText>
      <FormFooter
        submitLabel={t('sendSubmit')}
        loading={form.submitting}
        onCancel={onClose}
        cancelLabel={t('cancel')}
      />
    </FormModal>
  );
}
