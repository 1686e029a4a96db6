import {
  Alert,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, type Profile, UpdateProfileRequest } from '@nido/contract';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useSession } from '../../lib/session.ts';
import { applyProfile } from '../account/auth.ts';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/** /users/profile: name, email and an optional new password (SPEC §4 "updated flag", §8 field errors). */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  /** Minutes to wait after too many wrong current passwords (429). */
  const [lockedMinutes, setLockedMinutes] = useState<number | null>(null);

  const fieldError = (field: string) => {
    const message = errors[field];
    return message ? translateMessage(message) : undefined;
  };

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
      applyProfile(await api.post<Profile>('updateProfile', parsed.data));
      setCurrentPassword('');
      setPassword('');
      setConfirmation('');
      setStatus('saved');
      notifications.show({ color: 'sage', icon: <IconCheck size={18} />, message: t('profile.saved') });
    } catch (error) {
      setErrors(apiFieldErrors(error));
      if (error instanceof ApiError && error.status === 429)
        setLockedMinutes(Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)));
      setStatus('failed');
    }
  }

  const edited = () => {
    if (status === 'saved' || status === 'failed') setStatus('idle');
  };

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} id="profile-title">
          {t('profile.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('profile.subtitle', {
            cliente: user.cliente,
            role: t(`roles.${user.role}`, { ns: 'clients', defaultValue: user.role }),
          })}
        </Text>
      </div>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-labelledby="profile-title">
        <Stack gap="md">
          {status === 'saved' && (
            <Alert color="sage" variant="light" icon={<IconCheck size={18} />} role="status">
              {t('profile.saved')}
            </Alert>
          )}
          {status === 'failed' && Object.keys(errors).length === 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {lockedMinutes === null
                ? t('profile.failed')
                : t('login.tooManyAttempts', { count: lockedMinutes })}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.name')}
              name="name"
              autoComplete="name"
              required
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                edited();
              }}
              error={fieldError('name')}
            />
            <TextInput
              label={t('email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                edited();
              }}
              error={fieldError('email')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" id="current-password-hint">
            {t('profile.currentPasswordHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('profile.currentPassword')}
              name="current_password"
              autoComplete="current-password"
              aria-describedby="current-password-hint"
              value={currentPassword}
              onChange={(e) => {
                setCurrentPassword(e.currentTarget.value);
                edited();
              }}
              error={fieldError('current_password')}
              aria-invalid={errors.current_password ? true : undefined}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('profile.passwordHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('profile.newPassword')}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                edited();
              }}
              error={fieldError('password')}
              // Mantine marks only TextInput invalid for assistive technology, not PasswordInput.
              aria-invalid={errors.password ? true : undefined}
            />
            <PasswordInput
              label={t('profile.confirmation')}
              name="password_confirmation"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => {
                setConfirmation(e.currentTarget.value);
                edited();
              }}
              error={fieldError('password_confirmation')}
              aria-invalid={errors.password_confirmation ? true : undefined}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={status === 'saving'} aria-busy={status === 'saving'}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
