import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CATALOG_ADMIN_MSG,
  EMBROIDERY_COLOURS_GROUP_ID,
  hasText,
  ParamGroupWriteRequest,
} from '@nido/contract';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { confirmAction } from '../../components/confirm.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { apiFieldErrors, useContractForm } from '../../lib/forms.ts';
import { apiErrorText, type ShownMessage } from '../../lib/messages.ts';
import {
  type ParametroRowT,
  type ParamGroupDetailT,
  useParamGroup,
  useParamGroupChanges,
  useSaveParamGroup,
} from './api.ts';
import { EditScreen } from './components/EditScreen.tsx';
import { SectionNameForm } from './components/SectionNameForm.tsx';
import type { SectionChoice } from './parameters/ParamRow.tsx';
import { type DraftRow, SectionTable } from './parameters/SectionTable.tsx';
import { useChangeRunner } from './useChangeRunner.ts';
import { useDecimal } from './useDecimal.ts';
import { useLocalized } from './useLocalized.ts';

/** /modelo/parametros-edit/{id}: a parameter group, its sections and options (id 0 = new group). */
export default function ParameterGroupEditPage() {
  const { t } = useTranslation('catalogAdmin');
  return (
    <EditScreen useRecord={useParamGroup} back={{ to: '/modelo/parametros', label: t('groups.back') }}>
      {(group) => (
        <>
          <GroupHeader key={group?.id ?? 'new'} group={group} />
          {group && <GroupSections group={group} />}
        </>
      )}
    </EditScreen>
  );
}

/** Names (required, product.md §5.3), size and state of the group. */
function GroupHeader({ group }: { group: ParamGroupDetailT | null }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const navigate = useNavigate();
  const saveGroup = useSaveParamGroup();
  const [failed, setFailed] = useState<string | null>(null);
  const { decimalSeparator } = useDecimal();
  const form = useContractForm({
    initialValues: {
      nombre: group?.nombre ?? '',
      nombre_en: group?.nombre_en ?? '',
      size: (group?.size ?? 1) as number | string,
      activado: group?.activado ?? true,
    },
    schema: ParamGroupWriteRequest,
    // The size as typed: the rule below says when it is not a number.
    input: ({ nombre, nombre_en, size, activado }) => ({
      nombre: nombre.trim(),
      nombre_en: nombre_en.trim(),
      size,
      activado,
    }),
    rules: ({ nombre, nombre_en, size }) => {
      const found: Record<string, ShownMessage> = {};
      if (!hasText(nombre)) found.nombre = CATALOG_ADMIN_MSG.nameRequired;
      if (!hasText(nombre_en)) found.nombre_en = CATALOG_ADMIN_MSG.nameEnRequired;
      if (size === '' || !Number.isFinite(Number(size))) found.size = CATALOG_ADMIN_MSG.sizeNumeric;
      return found;
    },
  });

  const submit = form.submit(
    async (_request, { nombre, nombre_en, size, activado }) => {
      setFailed(null);
      try {
        const input = { nombre: nombre.trim(), nombre_en: nombre_en.trim(), size: Number(size), activado };
        const result = await saveGroup(group ? group.id : null, input);
        notifySuccess(t('groups.saved'));
        if (!group) navigate(`/modelo/parametros-edit/${result.id}`, { replace: true });
      } catch (error) {
        const fields = form.setServerErrors(error);
        if (!Object.keys(fields).length) setFailed(apiErrorText(error, t('groups.saveError')));
      }
    },
    () => setFailed(null),
  );

  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate aria-label={t('groups.form')}>
      <Stack gap="md">
        <Group gap="sm">
          <Title order={1}>{group ? localized(group, 'nombre') : t('groups.new')}</Title>
          {group && (
            <Badge variant="light" color="gray">
              #{group.id}
            </Badge>
          )}
          {group?.id === EMBROIDERY_COLOURS_GROUP_ID && (
            <Badge variant="light">{t('groups.embroideryColours')}</Badge>
          )}
        </Group>
        {failed && <ErrorAlert>{failed}</ErrorAlert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('fields.groupNameEs')} required {...form.getInputProps('nombre')} />
          <TextInput label={t('fields.groupNameEn')} required {...form.getInputProps('nombre_en')} />
          <NumberInput
            label={t('fields.size')}
            description={t('groups.sizeHint')}
            min={0}
            max={1000}
            decimalScale={3}
            decimalSeparator={decimalSeparator}
            {...form.getInputProps('size')}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Switch label={t('fields.active')} {...form.getInputProps('activado', { type: 'checkbox' })} />
          <Button type="submit" loading={form.submitting}>
            {group ? t('groups.save') : t('groups.create')}
          </Button>
        </Group>
        {!group && <QuietText>{t('groups.saveFirst')}</QuietText>}
      </Stack>
    </Paper>
  );
}

let draftCounter = 0;

/** The sections of the group, one table each, with the section and row actions. */
function GroupSections({ group }: { group: ParamGroupDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const changes = useParamGroupChanges(group.id);
  const [drafts, setDrafts] = useState<DraftRow[]>([]);
  const [editing, setEditing] = useState<{ id: number | null; name: string; name_en: string } | null>(null);
  const keyMap = useRef(new Map<number, string>());
  const keyOf = (id: number) => keyMap.current.get(id) ?? `p${id}`;

  const sections = group.sections;
  const label = (s: { id: number; name: string; name_en: string }) =>
    s.id === 0 ? t('params.defaultSection') : localized(s, 'name') || t('params.unnamedSection');
  const rowsOf = (sectionId: number) =>
    group.parametros.filter((p) => p.section_id === sectionId).sort((a, b) => a.position - b.position);

  const { busy, run } = useChangeRunner(changes.settle);

  function onSaved(row: ParametroRowT, draftKey?: string) {
    if (draftKey) {
      keyMap.current.set(row.id, draftKey);
      setDrafts((list) => list.filter((d) => d.key !== draftKey));
    }
    changes.parameterSaved(row);
  }

  function moveRow(sectionId: number, from: number, to: number) {
    const rows = rowsOf(sectionId);
    if (to < 0 || to >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[from], ids[to]] = [ids[to], ids[from]];
    // product.md §5.5: positions renumbered from 0 (shown at once) and persisted.
    void run(() => changes.orderParameters(ids), t('params.orderError'));
  }

  const moveToSection = (id: number, sectionId: number) =>
    void run(() => changes.moveParameters(sectionId, [id]), t('params.moveError'));

  async function deleteRow(id: number, draftKey?: string) {
    if (id === 0 && draftKey) {
      setDrafts((list) => list.filter((d) => d.key !== draftKey));
      return;
    }
    const row = group.parametros.find((p) => p.id === id);
    const ok = await confirmAction({
      title: t('params.deleteTitle'),
      message: t('params.deleteConfirm', { name: row ? localized(row, 'nombre') : id }),
    });
    if (!ok) return;
    if (draftKey) setDrafts((list) => list.filter((d) => d.key !== draftKey));
    await run(() => changes.removeParameter(id), t('params.deleteError'));
  }

  async function deleteSection(sectionId: number) {
    const section = sections.find((s) => s.id === sectionId);
    const ids = rowsOf(sectionId).map((r) => r.id);
    const ok = await confirmAction({
      title: t('params.deleteSectionTitle'),
      message: t('params.deleteSectionConfirm', { name: section ? label(section) : '', count: ids.length }),
    });
    if (!ok) return;
    setDrafts((list) => list.filter((d) => d.sectionId !== sectionId));
    await run(() => changes.removeSection(sectionId, ids), t('params.sectionError'));
  }

  function moveSection(from: number, to: number) {
    // The default section (index 0) stays first; the others are ordered among themselves.
    const named = sections.filter((s) => s.id !== 0).map((s) => s.id);
    const i = from - 1;
    const j = to - 1;
    if (j < 0 || j >= named.length) return;
    [named[i], named[j]] = [named[j], named[i]];
    void run(() => changes.orderSections(named), t('params.sectionError'));
  }

  function addRow(sectionId: number) {
    draftCounter += 1;
    setDrafts((list) => [...list, { key: `new-${draftCounter}`, sectionId }]);
  }

  const choices = (sectionId: number): SectionChoice[] =>
    sections.filter((s) => s.id !== sectionId).map((s) => ({ id: s.id, label: label(s) }));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          {t('params.hint')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ id: null, name: '', name_en: '' })}
        >
          {t('params.newSection')}
        </Button>
      </Group>
      {sections.map((section, index) => (
        <SectionTable
          key={section.id}
          group={group}
          section={section}
          label={label(section)}
          rows={rowsOf(section.id)}
          drafts={drafts.filter((d) => d.sectionId === section.id)}
          keyOf={keyOf}
          index={index}
          sectionCount={sections.length}
          otherSections={choices(section.id)}
          busy={busy}
          onAddRow={() => addRow(section.id)}
          onRename={() => setEditing({ id: section.id, name: section.name, name_en: section.name_en })}
          onMoveSection={(to) => moveSection(index, to)}
          onDeleteSection={() => void deleteSection(section.id)}
          onSaved={onSaved}
          onMoveRow={(from, to) => moveRow(section.id, from, to)}
          onMoveToSection={moveToSection}
          onDeleteRow={(id, key) => void deleteRow(id, key)}
        />
      ))}
      <SectionModal
        changes={changes}
        editing={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          void changes.reload();
        }}
      />
    </Stack>
  );
}

/** Create (id null) or rename a section of the group. */
function SectionModal({
  changes,
  editing,
  onClose,
  onDone,
}: {
  changes: Pick<ReturnType<typeof useParamGroupChanges>, 'createSection' | 'renameSection'>;
  editing: { id: number | null; name: string; name_en: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.id ? t('params.renameSection') : t('params.newSection')}
      centered
    >
      {editing && (
        <SectionNameForm
          key={editing.id ?? 'new'}
          initial={editing}
          nameLabel={t('fields.sectionNameEs')}
          nameEnLabel={t('fields.sectionNameEn')}
          submitLabel={editing.id ? t('params.renameSection') : t('params.createSection')}
          onSave={async (name, nameEn) => {
            if (editing.id) await changes.renameSection(editing.id, name, nameEn);
            else await changes.createSection(name, nameEn);
            onDone();
          }}
          failureOf={(error) => {
            const fields = apiFieldErrors(error);
            const general = Object.keys(fields).length ? null : apiErrorText(error, t('params.sectionError'));
            return { fields, general: fields.section ?? general };
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
