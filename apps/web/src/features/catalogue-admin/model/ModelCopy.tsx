import { Button, Group } from '@mantine/core';
import { CATALOG_ADMIN_MSG } from '@nido/contract';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { confirmAction } from '../../../components/confirm.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { QuietText } from '../../../components/QuietText.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { messageText } from '../../../lib/messages.ts';
import { type AdminModelDetailT, useModelGroupChanges } from '../api.ts';
import { ModelPicker } from '../components/ModelPicker.tsx';

/** Copies another model's group configuration onto this one (modelo/copyParamsCollection). */
export function ModelCopy({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const changes = useModelGroupChanges(model.modelo);
  const [desde, setDesde] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  async function copy() {
    if (!desde) return;
    const ok = await confirmAction({
      title: t('copy.title'),
      message: t('copy.confirm', { desde, hasta: model.modelo }),
      confirmLabel: t('copy.button'),
    });
    if (!ok) return;
    setCopying(true);
    setError(null);
    try {
      await changes.copyFrom(desde);
      notifySuccess(t('copy.done', { desde }));
      setDesde(null);
    } catch {
      // product.md §7: a failed copy shows 'Error copying'.
      setError(messageText(CATALOG_ADMIN_MSG.copyError));
    } finally {
      setCopying(false);
      await changes.reload();
    }
  }

  return (
    <SectionCard title={t('copy.title')} gap="sm">
      <QuietText>{t('copy.hint')}</QuietText>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Group align="flex-end" gap="sm">
        <div style={{ flex: 1, minWidth: 240, maxWidth: 420 }}>
          <ModelPicker label={t('copy.from')} value={desde} onChange={setDesde} exclude={[model.modelo]} />
        </div>
        <Button
          leftSection={<IconCopy size={16} />}
          onClick={() => void copy()}
          disabled={!desde}
          loading={copying}
        >
          {t('copy.button')}
        </Button>
      </Group>
    </SectionCard>
  );
}
