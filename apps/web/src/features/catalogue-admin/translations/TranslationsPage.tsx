import { Badge, Button, Chip, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { TRANSLATION_KINDS, TRANSLATION_RULES, type TranslationKind } from '@nido/contract';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SuccessAlert } from '../../../components/Alerts.tsx';
import { ListPager } from '../../../components/ListControls.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable, EmptyRow } from '../../../components/TableParts.tsx';
import { useContractForm, useFormRequest } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { AdminQueryState } from '../components/AdminList.tsx';
import { type MissingRowT, useFixTranslation, useMissingTranslations } from './api.ts';

type Filter = TranslationKind | '';

/**
 * /modelo/traducciones (Admin; record 056): every catalogue text whose English is empty, counted per
 * kind (the chips filter the list), each fixed in place with its editor's rule. Shops reading in
 * English see the Spanish text meanwhile.
 */
export default function TranslationsPage() {
  const { t } = useTranslation('catalogAdmin');
  const [kind, setKind] = useState<Filter>('');
  const [page, setPage] = useState(1);
  const query = useMissingTranslations(kind, page);
  const counts = query.data?.counts;
  const choose = (value: string) => {
    setKind(value as Filter);
    setPage(1);
  };
  const title = t('translations.title');

  return (
    <PageFrame title={title} subtitle={t('translations.subtitle')}>
      <Paper withBorder p="md">
        <Chip.Group multiple={false} value={kind} onChange={choose}>
          <Group gap="xs" role="radiogroup" aria-label={t('translations.filter')}>
            {(['', ...TRANSLATION_KINDS] as const).map((k) => (
              <Chip key={k || 'all'} value={k} size="sm" variant="outline">
                {t(`translations.kinds.${k || 'all'}`)} · {k ? (counts?.[k] ?? '…') : (counts?.total ?? '…')}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <AdminQueryState query={query}>
          {() =>
            counts?.total === 0 ? (
              <SuccessAlert mt="md" title={t('translations.noneTitle')}>
                {t('translations.none')}
              </SuccessAlert>
            ) : (
              <>
                <DataTable
                  minWidth={720}
                  mt="md"
                  striped
                  verticalSpacing="xs"
                  aria-label={title}
                  // On a phone: the Spanish first, the kind named, the English field across the card.
                  stacked={{ labels: [t('translations.kind'), null, null], title: 2 }}
                  head={
                    <>
                      <Table.Th w={150}>{t('translations.kind')}</Table.Th>
                      <Table.Th>{t('translations.spanish')}</Table.Th>
                      <Table.Th w="45%">{t('translations.english')}</Table.Th>
                    </>
                  }
                >
                  {query.data?.data.length === 0 && (
                    <EmptyRow colSpan={3} size="sm">
                      {t('translations.noneOfKind')}
                    </EmptyRow>
                  )}
                  {query.data?.data.map((row) => (
                    <TranslationRow key={`${row.kind}-${row.id}`} row={row} />
                  ))}
                </DataTable>
                <ListPager meta={query.data?.meta} onPage={setPage} empty="" size="sm" mt="md" />
              </>
            )
          }
        </AdminQueryState>
      </Paper>
    </PageFrame>
  );
}

/** One text: its kind, its Spanish (and where it belongs), and its English typed and saved in place. */
function TranslationRow({ row }: { row: MissingRowT }) {
  const { t } = useTranslation('catalogAdmin');
  const fix = useFixTranslation();
  const form = useContractForm({
    initialValues: { text: '' },
    // The editor's rule for this field (the server applies the same).
    schema: z.object({ text: TRANSLATION_RULES[row.kind] }),
  });
  const { submit, failure } = useFormRequest(form, {
    send: async ({ text }) => {
      await fix.mutateAsync({ kind: row.kind, id: row.id, text: String(text) });
      notifySuccess(t('translations.saved', { text: row.text }));
    },
    failureOf: (error, fields) => (fields.text ? null : apiErrorText(error, t('translations.saveError'))),
  });
  const label = t('translations.englishOf', { text: row.text });
  return (
    <Table.Tr>
      <Table.Td>
        <Badge variant="light" color="gray" radius="sm">
          {t(`translations.kinds.${row.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} lang="es">
          {row.text}
        </Text>
        {row.context && (
          <Text size="xs" c="dimmed">
            {row.context}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <form onSubmit={submit} noValidate aria-label={label}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              {...form.getInputProps('text')}
              error={form.errorOf('text') ?? failure}
              aria-label={label}
              placeholder={t('translations.english')}
              lang="en"
              size="sm"
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              size="sm"
              variant="light"
              loading={fix.isPending}
              leftSection={<IconCheck size={16} aria-hidden />}
              aria-label={t('translations.saveOf', { text: row.text })}
            >
              {t('translations.save')}
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
