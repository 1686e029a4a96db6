import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  CATALOG_ADMIN_MSG,
  FAMILIES,
  hasText,
  ModeloUpdateRequest,
  NO_FAMILY,
  QUANTITY_MAX,
} from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { FormFooter } from '../../../components/FormFooter.tsx';
import { notifySuccess } from '../../../components/notify.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useContractForm } from '../../../lib/forms.ts';
import { apiErrorText, type ShownMessage } from '../../../lib/messages.ts';
import { type AdminModelDetailT, useUpdateModel } from '../api.ts';
import { useDecimal } from '../useDecimal.ts';
import { useLocalized } from '../useLocalized.ts';

interface ModelValues {
  descripcion: string;
  descripcion_en: string;
  pvp: number | string;
  familia: string;
  personalizado: string;
  modelobordado: string;
  cantidad_minima: number | string;
  multiplo: number | string;
  /** The colour grid's group id, or '' for none. */
  grupo_rejilla_id: string;
}

/**
 * The model's own fields (product.md §5 Model): descriptions, pvp, family, line mode, embroidery
 * code, its minimum quantity and pack size (every line's quantity obeys them), and the group of its
 * colour grid (issue 30).
 */
export function ModelForm({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const decimal = useDecimal();
  const localized = useLocalized();
  const [failed, setFailed] = useState<string | null>(null);
  /** The modelo/update body (product.md §5.3: a negative or empty price is 0). */
  const body = (values: ModelValues) => ({
    modelo: model.modelo,
    descripcion: values.descripcion,
    descripcion_en: values.descripcion_en,
    pvp: typeof values.pvp === 'number' ? Math.max(0, values.pvp) : values.pvp === '' ? 0 : values.pvp,
    familia: Number(values.familia),
    personalizado: Number(values.personalizado),
    modelobordado: values.modelobordado,
    // A blank field is sent as 0: the contract refuses it with its message, nothing is guessed.
    cantidad_minima: Number(values.cantidad_minima),
    multiplo: Number(values.multiplo),
    grupo_rejilla_id: values.grupo_rejilla_id ? Number(values.grupo_rejilla_id) : null,
  });
  const form = useContractForm<ModelValues, unknown>({
    initialValues: {
      descripcion: model.descripcion,
      descripcion_en: model.descripcion_en,
      pvp: model.pvp,
      familia: String(model.familia > 7 ? NO_FAMILY.id : model.familia),
      personalizado: String(model.personalizado),
      modelobordado: model.modelobordado,
      cantidad_minima: model.cantidad_minima,
      multiplo: model.multiplo,
      grupo_rejilla_id: model.grupo_rejilla_id == null ? '' : String(model.grupo_rejilla_id),
    },
    schema: ModeloUpdateRequest,
    input: body,
    rules: ({ descripcion, descripcion_en }) => {
      const found: Record<string, ShownMessage> = {};
      if (!descripcion.trim()) found.descripcion = CATALOG_ADMIN_MSG.descripcionRequired;
      if (!hasText(descripcion_en)) found.descripcion_en = CATALOG_ADMIN_MSG.descripcionEnRequired;
      return found;
    },
  });

  const save = useUpdateModel(model.modelo, {
    onSuccess: () => {
      form.clearErrors();
      setFailed(null);
      notifySuccess(t('modelEditor.saved'));
    },
    onError: (error) => {
      const fields = form.setServerErrors(error);
      setFailed(Object.keys(fields).length ? null : apiErrorText(error, t('modelEditor.saveError')));
    },
  });

  const submit = form.submit(
    (_request, values) => {
      setFailed(null);
      save.mutate(body(values));
    },
    () => setFailed(null),
  );

  const families = [...FAMILIES, NO_FAMILY].map((f) => ({
    value: String(f.id),
    label: localized(f, 'name'),
  }));

  const groups = [
    { value: '', label: t('modelEditor.gridGroupNone') },
    ...model.grupos.map((g) => ({ value: String(g.parametros_grupos_id), label: localized(g, 'nombre') })),
  ];

  return (
    <SectionCard title={t('modelEditor.dataTitle')} onSubmit={submit} formLabel={t('modelEditor.dataTitle')}>
      {failed && <ErrorAlert>{failed}</ErrorAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.descriptionEs')} required {...form.getInputProps('descripcion')} />
        <TextInput label={t('fields.descriptionEn')} required {...form.getInputProps('descripcion_en')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput
          label={t('fields.pvp')}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          {...decimal}
          suffix=" €"
          {...form.getInputProps('pvp')}
        />
        <Select
          label={t('fields.family')}
          data={families}
          allowDeselect={false}
          {...form.getInputProps('familia')}
        />
        <Select
          label={t('fields.personalizado')}
          data={[
            { value: '1', label: t('modelEditor.modeSimple') },
            { value: '2', label: t('modelEditor.modeCustom') },
          ]}
          allowDeselect={false}
          {...form.getInputProps('personalizado')}
        />
        <TextInput label={t('fields.modelobordado')} {...form.getInputProps('modelobordado')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput
          label={t('fields.cantidadMinima')}
          description={t('modelEditor.cantidadMinimaHint')}
          min={1}
          max={QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('cantidad_minima')}
        />
        <NumberInput
          label={t('fields.multiplo')}
          description={t('modelEditor.multiploHint')}
          min={1}
          max={QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('multiplo')}
        />
        <Select
          label={t('fields.gridGroup')}
          description={t('modelEditor.gridGroupHint')}
          data={groups}
          allowDeselect={false}
          style={{ gridColumn: 'span 2' }}
          {...form.getInputProps('grupo_rejilla_id')}
        />
      </SimpleGrid>
      <FormFooter submitLabel={t('modelEditor.save')} loading={save.isPending} />
    </SectionCard>
  );
}
