/**
 * The one way to build a form (DESIGN.md, Stack "forms"): `useContractForm` is @mantine/form's
 * `useForm`, checked on submit by the contract's zod schema and the form's own rules, and given the
 * server's 422 messages per field. A field's message is kept raw (a catalogue code with its params,
 * as the server sends them and as `messageOfIssue` names a schema's issue) and translated when it is
 * rendered (`messageText`), so a language switch re-translates it.
 */
import {
  type FormErrors,
  type GetInputPropsReturnType,
  type UseFormReturnType,
  useForm,
} from '@mantine/form';
import { messageOfIssue } from '@nido/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { apiFieldErrors, type FieldErrors } from './fieldErrors.ts';
import { messageText, type ShownMessage } from './messages.ts';

export { apiFieldErrors, type FieldErrors };

/** The first message per field of what the schema finds wrong, by its issue's path. */
function schemaErrors(schema: ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const found: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues)
      found[issue.path.map(String).join('.')] ??= messageOfIssue(issue);
  return found;
}

/** Mantine keeps a field's message as a ReactNode; the form keeps it raw, and shows it translated. */
const stored = (errors: FieldErrors) => errors as FormErrors;
const isShown = (raw: unknown): raw is ShownMessage =>
  (typeof raw === 'string' && raw !== '') || (typeof raw === 'object' && raw !== null && 'code' in raw);

export interface ContractFormOptions<Values, Data> {
  initialValues: Values;
  /** The contract's schema of what the form sends, checked on submit (its first message per field). */
  schema?: ZodType<Data>;
  /** What the schema checks, when it is not the values themselves (a field left out, a token added). */
  input?: (values: Values) => unknown;
  /** The form's rules beyond the schema, by field; the schema's message for a field comes first. */
  rules?: (values: Values) => FieldErrors;
  /** Runs on every edit made through an input's props (e.g. to clear a "saved" notice). */
  onEdit?: () => void;
}

export type ContractForm<Values, Data> = Omit<UseFormReturnType<Values>, 'setErrors'> & {
  /** Replaces the fields' messages (raw: shown translated). */
  setErrors: (errors: FieldErrors) => void;
  /** A raw message translated, as the fields' are (for a message the form shows in an alert). */
  message: (raw: ShownMessage | null | undefined) => string | undefined;
  /** A field's message, translated: for an input not bound with `getInputProps`. */
  errorOf: (path: string) => string | undefined;
  /** Whether any message is set (a field's, or one the form shows elsewhere). */
  hasErrors: boolean;
  /** The raw messages the schema and the rules find in `values` (default: the form's), not set. */
  findErrors: (values?: Values) => FieldErrors;
  /**
   * A submit handler: checks the values (their messages replace the form's), then calls
   * `onValid(data, values)` (data: what the schema parsed) or `onInvalid(errors)`. While a promise
   * `onValid` returned is pending, `submitting` is true and a second submit is ignored.
   */
  submit: (
    onValid: (data: Data, values: Values) => unknown,
    onInvalid?: (errors: FieldErrors) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Puts a failed call's 422 messages (the first per field) on the fields and returns them. */
  setServerErrors: (error: unknown) => FieldErrors;
};

/**
 * A form on the contract's schema. Messages are checked on submit only and stay until the next
 * check or server answer; `getInputProps(path)` (`{ type: 'checkbox' }` for a Switch) gives an input
 * its value, change handler, name and translated message.
 */
export function useContractForm<Values extends object, Data = Values>(
  options: ContractFormOptions<Values, Data>,
): ContractForm<Values, Data> {
  const { initialValues, schema, input = (values: Values) => values, rules, onEdit } = options;

  const findErrors = (values: Values): FieldErrors => {
    const found = schema ? schemaErrors(schema, input(values)) : {};
    for (const [field, rule] of Object.entries(rules?.(values) ?? {})) {
      if (rule) found[field] ??= rule;
    }
    return found;
  };
  /** Every message the form shows passes here, when rendered. */
  const show = (raw: ReactNode | ShownMessage) => (isShown(raw) ? messageText(raw) || undefined : undefined);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => stored(findErrors(values)),
    clearInputErrorOnChange: false,
    // Mantine merges what this returns into `inputProps` itself: keep its change handler first.
    enhanceGetInputProps: ({ inputProps: { onChange, error }, field }) => ({
      name: field,
      error: show(error),
      onChange: (...args: unknown[]) => {
        onChange(...args);
        onEdit?.();
      },
    }),
  });

  const submit: ContractForm<Values, Data>['submit'] = (onValid, onInvalid) => (event) => {
    if (form.submitting) {
      event?.preventDefault();
      return;
    }
    form.onSubmit(
      (values) => {
        const done = onValid(schema ? schema.parse(input(values)) : (values as unknown as Data), values);
        return done instanceof Promise ? done : undefined;
      },
      (errors) => onInvalid?.(errors as FieldErrors),
    )(event);
  };

  const setServerErrors = (error: unknown) => {
    const fields = apiFieldErrors(error);
    form.setErrors(stored(fields));
    return fields;
  };

  return {
    ...form,
    setErrors: (errors) => form.setErrors(stored(errors)),
    message: (raw) => (raw ? show(raw) : undefined),
    errorOf: (path) => show(form.errors[path]),
    hasErrors: Object.keys(form.errors).length > 0,
    findErrors: (values = form.getValues()) => findErrors(values),
    submit,
    setServerErrors,
  };
}

/**
 * A number field's value as the contract reads it: Mantine's NumberInput holds '' while empty, which
 * must fail the schema's number check (NaN), not pass as 0 (`Number('')`).
 */
export function numberFromInput(value: number | string): number {
  return value === '' ? Number.NaN : Number(value);
}

/** What a field of the UI kit needs of its form (a `useContractForm`): the props that bind it to `Field`. */
export interface FieldBinding<Field extends string> {
  getInputProps: (path: Field) => GetInputPropsReturnType;
}

export interface FormRequestOptions<Values, Data, Failure> {
  /** Sends the checked form, then does what success does (a message, another screen). */
  send: (data: Data, values: Values) => Promise<unknown>;
  /** What the form shows of a failed `send` beyond its fields' messages (null: nothing more). */
  failureOf: (error: unknown, fieldErrors: FieldErrors) => Failure | null;
  /** What it shows when the check fails (default: nothing). */
  invalidFailure?: (errors: FieldErrors) => Failure | null;
}

/**
 * A form that sends one request and shows how it went: `submit` checks the form, forgets the last
 * failure and calls `send`; when that fails, the server's 422 messages go under their fields and
 * `failure` is what `failureOf` makes of the rest.
 */
export function useFormRequest<Values, Data, Failure>(
  form: ContractForm<Values, Data>,
  { send, failureOf, invalidFailure }: FormRequestOptions<Values, Data, Failure>,
) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const submit = form.submit(
    async (data, values) => {
      setFailure(null);
      try {
        await send(data, values);
      } catch (error) {
        setFailure(failureOf(error, form.setServerErrors(error)));
      }
    },
    (errors) => setFailure(invalidFailure?.(errors) ?? null),
  );
  return { submit, failure };
}
