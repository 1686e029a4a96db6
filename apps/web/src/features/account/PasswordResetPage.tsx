import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { MSG, ResetPasswordRequest } from '@nido/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { isApiError } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { translateMessage } from '../../lib/messages.ts';
import { useFormFields } from '../../lib/useFormFields.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { resetPassword } from './auth.ts';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** The general message of a failed reset: the server's for a dead link, else product.md §7's text. */
function failureOf(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 410) && error.message)
    return error.message;
  return MSG.loginFailed;
}

/** /account/password-reset/:id (product.md §4, §5): id is the reset token, ?email= the account. */
export default function PasswordResetPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const emailFromLink = search.get('email') ?? '';
  const [errors, setErrors] = useState<FieldErrors>({});
  const { values, bind } = useFormFields(
    { email: emailFromLink, password: '', password_confirmation: '' },
    { errors },
  );
  const { email, password, password_confirmation: confirmation } = values;
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
      await resetPassword(parsed.data);
      notifySuccess(t('reset.done'), { title: t('reset.doneTitle') });
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
        <AuthHeading id="reset-title" title={t('reset.title')} subtitle={t('reset.subtitle')} />
        {failure && <ErrorAlert>{translateMessage(failure)}</ErrorAlert>}
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="username"
          readOnly={emailFromLink !== ''}
          // A read-only field must not look editable.
          variant={emailFromLink !== '' ? 'filled' : 'default'}
          {...bind('email')}
        />
        <PasswordField
          label={t('reset.password')}
          autoComplete="new-password"
          autoFocus
          {...bind('password')}
        />
        <PasswordField
          label={t('reset.confirmation')}
          autoComplete="new-password"
          {...bind('password_confirmation')}
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
