import { Button, Group, NumberInput, Text } from '@mantine/core';
import { earliestDelivery, formatIsoDay, madridIsoDay } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { apiFieldErrors } from '../../../lib/fieldErrors.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { useOrderSettings, useSaveOrderSettings } from './invoiceApi.ts';

/** /pedido/ajustes (Admin): the delivery lead time checkout counts from today. */
export default function OrderSettingsPage() {
  const { t } = useTranslation('orders');
  const settings = useOrderSettings();
  return (
    <PageFrame title={t('settings.title')} subtitle={t('settings.subtitle')} titleSize="h2" maw={720}>
      <QueryState
        query={settings}
        loadingLabel={t('settings.loading')}
        errorMessage={t('settings.loadError')}
      >
        {() => <LeadTimeForm days={settings.data?.delivery_lead_days ?? 0} />}
      </QueryState>
    </PageFrame>
  );
}

function LeadTimeForm({ days }: { days: number }) {
  const { t } = useTranslation('orders');
  const save = useSaveOrderSettings();
  const [value, setValue] = useState<number | string>(days);
  const [error, setError] = useState<string | null>(null);
  const preview = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 365;
  return (
    <SectionCard
      title={t('settings.leadTime')}
      formLabel={t('settings.leadTime')}
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate(typeof value === 'number' ? value : Number.NaN, {
          onSuccess: () => notifySuccess(t('settings.saved')),
          onError: (err) =>
            setError(
              messageText(apiFieldErrors(err).delivery_lead_days) ||
                apiErrorText(err, t('settings.saveError')),
            ),
        });
      }}
    >
      <NumberInput
        label={t('settings.leadDays')}
        description={t('settings.leadDaysHint')}
        value={value}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
        min={0}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        error={error}
        maw={240}
      />
      {preview && (
        <Text size="sm" c="dimmed" role="status">
          {t('settings.preview', {
            date: formatIsoDay(earliestDelivery(madridIsoDay(new Date()), value as number)),
          })}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={save.isPending} disabled={value === days}>
          {t('settings.save')}
        </Button>
      </Group>
    </SectionCard>
  );
}
