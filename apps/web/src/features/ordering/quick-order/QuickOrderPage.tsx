import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { QuickOrderAddResponse } from '@nido/contract';
import { IconAdjustments, IconRefresh, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, SuccessAlert } from '../../../components/Alerts.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { isApiError } from '../../../lib/api.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { canActForClient, useActiveClienteId, useSession } from '../../../lib/session.ts';
import { useQuickAdd, useQuickCheck, useQuickUpload } from './api.ts';
import { FilePanel, PastePanel } from './InputPanels.tsx';
import { ReviewTable } from './ReviewTable.tsx';
import { inputOf, lineOf, mergeChecked, type ReviewRow, refusedRows, reviewRows, rowState } from './rows.ts';
import { useRowConfigurator } from './useRowConfigurator.tsx';

/**
 * Quick order (product.md §4): lines typed or pasted as `CODE QUANTITY`, or a CSV/XLSX file, checked
 * on the server; a review table shows each row's own error in place, to fix or drop and check
 * again; rows missing options are configured one after another in the catalogue's configurator;
 * Add puts every reviewed row in the cart in one transaction.
 */
export default function QuickOrderPage() {
  const { t } = useTranslation('quickOrder');
  const session = useSession();
  const clienteId = useActiveClienteId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<QuickOrderAddResponse | null>(null);

  const check = useQuickCheck(clienteId);
  const upload = useQuickUpload(clienteId);
  const add = useQuickAdd(clienteId);
  const busy = check.isPending || upload.isPending || add.isPending;

  const configurator = useRowConfigurator(rows, setRows);

  if (clienteId <= 0) {
    return (
      <PageFrame title={t('title')}>
        <Paper withBorder p="lg">
          <Stack gap="xs" align="flex-start">
            <Text>{t('pickClient')}</Text>
            {canActForClient(session.user) && (
              <Anchor component={Link} to="/cliente/list" fw={600}>
                {t('pickClientLink')}
              </Anchor>
            )}
          </Stack>
        </Paper>
      </PageFrame>
    );
  }

  function started() {
    setFailure(null);
    setAdded(null);
  }

  async function checkText() {
    started();
    try {
      const answer = await check.mutateAsync({ text });
      setRows(reviewRows(answer.rows));
    } catch (error) {
      setFailure(apiErrorText(error, t('checkError')));
    }
  }

  async function checkFile(chosen: File | null) {
    setFile(chosen);
    if (!chosen) return;
    started();
    setProgress(0);
    try {
      const answer = await upload.mutateAsync({ file: chosen, onProgress: setProgress });
      setRows(reviewRows(answer.rows));
    } catch (error) {
      setFailure(apiErrorText(error, t('uploadError')));
    } finally {
      setProgress(null);
    }
  }

  async function recheck() {
    const bad = rows.filter((r) => rowState(r) === 'error');
    if (bad.length === 0) return;
    started();
    try {
      const answer = await check.mutateAsync({ rows: bad.map(inputOf) });
      setRows((current) =>
        mergeChecked(
          current,
          bad.map((r) => r.key),
          answer.rows,
        ),
      );
    } catch (error) {
      setFailure(apiErrorText(error, t('checkError')));
    }
  }

  function edit(key: number, patch: Partial<ReviewRow['edit']>) {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, edit: { ...r.edit, ...patch } } : r)));
  }

  function drop(key: number) {
    setRows((current) => current.filter((r) => r.key !== key));
  }

  async function addAll() {
    const lines = rows.map(lineOf);
    if (lines.some((l) => l == null) || lines.length === 0) return;
    started();
    try {
      const answer = await add.mutateAsync({ lines: lines.filter((l) => l != null) });
      setAdded(answer);
      setRows([]);
      setText('');
      setFile(null);
    } catch (error) {
      // All or none: the rows the server refused become rows in error, in place.
      const refused = isApiError(error) ? refusedRows(rows, error.errors) : null;
      if (refused) setRows(refused);
      setFailure(refused ? t('addRefused') : apiErrorText(error, t('addError')));
    }
  }

  const errors = rows.filter((r) => rowState(r) === 'error').length;
  const toConfigure = rows.filter((r) => rowState(r) === 'configure').length;
  const ready = rows.length - errors - toConfigure;

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')} maw={1200}>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PastePanel
            text={text}
            onText={setText}
            onCheck={() => void checkText()}
            checking={check.isPending && rows.length === 0}
            disabled={busy}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <FilePanel
            file={file}
            onFile={(chosen) => void checkFile(chosen)}
            progress={progress}
            disabled={busy}
            onTemplateError={(error) => setFailure(apiErrorText(error, t('templateError')))}
          />
        </Grid.Col>
      </Grid>

      {(check.isPending || upload.isPending) && (
        <Text role="status" size="sm" c="dimmed">
          {upload.isPending ? t('uploading') : t('checking')}
        </Text>
      )}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      {added && (
        <SuccessAlert>
          <Group gap="md" justify="space-between">
            <Text size="sm">{t('added', { count: added.added })}</Text>
            <Button component={Link} to={`/pedido/edit/${added.pedido.id}`} size="compact-sm" variant="light">
              {t('goToCart')}
            </Button>
          </Group>
        </SuccessAlert>
      )}

      {rows.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="quick-review-title">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <div>
                <Title order={2} size="h4" id="quick-review-title">
                  {t('reviewTitle')}
                </Title>
                <Text size="sm" c="dimmed" aria-live="polite" data-testid="review-summary">
                  {t('summary', { ready, errors, configure: toConfigure })}
                </Text>
              </div>
              <Group gap="xs">
                {errors > 0 && (
                  <Button
                    variant="default"
                    onClick={() => void recheck()}
                    loading={check.isPending}
                    disabled={busy}
                    leftSection={<IconRefresh size={18} aria-hidden />}
                  >
                    {t('recheck')}
                  </Button>
                )}
                {toConfigure > 0 && (
                  <Button
                    variant="light"
                    onClick={() => configurator.configureFrom()}
                    disabled={busy}
                    leftSection={<IconAdjustments size={18} aria-hidden />}
                  >
                    {t('configureRows', { count: toConfigure })}
                  </Button>
                )}
                <Button
                  onClick={() => void addAll()}
                  loading={add.isPending}
                  disabled={busy || errors > 0 || toConfigure > 0}
                  leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                >
                  {t('addAll', { count: ready })}
                </Button>
              </Group>
            </Group>
            {(errors > 0 || toConfigure > 0) && (
              <Text size="sm" c="dimmed">
                {t('beforeAdding')}
              </Text>
            )}
            <ReviewTable
              rows={rows}
              busy={busy}
              onEdit={edit}
              onDrop={drop}
              onConfigure={configurator.configureFrom}
            />
          </Stack>
        </Paper>
      )}
      {configurator.dialog}
    </PageFrame>
  );
}

/**
 * A ready row's options: as configured (by name), else the codes and embroidery as read.
 */
