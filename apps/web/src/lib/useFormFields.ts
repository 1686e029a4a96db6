import { type ChangeEvent, useState } from 'react';
import type { FieldErrors } from './forms.ts';
import { translateMessage } from './messages.ts';

interface FormFieldsOptions {
  /** The field messages to show (raw contract texts, translated when shown). */
  errors: FieldErrors;
  /** Translates a message (default: the common contract messages). */
  message?: (text: string) => string | undefined;
  /** Runs on every edit (e.g. to clear a "saved" notice). */
  onEdit?: () => void;
}

/** The keys of `V` whose values are text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values, `set(key, value)`, and the props that connect an input to one of them:
 * `bind(name)` for a text input (name, value, change handler, translated error), `bindValue(name)`
 * for an input whose change handler gets the value (NumberInput; a Select keeps its value on null).
 */
export function useFormFields<V extends object>(initial: V | (() => V), options: FormFieldsOptions) {
  const [values, setValues] = useState<V>(initial);
  const { errors, message = translateMessage, onEdit } = options;
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    onEdit?.();
  };
  const bind = (name: TextKey<V>) => {
    const error = errors[name];
    return {
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        set(name, event.currentTarget.value as V[typeof name]),
      error: error ? message(error) : undefined,
    };
  };
  const bindValue = <K extends keyof V & string>(name: K) => {
    const error = errors[name];
    return {
      value: values[name],
      onChange: (value: V[K] | null) => {
        if (value != null) set(name, value);
      },
      error: error ? message(error) : undefined,
    };
  };
  return { values, setValues, set, bind, bindValue };
}
