import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { CATALOG_ADMIN_MSG, FAMILIES, hasText, NO_FAMILY } from '@nido/contract';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFieldErrors, type FieldErrors } from '../../../lib/forms.ts';
import { type AdminModelDetailT, keys, modelApi } from '../api.ts';
import { notify } from '../components/notify.ts';
import { errorText } from '../components/QueryState.tsx';
import { translateAdminMessage } from '../messages.ts';
import { useDecimal } from '../useDecimal.ts';

/** The model's own fields (SPEC §3 Model): descriptions, pvp, family, line mode, embroidery code. */
export function ModelForm({ model }: { model: AdminModelDetailT }) {
  const { t } = useTranslation('catalogAdmin');
  const client = useQueryClient();
  const decimal = useDecimal();
  const [descripcion, setDescripcion] = useState(model.descripcion);
  const [descripcionEn, setDescripcionEn] = useState(model.descripcion_en);
  const [pvp, setPvp] = useState<number | string>(model.pvp);
  const [familia, setFamilia] = useState(String(model.familia > 7 ? NO_FAMILY.id : model.familia));
  const [personalizado, setPersonalizado] = useState(String(model.personalizado));
  const [modelobordado, setModelobordado] = useState(model.modelobordado);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () =>
      modelApi.update({
        modelo: model.modelo,
        descripcion,
        descripcion_en: descripcionEn,
        pvp: typeof pvp === 'number' ? Math.max(0, pvp) : pvp === '' ? 0 : pvp,
        familia: Number(familia),
        personalizado: Number(personalizado),
        modelobordado,
      }),
    onSuccess: (result) => {
      setErrors({});
      setFailed(null);
      client.setQueryData<AdminModelDetailT>(keys.model(model.modelo), (old) =>
        old ? { ...old, ...result } : old,
      );
      void client.invalidateQueries({ queryKey: keys.all });
      notify({ color: 'sage', icon: <IconCheck size={18} />, message: t('modelEditor.saved') });
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
    if (Object.keys(found).length === 0) save.mutate();
  }

  const fieldError = (field: string) => translateAdminMessage(errors[field]);
  const families = [
    ...FAMILIES.map((f) => ({ value: String(f.id), label: t(`families.${f.id}`) })),
    { value: String(NO_FAMILY.id), label: t(`families.${NO_FAMILY.id}`) },
  ];

  return (
    <Paper
      withBorder
      p="lg"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={t('modelEditor.dataTitle')}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('modelEditor.dataTitle')}
        </Title>
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {failed}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.descriptionEs')}
            required
            value={descripcion}
            onChange={(e) => setDescripcion(e.currentTarget.value)}
            error={fieldError('descripcion')}
          />
          <TextInput
            label={t('fields.descriptionEn')}
            required
            value={descripcionEn}
            onChange={(e) => setDescripcionEn(e.currentTarget.value)}
            error={fieldError('descripcion_en')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NumberInput
            label={t('fields.pvp')}
            value={pvp}
            onChange={setPvp}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            {...decimal}
            suffix=" €"
            error={fieldError('pvp')}
          />
          <Select
            label={t('fields.family')}
            data={families}
            value={familia}
            onChange={(v) => v && setFamilia(v)}
            allowDeselect={false}
            error={fieldError('familia')}
          />
          <Select
            label={t('fields.personalizado')}
            data={[
              { value: '1', label: t('modelEditor.modeSimple') },
              { value: '2', label: t('modelEditor.modeCustom') },
            ]}
            value={personalizado}
            onChange={(v) => v && setPersonalizado(v)}
            allowDeselect={false}
            error={fieldError('personalizado')}
          />
          <TextInput
            label={t('fields.modelobordado')}
            value={modelobordado}
            onChange={(e) => setModelobordado(e.currentTarget.value)}
            error={fieldError('modelobordado')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('modelEditor.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
