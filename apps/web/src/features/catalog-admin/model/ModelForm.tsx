import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { CATALOG_ADMIN_MSG, FAMILIES, hasText, NO_FAMILY } from '@nido/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { FormFooter } from '../../../components/FormFooter.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { apiFieldErrors, type FieldErrors } from '../../../lib/forms.ts';
import { useFormFields } from '../../../lib/useFormFields.ts';
import { type AdminModelDetailT, useUpdateModel } from '../api.ts';
import { errorText, translateAdminMessage } from '../messages.ts';
import { useDecimal } from '../useDecimal.ts';

/** The model's own fields (product.md §5 Model): descriptions, pvp, family, line mode, embroidery code. */
export function ModelForm({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const decimal = useDecimal();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const { values, bind, bindValue } = useFormFields(
    () => ({
      descripcion: model.descripcion,
      descripcion_en: model.descripcion_en,
      pvp: model.pvp as number | string,
      familia: String(model.familia > 7 ? NO_FAMILY.id : model.familia),
      personalizado: String(model.personalizado),
      modelobordado: model.modelobordado,
    }),
    { errors, message: translateAdminMessage },
  );
  const { descripcion, descripcion_en: descripcionEn, pvp } = values;

  const save = useUpdateModel(model.modelo, {
    onSuccess: () => {
      setErrors({});
      setFailed(null);
      notifySuccess(t('modelEditor.saved'));
    },
    onError: (error) => {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      setFailed(Object.keys(fields).length ? null : errorText(error, t('modelEditor.saveError')));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!descripcion.trim()) found.descripcion = CATALOG_ADMIN_MSG.descripcionRequired;
    if (!hasText(descripcionEn)) found.descripcion_en = CATALOG_ADMIN_MSG.descripcionEnRequired;
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length === 0)
      save.mutate({
        modelo: model.modelo,
        descripcion,
        descripcion_en: descripcionEn,
        pvp: typeof pvp === 'number' ? Math.max(0, pvp) : pvp === '' ? 0 : pvp,
        familia: Number(values.familia),
        personalizado: Number(values.personalizado),
        modelobordado: values.modelobordado,
      });
  }

  const families = [
    ...FAMILIES.map((f) => ({ value: String(f.id), label: t(`families.${f.id}`) })),
    { value: String(NO_FAMILY.id), label: t(`families.${NO_FAMILY.id}`) },
  ];

  return (
    <SectionCard title={t('modelEditor.dataTitle')} onSubmit={submit} formLabel={t('modelEditor.dataTitle')}>
      {failed && <ErrorAlert>{failed}</ErrorAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.descriptionEs')} required {...bind('descripcion')} />
        <TextInput label={t('fields.descriptionEn')} required {...bind('descripcion_en')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput
          label={t('fields.pvp')}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          {...decimal}
          suffix=" €"
          {...bindValue('pvp')}
        />
        <Select label={t('fields.family')} data={families} allowDeselect={false} {...bindValue('familia')} />
        <Select
          label={t('fields.personalizado')}
          data={[
            { value: '1', label: t('modelEditor.modeSimple') },
            { value: '2', label: t('modelEditor.modeCustom') },
          ]}
          allowDeselect={false}
          {...bindValue('personalizado')}
        />
        <TextInput label={t('fields.modelobordado')} {...bind('modelobordado')} />
      </SimpleGrid>
      <FormFooter submitLabel={t('modelEditor.save')} loading={save.isPending} />
    </SectionCard>
  );
}
