import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelSearch } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';
import { SearchSelect } from './SearchSelect.tsx';

/** A searchable model picker (code or description, searched on the server). */
export function ModelPicker({
  label,
  value,
  onChange,
  exclude = [],
  placeholder,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (modelo: string | null) => void;
  exclude?: string[];
  placeholder?: string;
  error?: string;
}) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // After a pick the input shows "CODE · description": search by the code part.
  const query = useModelSearch(debounced.split(' · ')[0].trim());
  const excluded = new Set(exclude);
  const data = (query.data?.data ?? [])
    .filter((m) => !excluded.has(m.modelo) || m.modelo === value)
    .map((m) => ({ value: m.modelo, label: `${m.modelo} · ${localized(m, 'descripcion')}` }));
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value });

  return (
    <SearchSelect
      label={label}
      placeholder={placeholder ?? t('models.pickPlaceholder')}
      clearLabel={t('clear')}
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? t('loading') : t('models.noneFound')}
      error={error}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
