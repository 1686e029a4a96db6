import { TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayToIso, isoToDisplay } from './dates.ts';

interface DateFieldProps {
  label: string;
  /** 'yyyy-MM-dd' or ''. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  description?: ReactNode;
  /** A message about the date itself (the server's), shown unless the text is not a date. */
  error?: ReactNode;
}

/**
 * The portal's one date control: a date typed as dd/MM/yyyy (product.md §1) in both languages,
 * whatever the browser's locale (a native date input would show the browser's mm/dd/yyyy); the
 * value is ISO. The change is applied once the text is a whole valid date (or empty); anything else
 * shows a hint on blur.
 */
export function DateField({ label, value, onChange, onBlur, description, error }: DateFieldProps) {
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
      description={description}
      placeholder={t('datePlaceholder')}
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      onBlur={() => {
        setInvalid(text.trim() !== '' && displayToIso(text) == null);
        onBlur?.();
      }}
      error={invalid ? t('dateInvalid') : error}
      leftSection={<IconCalendar size={16} aria-hidden />}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
    />
  );
}
