import { NativeSelect, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import {
  type ClienteUser,
  ClienteUserCreateRequest,
  ClienteUserUpdateRequest,
  type Language,
  MSG,
} from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { NewPasswordFields } from '../../components/PasswordField.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { useContractForm, useFormRequest } from '../../lib/forms.ts';
import { LANGUAGE_OPTIONS } from '../../lib/languages.ts';
import { apiErrorText } from '../../lib/messages.ts';

export interface ClientUserValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  language: Language;
  active: boolean;
}

interface ClientUserModalProps {
  opened: boolean;
  onClose: () => void;
  clienteId: number;
  /** The user being edited; absent for a new user. */
  user?: ClienteUser;
  /** Sends the validated payload; resolves on success, rejects with the server's answer. */
  onSave: (values: ClientUserValues) => Promise<unknown>;
}

/** Add or edit a client user (product.md §8 POST/PUT clienteUsers); errors stay under their field. */
export function ClientUserModal({ opened, onClose, clienteId, user, onSave }: ClientUserModalProps) {
  const { t } = useTranslation('clients');
  const editing = user != null;
  const form = useContractForm<ClientUserValues, unknown>({
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      password_confirmation: '',
      language: user?.language ?? 'es',
      active: user?.active ?? true,
    },
    schema: editing ? ClienteUserUpdateRequest : ClienteUserCreateRequest,
    input: (values) => (editing ? values : { ...values, cliente_id: clienteId }),
    rules: ({ password, password_confirmation }) =>
      (password || !editing) && password !== password_confirmation
        ? { password_confirmation: MSG.passwordsMismatch }
        : {},
  });

  const { submit, failure } = useFormRequest(form, {
    send: (_request, values) => onSave(values),
    failureOf: (error, fieldErrors) =>
      Object.keys(fieldErrors).length === 0 ? apiErrorText(error, '') : null,
  });

  const title = editing ? t('users.editTitle', { name: user.name }) : t('users.addTitle');

  return (
    <FormModal opened={opened} onClose={onClose} title={title} onSubmit={submit}>
      {(failure !== null || form.hasErrors) && (
        <ErrorAlert>
          {failure !== null ? t('users.saveError') : t('detail.fixErrors')}
          {failure && (
            <Text size="xs" c="dimmed" mt={4}>
              {failure}
            </Text>
          )}
        </ErrorAlert>
      )}
      <TextInput
        label={t('users.name')}
        autoComplete="off"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <EmailField form={form} label={t('fields.email')} autoComplete="off" required />
      {editing && <QuietText>{t('users.passwordHint')}</QuietText>}
      <SimpleGrid cols={2}>
        <NewPasswordFields
          form={form}
          label={editing ? t('users.newPassword') : t('users.password')}
          confirmationLabel={t('users.confirmation')}
          required={!editing}
        />
      </SimpleGrid>
      <NativeSelect
        label={t('users.language')}
        data={LANGUAGE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
        {...form.getInputProps('language')}
      />
      <Switch
        label={t('users.active')}
        description={t('users.activeHint')}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
      <FormFooter
        submitLabel={editing ? t('users.saveChanges') : t('users.create')}
        loading={form.submitting}
        onCancel={onClose}
        cancelLabel={t('cancel')}
        mt="sm"
      />
    </FormModal>
  );
}
