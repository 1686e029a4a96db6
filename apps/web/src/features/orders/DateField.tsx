import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayToIso, isoToDisplay } from './dates.ts';

interface DateFieldProps {
  label: string;
  /** 'yyyy-MM-dd' or ''. */
  value: string;
  onChange: (iso: string) => void;
}

/**
 * A date typed as dd/MM/yyyy (product.md §1), whatever the browser's locale; the value is ISO. The change
 * is applied once the text is a whole valid date (or empty); anything else shows a hint on blur.
 */
export function DateField({ label, value, onChange }: DateFieldProps) {
  const { t } = useTranslation('orders');
  const [text, setText] = useState(isoToDisplay(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText((current) => (displayToIso(current) === value ? current : isoToDisplay(value)));
  }, [value]);

  function change(next: string) {
    setText(next);
    setInvalid(false);
    if (next.trim() === '') onChange('');
    else {
      const iso = displayToIso(next);
      if (iso) onChange(iso);
    }
  }

  return (
    <TextInput
      label={label}
      placeholder={t('datePlaceholder')}
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      onBlur={() => setInvalid(text.trim() !== '' && displayToIso(text) == null)}
      error={invalid ? t('dateInvalid') : undefined}
      leftSection={<IconCalendar size={16} aria-hidden />}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
    />
  );
}
