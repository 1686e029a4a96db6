import {
  ActionIcon,
  Avatar,
  Checkbox,
  ColorInput,
  Group,
  Loader,
  Menu,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import {
  CATALOG_ADMIN_MSG,
  hasText,
  normalizeLetters,
  normalizePositions,
  normalizePrice,
  ParametroWriteBody,
} from '@nido/contract';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconFolderShare,
  IconPhoto,
  IconPhotoUp,
  IconTrash,
} from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction.tsx';
import { eurosTimes, formatMoney } from '../../../lib/format.ts';
import { type FieldErrors, useContractForm } from '../../../lib/forms.ts';
import { apiErrorText, type ShownMessage } from '../../../lib/messages.ts';
import { type ParametroRowT, saveParameter, uploadParameterImage } from '../api.ts';

/** The editable fields of a parameter, as typed. */
export interface ParamDraft {
  id: number;
  codigo: string;
  nombre: string;
  nombre_en: string;
  color: string;
  price: string;
  letters: string;
  embroidery_color: boolean;
  embroidery_position: string;
  embroidery_position_en: string;
  activado: boolean;
}

export const EMPTY_DRAFT: ParamDraft = {
  id: 0,
  codigo: '',
  nombre: '',
  nombre_en: '',
  color: '',
  price: '0',
  letters: '0',
  embroidery_color: false,
  embroidery_position: '',
  embroidery_position_en: '',
  activado: true,
};

function draftOf(row: ParametroRowT): ParamDraft {
  return {
    id: row.id,
    codigo: row.codigo,
    nombre: row.nombre,
    nombre_en: row.nombre_en,
    color: row.color ?? '',
    price: String(row.price),
    letters: String(row.letters),
    embroidery_color: row.embroidery_color,
    embroidery_position: row.embroidery_position,
    embroidery_position_en: row.embroidery_position_en,
    activado: row.activado,
  };
}

/** The values that would be stored (product.md §5.3: negative price → 0, letters NaN → 0). */
function normalized(d: ParamDraft) {
  return {
    codigo: d.codigo.trim(),
    nombre: d.nombre.trim(),
    nombre_en: d.nombre_en.trim(),
    color: d.color.trim().toLowerCase(),
    price: normalizePrice(d.price),
    letters: normalizeLetters(d.letters),
    embroidery_color: d.embroidery_color,
    ...normalizePositions(d.embroidery_position, d.embroidery_position_en),
    activado: d.activado,
  };
}

function sameValues(a: ParamDraft, b: ParamDraft): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

/** The row's rules beyond the schema (product.md §5.3). */
function rules(d: ParamDraft): Record<string, ShownMessage> {
  const errors: Record<string, ShownMessage> = {};
  if (!hasText(d.nombre)) errors.nombre = CATALOG_ADMIN_MSG.nameRequired;
  if (!hasText(d.nombre_en)) errors.nombre_en = CATALOG_ADMIN_MSG.nameEnRequired;
  if (d.color.trim() && !/^#[0-9a-fA-F]{6}$/.test(d.color.trim()))
    errors.color = CATALOG_ADMIN_MSG.colorFormat;
  return errors;
}

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
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imagen, setImagen] = useState<string | null>(row?.imagen ?? null);
  /** The image's message (not a field of the row): raw, shown translated. */
  const [imageError, setImageError] = useState<ShownMessage | null>(null);
  /** The row as last stored. */
  const savedRef = useRef(row ? draftOf(row) : EMPTY_DRAFT);
  const savingRef = useRef(false);
  const againRef = useRef(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const form = useContractForm<ParamDraft, unknown>({
    initialValues: savedRef.current,
    schema: ParametroWriteBody,
    input: (d) => payloadOf(d),
    rules,
    onEdit: () => {
      if (status === 'saved' || status === 'failed') setStatus('idle');
    },
  });
  const draft = form.values;
  const isNew = draft.id === 0;

  /** The parametro/updateNewWithImage body of a row. */
  function payloadOf(d: ParamDraft) {
    const norm = normalized(d);
    return {
      id: d.id,
      parametros_grupos_id: groupId,
      ...norm,
      color: norm.color || null,
      section_id: sectionId,
    };
  }

  // A newer server copy (a reorder, a move, a refetch) replaces the row when nothing is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server copy of the row
  useEffect(() => {
    if (!row) return;
    const next = draftOf(row);
    if (sameValues(form.getValues(), savedRef.current) && !savingRef.current) {
      savedRef.current = next;
      form.setValues(next);
    }
    setImagen(row.imagen);
  }, [row]);

  /** Product.md §5.3: a field is saved when it loses focus, if the row is valid and changed. */
  async function commit(fields?: string[]) {
    const current = form.getValues();
    const found = form.findErrors(current);
    const nowTouched = new Set(touched);
    for (const f of fields ?? []) nowTouched.add(f);
    setTouched(nowTouched);
    // A new row shows only the messages of the fields already visited; a saved row shows all.
    const shown: FieldErrors = {};
    for (const [k, v] of Object.entries(found)) {
      if (current.id !== 0 || nowTouched.has(k)) shown[k] = v;
    }
    form.setErrors(shown);
    setImageError(null);
    if (Object.keys(found).length > 0) return;
    // Show the stored form of price and letters.
    const norm = normalized(current);
    if (String(norm.price) !== current.price || String(norm.letters) !== current.letters) {
      form.setValues({ price: String(norm.price), letters: String(norm.letters) });
    }
    if (current.id !== 0 && sameValues(current, savedRef.current)) return;
    if (savingRef.current) {
      againRef.current = true;
      return;
    }
    savingRef.current = true;
    setStatus('saving');
    setFailure(null);
    try {
      const result = await saveParameter(payloadOf(current));
      savedRef.current = draftOf(result);
      if (current.id === 0) form.setValues({ id: result.id });
      setStatus('saved');
      onSaved(result);
    } catch (error) {
      const fields = form.setServerErrors(error);
      setStatus('failed');
      setFailure(Object.keys(fields).length ? null : apiErrorText(error, t('params.saveError')));
    } finally {
      savingRef.current = false;
    }
    if (againRef.current) {
      againRef.current = false;
      await commit();
    }
  }

  function chooseImage() {
    if (form.getValues().id === 0) {
      setImageError(CATALOG_ADMIN_MSG.saveBeforeUpload);
      return;
    }
    fileRef.current?.click();
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (form.getValues().id === 0) {
      setImageError(CATALOG_ADMIN_MSG.saveBeforeUpload);
      return;
    }
    setImageError(null);
    setProgress(0);
    try {
      const result = await uploadParameterImage({ id: form.getValues().id }, file, setProgress);
      setImagen(result.imagen);
      onSaved(result);
    } catch (error) {
      setImageError(apiErrorText(error, t('images.uploadError')));
    } finally {
      setProgress(null);
    }
  }

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
  const textInput = (
    field:
      | 'codigo'
      | 'nombre'
      | 'nombre_en'
      | 'price'
      | 'letters'
      | 'embroidery_position'
      | 'embroidery_position_en',
    column: string,
    props: Partial<TextInputProps> = {},
  ) => (
    <TextInput
      size="xs"
      aria-label={cell(column)}
      {...form.getInputProps(field)}
      onBlur={() => void commit([field])}
      {...props}
    />
  );
  /** A cell editing one text field of the row. */
  const textCell = (
    field:
      | 'codigo'
      | 'nombre'
      | 'nombre_en'
      | 'price'
      | 'letters'
      | 'embroidery_position'
      | 'embroidery_position_en',
    column: string,
    props: Partial<TextInputProps> = {},
  ) => <Table.Td>{textInput(field, column, props)}</Table.Td>;

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
      <Table.Td>
        <Stack gap={4}>
          <Group gap={4} wrap="nowrap">
            <Avatar src={imagen} alt={imagen ? t('params.imageOf', { row: n }) : ''} size={30} radius="sm">
              <IconPhoto size={14} />
            </Avatar>
            <IconAction
              tooltip={t('params.uploadImage')}
              label={cell(t('params.uploadImage'))}
              variant="light"
              size="md"
              onClick={chooseImage}
              loading={progress !== null}
            >
              <IconPhotoUp size={16} />
            </IconAction>
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              hidden
              aria-label={cell(t('params.imageFile'))}
              onChange={(e) => void upload(e)}
            />
          </Group>
          {progress !== null && (
            <Progress size="sm" value={progress} aria-label={t('images.uploading', { percent: progress })} />
          )}
          {imageError && (
            <Text size="xs" c="red" role="alert">
              {form.message(imageError)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {/* Two by two, so the column stays narrow. */}
        <Group gap={2} wrap="wrap" justify="flex-end">
          <IconAction
            label={cell(t('moveUp'))}
            size="sm"
            disabled={busy || isNew || index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <IconArrowUp size={14} />
          </IconAction>
          <IconAction
            label={cell(t('moveDown'))}
            size="sm"
            disabled={busy || isNew || index >= count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <IconArrowDown size={14} />
          </IconAction>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                size="sm"
                disabled={busy || isNew || otherSections.length === 0}
                aria-label={cell(t('params.moveToSection'))}
              >
                <IconFolderShare size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('params.moveToSection')}</Menu.Label>
              {otherSections.map((s) => (
                <Menu.Item key={s.id} onClick={() => onMoveToSection(draft.id, s.id)}>
                  {s.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <IconAction
            label={cell(t('params.delete'))}
            color="red"
            size="sm"
            disabled={busy}
            onClick={() => onDelete(draft.id)}
          >
            <IconTrash size={14} />
          </IconAction>
        </Group>
        {/* What became of the last change saved on blur: saving, saved, or why it failed. */}
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
      </Table.Td>
    </Table.Tr>
  );
}
