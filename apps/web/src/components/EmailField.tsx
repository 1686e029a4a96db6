import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldBinding } from '../lib/forms.ts';

/** A form's `email` field: an email address input (a phone shows its email keyboard). */
export function EmailField({
  form,
  ...input
}: Omit<TextInputProps, 'type' | 'form'> & { form: FieldBinding<'email'> }) {
  return <TextInput type="email" {...input} {...form.getInputProps('email')} />;
}
