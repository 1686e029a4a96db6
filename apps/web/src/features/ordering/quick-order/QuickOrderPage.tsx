import {
  Anchor,
  Button,
  FileInput,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  embroideryText,
  localized,
  optionsText,
  QUICK_ORDER_ROWS_MAX,
  type QuickOrderAddResponse,
} from '@nido/contract';
import {
  IconAdjustments,
  IconCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconRefresh,
  IconShoppingCartPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, SuccessAlert } from '../../../components/Alerts.tsx';
import { IconAction } from '../../../components/IconAction.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable, HiddenHeader } from '../../../components/TableParts.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { isApiError } from '../../../lib/api.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { canActForClient, useActiveClienteId, useSession } from '../../../lib/session.ts';
import { useLang } from '../../../lib/useLang.ts';
import { presetOfLine } from '../line-editor/lineEditor.ts';
import { useLineEditor } from '../line-editor/useLineEditor.tsx';
import { downloadQuickTemplate, useQuickAdd, useQuickCheck, useQuickUpload } from './api.ts';
import {
  EMBROIDERY_FIELDS,
  hasEmbroidery,
  inputOf,
  lineOf,
  mergeChecked,
  type ReviewRow,
  refusedRows,
  reviewRows,
  rowState,
  splitErrors,
} from './rows.ts';

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
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const check = useQuickCheck(clienteId);
  const upload = useQuickUpload(clienteId);
  const add = useQuickAdd(clienteId);
  const busy = check.isPending || upload.isPending || add.isPending;

  const lineEditor = useLineEditor();

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

  /** Opens the configurator on the `i`-th of the rows `keys`, with previous / next among them. */
  function configure(keys: number[], i: number) {
    const row = rowsRef.current.find((r) => r.key === keys[i]);
    if (!row) {
      lineEditor.close();
      return;
    }
    const line = row.configured ?? row.checked.line;
    lineEditor.open({
      modelo: line?.modelo ?? row.checked.model?.modelo ?? row.checked.input.modelo,
      preset: line ? presetOfLine(line) : { parametros_color: [] },
      collect: {
        onLine: (configured, names) => {
          setRows((current) => current.map((r) => (r.key === row.key ? { ...r, configured, names } : r)));
          // On to the next row still to configure (after this one, then from the first), else done.
          const waiting = (j: number) =>
            j !== i && rowsRef.current.some((r) => r.key === keys[j] && rowState(r) === 'configure');
          const order = [...keys.keys()].filter((j) => j > i).concat([...keys.keys()].filter((j) => j < i));
          const next = order.find(waiting);
          if (next != null) configure(keys, next);
          else lineEditor.close();
        },
        step: {
          index: i,
          count: keys.length,
          onPrevious: () => configure(keys, i - 1),
          onNext: () => configure(keys, i + 1),
        },
      },
    });
  }

  /** Steps through every row that needs options, from `key` (default: the first still to configure). */
  function configureFrom(key?: number) {
    const keys = rows.filter((r) => r.checked.status === 'configure').map((r) => r.key);
    const start = key ?? rows.find((r) => rowState(r) === 'configure')?.key;
    configure(keys, Math.max(0, keys.indexOf(start ?? keys[0])));
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
          <Paper withBorder p="md" h="100%">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('pasteTitle')}
              </Title>
              <Textarea
                label={t('linesLabel')}
                description={t('linesHelp', { max: QUICK_ORDER_ROWS_MAX })}
                placeholder={'NDCAP101 2\nNDCAP103 1'}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                autosize
                minRows={5}
                maxRows={14}
                spellCheck={false}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <Group justify="flex-end">
                <Button
                  onClick={() => void checkText()}
                  loading={check.isPending && rows.length === 0}
                  disabled={busy || text.trim() === ''}
                  leftSection={<IconCheck size={18} aria-hidden />}
                >
                  {t('check')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" h="100%">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {t('fileTitle')}
              </Title>
              <FileInput
                label={t('fileLabel')}
                description={t('fileHelp')}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={file}
                onChange={(chosen) => void checkFile(chosen)}
                disabled={busy}
                clearable
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              />
              {progress != null && (
                <Progress value={progress} aria-label={t('uploading')} size="sm" animated />
              )}
              <div>
                <Button
                  variant="subtle"
                  px={0}
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() =>
                    void downloadQuickTemplate().catch((error) =>
                      setFailure(apiErrorText(error, t('templateError'))),
                    )
                  }
                >
                  {t('template')}
                </Button>
                <Text size="xs" c="dimmed">
                  {t('templateHelp')}
                </Text>
              </div>
            </Stack>
          </Paper>
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
                    onClick={() => configureFrom()}
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
            <ReviewTable rows={rows} busy={busy} onEdit={edit} onDrop={drop} onConfigure={configureFrom} />
          </Stack>
        </Paper>
      )}
      {lineEditor.dialog}
    </PageFrame>
  );
}

/**
 * A ready row's options: as configured (by name), else the codes and embroidery as read.
 */
function RowOptions({ row }: { row: ReviewRow }) {
  const { t } = useTranslation('quickOrder');
  const lang = useLang();
  const options = row.names ? optionsText(row.names.options, lang) : row.edit.opciones;
  const embroidery = row.names
    ? embroideryText(row.names.embroidery, lang)
    : EMBROIDERY_FIELDS.map((f) => row.edit[f].trim())
        .filter(Boolean)
        .join(' · ');
  return (
    <Stack gap={2}>
      <Text size="sm" ff={row.names ? undefined : 'monospace'} data-testid="quick-row-options">
        {options || '—'}
      </Text>
      {embroidery && (
        <Text size="xs" c="dimmed" data-testid="quick-row-embroidery">
          {t('embroidery')}: {embroidery}
        </Text>
      )}
    </Stack>
  );
}

/** Codes read best in a fixed-width font; the field's message stays in the body font. */
const MONO_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface ReviewTableProps {
  rows: ReviewRow[];
  busy: boolean;
  onEdit: (key: number, patch: Partial<ReviewRow['edit']>) => void;
  onDrop: (key: number) => void;
  onConfigure: (key: number) => void;
}

/** The checked rows: a row in error is edited in place, with its messages beside its fields. */
function ReviewTable({ rows, busy, onEdit, onDrop, onConfigure }: ReviewTableProps) {
  const { t } = useTranslation('quickOrder');
  const lang = useLang();
  return (
    <DataTable
      minWidth={680}
      verticalSpacing="xs"
      stacked={{
        labels: [t('row'), null, t('quantity'), t('options'), t('status')],
        title: 2,
        actions: true,
      }}
      head={
        <>
          <Table.Th w={56}>{t('row')}</Table.Th>
          <Table.Th>{t('code')}</Table.Th>
          <Table.Th w={110}>{t('quantity')}</Table.Th>
          <Table.Th>{t('options')}</Table.Th>
          <Table.Th>{t('status')}</Table.Th>
          <HiddenHeader label={t('actions')} w={88} />
        </>
      }
    >
      {rows.map((row) => {
        const state = rowState(row);
        const n = row.checked.row;
        const { modelo, cantidad, embroidery, other } = splitErrors(row.checked.errors);
        const model = row.checked.model;
        return (
          <Table.Tr key={row.key} data-testid="quick-row" data-state={state} data-modelo={row.edit.modelo}>
            <Table.Td>
              <Text size="sm" c="dimmed">
                {n}
              </Text>
            </Table.Td>
            <Table.Td>
              {state === 'error' ? (
                <TextInput
                  size="xs"
                  aria-label={t('codeOfRow', { row: n })}
                  value={row.edit.modelo}
                  onChange={(e) => onEdit(row.key, { modelo: e.currentTarget.value })}
                  error={messageText(modelo) || undefined}
                  styles={MONO_INPUT}
                  autoComplete="off"
                />
              ) : (
                <Text size="sm" ff="monospace" fw={700}>
                  {model?.modelo ?? row.edit.modelo}
                </Text>
              )}
              {model && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {localized(model, 'descripcion', lang)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {state === 'error' ? (
                <TextInput
                  size="xs"
                  aria-label={t('quantityOfRow', { row: n })}
                  value={row.edit.cantidad}
                  onChange={(e) => onEdit(row.key, { cantidad: e.currentTarget.value })}
                  error={messageText(cantidad) || undefined}
                  inputMode="numeric"
                  autoComplete="off"
                />
              ) : (
                <Text size="sm">{String(row.configured?.cantidad ?? row.edit.cantidad)}</Text>
              )}
            </Table.Td>
            <Table.Td>
              {state === 'error' ? (
                <Stack gap={4}>
                  <TextInput
                    size="xs"
                    aria-label={t('optionsOfRow', { row: n })}
                    value={row.edit.opciones}
                    onChange={(e) => onEdit(row.key, { opciones: e.currentTarget.value })}
                    styles={MONO_INPUT}
                    autoComplete="off"
                  />
                  {/* The embroidery a row gives (or is refused for) is fixed here like its code. */}
                  {hasEmbroidery(row) &&
                    EMBROIDERY_FIELDS.map((field) => (
                      <TextInput
                        key={field}
                        size="xs"
                        aria-label={t(`embroideryOfRow.${field}`, { row: n })}
                        label={t(`embroideryField.${field}`)}
                        value={row.edit[field]}
                        onChange={(e) => onEdit(row.key, { [field]: e.currentTarget.value })}
                        error={messageText(embroidery[field]) || undefined}
                        autoComplete="off"
                      />
                    ))}
                </Stack>
              ) : (
                <RowOptions row={row} />
              )}
            </Table.Td>
            <Table.Td>
              {state === 'error' && (
                <Stack gap={2}>
                  <ToneBadge color="red">{t('stateError')}</ToneBadge>
                  {other.map((m) => (
                    <Text key={`${m.code}${JSON.stringify(m.params ?? {})}`} size="xs" c="red.8">
                      {messageText(m)}
                    </Text>
                  ))}
                </Stack>
              )}
              {state === 'configure' && (
                <Stack gap={2} align="flex-start">
                  <ToneBadge color="yellow">{t('stateConfigure')}</ToneBadge>
                  {row.checked.prefilled && (
                    <Text size="xs" c="dimmed">
                      {t('prefilled')}
                    </Text>
                  )}
                </Stack>
              )}
              {state === 'ready' && (
                <ToneBadge color="green">{row.configured ? t('stateConfigured') : t('stateReady')}</ToneBadge>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                {row.checked.status === 'configure' && (
                  <IconAction
                    label={t('configureRow', { row: n })}
                    tooltip={t('configure')}
                    onClick={() => onConfigure(row.key)}
                    disabled={busy}
                  >
                    <IconAdjustments size={18} />
                  </IconAction>
                )}
                <IconAction
                  label={t('dropRow', { row: n })}
                  onClick={() => onDrop(row.key)}
                  disabled={busy}
                  color="red"
                  tooltip={t('drop')}
                >
                  <IconTrash size={18} />
                </IconAction>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
