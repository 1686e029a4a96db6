import { type MantineSpacing, SimpleGrid, type SimpleGridProps, Skeleton, Stack } from '@mantine/core';

/** One placeholder bar: its height, or its height and width. */
export type SkeletonRow = number | readonly [height: number, width: string];

/** Grey bars standing in for content that is loading; `label` is what screen readers hear. */
export function SkeletonStack({
  label,
  rows,
  gap = 'xs',
}: {
  label: string;
  rows: readonly SkeletonRow[];
  gap?: MantineSpacing;
}) {
  return (
    <Stack gap={gap} role="status" aria-busy="true" aria-label={label}>
      {rows.map((row, i) => {
        const [h, w] = typeof row === 'number' ? [row, undefined] : row;
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
        return <Skeleton key={i} h={h} w={w} />;
      })}
    </Stack>
  );
}

/** A grid of card-sized placeholders (the cards of a search or a gallery while they load). */
export function SkeletonGrid({
  label,
  cols,
  count,
  h,
  spacing,
}: {
  label: string;
  cols: SimpleGridProps['cols'];
  count: number;
  h: number;
  spacing?: MantineSpacing;
}) {
  return (
    <SimpleGrid cols={cols} spacing={spacing} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
        <Skeleton key={i} h={h} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
