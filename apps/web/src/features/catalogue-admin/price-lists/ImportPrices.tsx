import { Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import type { PriceList, PriceListImportPreview } from '@nido/contract';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '../../../components/Alerts.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { DataTable, TextCell } from '../../../components/TableParts.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { exportPrices, previewImport, useImportPrices } from './api.ts';

/** Export the net prices; import a file after a preview (saved only when every row is good). */
export function ImportPrices({ list }: { list: PriceList }) {
  const { t } = useTranslation('prices');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PriceListImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const importPrices = useImportPrices();
  const check = async () => {
    if (!file) return;
    setError(null);
    setChecking(true);
    try {
      setPreview(await previewImport(list.id, file));
    } catch (err) {
      setPreview(null);
      setError(apiErrorText(err, t('importError')));
    } finally {
      setChecking(false);
    }
  };
  const save = () =>
    file &&
    importPrices.mutate(
      { id: list.id, file },
      {
        onSuccess: (answer) => {
          notifySuccess(t('imported', { count: answer.importados }));
          setPreview(null);
          setFile(null);
        },
        onError: (err) => setError(apiErrorText(err, t('importError'))),
      },
    );
  const bad = preview?.rows.filter((r) => r.errors.length > 0) ?? [];
  return (
    <SectionCard
      title={t('fileTitle')}
      actions={
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            exportPrices(list.id, list.nombre).catch((err) =>
              notifyError(apiErrorText(err, t('exportError'))),
            )
          }
        >
          {t('export')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('fileHint')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label={t('file')}
          accept=".csv,.xlsx,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setPreview(null);
          }}
          miw={240}
        />
        <Button
          variant="light"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={check}
          disabled={!file}
          loading={checking}
        >
          {t('preview')}
        </Button>
      </Group>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {preview && (
        <Stack gap="sm">
          {bad.length > 0 ? (
            <ErrorAlert data-testid="import-summary">
              {t('previewBad', { good: preview.validos, bad: preview.errores })}
            </ErrorAlert>
          ) : (
            <SuccessAlert data-testid="import-summary">
              {t('previewGood', { good: preview.validos })}
            </SuccessAlert>
          )}
          {bad.length > 0 && (
            <DataTable
              minWidth={480}
              stacked={{ labels: [t('row'), null, t('netPrice'), t('problem')], title: 2 }}
              aria-label={t('badRows')}
              head={
                <>
                  <Table.Th ta="right">{t('row')}</Table.Th>
                  <Table.Th>{t('code')}</Table.Th>
                  <Table.Th ta="right">{t('netPrice')}</Table.Th>
                  <Table.Th>{t('problem')}</Table.Th>
                </>
              }
            >
              {bad.map((r) => (
                <Table.Tr key={r.row} data-testid="bad-row">
                  <TextCell ta="right">{r.row}</TextCell>
                  <TextCell ff="monospace">{r.modelo}</TextCell>
                  <TextCell ta="right">{r.precio == null ? '—' : formatMoney(r.precio)}</TextCell>
                  <Table.Td>
                    {r.errors.map((e) => (
                      <Text key={e.code} size="sm" c="red.9" fw={600}>
                        {messageText(e)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          <Group justify="flex-end">
            <Button onClick={save} disabled={bad.length > 0} loading={importPrices.isPending}>
              {t('import', { count: preview.validos })}
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
