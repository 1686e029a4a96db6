import { Alert, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type Cliente, ClienteWriteRequest } from '@nido/contract';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api.ts';
import { apiFieldErrors, type FieldErrors, zodFieldErrors } from '../../lib/forms.ts';
import { useUpdateClient } from './api.ts';
import { clientMessage } from './messages.ts';
import { notify, READABLE_ERRORS } from './ui.tsx';

const TEXT_FIELDS = [
  'nomcome',
  'nombre',
  'cif',
  'email',
  'telefono',
  'direccion',
  'cp',
  'poblacion',
  'provincia',
  'pais',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = Record<TextField, string> & { activo: boolean };

function valuesOf(cliente: Cliente): Values {
  const out = { activo: cliente.activo } as Values;
  for (const field of TEXT_FIELDS) out[field] = cliente[field] ?? '';
  return out;
}

const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  nombre: 'organization',
  email: 'email',
  telefono: 'tel',
  direccion: 'street-address',
  cp: 'postal-code',
  poblacion: 'address-level2',
  provincia: 'address-level1',
  pais: 'country-name',
};

type Status = 'idle' | 'saved' | 'failed';

/** PUT cliente/{id} (Admin): every field, errors shown under their field (SPEC §8). */
export function ClientForm({ cliente }: { cliente: Cliente }) {
  const { t } = useTranslation('clients');
  const [values, setValues] = useState<Values>(() => valuesOf(cliente));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string>('');
  const update = useUpdateClient(cliente.id);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (status !== 'idle') setStatus('idle');
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ClienteWriteRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      setStatus('idle');
      return;
    }
    setErrors({});
    try {
      const answer = await update.mutateAsync(parsed.data);
      setValues(valuesOf(answer.data));
      setStatus('saved');
      notify({
        color: 'sage',
        icon: <IconCheck size={18} />,
        message: t('detail.saved', { name: answer.data.nomcome }),
      });
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      setErrors(fieldErrors);
      setFailure(isApiError(error) ? error.message : '');
      setStatus('failed');
    }
  }

  const input = (field: TextField, props: { required?: boolean; type?: string } = {}) => (
    <TextInput
      key={field}
      label={t(`fields.${field}`)}
      name={field}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={clientMessage(errors[field])}
      autoComplete={AUTOCOMPLETE[field] ?? 'off'}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate style={READABLE_ERRORS} aria-label={t('detail.formLabel')}>
      <Stack gap="md">
        {status === 'saved' && (
          <Alert color="sage" variant="light" icon={<IconCheck size={18} />} role="status">
            {t('detail.saved', { name: values.nomcome })}
          </Alert>
        )}
        {status === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {Object.keys(errors).length > 0 ? t('detail.fixErrors') : t('detail.saveError')}
            {Object.keys(errors).length === 0 && failure && (
              <Text size="xs" c="dimmed" mt={4}>
                {failure}
              </Text>
            )}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {input('nomcome', { required: true })}
          {input('nombre')}
          {input('cif')}
          {input('email', { type: 'email' })}
          {input('telefono', { type: 'tel' })}
          {input('direccion')}
          {input('cp')}
          {input('poblacion')}
          {input('provincia')}
          {input('pais')}
        </SimpleGrid>
        <Switch
          label={t('fields.activo')}
          description={t('detail.activeHint')}
          checked={values.activo}
          onChange={(e) => set('activo', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
