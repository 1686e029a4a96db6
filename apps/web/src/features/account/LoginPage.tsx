import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { isApiError } from '../../lib/api.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { landingPath, login, MissingTokenError } from './auth.ts';

/** What went wrong, as a translation key (kept as a key so a language switch re-translates it). */
interface LoginProblem {
  key: 'loginFailed' | 'loginError' | 'tooManyAttempts';
  minutes?: number;
}

function problemOf(error: unknown): LoginProblem {
  if (error instanceof MissingTokenError) return { key: 'loginError' };
  if (isApiError(error)) {
    if (error.status === 429) return { key: 'tooManyAttempts', minutes: error.retryAfterMinutes };
    if (error.status >= 400 && error.status < 500) return { key: 'loginFailed' };
  }
  return { key: 'loginError' }; // network or server fault
}

/** /account/login (product.md §4): email + password; busy button while the request runs. */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LoginProblem | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const user = await login(email.trim(), password);
      navigate(landingPath(user), { replace: true });
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <AuthHeading id="login-title" title={t('login.title')} subtitle={t('login.subtitle')} />
        {problem && <ErrorAlert>{t(`login.${problem.key}`, { count: problem.minutes })}</ErrorAlert>}
        <TextInput
          label={t('email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label={t('password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Anchor component={Link} to="/account/forgot-password" size="sm">
          {t('login.forgotLink')}
        </Anchor>
        <Button type="submit" loading={busy} fullWidth size="md" aria-busy={busy}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
