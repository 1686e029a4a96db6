import { Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { embroideryText, localized, optionsText } from '@nido/contract';
import { IconAdjustments, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction.tsx';
import { DataTable, HiddenHeader } from '../../../components/TableParts.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { messageText } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { EMBROIDERY_FIELDS, hasEmbroidery, type ReviewRow, rowState, splitErrors } from './rows.ts';

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
export function ReviewTable({ rows, busy, onEdit, onDrop, onConfigure }: ReviewTableProps) {
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
