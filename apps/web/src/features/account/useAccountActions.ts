import type { Language } from '@nido/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../components/notify.tsx';
import { changeLanguage, logout } from './auth.ts';

/** Logout and language switch as used by the side menu and the user menu. */
export function useAccountActions() {
  const navigate = useNavigate();
  const { t } = useTranslation('layout');

  const signOut = useCallback(async () => {
    await logout();
    navigate('/account/login', { replace: true });
  }, [navigate]);

  const setLanguage = useCallback(
    async (language: Language) => {
      try {
        await changeLanguage(language);
      } catch {
        // The interface already switched; only the server copy of the preference is stale.
        notifyError(t('languageNotSaved'));
      }
    },
    [t],
  );

  return { signOut, setLanguage };
}
