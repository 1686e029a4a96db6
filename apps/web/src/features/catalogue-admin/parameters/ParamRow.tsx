import {
  ActionIcon,
  Checkbox,
  ColorInput,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { normalizePrice } from '@nido/contract';
import { IconArrowDown, IconArrowUp, IconCheck, IconFolderShare, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction.tsx';
import { eurosTimes, formatMoney } from '../../../lib/format.ts';
import type { ParametroRowT } from '../api.ts';
import { ParamImageCell } from './ParamImageCell.tsx';
import { type SaveStatus, useParamRowSave } from './useParamRowSave.ts';

export interface SectionChoice {
  id: number;
  label: string;
}

/**
 * One parameter (option) of the group editor. Saves on blur only when the row is valid and
 * changed (product.md §5.3); a new row (id 0) is created by its first valid save.
 */
export function ParamRow({
  row,
  index,
  count,
  groupId,
  sectionId,
  groupSize,
  otherSections,
  busy,
  onSaved,
  onMove,
  onMoveToSection,
  onDelete,
}: {
  row: ParametroRowT | null;
  index: number;
  count: number;
  groupId: number;
  sectionId: number;
  groupSize: number;
  otherSections: SectionChoice[];
  busy: boolean;
  onSaved: (row: ParametroRowT) => void;
  onMove: (from: number, to: number) => void;
  onMoveToSection: (id: number, sectionId: number) => void;
  onDelete: (id: number) => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  const { form, commit, status, failure } = useParamRowSave({ row, groupId, sectionId, onSaved });
  const draft = form.values;
  const isNew = draft.id === 0;

  const n = index + 1;
  const cell = (column: string) => t('params.cell', { column, row: n });
  const priceNumber = normalizePrice(draft.price);
  /** A cell with a checkbox of the row, saved at once. */
  const checkCell = (field: 'embroidery_color' | 'activado', column: string) => {
    const input = form.getInputProps(field, { type: 'checkbox' });
    return (
      <Table.Td>
        <Checkbox
          aria-label={cell(column)}
          {...input}
          onChange={(e) => {
            input.onChange(e);
            void commit([field]);
          }}
        />
      </Table.Td>
    );
  };
  /** An input of one text field of the row, saved when the field loses focus. */
  const textInput = (field: TextField, column: string, props: Partial<TextInputProps> = {}) => (
    <TextInput
      size="xs"
      aria-label={cell(column)}
      {...form.getInputProps(field)}
      onBlur={() => void commit([field])}
      {...props}
    />
  );
  /** A cell editing one text field of the row. */
  const textCell = (field: TextField, column: string, props: Partial<TextInputProps> = {}) => (
    <Table.Td>{textInput(field, column, props)}</Table.Td>
  );

  return (
    <Table.Tr aria-label={t('params.rowAria', { row: n, name: draft.nombre || t('params.newRow') })}>
      {textCell('codigo', t('fields.code'))}
      {textCell('nombre', t('fields.nameEs'), { required: true })}
      {textCell('nombre_en', t('fields.nameEn'), { required: true })}
      <Table.Td>
        <ColorInput
          size="xs"
          aria-label={cell(t('fields.colour'))}
          format="hex"
          {...form.getInputProps('color')}
          onChangeEnd={(value) => {
            form.setFieldValue('color', value);
            void commit(['color']);
          }}
          onBlur={() => void commit(['color'])}
          popoverProps={{ withinPortal: true }}
          withEyeDropper={false}
        />
      </Table.Td>
      {textCell('price', t('fields.price'), { inputMode: 'decimal', rightSection: <Text size="xs">€</Text> })}
      <Table.Td>
        <Text size="sm" ta="right">
          {formatMoney(eurosTimes(priceNumber, groupSize))}
        </Text>
      </Table.Td>
      {textCell('letters', t('fields.letters'), { inputMode: 'numeric' })}
      {/* Both languages' positions in one column, Spanish above English (narrower table). */}
      <Table.Td>
        <Stack gap={2}>
          {textInput('embroidery_position', t('fields.positionsEs'), {
            placeholder: t('params.positionsEsPlaceholder'),
          })}
          {textInput('embroidery_position_en', t('fields.positionsEn'), {
            placeholder: t('params.positionsEnPlaceholder'),
          })}
        </Stack>
      </Table.Td>
      {checkCell('embroidery_color', t('fields.embroideryColour'))}
      {checkCell('activado', t('fields.active'))}
      <ParamImageCell rowId={draft.id} image={row?.imagen ?? null} n={n} cell={cell} onSaved={onSaved} />
      <Table.Td>
        <RowActions
          index={index}
          count={count}
          cell={cell}
          disabled={busy}
          movable={!busy && !isNew}
          otherSections={otherSections}
          onMove={onMove}
          onMoveToSection={(sectionTo) => onMoveToSection(draft.id, sectionTo)}
          onDelete={() => onDelete(draft.id)}
        />
        <SaveState status={status} failure={failure} />
      </Table.Td>
    </Table.Tr>
  );
}

type TextField =
  | 'codigo'
  | 'nombre'
  | 'nombre_en'
  | 'price'
  | 'letters'
  | 'embroidery_position'
  | 'embroidery_position_en';

/** A row's moves (up, down, to another section) and its delete. */
function RowActions({
  index,
  count,
  cell,
  disabled,
  movable,
  otherSections,
  onMove,
  onMoveToSection,
  onDelete,
}: {
  index: number;
  count: number;
  cell: (column: string) => string;
  /** Nothing can be done (the group is busy). */
  disabled: boolean;
  /** The row can move (saved, and the group not busy). */
  movable: boolean;
  otherSections: SectionChoice[];
  onMove: (from: number, to: number) => void;
  onMoveToSection: (sectionId: number) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  // Two by two, so the column stays narrow.
  return (
    <Group gap={2} wrap="wrap" justify="flex-end">
      <IconAction
        label={cell(t('moveUp'))}
        size="sm"
        disabled={!movable || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <IconArrowUp size={14} />
      </IconAction>
      <IconAction
        label={cell(t('moveDown'))}
        size="sm"
        disabled={!movable || index >= count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <IconArrowDown size={14} />
      </IconAction>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            disabled={!movable || otherSections.length === 0}
            aria-label={cell(t('params.moveToSection'))}
          >
            <IconFolderShare size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('params.moveToSection')}</Menu.Label>
          {otherSections.map((s) => (
            <Menu.Item key={s.id} onClick={() => onMoveToSection(s.id)}>
              {s.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <IconAction
        label={cell(t('params.delete'))}
        color="red"
        size="sm"
        disabled={disabled}
        onClick={onDelete}
      >
        <IconTrash size={14} />
      </IconAction>
    </Group>
  );
}

/** What became of the last change saved on blur: saving, saved, or why it failed. */
function SaveState({ status, failure }: { status: SaveStatus; failure: string | null }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <>
      <div aria-live="polite">
        {status === 'saving' && (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Loader size={12} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('params.saving')}
            </Text>
          </Group>
        )}
        {status === 'saved' && (
          <Group gap={2} wrap="nowrap" justify="flex-end" data-testid="param-saved">
            <IconCheck size={14} color="var(--mantine-color-sage-7)" aria-hidden />
            <Text size="xs" c="sage.8">
              {t('params.saved')}
            </Text>
          </Group>
        )}
      </div>
      {failure && (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}
