import { useTranslation } from 'react-i18next';

/** Decimal separator of the interface language for NumberInputs (es "1,5", en "1.5"). */
export function useDecimal(): { decimalSeparator: string; thousandSeparator: string } {
  const { i18n } = useTranslation();
  const es = (i18n.resolvedLanguage ?? i18n.language) !== 'en';
  return es
    ? { decimalSeparator: ',', thousandSeparator: '.' }
    : { decimalSeparator: '.', thousandSeparator: ',' };
}
