import type { Language } from '@nido/contract';

/** Language choices, each named in its own language so anyone can find theirs. */
export const LANGUAGE_OPTIONS: readonly { value: Language; label: string }[] = [
  { value: 'es', label: 'Español' },
  { value: 'en', label: 'English' },
];
