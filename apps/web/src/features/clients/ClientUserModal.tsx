import { Group, Modal, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  type ClienteUser,
  ClienteUserCreateRequest,
  ClienteUserUpdateRequest,
  type Language,
  MSG,
} from '@nido/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { closeButtonProps } from '../../components/notify.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { isApiError } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { LANGUAGE_OPTIONS } from '../../lib/languages.ts';
import { clientMessage } from '../../lib/messages.ts';
import { useFormFields } from '../../lib/useFormFields.ts';

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { values, set, bind } = useFormFields<ClientUserValues>(
    () => ({
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      password_confirmation: '',
      language: user?.language ?? 'es',
      active: user?.active ?? true,
    }),
    { errors, message: clientMessage },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = editing
      ? ClienteUserUpdateRequest.safeParse(values)
      : ClienteUserCreateRequest.safeParse({ ...values, cliente_id: clienteId });
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    if ((values.password || !editing) && values.password !== values.password_confirmation) {
      found.password_confirmation ??= MSG.passwordsMismatch;
    }
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(values);
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) {
        setFailure(isApiError(error) ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  }

  const title = editing ? t('users.editTitle', { name: user.name }) : t('users.addTitle');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={closeButtonProps()}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {(failure !== null || Object.keys(errors).length > 0) && (
            <ErrorAlert>
              {failure !== null ? t('users.saveError') : t('detail.fixErrors')}
              {failure && (
                <Text size="xs" c="dimmed" mt={4}>
                  {failure}
                </Text>
              )}
            </ErrorAlert>
          )}
          <TextInput label={t('users.name')} autoComplete="off" required data-autofocus {...bind('name')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="off" required {...bind('email')} />
          {editing && <QuietText>{t('users.passwordHint')}</QuietText>}
          <Group grow align="flex-start">
            <PasswordField
              label={editing ? t('users.newPassword') : t('users.password')}
              autoComplete="new-password"
              required={!editing}
              {...bind('password')}
            />
            <PasswordField
              label={t('users.confirmation')}
              autoComplete="new-password"
              required={!editing}
              {...bind('password_confirmation')}
            />
          </Group>
          <NativeSelect
            label={t('users.language')}
            value={values.language}
            onChange={(e) => set('language', e.currentTarget.value as Language)}
            data={LANGUAGE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
            error={clientMessage(errors.language)}
          />
          <Switch
            label={t('users.active')}
            description={t('users.activeHint')}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <FormFooter
            submitLabel={editing ? t('users.saveChanges') : t('users.create')}
            loading={saving}
            onCancel={onClose}
            cancelLabel={t('cancel')}
            mt="sm"
          />
        </Stack>
      </form>
    </Modal>
  );
}
