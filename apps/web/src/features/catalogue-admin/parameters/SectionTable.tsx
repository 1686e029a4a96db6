import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { CATALOG_ADMIN_MSG } from '@nido/contract';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/IconAction.tsx';
import { QuietText } from '../../../components/QuietText.tsx';
import { messageText } from '../../../lib/messages.ts';
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
  // Why the default section's rename and delete are off: shown under its heading, and read with them.
  const lockedNote = isDefault ? `section-locked-${group.id}` : undefined;
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
            disabled={busy || isDefault}
            aria-describedby={lockedNote}
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
            disabled={busy || isDefault}
            aria-describedby={lockedNote}
            onClick={onDeleteSection}
          >
            <IconTrash size={16} />
          </IconAction>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAddRow}>
            {t('params.newRowIn', { name: label })}
          </Button>
        </Group>
      </Group>
      {lockedNote && (
        <Text id={lockedNote} size="xs" c="dimmed" mb="xs">
          {messageText(CATALOG_ADMIN_MSG.defaultSection)}
        </Text>
      )}
      <Table.ScrollContainer
        // Fits the card beside the side menu at 1280 px; narrower screens scroll it.
        minWidth={908}
        // Keyboard users can scroll a wide (or empty) table too.
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': label } }}
      >
        <Table verticalSpacing={4} horizontalSpacing={4} layout="fixed" aria-label={label}>
          <Table.Thead fz="xs">
            <Table.Tr>
              <Table.Th w={64}>{t('fields.code')}</Table.Th>
              <Table.Th w={112}>{t('fields.nameEs')}</Table.Th>
              <Table.Th w={112}>{t('fields.nameEn')}</Table.Th>
              <Table.Th w={96}>{t('fields.colour')}</Table.Th>
              <Table.Th w={72}>{t('fields.price')}</Table.Th>
              <Table.Th w={72} ta="right">
                {t('params.priceBySizeHead', { size: group.size })}
              </Table.Th>
              <Table.Th w={48}>{t('fields.letters')}</Table.Th>
              <Table.Th w={112}>{t('params.positionsHead')}</Table.Th>
              <Table.Th w={44} title={t('fields.embroideryColour')}>
                {t('fields.embroideryColourShort')}
              </Table.Th>
              <Table.Th w={44}>{t('fields.active')}</Table.Th>
              <Table.Th w={68}>{t('fields.image')}</Table.Th>
              <Table.Th w={64}>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && drafts.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={12}>
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
