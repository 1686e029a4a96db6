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
  Tooltip,
} from '@mantine/core';
import { CATALOG_ADMIN_MSG, hasText, normalizeLetters, normalizePrice } from '@nido/contract';
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
import { formatMoney } from '../../../lib/format.ts';
import { apiFieldErrors } from '../../../lib/forms.ts';
import { type ParametroRowT, saveParameter, uploadParameterImage } from '../api.ts';
import { errorText, translateAdminMessage } from '../messages.ts';

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
    embroidery_position: d.embroidery_position
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .join(','),
    activado: d.activado,
  };
}

function sameValues(a: ParamDraft, b: ParamDraft): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

type Errors = Partial<
  Record<'codigo' | 'nombre' | 'nombre_en' | 'color' | 'price' | 'letters' | 'image', string>
>;

function validate(d: ParamDraft): Errors {
  const errors: Errors = {};
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
  const initial = row ? draftOf(row) : EMPTY_DRAFT;
  const [draft, setDraftState] = useState<ParamDraft>(initial);
  const [saved, setSaved] = useState<ParamDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [imagen, setImagen] = useState<string | null>(row?.imagen ?? null);
  const draftRef = useRef(draft);
  const savedRef = useRef(saved);
  const savingRef = useRef(false);
  const againRef = useRef(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const isNew = draft.id === 0;

  // A newer server copy (a reorder, a move, a refetch) replaces the row when nothing is being typed.
  useEffect(() => {
    if (!row) return;
    const next = draftOf(row);
    if (sameValues(draftRef.current, savedRef.current) && !savingRef.current) {
      draftRef.current = next;
      savedRef.current = next;
      setDraftState(next);
      setSaved(next);
    }
    setImagen(row.imagen);
  }, [row]);

  function setDraft(patch: Partial<ParamDraft>) {
    const next = { ...draftRef.current, ...patch };
    draftRef.current = next;
    setDraftState(next);
    if (status === 'saved' || status === 'failed') setStatus('idle');
  }

  async function commit(fields?: string[]) {
    const current = draftRef.current;
    const found = validate(current);
    const nowTouched = new Set(touched);
    for (const f of fields ?? []) nowTouched.add(f);
    setTouched(nowTouched);
    // A new row shows only the messages of the fields already visited; a saved row shows all.
    const shown: Errors = {};
    for (const [k, v] of Object.entries(found)) {
      if (current.id !== 0 || nowTouched.has(k)) shown[k as keyof Errors] = v;
    }
    setErrors(shown);
    if (Object.keys(found).length > 0) return;
    // Show the stored form of price and letters.
    const norm = normalized(current);
    if (String(norm.price) !== current.price || String(norm.letters) !== current.letters) {
      setDraft({ price: String(norm.price), letters: String(norm.letters) });
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
      const result = await saveParameter({
        id: current.id,
        parametros_grupos_id: groupId,
        ...norm,
        color: norm.color || null,
        section_id: sectionId,
      });
      const stored = draftOf(result);
      savedRef.current = stored;
      setSaved(stored);
      if (current.id === 0) setDraft({ id: result.id });
      setStatus('saved');
      onSaved(result);
    } catch (error) {
      const fields = apiFieldErrors(error) as Errors;
      setErrors(fields);
      setStatus('failed');
      setFailure(Object.keys(fields).length ? null : errorText(error, t('params.saveError')));
    } finally {
      savingRef.current = false;
    }
    if (againRef.current) {
      againRef.current = false;
      await commit();
    }
  }

  function chooseImage() {
    if (draftRef.current.id === 0) {
      setErrors((e) => ({ ...e, image: CATALOG_ADMIN_MSG.saveBeforeUpload }));
      return;
    }
    fileRef.current?.click();
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (draftRef.current.id === 0) {
      setErrors((e) => ({ ...e, image: CATALOG_ADMIN_MSG.saveBeforeUpload }));
      return;
    }
    setErrors((e) => ({ ...e, image: undefined }));
    setProgress(0);
    try {
      const result = await uploadParameterImage({ id: draftRef.current.id }, file, setProgress);
      setImagen(result.imagen);
      onSaved(result);
    } catch (error) {
      setErrors((e) => ({ ...e, image: errorText(error, t('images.uploadError')) }));
    } finally {
      setProgress(null);
    }
  }

  const n = index + 1;
  const cell = (column: string) => t('params.cell', { column, row: n });
  const err = (field: keyof Errors) => translateAdminMessage(errors[field]);
  const priceNumber = normalizePrice(draft.price);
  /** A cell with a checkbox of the row, saved at once. */
  const checkCell = (field: 'embroidery_color' | 'activado', column: string) => (
    <Table.Td>
      <Checkbox
        aria-label={cell(column)}
        checked={draft[field]}
        onChange={(e) => {
          setDraft({ [field]: e.currentTarget.checked });
          void commit([field]);
        }}
      />
    </Table.Td>
  );
  /** A cell editing one text field of the row, saved when the field loses focus. */
  const textCell = (
    field: 'codigo' | 'nombre' | 'nombre_en' | 'price' | 'letters',
    column: string,
    props: Partial<TextInputProps> = {},
  ) => (
    <Table.Td>
      <TextInput
        size="xs"
        aria-label={cell(column)}
        value={draft[field]}
        onChange={(e) => setDraft({ [field]: e.currentTarget.value })}
        onBlur={() => void commit([field])}
        error={err(field)}
        {...props}
      />
    </Table.Td>
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
          value={draft.color}
          onChange={(value) => setDraft({ color: value })}
          onChangeEnd={(value) => {
            setDraft({ color: value });
            void commit(['color']);
          }}
          onBlur={() => void commit(['color'])}
          error={err('color')}
          popoverProps={{ withinPortal: true }}
          eyeDropperButtonProps={{ 'aria-label': t('params.eyeDropper') }}
        />
      </Table.Td>
      {textCell('price', t('fields.price'), { inputMode: 'decimal', rightSection: <Text size="xs">€</Text> })}
      <Table.Td>
        <Text size="sm" ta="right">
          {formatMoney(Math.round(priceNumber * groupSize * 100) / 100)}
        </Text>
      </Table.Td>
      {textCell('letters', t('fields.letters'), { inputMode: 'numeric' })}
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
          {errors.image && (
            <Text size="xs" c="red" role="alert">
              {err('image')}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <span aria-live="polite" style={{ display: 'inline-flex', width: 18 }}>
            {status === 'saving' && <Loader size={14} aria-label={t('params.saving')} />}
            {status === 'saved' && (
              <Tooltip label={t('params.saved')}>
                <IconCheck size={16} color="var(--mantine-color-sage-7)" aria-label={t('params.saved')} />
              </Tooltip>
            )}
          </span>
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
        {failure && (
          <Text size="xs" c="red" role="alert">
            {failure}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
