import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Paging } from '@nido/contract';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * Search and page kept in the URL (?q=&page=), so a reload or the back button keeps the list.
 * The typed text is debounced; a new search goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text, 300);
  // The search last written to (or read from) the URL: a back/forward navigation changes it from
  // outside, and the box follows; typing changes it from inside, after the debounce.
  const known = useRef(search);

  useEffect(() => {
    if (search === known.current) return;
    known.current = search;
    setText(search);
  }, [search]);

  useEffect(() => {
    const next = debounced.trim();
    if (next === known.current) return;
    known.current = next;
    setParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set('q', next);
        else params.delete('q');
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  const setPage = (value: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value > 1) next.set('page', String(value));
      else next.delete('page');
      return next;
    });

  return { search, page, text, setText, setPage };
}

export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', sm: 360 }}
    />
  );
}

/** "1–25 of 80" and the pager (page size 25, SPEC §9). */
export function Pager({ meta, onPage }: { meta: Paging | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation('catalogAdmin');
  if (!meta) return null;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {meta.total === 0
          ? t('list.empty')
          : t('list.range', { from: meta.from, to: meta.to, total: meta.total })}
      </Text>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? t('list.previous')
                : control === 'next'
                  ? t('list.next')
                  : t(`list.${control}`),
          })}
          getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
        />
      )}
    </Group>
  );
}
