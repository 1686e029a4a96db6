import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input that tells assistive technology when it is invalid (Mantine marks TextInput
 * invalid, not PasswordInput).
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
