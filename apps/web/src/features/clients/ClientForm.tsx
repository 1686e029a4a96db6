import { Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type Cliente, ClienteWriteRequest, TAX_REGIMES, type TaxRegime } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '../../components/Alerts.tsx';
import { FormFooter } from '../../components/FormFooter.tsx';
import { notifySuccess } from '../../components/notify.tsx';
import { PercentInput } from '../../components/PercentInput.tsx';
import { useContractForm } from '../../lib/forms.ts';
import { apiErrorText } from '../../lib/messages.ts';
import { usePriceLists } from '../catalogue-admin/index.ts';
import { useCreateClient, useUpdateClient } from './api.ts';

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
type Values = Record<TextField, string> & {
  activo: boolean;
  regimen_fiscal: TaxRegime;
  /** The client's price list (null: PVP) and its own discount, % (record 049). */
  tarifa_id: number | null;
  descuento: number | string;
};

/** The form's values of a client, or of a new one (active, general regime, no price list). */
function valuesOf(cliente: Cliente | undefined): Values {
  const out = {
    activo: cliente?.activo ?? true,
    regimen_fiscal: cliente?.regimen_fiscal ?? 'general',
    tarifa_id: cliente?.tarifa_id ?? null,
    descuento: cliente?.descuento ?? 0,
  } as Values;
  for (const field of TEXT_FIELDS) out[field] = cliente?.[field] ?? '';
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

/**
 * PUT cliente/{id} (Admin): every field, errors shown under their field (product.md §7). Without
 * `cliente` it is the new client's form (POST cliente), which hands the created client to `onCreated`.
 */
export function ClientForm({
  cliente,
  onCreated,
  onCancel,
}: {
  cliente?: Cliente;
  onCreated?: (cliente: Cliente) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('clients');
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<string>('');
  const update = useUpdateClient(cliente?.id ?? 0);
  const create = useCreateClient();
  const save = cliente ? update : create;
  const priceLists = usePriceLists();
  const form = useContractForm({
    initialValues: valuesOf(cliente),
    schema: ClienteWriteRequest,
    // An empty discount is none.
    input: (values) => ({ ...values, descuento: values.descuento === '' ? 0 : values.descuento }),
    onEdit: () => {
      if (status !== 'idle') setStatus('idle');
    },
  });

  const submit = form.submit(
    async (request) => {
      try {
        if (!cliente) {
          const created = await create.mutateAsync(request);
          notifySuccess(t('list.created', { name: created.data.nomcome }));
          onCreated?.(created.data);
          return;
        }
        const answer = await update.mutateAsync(request);
        form.setValues(valuesOf(answer.data));
        setStatus('saved');
        notifySuccess(t('detail.saved', { name: answer.data.nomcome }));
      } catch (error) {
        form.setServerErrors(error);
        setFailure(apiErrorText(error, ''));
        setStatus('failed');
      }
    },
    () => setStatus('idle'),
  );

  const input = (field: TextField, props: { required?: boolean; type?: string } = {}) => (
    <TextInput
      key={field}
      label={t(`fields.${field}`)}
      autoComplete={AUTOCOMPLETE[field] ?? 'off'}
      {...form.getInputProps(field)}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label={cliente ? t('detail.formLabel') : t('list.newTitle')}>
      <Stack gap="md">
        {status === 'saved' && (
          <SuccessAlert>{t('detail.saved', { name: form.values.nomcome })}</SuccessAlert>
        )}
        {status === 'failed' && (
          <ErrorAlert>
            {form.hasErrors ? t('detail.fixErrors') : t('detail.saveError')}
            {!form.hasErrors && failure && (
              <Text size="xs" c="dimmed" mt={4}>
                {failure}
              </Text>
            )}
          </ErrorAlert>
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
          <Select
            label={t('fields.regimen_fiscal')}
            description={t('detail.regimeHint')}
            data={TAX_REGIMES.map((value) => ({ value, label: t(`regimes.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('regimen_fiscal')}
          />
          <Select
            label={t('fields.tarifa_id')}
            description={t('detail.priceListHint')}
            data={[
              { value: '', label: t('detail.noPriceList') },
              ...(priceLists.data ?? []).map((l) => ({ value: String(l.id), label: l.nombre })),
            ]}
            value={form.values.tarifa_id == null ? '' : String(form.values.tarifa_id)}
            onChange={(v) => form.setFieldValue('tarifa_id', v ? Number(v) : null)}
            error={form.errorOf('tarifa_id')}
            allowDeselect={false}
          />
          <PercentInput
            label={t('fields.descuento')}
            description={t('detail.discountHint')}
            {...form.getInputProps('descuento')}
          />
        </SimpleGrid>
        <Switch
          label={t('fields.activo')}
          description={t('detail.activeHint')}
          {...form.getInputProps('activo', { type: 'checkbox' })}
        />
        <FormFooter
          submitLabel={cliente ? t('detail.save') : t('list.create')}
          loading={save.isPending}
          onCancel={onCancel}
          cancelLabel={t('cancel')}
        />
      </Stack>
    </form>
  );
}
