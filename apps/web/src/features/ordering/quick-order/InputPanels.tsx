import { Button, FileInput, Group, Paper, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { QUICK_ORDER_ROWS_MAX } from '@nido/contract';
import { IconCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadQuickTemplate } from './api.ts';

/** One of the two ways in, side by side: a bordered panel under its heading. */
function InputPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The lines typed or pasted as `CODE QUANTITY`, and the button that checks them. */
export function PastePanel({
  text,
  onText,
  onCheck,
  checking,
  disabled,
}: {
  text: string;
  onText: (text: string) => void;
  onCheck: () => void;
  checking: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('quickOrder');
  return (
    <InputPanel title={t('pasteTitle')}>
      <Textarea
        label={t('linesLabel')}
        description={t('linesHelp', { max: QUICK_ORDER_ROWS_MAX })}
        placeholder={'NDCAP101 2\nNDCAP103 1'}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        autosize
        minRows={5}
        maxRows={14}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Group justify="flex-end">
        <Button
          onClick={onCheck}
          loading={checking}
          disabled={disabled || text.trim() === ''}
          leftSection={<IconCheck size={18} aria-hidden />}
        >
          {t('check')}
        </Button>
      </Group>
    </InputPanel>
  );
}

/** A CSV or XLSX file, checked as soon as it is chosen (with its upload's progress), and the template. */
export function FilePanel({
  file,
  onFile,
  progress,
  disabled,
  onTemplateError,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  progress: number | null;
  disabled: boolean;
  onTemplateError: (error: unknown) => void;
}) {
  const { t } = useTranslation('quickOrder');
  return (
    <InputPanel title={t('fileTitle')}>
      <FileInput
        label={t('fileLabel')}
        description={t('fileHelp')}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={onFile}
        disabled={disabled}
        clearable
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      />
      {progress != null && <Progress value={progress} aria-label={t('uploading')} size="sm" animated />}
      <div>
        <Button
          variant="subtle"
          px={0}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void downloadQuickTemplate().catch(onTemplateError)}
        >
          {t('template')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('templateHelp')}
        </Text>
      </div>
    </InputPanel>
  );
}
