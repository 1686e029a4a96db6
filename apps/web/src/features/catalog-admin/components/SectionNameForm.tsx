import { Stack, TextInput } from '@mantine/core';
import { CATALOG_ADMIN_MSG, hasText } from '@nido/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { FormFooter } from '../../../components/FormFooter.tsx';
import type { FieldErrors } from '../../../lib/forms.ts';
import { translateAdminMessage } from '../messages.ts';

interface SectionNameFormProps {
  initial?: { name: string; name_en: string };
  nameLabel: string;
  nameEnLabel: string;
  submitLabel: string;
  /** Saves the trimmed names; a rejection is shown through `failureOf`. */
  onSave: (name: string, nameEn: string) => Promise<unknown>;
  /** The field messages and the general message of a failed save. */
  failureOf: (error: unknown) => { fields: FieldErrors; general: string | null };
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
  const [name, setName] = useState(initial?.name ?? '');
  const [nameEn, setNameEn] = useState(initial?.name_en ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasText(name)) {
      setErrors({ name: CATALOG_ADMIN_MSG.nameRequired });
      return;
    }
    setSaving(true);
    setFailed(null);
    try {
      await onSave(name.trim(), nameEn.trim());
    } catch (error) {
      const { fields, general } = failureOf(error);
      setErrors(fields);
      setFailed(general ? (translateAdminMessage(general) ?? general) : null);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failed && <ErrorAlert>{failed}</ErrorAlert>}
        <TextInput
          label={nameLabel}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={translateAdminMessage(errors.name)}
          data-autofocus
        />
        <TextInput
          label={nameEnLabel}
          value={nameEn}
          onChange={(e) => setNameEn(e.currentTarget.value)}
          error={translateAdminMessage(errors.name_en)}
        />
        <FormFooter
          submitLabel={submitLabel}
          loading={saving}
          onCancel={onCancel}
          cancelLabel={t('cancel')}
        />
      </Stack>
    </form>
  );
}
