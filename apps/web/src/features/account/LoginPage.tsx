import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
// The contract's zod-free pattern (its barrel would bring zod into this budgeted route).
import { EMAIL_PATTERN } from '@nido/contract/email';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert, InfoAlert } from '../../components/Alerts.tsx';
import { isApiError } from '../../lib/api.ts';
import { messageText, type ShownMessage } from '../../lib/messages.ts';
import { sessionEndReason } from '../../lib/session.ts';
import { AuthHeading } from './AuthHeading.tsx';
import { landingPath, login, MissingTokenError } from './auth.ts';

/**
 * The catalogue's `MSG.emailFormat`, by its code: the contract's message table would bring the chunk
 * of its limits (the signed-in shell's) into this budgeted route. LoginPage.test.tsx holds it equal.
 */
export const EMAIL_FORMAT = { code: 'account.emailFormat' } as const satisfies ShownMessage;

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

/**
 * /account/login (product.md §4): email + password; busy button while the request runs. An email the
 * contract's pattern refuses is said to be malformed before anything is sent; a session that ended
 * without the user signing out is explained above the form (session.ts `sessionEndReason`).
 */
export default function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [ended] = useState(sessionEndReason);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    if (!EMAIL_PATTERN.test(email.trim())) {
      setEmailInvalid(true);
      emailRef.current?.focus();
      return;
    }
    setEmailInvalid(false);
    setBusy(true);
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
        {ended && !problem && (
          <InfoAlert icon={<IconAlertCircle size={18} />}>{t(`login.ended.${ended}`)}</InfoAlert>
        )}
        {problem && <ErrorAlert>{t(`login.${problem.key}`, { count: problem.minutes })}</ErrorAlert>}
        <TextInput
          ref={emailRef}
          label={t('email')}
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          error={emailInvalid ? messageText(EMAIL_FORMAT) : undefined}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            if (emailInvalid) setEmailInvalid(false);
          }}
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
