import { Anchor, Button, Stack } from '@mantine/core';
import { MSG, ResetPasswordRequest } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { NewPasswordFields } from '../../components/PasswordField.tsx';
import { isApiError } from '../../lib/api.ts';
import { useContractForm, useFormRequest } from '../../lib/forms.ts';
import type { ShownMessage } from '../../lib/messages.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { resetPassword } from './auth.ts';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

/** The general message of a failed reset: the server's for a dead link, else product.md §7's text. */
function failureOf(error: unknown): ShownMessage {
  if (isApiError(error) && (error.status === 400 || error.status === 410)) return error.reason;
  return MSG.loginFailed;
}

/** /account/password-reset/:id (product.md §4, §5): id is the reset token, ?email= the account. */
export default function PasswordResetPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const emailFromLink = search.get('email') ?? '';
  const form = useContractForm({
    initialValues: { email: emailFromLink, password: '', password_confirmation: '' },
    schema: ResetPasswordRequest,
    input: (values) => ({ ...values, token: id }),
    // Report a mismatch even while another field is invalid (the schema's refine runs last).
    rules: ({ password, password_confirmation }) =>
      password !== password_confirmation ? { password_confirmation: MSG.passwordsMismatch } : {},
  });
  const { submit, failure } = useFormRequest(form, {
    send: async (request) => {
      await resetPassword(request);
      notifySuccess(t('reset.done'), { title: t('reset.doneTitle') });
      navigate('/account/login', { replace: true });
    },
    failureOf: (error, fieldErrors) => (FIELDS.some((field) => fieldErrors[field]) ? null : failureOf(error)),
    invalidFailure: (errors) => (errors.token ? MSG.resetLinkInvalid : null),
  });
  const busy = form.submitting;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading id="reset-title" title={t('reset.title')} subtitle={t('reset.subtitle')} />
        {failure && <ErrorAlert>{form.message(failure)}</ErrorAlert>}
        <EmailField
          form={form}
          label={t('email')}
          autoComplete="username"
          readOnly={emailFromLink !== ''}
          // A read-only field must not look editable.
          variant={emailFromLink !== '' ? 'filled' : 'default'}
        />
        <NewPasswordFields
          form={form}
          label={t('reset.password')}
          confirmationLabel={t('reset.confirmation')}
          autoFocus
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
