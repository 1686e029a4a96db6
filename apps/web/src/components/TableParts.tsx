import {
  type MantineSize,
  type MantineSpacing,
  Table,
  type TableProps,
  type TableScrollContainerProps,
  type TableTdProps,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';

interface DataTableProps extends Omit<TableProps, 'children'> {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells. */
  head: ReactNode;
  /** A caption for screen readers (the table's name when nothing on screen names it). */
  caption?: string;
  scrollProps?: Omit<TableScrollContainerProps, 'minWidth' | 'children'>;
  children: ReactNode;
}

/** A table that scrolls sideways on a narrow screen: one header row, then the rows. */
export function DataTable({ minWidth, head, caption, scrollProps, mt, children, ...table }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} mt={mt} {...scrollProps}>
      <Table {...table}>
        {caption && <VisuallyHidden component="caption">{caption}</VisuallyHidden>}
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A header cell named for screen readers but blank on screen (a column of pictures or buttons). */
export function HiddenHeader({ label, w }: { label: string; w?: number }) {
  return (
    <Table.Th w={w}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}

/** The one row of a table with no rows: a quiet, centred sentence across every column. */
export function EmptyRow({
  colSpan,
  children,
  size,
  py = 'md',
}: {
  colSpan: number;
  children: ReactNode;
  size?: MantineSize;
  py?: MantineSpacing;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py={py} size={size}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A cell of small text, with an optional quieter line under it (a town, then its province). */
export function TextCell({
  note,
  children,
  ...cell
}: Omit<TableTdProps, 'children'> & { note?: ReactNode; children: ReactNode }) {
  return (
    <Table.Td {...cell}>
      <Text size="sm">{children}</Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Table.Td>
  );
}
