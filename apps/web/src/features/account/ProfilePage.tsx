import { Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MSG, UpdateProfileRequest } from '@nido/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '../../components/Alerts.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { ApiError } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { useSession } from '../../lib/session.ts';
import { useFormFields } from '../../lib/useFormFields.ts';
import { updateProfile } from './auth.ts';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/** /users/profile: name, email and an optional new password (product.md §5.5 "updated flag", §8 field errors). */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  /** Minutes to wait after too many wrong current passwords (429). */
  const [lockedMinutes, setLockedMinutes] = useState<number | null>(null);
  const edited = () => {
    if (status === 'saved' || status === 'failed') setStatus('idle');
  };
  const { values, setValues, bind } = useFormFields(
    { name: user.name, email: user.email, current_password: '', password: '', password_confirmation: '' },
    { errors, onEdit: edited },
  );
  const {
    name,
    email,
    current_password: currentPassword,
    password,
    password_confirmation: confirmation,
  } = values;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      name,
      email,
      ...(currentPassword ? { current_password: currentPassword } : {}),
      ...(password || confirmation ? { password, password_confirmation: confirmation } : {}),
    };
    const parsed = UpdateProfileRequest.safeParse(input);
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    // A confirmation without a password (or a mismatch next to another error) is still a mismatch.
    if (password !== confirmation) found.password_confirmation ??= MSG.passwordsMismatch;
    const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();
    if ((emailChanged || password) && !currentPassword)
      found.current_password ??= MSG.currentPasswordRequired;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      setStatus('idle');
      return;
    }
    setErrors({});
    setLockedMinutes(null);
    setStatus('saving');
    try {
      await updateProfile(parsed.data);
      setValues((current) => ({ ...current, current_password: '', password: '', password_confirmation: '' }));
      setStatus('saved');
      notifySuccess(t('profile.saved'));
    } catch (error) {
      setErrors(apiFieldErrors(error));
      if (error instanceof ApiError && error.status === 429) setLockedMinutes(error.retryAfterMinutes);
      setStatus('failed');
    }
  }

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
          {status === 'failed' && Object.keys(errors).length === 0 && (
            <ErrorAlert>
              {lockedMinutes === null
                ? t('profile.failed')
                : t('login.tooManyAttempts', { count: lockedMinutes })}
            </ErrorAlert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('profile.name')} autoComplete="name" required {...bind('name')} />
            <TextInput label={t('email')} type="email" autoComplete="email" required {...bind('email')} />
          </SimpleGrid>
          <Text size="sm" c="dimmed" id="current-password-hint">
            {t('profile.currentPasswordHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordField
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              aria-describedby="current-password-hint"
              {...bind('current_password')}
            />
          </SimpleGrid>
          <QuietText>{t('profile.passwordHint')}</QuietText>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordField
              label={t('profile.newPassword')}
              autoComplete="new-password"
              {...bind('password')}
            />
            <PasswordField
              label={t('profile.confirmation')}
              autoComplete="new-password"
              {...bind('password_confirmation')}
            />
          </SimpleGrid>
          <FormFooter submitLabel={t('profile.save')} loading={status === 'saving'} />
        </Stack>
      </Paper>
    </PageFrame>
  );
}
