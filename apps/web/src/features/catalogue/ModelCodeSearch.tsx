import { Autocomplete, type AutocompleteProps, Box, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { localized } from '@nido/contract';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/useLang.ts';
import { useModelBaseList } from './api.ts';

interface ModelCodeSearchProps {
  /** The selected model code (the field shows it). */
  modelo: string | null;
  onSelect: (modelo: string) => void;
  label?: string;
  autoFocus?: boolean;
}

/** Model code search with autocomplete from GET modeloBase/list (code or description). */
export function ModelCodeSearch({ modelo, onSelect, label, autoFocus }: ModelCodeSearchProps) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const [text, setText] = useState(modelo ?? '');
  const [focused, setFocused] = useState(false);
  useEffect(() => setText(modelo ?? ''), [modelo]);
  const [debounced] = useDebouncedValue(text, 250);
  // Only ask once the user is typing here (a form showing a fixed model needs no list).
  const { data = [], isFetching, isSuccess, isPlaceholderData } = useModelBaseList(debounced, focused);
  const byCode = useMemo(() => new Map(data.map((m) => [m.modelo, m])), [data]);
  // The list has no dropdown for "nothing": say so, as the model search does, once the answer for
  // what is typed is in.
  const nothingFound =
    focused &&
    text.trim() !== '' &&
    debounced.trim() === text.trim() &&
    isSuccess &&
    !isFetching &&
    !isPlaceholderData &&
    data.length === 0;

  const renderOption: AutocompleteProps['renderOption'] = ({ option }) => {
    const m = byCode.get(option.value);
    return (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={700} ff="monospace">
          {option.value}
        </Text>
        {m && (
          <Text size="sm" c="dimmed" truncate="end">
            {localized(m, 'descripcion', lang)}
          </Text>
        )}
      </Group>
    );
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    const code = text.trim().toUpperCase();
    const exact = data.find((m) => m.modelo.toUpperCase() === code);
    if (exact) {
      event.preventDefault();
      onSelect(exact.modelo);
    }
  }

  return (
    <Box>
      <Autocomplete
        label={label ?? t('modelCode')}
        placeholder={t('modelCodePlaceholder')}
        value={text}
        onChange={setText}
        onOptionSubmit={(value) => {
          setText(value);
          onSelect(value);
        }}
        onFocus={() => setFocused(true)}
        onKeyDown={onKeyDown}
        data={data.map((m) => m.modelo)}
        filter={({ options }) => options}
        renderOption={renderOption}
        limit={50}
        maxDropdownHeight={280}
        autoFocus={autoFocus}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={isFetching && focused ? <Loader size="xs" aria-label={t('searching')} /> : null}
        autoComplete="off"
        spellCheck={false}
      />
      <div role="status" aria-live="polite">
        {nothingFound && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('noModelsFound')}
          </Text>
        )}
      </div>
    </Box>
  );
}
