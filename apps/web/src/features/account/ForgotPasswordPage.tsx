import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ForgotPasswordRequest } from '@nido/contract';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { EmailField } from '../../components/EmailField.tsx';
import { useContractForm, useFormRequest } from '../../lib/forms.ts';
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
  const [sent, setSent] = useState(false);
  const { submit, failure } = useFormRequest(form, {
    send: async (request) => {
      await requestPasswordReset(request);
      setSent(true);
    },
    // product.md §7: any failure but the email's reads 'Incorrect user or password'
    failureOf: (_error, fieldErrors) => (fieldErrors.email ? null : true),
  });
  const busy = form.submitting;

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
        {failure && <ErrorAlert>{t('login.loginFailed')}</ErrorAlert>}
        <EmailField form={form} label={t('email')} autoComplete="email" autoFocus />
        <Button type="submit" loading={busy} fullWidth size="md" aria-busy={busy}>
          {t('forgot.submit')}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
