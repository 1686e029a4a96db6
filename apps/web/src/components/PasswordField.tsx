import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldBinding } from '../lib/forms.ts';

/**
 * A password input that tells assistive technology when it is invalid (Mantine marks TextInput
 * invalid, not PasswordInput).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}

/**
 * A form's new password and its confirmation (`password`, `password_confirmation`), both marked
 * `new-password` for password managers; laid out by the parent (a column, a grid of two).
 */
export function NewPasswordFields({
  form,
  label,
  confirmationLabel,
  required,
  autoFocus,
}: {
  form: FieldBinding<'password' | 'password_confirmation'>;
  label: string;
  confirmationLabel: string;
  required?: boolean;
  /** Focus the new password when the screen opens. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required={required}
        autoFocus={autoFocus}
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={confirmationLabel}
        autoComplete="new-password"
        required={required}
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
