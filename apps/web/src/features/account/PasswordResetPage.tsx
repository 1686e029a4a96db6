import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, ResetPasswordRequest } from '@nido/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, isApiError } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { translateMessage } from '../../lib/messages.ts';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** The general message of a failed reset: the server's for a dead link, else SPEC §8's text. */
function failureOf(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 410) && error.message)
    return error.message;
  return MSG.loginFailed;
}

/** /account/password-reset/:id (SPEC §2, §5): id is the reset token, ?email= the account. */
export default function PasswordResetPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const emailFromLink = search.get('email') ?? '';
  const [email, setEmail] = useState(emailFromLink);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const input = { email, token: id, password, password_confirmation: confirmation };
    const parsed = ResetPasswordRequest.safeParse(input);
    const found = parsed.success ? {} : zodFieldErrors(parsed.error);
    // Report a mismatch even while another field is invalid (the schema's refine runs last).
    if (password !== confirmation) found.password_confirmation ??= MSG.passwordsMismatch;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      if (found.token) setFailure(MSG.resetLinkInvalid);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.post('reset-password', parsed.data);
      notifications.show({ color: 'sage', title: t('reset.doneTitle'), message: t('reset.done') });
      navigate('/account/login', { replace: true });
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      setErrors(fieldErrors);
      if (!FIELDS.some((field) => fieldErrors[field])) setFailure(failureOf(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} id="reset-title" size="h2">
            {t('reset.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('reset.subtitle')}
          </Text>
        </div>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {translateMessage(failure)}
          </Alert>
        )}
        <TextInput
          label={t('email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          readOnly={emailFromLink !== ''}
          // A read-only field must not look editable.
          variant={emailFromLink !== '' ? 'filled' : 'default'}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email && translateMessage(errors.email)}
        />
        <PasswordInput
          label={t('reset.password')}
          name="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password && translateMessage(errors.password)}
          // Mantine marks only TextInput invalid for assistive technology, not PasswordInput.
          aria-invalid={errors.password ? true : undefined}
        />
        <PasswordInput
          label={t('reset.confirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={errors.password_confirmation && translateMessage(errors.password_confirmation)}
          aria-invalid={errors.password_confirmation ? true : undefined}
        />
        <Button type="submit" loading={busy} fullWidth size="md" aria-busy={busy}>
          {t('reset.submit')}
        </Button>
        <Anchor component={Link} to="/account/login" size="sm">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
