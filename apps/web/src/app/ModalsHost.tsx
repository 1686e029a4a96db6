import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';

/**
 * Listens for `modals.openConfirmModal(…)` (Mantine's event API: callers need no provider above
 * them) and renders the modal. A lazy chunk mounted by RootRoute once signed in, so the public
 * screens do not load Mantine's modal stack.
 */
export default function ModalsHost() {
  const { t } = useTranslation();
  return <ModalsProvider labels={{ confirm: t('confirm'), cancel: t('cancel') }}>{null}</ModalsProvider>;
}
