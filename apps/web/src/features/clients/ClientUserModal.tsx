import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type ClienteUser,
  ClienteUserCreateRequest,
  ClienteUserUpdateRequest,
  type Language,
  MSG,
} from '@nido/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS } from '../../app/languages.ts';
import { isApiError } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { clientMessage } from './messages.ts';
import { READABLE_ERRORS } from './ui.tsx';

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

/** Add or edit a client user (SPEC §7 POST/PUT clienteUsers); errors stay under their field. */
export function ClientUserModal({ opened, onClose, clienteId, user, onSave }: ClientUserModalProps) {
  const { t } = useTranslation('clients');
  const editing = user != null;
  const [values, setValues] = useState<ClientUserValues>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    password_confirmation: '',
    language: user?.language ?? 'es',
    active: user?.active ?? true,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof ClientUserValues>(key: K, value: ClientUserValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

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
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form onSubmit={submit} noValidate style={READABLE_ERRORS}>
        <Stack gap="sm">
          {(failure !== null || Object.keys(errors).length > 0) && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure !== null ? t('users.saveError') : t('detail.fixErrors')}
              {failure && (
                <Text size="xs" c="dimmed" mt={4}>
                  {failure}
                </Text>
              )}
            </Alert>
          )}
          <TextInput
            label={t('users.name')}
            name="name"
            autoComplete="off"
            required
            data-autofocus
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={clientMessage(errors.name)}
          />
          <TextInput
            label={t('fields.email')}
            name="email"
            type="email"
            autoComplete="off"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={clientMessage(errors.email)}
          />
          {editing && (
            <Text size="sm" c="dimmed">
              {t('users.passwordHint')}
            </Text>
          )}
          <Group grow align="flex-start">
            <PasswordInput
              label={editing ? t('users.newPassword') : t('users.password')}
              name="password"
              autoComplete="new-password"
              required={!editing}
              value={values.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={clientMessage(errors.password)}
              // Mantine marks only TextInput invalid for assistive technology, not PasswordInput.
              aria-invalid={errors.password ? true : undefined}
            />
            <PasswordInput
              label={t('users.confirmation')}
              name="password_confirmation"
              autoComplete="new-password"
              required={!editing}
              value={values.password_confirmation}
              onChange={(e) => set('password_confirmation', e.currentTarget.value)}
              error={clientMessage(errors.password_confirmation)}
              aria-invalid={errors.password_confirmation ? true : undefined}
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? t('users.saveChanges') : t('users.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
