import {
  Accordion,
  Badge,
  Checkbox,
  Chip,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { familyName, localized, type ModelSummary } from '@nido/contract';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { IconAction } from '../../components/IconAction.tsx';
import { PriceTag } from '../../components/Prices.tsx';
import { SkeletonStack } from '../../components/Skeletons.tsx';
import { DataTable, HiddenHeader } from '../../components/TableParts.tsx';
import { WindowBadge } from '../../components/WindowBadge.tsx';
import { useLang } from '../../lib/useLang.ts';
import { useCollectionModelList, useCollectionModels, useCollections } from './api.ts';
import { byFamily } from './families.ts';
import { LineSheetActions } from './LineSheetActions.tsx';
import { ModelGrid } from './ModelCard.tsx';

/** Above this many chosen models the compact dropdown shows a count badge instead of every chip. */
const SELECTED_BADGE_FROM = 5;

interface CollectionsSelectorProps {
  /** Opens the 'Add to cart' modal for a model. */
  /** Add a model, ordered through the collection shown (record 054). */
  onAdd: (modelo: string, coleccion: number | null) => void;
}

/**
 * product.md §4 Collections selector: pick a collection (selecting one clears the others, deselecting
 * empties the models), then its models grouped into collapsible families, or in compact mode a
 * model dropdown with 'SELECCIONAR TODO'.
 */
export function CollectionsSelector({ onAdd }: CollectionsSelectorProps) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const collections = useCollections();
  const [selected, setSelected] = useState<number | null>(null);
  const [compact, setCompact] = useState(false);
  const models = useCollectionModels(selected);
  const current = collections.data?.find((c) => c.id === selected);

  function onChipsChange(values: string[]) {
    const current = selected == null ? null : String(selected);
    const added = values.find((v) => v !== current);
    setSelected(added ? Number(added) : null);
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="collections-title">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="collections-title">
          {t('collections')}
        </Title>
        <Switch
          label={t('compactMode')}
          checked={compact}
          onChange={(e) => setCompact(e.currentTarget.checked)}
        />
      </Group>

      {collections.isPending && (
        <Group gap="xs" role="status" aria-busy="true" aria-label={t('loadingCollections')}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h={32} w={160} radius="xl" />
          ))}
        </Group>
      )}
      {collections.isError && <ErrorAlert>{t('collectionsError')}</ErrorAlert>}
      {collections.data && collections.data.length === 0 && <Text c="dimmed">{t('noCollections')}</Text>}
      {collections.data && collections.data.length > 0 && (
        <Chip.Group multiple value={selected == null ? [] : [String(selected)]} onChange={onChipsChange}>
          <Group gap="xs" role="group" aria-label={t('chooseCollection')}>
            {collections.data.map((c) => (
              // A long name with its badge wraps on a phone rather than run past the card's edge.
              <Group key={c.id} gap={4}>
                <Chip value={String(c.id)} variant="outline">
                  {localized(c, 'nombre', lang)}
                </Chip>
                <WindowBadge {...c} />
              </Group>
            ))}
          </Group>
        </Chip.Group>
      )}

      {selected != null && (
        <Stack gap="sm" mt="md">
          {current && <LineSheetActions coleccion={current} />}
          {models.isPending && <SkeletonStack label={t('loadingModels')} rows={[44, 44, 44]} />}
          {models.isError && <ErrorAlert>{t('modelsError')}</ErrorAlert>}
          {models.data && models.data.length === 0 && <Text c="dimmed">{t('noModelsInCollection')}</Text>}
          {models.data &&
            models.data.length > 0 &&
            (compact ? (
              <CompactModels
                key={selected}
                coleccion={selected}
                models={models.data}
                onAdd={(modelo) => onAdd(modelo, selected)}
              />
            ) : (
              <FamilyAccordion models={models.data} onAdd={(modelo) => onAdd(modelo, selected)} />
            ))}
        </Stack>
      )}
    </Paper>
  );
}

function FamilyAccordion({ models, onAdd }: { models: ModelSummary[]; onAdd: (modelo: string) => void }) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const families = useMemo(() => byFamily(models), [models]);
  return (
    <Accordion multiple variant="separated" radius="md" chevronPosition="left">
      {families.map(({ family, models: list }) => (
        <Accordion.Item key={family} value={String(family)}>
          <Accordion.Control>
            <Group gap="xs">
              <Text fw={700}>{familyName(family, lang)}</Text>
              <Badge variant="light" color="gray" aria-label={t('modelCount', { count: list.length })}>
                {list.length}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <ModelGrid models={list} onAdd={onAdd} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** Compact mode: a model dropdown (with select-all) and the chosen models as short rows. */
function CompactModels({
  coleccion,
  models,
  onAdd,
}: {
  coleccion: number;
  models: ModelSummary[];
  onAdd: (modelo: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const list = useCollectionModelList(coleccion, true);
  const options = list.data ?? models;
  const [chosen, setChosen] = useState<string[]>([]);
  const all = options.length > 0 && chosen.length === options.length;
  const many = chosen.length > SELECTED_BADGE_FROM;
  const summaries = new Map(models.map((m) => [m.modelo, m]));

  return (
    <Stack gap="sm">
      <Checkbox
        label={t('selectAll')}
        checked={all}
        indeterminate={chosen.length > 0 && !all}
        onChange={(e) => setChosen(e.currentTarget.checked ? options.map((m) => m.modelo) : [])}
      />
      <MultiSelect
        label={
          <Group gap={6} component="span">
            <span>{t('models')}</span>
            {many && (
              <Badge size="sm" data-testid="selected-count">
                {t('selectedCount', { count: chosen.length })}
              </Badge>
            )}
          </Group>
        }
        placeholder={chosen.length ? undefined : t('chooseModels')}
        data={options.map((m) => ({
          value: m.modelo,
          label: `${m.modelo} · ${localized(m, 'descripcion', lang)}`,
        }))}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        hidePickedOptions={false}
        maxDropdownHeight={300}
        nothingFoundMessage={t('nothingFound')}
        // Above five chosen models the badge replaces the chips (product.md §4).
        styles={many ? { pill: { display: 'none' } } : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {chosen.length > 0 && (
        <DataTable
          minWidth={420}
          // On a phone each model is a card: its code and "add to cart", its description, its price named.
          stacked={{ labels: [null, null, t('retailPrice')], title: 1, actions: true }}
          verticalSpacing={6}
          striped
          head={
            <>
              <Table.Th>{t('code')}</Table.Th>
              <Table.Th>{t('description')}</Table.Th>
              <Table.Th ta="right">{t('retailPrice')}</Table.Th>
              <HiddenHeader label={t('actions')} />
            </>
          }
        >
          {chosen.map((code) => {
            const m = summaries.get(code) ?? options.find((o) => o.modelo === code);
            if (!m) return null;
            const summary = summaries.get(code);
            return (
              <Table.Tr key={code}>
                <Table.Td ff="monospace">{code}</Table.Td>
                <Table.Td>{localized(m, 'descripcion', lang)}</Table.Td>
                <Table.Td ta="right">
                  {summary == null ? '' : <PriceTag pvp={summary.pvp} net={summary.precio_neto} />}
                </Table.Td>
                <Table.Td w={48}>
                  <IconAction
                    tooltip={t('addToCart')}
                    label={`${t('addToCart')} ${code}`}
                    variant="light"
                    onClick={() => onAdd(code)}
                  >
                    <IconShoppingCartPlus size={18} />
                  </IconAction>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
    </Stack>
  );
}
