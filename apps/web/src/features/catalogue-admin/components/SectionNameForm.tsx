import { Stack, TextInput } from '@mantine/core';
import { CATALOG_ADMIN_MSG, hasText, ParamSectionWriteRequest } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { FormFooter } from '../../../components/FormFooter.tsx';
import { type FieldErrors, useContractForm } from '../../../lib/forms.ts';
import type { ShownMessage } from '../../../lib/messages.ts';

interface SectionNameFormProps {
  initial?: { name: string; name_en: string };
  nameLabel: string;
  nameEnLabel: string;
  submitLabel: string;
  /** Saves the trimmed names; a rejection is shown through `failureOf`. */
  onSave: (name: string, nameEn: string) => Promise<unknown>;
  /** The field messages and the general message of a failed save. */
  failureOf: (error: unknown) => { fields: FieldErrors; general: ShownMessage | null };
  onCancel: () => void;
}

/** The names (es required, en) of a section of options, in a modal's form. */
export function SectionNameForm({
  initial,
  nameLabel,
  nameEnLabel,
  submitLabel,
  onSave,
  failureOf,
  onCancel,
}: SectionNameFormProps) {
  const { t } = useTranslation('catalogAdmin');
  const [failed, setFailed] = useState<ShownMessage | null>(null);
  const form = useContractForm({
    initialValues: { name: initial?.name ?? '', name_en: initial?.name_en ?? '' },
    // The names of a group's section and of a model's section follow the same rules.
    schema: ParamSectionWriteRequest,
    input: ({ name, name_en }) => ({ name: name.trim(), name_en: name_en.trim() }),
    rules: ({ name }) => (hasText(name) ? {} : { name: CATALOG_ADMIN_MSG.nameRequired }),
  });

  const submit = form.submit(async ({ name, name_en }) => {
    setFailed(null);
    try {
      await onSave(name ?? '', name_en ?? '');
    } catch (error) {
      const { fields, general } = failureOf(error);
      form.setErrors(fields);
      setFailed(general);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failed && <ErrorAlert>{form.message(failed)}</ErrorAlert>}
        <TextInput label={nameLabel} required {...form.getInputProps('name')} data-autofocus />
        <TextInput label={nameEnLabel} {...form.getInputProps('name_en')} />
        <FormFooter
          submitLabel={submitLabel}
          loading={form.submitting}
          onCancel={onCancel}
          cancelLabel={t('cancel')}
        />
      </Stack>
    </form>
  );
}
