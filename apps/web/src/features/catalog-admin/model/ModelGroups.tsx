import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { CATALOG_ADMIN_MSG, parseNumberInput } from '@nido/contract';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminModelDetailT, keys, modelApi, useAllParamGroups, useSectionModels } from '../api.ts';
import { confirmAction } from '../components/confirm.tsx';
import { notify } from '../components/notify.ts';
import { errorText } from '../components/QueryState.tsx';
import { translateAdminMessage } from '../messages.ts';
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

/** Sections in configurator order: by the first group of each, groups by position (SPEC §4). */
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
  const client = useQueryClient();
  const allGroups = useAllParamGroups();
  const sectionModels = useSectionModels();
  const [busy, setBusy] = useState(false);
  const [grupo, setGrupo] = useState<string | null>(null);
  const [section, setSection] = useState<string>('0');
  const [creating, setCreating] = useState(false);
  const blocks = sectionsOf(model.grupos);
  const linked = new Set(model.grupos.map((g) => g.parametros_grupos_id));

  const sectionLabel = (b: { id: number; name: string; name_en: string }) =>
    b.id === 0 ? t('modelGroups.defaultSection') : localized(b, 'name');

  const setGrupos = (grupos: LinkT[]) =>
    client.setQueryData<AdminModelDetailT>(keys.model(model.modelo), (old) =>
      old ? { ...old, grupos } : old,
    );

  /** Runs one change with every control disabled, then reloads the model. */
  async function run(action: () => Promise<unknown>, fallback: string) {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      notify({ color: 'red', message: errorText(error, fallback) });
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: keys.model(model.modelo) });
      void client.invalidateQueries({ queryKey: ['catalogAdmin', 'models'] });
      setBusy(false);
    }
  }

  const reorder = (next: SectionBlock[]) =>
    run(async () => {
      const result = await modelApi.setGroupPositions(model.modelo, flatten(next));
      setGrupos(result.grupos);
    }, t('modelGroups.orderError'));

  async function add() {
    if (!grupo) return;
    const ok = await run(
      () => modelApi.addGroup(model.modelo, Number(grupo), Number(section) || null),
      t('modelGroups.addError'),
    );
    if (ok) {
      setGrupo(null);
      notify({ color: 'sage', message: t('modelGroups.added') });
    }
  }

  async function removeGroup(link: LinkT) {
    const name = localized(link, 'nombre');
    const ok = await confirmAction({
      title: t('modelGroups.removeTitle'),
      message: t('modelGroups.removeConfirm', { name }),
    });
    if (ok)
      await run(
        () => modelApi.removeGroup(model.modelo, link.parametros_grupos_id),
        t('modelGroups.removeError'),
      );
  }

  async function deleteSection(block: SectionBlock) {
    const ok = await confirmAction({
      title: t('modelGroups.deleteSectionTitle'),
      message: t('modelGroups.deleteSectionConfirm', {
        name: sectionLabel(block),
        count: block.grupos.length,
      }),
    });
    if (!ok) return;
    // SPEC §4: deleting a section removes its groups one by one.
    await run(async () => {
      for (const link of block.grupos) await modelApi.removeGroup(model.modelo, link.parametros_grupos_id);
    }, t('modelGroups.removeError'));
  }

  const groupOptions = (allGroups.data?.data ?? [])
    .filter((g) => !linked.has(g.id))
    .map((g) => ({ value: String(g.id), label: `${localized(g, 'nombre')} (#${g.id})` }));
  const sectionOptions = [
    { value: '0', label: t('modelGroups.defaultSection') },
    ...(sectionModels.data?.data ?? []).map((s) => ({ value: String(s.id), label: localized(s, 'name') })),
  ];

  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('modelGroups.title')}
          </Title>
          <Badge variant="light" color="gray">
            {t('modelGroups.count', { count: model.grupos.length })}
          </Badge>
        </Group>

        <Paper bg="gray.0" p="sm" radius="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('modelGroups.groupToAdd')}
              placeholder={allGroups.isPending ? t('loading') : t('modelGroups.pickGroup')}
              data={groupOptions}
              value={grupo}
              onChange={setGrupo}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('clear') }}
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

        {blocks.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('modelGroups.none')}
          </Text>
        )}

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
                    <Tooltip label={t('moveUp')}>
                      <ActionIcon
                        variant="subtle"
                        disabled={busy || bi === 0}
                        aria-label={t('modelGroups.sectionUp', { name: label })}
                        onClick={() => void reorder(swap(blocks, bi, bi - 1))}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('moveDown')}>
                      <ActionIcon
                        variant="subtle"
                        disabled={busy || bi === blocks.length - 1}
                        aria-label={t('modelGroups.sectionDown', { name: label })}
                        onClick={() => void reorder(swap(blocks, bi, bi + 1))}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('modelGroups.deleteSection')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={busy}
                        aria-label={t('modelGroups.deleteSectionFor', { name: label })}
                        onClick={() => void deleteSection(block)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <Table.ScrollContainer minWidth={480}>
                  <Table verticalSpacing={4} aria-label={t('modelGroups.tableAria', { name: label })}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('modelGroups.group')}</Table.Th>
                        <Table.Th w={150}>{t('fields.size')}</Table.Th>
                        <Table.Th w={120}>
                          <VisuallyHidden>{t('actions')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
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
                              <SizeInput model={model.modelo} link={link} name={name} disabled={busy} />
                            </Table.Td>
                            <Table.Td>
                              <Group gap={2} justify="flex-end" wrap="nowrap">
                                <ActionIcon
                                  variant="subtle"
                                  disabled={busy || gi === 0}
                                  aria-label={t('modelGroups.groupUp', { name })}
                                  onClick={() => moveGroup(gi - 1)}
                                >
                                  <IconArrowUp size={16} />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  disabled={busy || gi === block.grupos.length - 1}
                                  aria-label={t('modelGroups.groupDown', { name })}
                                  onClick={() => moveGroup(gi + 1)}
                                >
                                  <IconArrowDown size={16} />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  disabled={busy}
                                  aria-label={t('modelGroups.removeFor', { name })}
                                  onClick={() => void removeGroup(link)}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
            </section>
          );
        })}
      </Stack>
      <NewSectionModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setSection(String(id));
          void client.invalidateQueries({ queryKey: keys.sectionModels });
        }}
      />
    </Paper>
  );
}

/** Size of a group for this model: numeric, saved on blur when it changed (SPEC §5). */
function SizeInput({
  model,
  link,
  name,
  disabled,
}: {
  model: string;
  link: LinkT;
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('catalogAdmin');
  const client = useQueryClient();
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
      setError(translateAdminMessage(CATALOG_ADMIN_MSG.sizeNumeric));
      return;
    }
    setError(undefined);
    if (n === saved) return;
    setSaving(true);
    try {
      const result = await modelApi.setGroupSize(model, link.parametros_grupos_id, n);
      setSaved(result.size);
      setValue(result.size);
      client.setQueryData<AdminModelDetailT>(keys.model(model), (old) =>
        old
          ? {
              ...old,
              grupos: old.grupos.map((g) =>
                g.parametros_grupos_id === link.parametros_grupos_id ? { ...g, size: result.size } : g,
              ),
            }
          : old,
      );
    } catch (e) {
      setError(errorText(e, t('modelGroups.sizeError')));
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
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError(translateAdminMessage(CATALOG_ADMIN_MSG.nameRequired));
      return;
    }
    setSaving(true);
    setFailed(null);
    try {
      const row = await modelApi.createSection(name.trim(), nameEn.trim());
      onCreated(row.id);
      setName('');
      setNameEn('');
      setError(undefined);
      onClose();
    } catch (e) {
      setFailed(errorText(e, t('modelGroups.sectionError')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('modelGroups.newSection')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failed && (
            <Alert color="red" variant="light" role="alert">
              {failed}
            </Alert>
          )}
          <TextInput
            label={t('fields.nameEs')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <TextInput
            label={t('fields.nameEn')}
            value={nameEn}
            onChange={(e) => setNameEn(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('modelGroups.createSection')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
