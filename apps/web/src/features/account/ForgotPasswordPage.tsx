import { Anchor, Button, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { ForgotPasswordRequest } from '@nido/contract';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { useContractForm } from '../../lib/forms.ts';
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
  const form = useContractForm({ initialValues: { email: '' }, schema: ForgotPasswordRequest });
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);
  const busy = form.submitting;

  const submit = form.submit(
    async (request) => {
      setFailed(false);
      try {
        await requestPasswordReset(request);
        setSent(true);
      } catch (error) {
        const fieldErrors = form.setServerErrors(error);
        setFailed(!fieldErrors.email); // product.md §7: any other failure reads 'Incorrect user or password'
      }
    },
    () => setFailed(false),
  );

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
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={busy} fullWidth size="md" aria-busy={busy}>
          {t('forgot.submit')}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
