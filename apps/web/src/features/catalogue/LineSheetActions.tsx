import { Button, Group } from '@mantine/core';
import { localized } from '@nido/contract';
import { IconFileTypePdf, IconMail, IconPrinter } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../components/notify.tsx';
import { apiErrorText } from '../../lib/messages.ts';
import { activeClienteName, canActForClient, useActiveClienteId, useSession } from '../../lib/session.ts';
import { useLang } from '../../lib/useLang.ts';
import { downloadLineSheet } from './lineSheetApi.ts';
import { SendLineSheetModal } from './SendLineSheetModal.tsx';

/**
 * A collection's line sheet (product.md, line sheets): the PDF in the reader's language and the print
 * view, priced for the client acted for; staff acting for a client may mail it to that client.
 */
export function LineSheetActions({
  coleccion,
  printView = true,
}: {
  coleccion: { id: number; nombre: string; nombre_en: string };
  /** Offer the print view's link (not on the print view itself). */
  printView?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const session = useSession();
  const clienteId = useActiveClienteId();
  const [downloading, setDownloading] = useState(false);
  const [sending, setSending] = useState(false);
  const staffForClient = canActForClient(session.user) && clienteId > 0;

  async function download() {
    setDownloading(true);
    try {
      await downloadLineSheet(coleccion.id, clienteId, lang);
    } catch (error) {
      notifyError(apiErrorText(error, t('lineSheet.downloadError')));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Group gap="xs" role="group" aria-label={t('lineSheet.actions')} className="nido-screen-only">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        loading={downloading}
        onClick={() => void download()}
      >
        {t('lineSheet.download')}
      </Button>
      {printView && (
        <Button
          component={Link}
          to={`/coleccion/${coleccion.id}/linesheet`}
          variant="subtle"
          size="sm"
          leftSection={<IconPrinter size={18} aria-hidden />}
        >
          {t('lineSheet.printView')}
        </Button>
      )}
      {staffForClient && (
        <>
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconMail size={18} aria-hidden />}
            onClick={() => setSending(true)}
          >
            {t('lineSheet.send')}
          </Button>
          {sending && (
            // Its texts (the lineSheet namespace) load with it.
            <Suspense fallback={null}>
              <SendLineSheetModal
                coleccionId={coleccion.id}
                season={localized(coleccion, 'nombre', lang)}
                cliente={{ id: clienteId, nomcome: activeClienteName(session) }}
                onClose={() => setSending(false)}
              />
            </Suspense>
          )}
        </>
      )}
    </Group>
  );
}
