import { Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MSG, UpdateProfileRequest } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '../../components/Alerts.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { NewPasswordFields, PasswordField } from '../../components/PasswordField.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { ApiError } from '../../lib/api.ts';
import { useContractForm } from '../../lib/forms.ts';
import type { ShownMessage } from '../../lib/messages.ts';
import { useSession } from '../../lib/session.ts';
import { updateProfile } from './auth.ts';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/** /users/profile: name, email and an optional new password (product.md §5.5 "updated flag", §8 field errors). */
export default function ProfilePage() {
  // The role's name is the clients' texts (a namespace loaded with the first screen that asks).
  const { t } = useTranslation(['account', 'clients']);
  const { user } = useSession();
  const [status, setStatus] = useState<Status>('idle');
  /** Minutes to wait after too many wrong current passwords (429). */
  const [lockedMinutes, setLockedMinutes] = useState<number | null>(null);
  const form = useContractForm({
    initialValues: {
      name: user.name,
      email: user.email,
      current_password: '',
      password: '',
      password_confirmation: '',
    },
    schema: UpdateProfileRequest,
    // An empty password field is not sent.
    input: ({ name, email, current_password, password, password_confirmation }) => ({
      name,
      email,
      ...(current_password ? { current_password } : {}),
      ...(password || password_confirmation ? { password, password_confirmation } : {}),
    }),
    rules: ({ email, current_password, password, password_confirmation }) => {
      const found: Record<string, ShownMessage> = {};
      // A confirmation without a password (or a mismatch next to another error) is still a mismatch.
      if (password !== password_confirmation) found.password_confirmation = MSG.passwordsMismatch;
      const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();
      if ((emailChanged || password) && !current_password)
        found.current_password = MSG.currentPasswordRequired;
      return found;
    },
    onEdit: () => {
      if (status === 'saved' || status === 'failed') setStatus('idle');
    },
  });

  const submit = form.submit(
    async (request) => {
      setLockedMinutes(null);
      setStatus('saving');
      try {
        await updateProfile(request);
        form.setValues({ current_password: '', password: '', password_confirmation: '' });
        setStatus('saved');
        notifySuccess(t('profile.saved'));
      } catch (error) {
        form.setServerErrors(error);
        if (error instanceof ApiError && error.status === 429) setLockedMinutes(error.retryAfterMinutes);
        setStatus('failed');
      }
    },
    () => setStatus('idle'),
  );

  return (
    <PageFrame
      title={t('profile.title')}
      titleId="profile-title"
      subtitle={t('profile.subtitle', {
        cliente: user.cliente,
        role: t(`roles.${user.role}`, { ns: 'clients', defaultValue: user.role }),
      })}
      gap="lg"
      maw={720}
    >
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-labelledby="profile-title">
        <Stack gap="md">
          {status === 'saved' && <SuccessAlert>{t('profile.saved')}</SuccessAlert>}
          {status === 'failed' && !form.hasErrors && (
            <ErrorAlert>
              {lockedMinutes === null
                ? t('profile.failed')
                : t('login.tooManyAttempts', { count: lockedMinutes })}
            </ErrorAlert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.name')}
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
            <EmailField form={form} label={t('email')} autoComplete="email" required />
          </SimpleGrid>
          <Text size="sm" c="dimmed" id="current-password-hint">
            {t('profile.currentPasswordHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordField
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              aria-describedby="current-password-hint"
              {...form.getInputProps('current_password')}
            />
          </SimpleGrid>
          <QuietText>{t('profile.passwordHint')}</QuietText>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordFields
              form={form}
              label={t('profile.newPassword')}
              confirmationLabel={t('profile.confirmation')}
            />
          </SimpleGrid>
          <FormFooter submitLabel={t('profile.save')} loading={status === 'saving'} />
        </Stack>
      </Paper>
    </PageFrame>
  );
}
