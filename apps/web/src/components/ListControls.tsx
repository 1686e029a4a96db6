import {
  Group,
  Loader,
  type MantineSize,
  type MantineSpacing,
  Pagination,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { Paging } from '@nido/contract';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SearchBoxProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'leftSection' | 'label'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A small spinner at the end while the results are refreshed. */
  busy?: boolean;
}

/** The search field of a list: labelled, with a search icon (and a spinner while refreshing). */
export function SearchBox({ value, onChange, busy, ...props }: SearchBoxProps) {
  return (
    <TextInput
      type="search"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={props.size === 'md' ? 18 : 16} aria-hidden />}
      rightSection={busy ? <Loader size="xs" aria-hidden /> : null}
      {...props}
    />
  );
}

interface ListPagerProps {
  meta: Paging | undefined;
  onPage: (page: number) => void;
  /** "1–25 of 80": the range text for the meta (default: common `pagination.range`). */
  range?: (meta: Paging) => string;
  /** Shown instead of the range when the list is empty; without it an empty list shows nothing. */
  empty?: string;
  size?: MantineSize;
  mt?: MantineSpacing;
}

/** Under a paged list (product.md §5.7: 25 a page): the range shown, read out on change, and the pager. */
export function ListPager({ meta, onPage, range, empty, size, mt }: ListPagerProps) {
  const { t } = useTranslation();
  if (!meta || (meta.total === 0 && !empty)) return null;
  return (
    <Group justify="space-between" gap="sm" mt={mt}>
      <Text size="sm" c="dimmed" role="status">
        {meta.total === 0
          ? empty
          : (range?.(meta) ?? t('pagination.range', { from: meta.from, to: meta.to, total: meta.total }))}
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={Math.min(meta.current_page, meta.last_page)}
          onChange={onPage}
          size={size}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('pagination.page', { page }) })}
        />
      )}
    </Group>
  );
}
