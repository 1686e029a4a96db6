import { Button, TextInput } from '@mantine/core';
import { MSG, ResetPasswordRequest } from '@nido/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ApiError } from './api.ts';
import { numberFromInput, useContractForm, useFormRequest } from './forms.ts';
import i18n from './i18n.ts';

interface HarnessProps {
  /** Sends what the schema parsed; a rejection is the server's answer. */
  save: (data: unknown) => Promise<unknown>;
  onEdit?: () => void;
}

/** A form on the contract's reset-password schema, as a screen builds one. */
function Harness({ save, onEdit }: HarnessProps) {
  useTranslation(); // a screen re-renders when the language changes
  const form = useContractForm({
    initialValues: { email: '', password: '', password_confirmation: '' },
    schema: ResetPasswordRequest,
    input: (values) => ({ ...values, token: 'tok' }),
    rules: ({ password, password_confirmation }) =>
      password !== password_confirmation ? { password_confirmation: MSG.passwordsMismatch } : {},
    onEdit,
  });
  const submit = form.submit(async (data) => {
    try {
      await save(data);
      form.setValues({ password: '', password_confirmation: '' });
    } catch (error) {
      form.setServerErrors(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextInput label="Email" {...form.getInputProps('email')} />
      <TextInput label="Password" {...form.getInputProps('password')} />
      <TextInput label="Repeat" {...form.getInputProps('password_confirmation')} />
      <Button type="submit" loading={form.submitting}>
        Send
      </Button>
    </form>
  );
}

/** A 422 as the server sends it: per field, the English texts and their codes. */
const unprocessable = (fields: Record<string, Array<[code: string, text: string]>>) => {
  const pick = (i: 0 | 1) =>
    Object.fromEntries(
      Object.entries(fields).map(([f, ms]) => [f, ms.map((m) => (i ? m[1] : { code: m[0] }))]),
    );
  const body = {
    message: 'The given data was invalid',
    code: 'request.invalid',
    errors: pick(1),
    issues: pick(0),
  };
  return new ApiError(422, body.message, body);
};

describe('useContractForm', () => {
  it('checks on submit with the schema, then the rules, first message per field; sends nothing (es)', async () => {
    const save = vi.fn(async () => {});
    const { user } = await renderWithApp(<Harness save={save} />);

    await user.type(screen.getByLabelText('Password'), 'abc');
    // Nothing is checked before the form is submitted.
    expect(screen.getByLabelText('Password')).toBeValid();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('El email es obligatorio');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'La contraseña debe tener al menos 6 caracteres',
    );
    expect(screen.getByLabelText('Repeat')).toHaveAccessibleDescription('Las contraseñas no coinciden');
    expect(save).not.toHaveBeenCalled();
  });

  it('sends what the schema parsed, once while it is on its way', async () => {
    let answer: () => void = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { user } = await renderWithApp(<Harness save={save} />);

    await user.type(screen.getByLabelText('Email'), '  ana@bebesluna.es ');
    await user.type(screen.getByLabelText('Password'), 'nube-de-algodón');
    await user.type(screen.getByLabelText('Repeat'), 'nube-de-algodón');
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);
    fireEvent.submit(send.closest('form') as HTMLFormElement);

    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({
      email: 'ana@bebesluna.es',
      token: 'tok',
      password: 'nube-de-algodón',
      password_confirmation: 'nube-de-algodón',
    });
    await act(async () => answer());
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the server’s messages on their fields and translates them again in a new language', async () => {
    const save = vi.fn(async () => {
      throw unprocessable({
        email: [
          ['account.emailFormat', 'Email format is not valid'],
          ['account.emailTaken', 'second'],
        ],
        password: [['account.passwordsMismatch', 'Passwords do not match']],
      });
    });
    const { user } = await renderWithApp(<Harness save={save} />, { lang: 'en' });

    await user.type(screen.getByLabelText('Email'), 'ana@bebesluna.es');
    await user.type(screen.getByLabelText('Password'), 'nube-de-algodón');
    await user.type(screen.getByLabelText('Repeat'), 'nube-de-algodón');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Email format is not valid')).toBeInTheDocument();
    expect(email).toBeInvalid();
    await act(() => i18n.changeLanguage('es'));
    expect(email).toHaveAccessibleDescription('El formato del email no es válido');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Las contraseñas no coinciden');
  });

  it('keeps a message while its field is edited, and tells each edit', async () => {
    const onEdit = vi.fn();
    const { user } = await renderWithApp(<Harness save={async () => {}} onEdit={onEdit} />);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onEdit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'ana');

    expect(onEdit).toHaveBeenCalledTimes(3);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('El email es obligatorio');
  });

  it('names a check that has no message of its own by its kind, with its bounds (en)', async () => {
    const { user } = await renderWithApp(<Harness save={async () => {}} />, { lang: 'en' });

    await user.type(screen.getByLabelText('Email'), 'ana@bebesluna.es');
    await user.type(screen.getByLabelText('Password'), 'x'.repeat(201));
    await user.type(screen.getByLabelText('Repeat'), 'x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Can be at most 200 characters');
  });
});

/** A form that sends one request and says, beyond its fields, what else went wrong. */
function RequestHarness({ send }: { send: (data: unknown) => Promise<unknown> }) {
  const form = useContractForm({
    initialValues: { email: '', password: '', password_confirmation: '' },
    schema: ResetPasswordRequest,
    input: (values) => ({ ...values, token: 'tok' }),
  });
  const { submit, failure } = useFormRequest(form, {
    send,
    failureOf: (error, fieldErrors) =>
      Object.keys(fieldErrors).length > 0 ? null : `Failed: ${(error as Error).message}`,
  });
  return (
    <form onSubmit={submit} noValidate>
      {failure && <p>{failure}</p>}
      <TextInput label="Email" {...form.getInputProps('email')} />
      <TextInput label="Password" {...form.getInputProps('password')} />
      <TextInput label="Repeat" {...form.getInputProps('password_confirmation')} />
      <Button type="submit">Send</Button>
    </form>
  );
}

describe('useFormRequest', () => {
  it('shows a failure beyond the fields until the next submit; a 422 goes under its field (en)', async () => {
    const send = vi
      .fn<(data: unknown) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(
        unprocessable({ email: [['account.emailFormat', 'Email format is not valid']] }),
      );
    const { user } = await renderWithApp(<RequestHarness send={send} />, { lang: 'en' });

    await user.type(screen.getByLabelText('Email'), 'ana@bebesluna.es');
    await user.type(screen.getByLabelText('Password'), 'nube-de-algodón');
    await user.type(screen.getByLabelText('Repeat'), 'nube-de-algodón');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed: offline')).toBeInTheDocument();

    // A failed check forgets it, sending nothing.
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByText('Failed: offline')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Password'), 'nube-de-algodón');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email format is not valid')).toBeInTheDocument();
    expect(screen.queryByText(/^Failed/)).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('numberFromInput', () => {
  it('reads an empty number field as NaN, which the schema refuses, and a typed one as its number', () => {
    expect(numberFromInput('')).toBeNaN();
    expect(numberFromInput('0')).toBe(0);
    expect(numberFromInput('12.5')).toBe(12.5);
    expect(numberFromInput(7)).toBe(7);
  });
});
