import { Stack, Table, Text, TextInput, type TextInputProps } from '@mantine/core';
import { embroideryText, localized, optionsText } from '@nido/contract';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { IconAction, RowActions } from '../../../components/IconAction.tsx';
import { DataTable, HiddenHeader } from '../../../components/TableParts.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { messageText, type ShownMessage } from '../../../lib/messages.ts';
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

type EditField = keyof ReviewRow['edit'];

/** The key (quickOrder) of an edited field's spoken name, which names its row: "Code of line 3". */
function labelKey(field: EditField): string {
  if (field === 'modelo') return 'codeOfRow';
  if (field === 'cantidad') return 'quantityOfRow';
  if (field === 'opciones') return 'optionsOfRow';
  return `embroideryOfRow.${field}`;
}

interface RowFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error'> {
  row: ReviewRow;
  field: EditField;
  onEdit: ReviewTableProps['onEdit'];
  /** The row's message about this field. */
  error?: ShownMessage;
}

/** One of a row's edited fields, fixed in place, with the row's message about it under it. */
function RowField({ row, field, onEdit, error, ...props }: RowFieldProps) {
  const { t } = useTranslation('quickOrder');
  return (
    <TextInput
      size="xs"
      aria-label={t(labelKey(field), { row: row.checked.row })}
      value={row.edit[field]}
      onChange={(e) => onEdit(row.key, { [field]: e.currentTarget.value })}
      error={messageText(error) || undefined}
      autoComplete="off"
      {...props}
    />
  );
}

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
                <RowField row={row} field="modelo" onEdit={onEdit} error={modelo} styles={MONO_INPUT} />
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
                <RowField row={row} field="cantidad" onEdit={onEdit} error={cantidad} inputMode="numeric" />
              ) : (
                <Text size="sm">{String(row.configured?.cantidad ?? row.edit.cantidad)}</Text>
              )}
            </Table.Td>
            <Table.Td>
              {state === 'error' ? (
                <Stack gap={4}>
                  <RowField row={row} field="opciones" onEdit={onEdit} styles={MONO_INPUT} />
                  {/* The embroidery a row gives (or is refused for) is fixed here like its code. */}
                  {hasEmbroidery(row) &&
                    EMBROIDERY_FIELDS.map((field) => (
                      <RowField
                        key={field}
                        row={row}
                        field={field}
                        onEdit={onEdit}
                        label={t(`embroideryField.${field}`)}
                        error={embroidery[field]}
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
              <RowActions>
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
                <DeleteAction
                  iconSize={18}
                  label={t('dropRow', { row: n })}
                  onClick={() => onDrop(row.key)}
                  disabled={busy}
                  tooltip={t('drop')}
                />
              </RowActions>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
