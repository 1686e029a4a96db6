import { Anchor, Badge, Button, Group, Modal, NumberInput, Paper, Select, Table, Title } from '@mantine/core';
import { CATALOG_ADMIN_MSG, parseNumberInput } from '@nido/contract';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { IconAction } from '../../../components/IconAction.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { QuietText } from '../../../components/QuietText.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { DataTable, HiddenHeader } from '../../../components/TableParts.tsx';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import {
  type AdminModelDetailT,
  useAllParamGroups,
  useCreateModelSection,
  useModelGroupChanges,
  useSectionModels,
} from '../api.ts';
import { SearchSelect } from '../components/SearchSelect.tsx';
import { SectionNameForm } from '../components/SectionNameForm.tsx';
import { useChangeRunner } from '../useChangeRunner.ts';
import { useDecimal } from '../useDecimal.ts';
import { useLocalized } from '../useLocalized.ts';

type LinkT = AdminModelDetailT['grupos'][number];

interface SectionBlock {
  /** 0 = the default section. */
  id: number;
  name: string;
  name_en: string;
  grupos: LinkT[];
}

/** Sections in configurator order: by the first group of each, groups by position (product.md §5.5). */
export function sectionsOf(links: LinkT[]): SectionBlock[] {
  const sorted = [...links].sort((a, b) => a.position - b.position);
  const blocks = new Map<number, SectionBlock>();
  for (const link of sorted) {
    let block = blocks.get(link.section_models_id);
    if (!block) {
      block = {
        id: link.section_models_id,
        name: link.section_name,
        name_en: link.section_name_en,
        grupos: [],
      };
      blocks.set(link.section_models_id, block);
    }
    block.grupos.push(link);
  }
  return [...blocks.values()];
}

function flatten(blocks: SectionBlock[]) {
  return blocks.flatMap((b) => b.grupos.map((g) => ({ section: b.id, grupo: g.parametros_grupos_id })));
}

function swap<T>(list: T[], i: number, j: number): T[] {
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** The model's option groups arranged in sections: add, remove, size, order, delete a section. */
export function ModelGroups({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const changes = useModelGroupChanges(model.modelo);
  const allGroups = useAllParamGroups();
  const sectionModels = useSectionModels();
  const [grupo, setGrupo] = useState<string | null>(null);
  const [section, setSection] = useState<string>('0');
  const [creating, setCreating] = useState(false);
  const blocks = sectionsOf(model.grupos);
  const linked = new Set(model.grupos.map((g) => g.parametros_grupos_id));

  const sectionLabel = (b: { id: number; name: string; name_en: string }) =>
    b.id === 0 ? t('modelGroups.defaultSection') : localized(b, 'name');

  const { busy, run } = useChangeRunner(changes.settle);

  const reorder = (next: SectionBlock[]) =>
    run(() => changes.reorder(flatten(next)), t('modelGroups.orderError'));

  async function add() {
    if (!grupo) return;
    const ok = await run(
      () => changes.add(Number(grupo), Number(section) || null),
      t('modelGroups.addError'),
    );
    if (ok) {
      setGrupo(null);
      notifySuccess(t('modelGroups.added'));
    }
  }

  const removeGroup = (link: LinkT) =>
    run(() => changes.remove(link.parametros_grupos_id), t('modelGroups.removeError'));

  // product.md §5.5: deleting a section removes its groups one by one.
  const deleteSection = (block: SectionBlock) =>
    run(async () => {
      for (const link of block.grupos) await changes.remove(link.parametros_grupos_id);
    }, t('modelGroups.removeError'));

  const groupOptions = (allGroups.data?.data ?? [])
    .filter((g) => !linked.has(g.id))
    .map((g) => ({ value: String(g.id), label: `${localized(g, 'nombre')} (#${g.id})` }));
  const sectionOptions = [
    { value: '0', label: t('modelGroups.defaultSection') },
    ...(sectionModels.data?.data ?? []).map((s) => ({ value: String(s.id), label: localized(s, 'name') })),
  ];

  return (
    <SectionCard
      title={t('modelGroups.title')}
      actions={
        <Badge variant="light" color="gray">
          {t('modelGroups.count', { count: model.grupos.length })}
        </Badge>
      }
    >
      <Paper bg="gray.0" p="sm" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SearchSelect
            label={t('modelGroups.groupToAdd')}
            placeholder={allGroups.isPending ? t('loading') : t('modelGroups.pickGroup')}
            data={groupOptions}
            value={grupo}
            onChange={setGrupo}
            clearLabel={t('clear')}
            nothingFoundMessage={t('groups.noneFound')}
            error={allGroups.isError ? t('loadErrorBody') : undefined}
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label={t('modelGroups.sectionToAdd')}
            data={sectionOptions}
            value={section}
            onChange={(v) => setSection(v ?? '0')}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => void add()} disabled={!grupo || busy}>
            {t('modelGroups.add')}
          </Button>
          <Button variant="subtle" onClick={() => setCreating(true)}>
            {t('modelGroups.newSection')}
          </Button>
        </Group>
      </Paper>

      {blocks.length === 0 && <QuietText>{t('modelGroups.none')}</QuietText>}

      {blocks.map((block, bi) => {
        const label = sectionLabel(block);
        return (
          <section key={block.id} aria-label={t('modelGroups.sectionAria', { name: label })}>
            <Paper withBorder p="sm">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Title order={3} size="h5">
                  {label}
                </Title>
                <Group gap={4} wrap="nowrap">
                  <IconAction
                    tooltip={t('moveUp')}
                    label={t('modelGroups.sectionUp', { name: label })}
                    disabled={busy || bi === 0}
                    onClick={() => void reorder(swap(blocks, bi, bi - 1))}
                  >
                    <IconArrowUp size={16} />
                  </IconAction>
                  <IconAction
                    tooltip={t('moveDown')}
                    label={t('modelGroups.sectionDown', { name: label })}
                    disabled={busy || bi === blocks.length - 1}
                    onClick={() => void reorder(swap(blocks, bi, bi + 1))}
                  >
                    <IconArrowDown size={16} />
                  </IconAction>
                  <DeleteAction
                    tooltip={t('modelGroups.deleteSection')}
                    label={t('modelGroups.deleteSectionFor', { name: label })}
                    disabled={busy}
                    confirm={{
                      title: t('modelGroups.deleteSectionTitle'),
                      message: t('modelGroups.deleteSectionConfirm', {
                        name: label,
                        count: block.grupos.length,
                      }),
                    }}
                    onClick={() => void deleteSection(block)}
                  />
                </Group>
              </Group>
              <DataTable
                minWidth={480}
                // On a phone each group is a card: its name with its buttons, then its size named.
                stacked={{ labels: [null, t('fields.size')], title: 1, actions: true }}
                verticalSpacing={4}
                aria-label={t('modelGroups.tableAria', { name: label })}
                head={
                  <>
                    <Table.Th>{t('modelGroups.group')}</Table.Th>
                    <Table.Th w={150}>{t('fields.size')}</Table.Th>
                    <HiddenHeader label={t('actions')} w={120} />
                  </>
                }
              >
                {block.grupos.map((link, gi) => {
                  const name = localized(link, 'nombre');
                  const moveGroup = (to: number) =>
                    void reorder(
                      blocks.map((b, i) => (i === bi ? { ...b, grupos: swap(b.grupos, gi, to) } : b)),
                    );
                  return (
                    <Table.Tr key={link.parametros_grupos_id}>
                      <Table.Td>
                        <Group gap={6}>
                          <Anchor
                            component={Link}
                            to={`/modelo/parametros-edit/${link.parametros_grupos_id}`}
                            size="sm"
                          >
                            {name}
                          </Anchor>
                          {!link.activado && (
                            <Badge size="xs" color="gray">
                              {t('models.inactive')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <SizeInput setSize={changes.setSize} link={link} name={name} disabled={busy} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} justify="flex-end" wrap="nowrap">
                          <IconAction
                            label={t('modelGroups.groupUp', { name })}
                            disabled={busy || gi === 0}
                            onClick={() => moveGroup(gi - 1)}
                          >
                            <IconArrowUp size={16} />
                          </IconAction>
                          <IconAction
                            label={t('modelGroups.groupDown', { name })}
                            disabled={busy || gi === block.grupos.length - 1}
                            onClick={() => moveGroup(gi + 1)}
                          >
                            <IconArrowDown size={16} />
                          </IconAction>
                          <DeleteAction
                            label={t('modelGroups.removeFor', { name })}
                            disabled={busy}
                            confirm={{
                              title: t('modelGroups.removeTitle'),
                              message: t('modelGroups.removeConfirm', { name }),
                            }}
                            onClick={() => void removeGroup(link)}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </DataTable>
            </Paper>
          </section>
        );
      })}
      <NewSectionModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => setSection(String(id))}
      />
    </SectionCard>
  );
}

/** Size of a group for this model: numeric, saved on blur when it changed (product.md §5.3). */
function SizeInput({
  setSize,
  link,
  name,
  disabled,
}: {
  /** Saves the size; answers the stored one. */
  setSize: (link: LinkT, size: number) => Promise<number>;
  link: LinkT;
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('catalogAdmin');
  const [value, setValue] = useState<string | number>(link.size);
  const [saved, setSaved] = useState(link.size);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { decimalSeparator } = useDecimal();
  // A change made elsewhere (a copy, another tab) replaces the shown value.
  useEffect(() => {
    setValue(link.size);
    setSaved(link.size);
  }, [link.size]);

  async function commit() {
    const n = typeof value === 'number' ? value : parseNumberInput(value);
    if (!Number.isFinite(n)) {
      setError(messageText(CATALOG_ADMIN_MSG.sizeNumeric));
      return;
    }
    setError(undefined);
    if (n === saved) return;
    setSaving(true);
    try {
      const size = await setSize(link, n);
      setSaved(size);
      setValue(size);
    } catch (e) {
      setError(apiErrorText(e, t('modelGroups.sizeError')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <NumberInput
      size="xs"
      aria-label={t('modelGroups.sizeFor', { name })}
      value={value}
      onChange={setValue}
      onBlur={() => void commit()}
      min={0}
      max={1000}
      decimalScale={3}
      decimalSeparator={decimalSeparator}
      disabled={disabled || saving}
      error={error}
    />
  );
}

function NewSectionModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  const createSection = useCreateModelSection();
  // A new form (empty names) after each section created.
  const [round, setRound] = useState(0);
  return (
    <Modal opened={opened} onClose={onClose} title={t('modelGroups.newSection')} centered>
      <SectionNameForm
        key={round}
        nameLabel={t('fields.nameEs')}
        nameEnLabel={t('fields.nameEn')}
        submitLabel={t('modelGroups.createSection')}
        onSave={async (name, nameEn) => {
          const row = await createSection(name, nameEn);
          onCreated(row.id);
          setRound((n) => n + 1);
          onClose();
        }}
        failureOf={(error) => ({ fields: {}, general: apiErrorText(error, t('modelGroups.sectionError')) })}
        onCancel={onClose}
      />
    </Modal>
  );
}
