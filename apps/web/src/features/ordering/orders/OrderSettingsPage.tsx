import { Button, Group, NumberInput, Select, Text, Textarea } from '@mantine/core';
import { earliestDelivery, formatIsoDay, madridIsoDay, OrderSettingsWriteRequest } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { numberFromInput, useContractForm, useFormRequest } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { useOrderSettings, useSaveOrderSettings } from './invoiceApi.ts';

/** /pedido/ajustes (Admin): the delivery lead time checkout counts from today; who is mailed each new order. */
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
        {() => (
          <>
            <LeadTimeForm days={settings.data?.delivery_lead_days ?? 0} />
            <NewOrderMailForm
              days={settings.data?.delivery_lead_days ?? 0}
              emails={settings.data?.new_order_emails ?? []}
              language={settings.data?.new_order_emails_language ?? 'es'}
            />
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}

function LeadTimeForm({ days }: { days: number }) {
  const { t } = useTranslation('orders');
  const save = useSaveOrderSettings();
  const form = useContractForm({
    initialValues: { delivery_lead_days: days as number | string },
    schema: OrderSettingsWriteRequest,
    input: ({ delivery_lead_days: v }) => ({ delivery_lead_days: numberFromInput(v) }),
  });
  const { submit, failure } = useFormRequest(form, {
    send: async ({ delivery_lead_days }) => {
      await save.mutateAsync({ delivery_lead_days });
      notifySuccess(t('settings.saved'));
    },
    failureOf: (error, fields) =>
      fields.delivery_lead_days ? null : apiErrorText(error, t('settings.saveError')),
  });
  const value = form.values.delivery_lead_days;
  const preview = typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 365;
  return (
    <SectionCard title={t('settings.leadTime')} formLabel={t('settings.leadTime')} onSubmit={submit}>
      <NumberInput
        label={t('settings.leadDays')}
        description={t('settings.leadDaysHint')}
        {...form.getInputProps('delivery_lead_days')}
        error={form.errorOf('delivery_lead_days') ?? failure}
        min={0}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        maw={240}
      />
      {preview && (
        <Text size="sm" c="dimmed" role="status">
          {t('settings.preview', {
            date: formatIsoDay(earliestDelivery(madridIsoDay(new Date()), value)),
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

/** The addresses, one a line, as the list the server takes (blank lines left out). */
const emailsOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

/**
 * The addresses told of every new order by mail (through the outbox), one a line, and the
 * language of those mails. An address at fault is named by the list's message.
 */
function NewOrderMailForm({
  days,
  emails,
  language,
}: {
  days: number;
  emails: string[];
  language: 'es' | 'en';
}) {
  const { t } = useTranslation('orders');
  const save = useSaveOrderSettings();
  const initial = emails.join('\n');
  const form = useContractForm({
    initialValues: { emails: initial, language: language as string },
    schema: OrderSettingsWriteRequest,
    input: (v) => ({
      delivery_lead_days: days,
      new_order_emails: emailsOf(v.emails),
      new_order_emails_language: v.language as 'es' | 'en',
    }),
  });
  const { submit, failure } = useFormRequest(form, {
    send: async (data) => {
      await save.mutateAsync(data);
      notifySuccess(t('settings.saved'));
    },
    failureOf: (error) => apiErrorText(error, t('settings.saveError')),
  });
  // The schema names the list (`new_order_emails`) or one of its addresses (`new_order_emails.2`).
  const listError = Object.keys(form.errors).find((k) => k.startsWith('new_order_emails'));
  const unchanged = form.values.emails === initial && form.values.language === language;
  return (
    <SectionCard
      title={t('settings.newOrderMails')}
      formLabel={t('settings.newOrderMails')}
      onSubmit={submit}
    >
      <Textarea
        label={t('settings.newOrderEmails')}
        description={t('settings.newOrderEmailsHint')}
        autosize
        minRows={3}
        {...form.getInputProps('emails')}
        error={(listError && form.errorOf(listError)) ?? failure}
      />
      <Select
        label={t('settings.newOrderLanguage')}
        data={[
          { value: 'es', label: 'Español' },
          { value: 'en', label: 'English' },
        ]}
        allowDeselect={false}
        maw={240}
        {...form.getInputProps('language')}
      />
      <Group>
        <Button type="submit" loading={save.isPending} disabled={unchanged}>
          {t('settings.save')}
        </Button>
      </Group>
    </SectionCard>
  );
}
