import { Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { ForgotPasswordRequest } from '@nido/contract';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { useFormFields } from '../../lib/useFormFields.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { requestPasswordReset } from './auth.ts';

function BackToLogin() {
  const { t } = useTranslation('account');
  return (
    <Anchor component={Link} to="/account/login" size="sm">
      {t('forgot.backToLogin')}
    </Anchor>
  );
}

/** /account/forgot-password (product.md §4, §5): on success the form gives way to a "sent" message. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { values, bind } = useFormFields({ email: '' }, { errors });
  const { email } = values;
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ForgotPasswordRequest.safeParse({ email });
    setFailed(false);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data);
      setSent(true);
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      setErrors(fieldErrors);
      setFailed(!fieldErrors.email); // product.md §7: any other failure reads 'Incorrect user or password'
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="sage" aria-hidden>
          <IconMailCheck size={28} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('forgot.sentTitle')}
        </Title>
        <Text role="status">{t('forgot.sent')}</Text>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading id="forgot-title" title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
        {failed && <ErrorAlert>{t('login.loginFailed')}</ErrorAlert>}
        <TextInput label={t('email')} type="email" autoComplete="email" autoFocus {...bind('email')} />
        <Button type="submit" loading={busy} fullWidth size="md" aria-busy={busy}>
          {t('forgot.submit')}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
