import {
  type MantineSize,
  type MantineSpacing,
  Skeleton,
  Table,
  type TableProps,
  type TableScrollContainerProps,
  type TableTdProps,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './TableParts.module.css';

/**
 * How a stacked table's rows read as cards on a phone (TableParts.module.css). Columns count from 1.
 */
export interface StackedColumns {
  /**
   * Each column's name, shown before its value (by column, from the first); none: the value alone.
   * A named cell lays out its name and its content side by side: a value of text and tags is one
   * element (text beside a tag would be laid out as two values).
   */
  labels?: ReadonlyArray<string | null | undefined>;
  /**
   * Named columns of free text (a note): a value too long for the rest of its name's line takes the
   * lines under the name, across the card, read from the start (not a narrow column aligned to the
   * end). A value that fits stays beside its name.
   */
  longText?: ReadonlyArray<number>;
  /** The first column is the row's picture: first on the card's first line. */
  media?: boolean;
  /** The column that says what the row is: the card's first line. */
  title?: number;
  /** The last column is the row's buttons: at the end of the card's first line. */
  actions?: boolean;
}

interface DataTableProps extends Omit<TableProps, 'children'> {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /**
   * On a phone (below sm) each row becomes a card instead of scrolling sideways: the media (first),
   * title and actions (last) columns share its first line, every other cell takes a line after its
   * column's name. From sm up it is the table.
   */
  stacked?: StackedColumns;
  /** The header cells. */
  head: ReactNode;
  /** A caption for screen readers (the table's name when nothing on screen names it). */
  caption?: string;
  scrollProps?: Omit<TableScrollContainerProps, 'minWidth' | 'children'>;
  children: ReactNode;
}

/** A text as a CSS string (the value of `content`). */
function cssString(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/\s+/g, ' ')}"`;
}

/** The table's attributes and custom properties that lay out its rows as cards on a phone. */
function stackedAttributes(stacked: StackedColumns) {
  const style: Record<string, string> = {};
  const labelled: number[] = [];
  stacked.labels?.forEach((label, i) => {
    if (!label) return;
    labelled.push(i + 1);
    style[`--stack-label-${i + 1}`] = cssString(label);
  });
  return {
    attributes: {
      'data-stack-labelled': labelled.join(' ') || undefined,
      'data-stack-long': stacked.longText?.join(' ') || undefined,
      'data-stack-media': stacked.media ? '' : undefined,
      'data-stack-title': stacked.title?.toString(),
      'data-stack-actions': stacked.actions ? '' : undefined,
    },
    style,
  };
}

const classNames = (...names: Array<string | false | null | undefined>) =>
  names.filter(Boolean).join(' ') || undefined;

/**
 * A table that scrolls sideways on a narrow screen, or, `stacked`, whose rows read as cards on a
 * phone: one header row, then the rows.
 */
export function DataTable({
  minWidth,
  stacked,
  head,
  caption,
  scrollProps,
  mt,
  className,
  style,
  children,
  ...table
}: DataTableProps) {
  const stack = stacked ? stackedAttributes(stacked) : null;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      mt={mt}
      {...scrollProps}
      className={classNames(stack && classes.scroll, scrollProps?.className)}
    >
      <Table
        {...table}
        {...stack?.attributes}
        className={classNames(stack && classes.stacked, className)}
        style={stack ? [stack.style, style] : style}
      >
        {caption && <VisuallyHidden component="caption">{caption}</VisuallyHidden>}
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Classes that fold a column on a tablet (sm to lg), where the table lacks the room: `column` on
 * the column's header and cells hides them there; `value` on the value repeated in a neighbouring
 * cell shows it there only. A desktop and a phone's card show the column itself.
 */
export const folded = { column: classes.foldedColumn, value: classes.foldedValue } as const;

/** A header cell named for screen readers but blank on screen (a column of pictures or buttons). */
export function HiddenHeader({ label, w }: { label: string; w?: number }) {
  return (
    <Table.Th w={w}>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}

/** Placeholder rows while a table's first page loads, each one bar across every column. */
export function LoadingRows({ count, colSpan }: { count: number; colSpan: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
    <Table.Tr key={i}>
      <Table.Td colSpan={colSpan}>
        <Skeleton h={20} />
      </Table.Td>
    </Table.Tr>
  ));
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
