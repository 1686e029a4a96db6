import { Alert, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction.tsx';
import { QuietText } from '../../../components/QuietText.tsx';
import type { ParametroRowT, ParamGroupDetailT } from '../api.ts';
import { ParamRow, type SectionChoice } from './ParamRow.tsx';

type SectionT = ParamGroupDetailT['sections'][number];

export interface DraftRow {
  key: string;
  sectionId: number;
}

/** One table per section (product.md §4 Parameter group editor). */
export function SectionTable({
  group,
  section,
  label,
  rows,
  drafts,
  keyOf,
  index,
  sectionCount,
  otherSections,
  busy,
  notice,
  onAddRow,
  onRename,
  onMoveSection,
  onDeleteSection,
  onSaved,
  onMoveRow,
  onMoveToSection,
  onDeleteRow,
}: {
  group: ParamGroupDetailT;
  section: SectionT;
  label: string;
  rows: ParametroRowT[];
  drafts: DraftRow[];
  keyOf: (id: number) => string;
  index: number;
  sectionCount: number;
  otherSections: SectionChoice[];
  busy: boolean;
  notice: string | null;
  onAddRow: () => void;
  onRename: () => void;
  onMoveSection: (to: number) => void;
  onDeleteSection: () => void;
  onSaved: (row: ParametroRowT, draftKey?: string) => void;
  onMoveRow: (from: number, to: number) => void;
  onMoveToSection: (id: number, sectionId: number) => void;
  onDeleteRow: (id: number, draftKey?: string) => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  const isDefault = section.id === 0;
  const count = rows.length;
  // What every row of the section gets.
  const shared = {
    count,
    groupId: group.id,
    sectionId: section.id,
    groupSize: group.size,
    otherSections,
    busy,
    onMove: onMoveRow,
    onMoveToSection,
  };

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('params.sectionAria', { name: label })}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4">
            {label}
          </Title>
          <QuietText>{t('params.optionCount', { count })}</QuietText>
        </Group>
        <Group gap={4}>
          <IconAction
            tooltip={t('params.renameSection')}
            label={t('params.renameSectionFor', { name: label })}
            disabled={busy}
            onClick={onRename}
          >
            <IconPencil size={16} />
          </IconAction>
          {!isDefault && (
            <>
              <IconAction
                tooltip={t('moveUp')}
                label={t('params.sectionUp', { name: label })}
                disabled={busy || index <= 1}
                onClick={() => onMoveSection(index - 1)}
              >
                <IconArrowUp size={16} />
              </IconAction>
              <IconAction
                tooltip={t('moveDown')}
                label={t('params.sectionDown', { name: label })}
                disabled={busy || index >= sectionCount - 1}
                onClick={() => onMoveSection(index + 1)}
              >
                <IconArrowDown size={16} />
              </IconAction>
            </>
          )}
          <IconAction
            tooltip={t('params.deleteSection')}
            label={t('params.deleteSectionFor', { name: label })}
            color="red"
            disabled={busy}
            onClick={onDeleteSection}
          >
            <IconTrash size={16} />
          </IconAction>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAddRow}>
            {t('params.newRowIn', { name: label })}
          </Button>
        </Group>
      </Group>
      {notice && (
        <Alert color="orange" variant="light" role="alert" mb="xs" p="xs">
          {notice}
        </Alert>
      )}
      <Table.ScrollContainer
        minWidth={1190}
        // Keyboard users can scroll a wide (or empty) table too.
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label } }}
      >
        <Table verticalSpacing={4} horizontalSpacing={4} layout="fixed" aria-label={label}>
          <Table.Thead fz="xs">
            <Table.Tr>
              <Table.Th w={72}>{t('fields.code')}</Table.Th>
              <Table.Th w={128}>{t('fields.nameEs')}</Table.Th>
              <Table.Th w={128}>{t('fields.nameEn')}</Table.Th>
              <Table.Th w={118}>{t('fields.colour')}</Table.Th>
              <Table.Th w={78}>{t('fields.price')}</Table.Th>
              <Table.Th w={78} ta="right">
                {t('params.priceBySizeHead', { size: group.size })}
              </Table.Th>
              <Table.Th w={56}>{t('fields.letters')}</Table.Th>
              <Table.Th w={120}>{t('fields.positionsEs')}</Table.Th>
              <Table.Th w={120}>{t('fields.positionsEn')}</Table.Th>
              <Table.Th w={52} title={t('fields.embroideryColour')}>
                {t('fields.embroideryColourShort')}
              </Table.Th>
              <Table.Th w={52}>{t('fields.active')}</Table.Th>
              <Table.Th w={76}>{t('fields.image')}</Table.Th>
              <Table.Th w={124}>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && drafts.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={13}>
                  <Text size="sm" c="dimmed" py="xs">
                    {t('params.emptySection')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {/* One array, so a new row keeps its component (and focus) when it becomes a saved one. */}
            {[
              ...rows.map((row, i) => (
                <ParamRow
                  key={keyOf(row.id)}
                  {...shared}
                  row={row}
                  index={i}
                  onSaved={(r) => onSaved(r)}
                  onDelete={(id) => onDeleteRow(id)}
                />
              )),
              ...drafts.map((d, i) => (
                <ParamRow
                  key={d.key}
                  {...shared}
                  row={null}
                  index={count + i}
                  onSaved={(r) => onSaved(r, d.key)}
                  onDelete={(id) => onDeleteRow(id, d.key)}
                />
              )),
            ]}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
