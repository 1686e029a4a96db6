import { Button, Group, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { FAMILIES, familyName, localized, type PriceList, PriceListWriteRequest } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { PercentInput } from '../../../components/PercentInput.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { useContractForm, useFormRequest } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useCollections } from '../../catalogue/index.ts';
import { useDeletePriceList, useSavePriceList } from './api.ts';

/** A number as its input holds it: '' while empty. */
type Percent = number | string;

/** The form's values: what PriceListWriteRequest takes, each number as its input holds it ('' empty). */
interface EditorValues {
  nombre: string;
  descuento: Percent;
  /** By family id and by collection id: left empty, none of its own. */
  familias: Record<string, Percent>;
  colecciones: Record<string, Percent>;
  porte: Percent;
  porte_gratis_desde: Percent;
  pedido_minimo_primero: Percent;
  pedido_minimo: Percent;
}

const given = (v: Percent | undefined): v is Percent => v !== '' && v != null;
const byId = (entries: Array<[number, number]>) =>
  Object.fromEntries(entries.map(([id, v]) => [String(id), v])) as Record<string, Percent>;

function valuesOf(list?: PriceList): EditorValues {
  return {
    nombre: list?.nombre ?? '',
    descuento: list?.descuento ?? 0,
    familias: byId((list?.familias ?? []).map((f) => [f.familia, f.descuento])),
    colecciones: byId((list?.colecciones ?? []).map((c) => [c.colecciones_id, c.descuento])),
    porte: list?.porte ?? '',
    porte_gratis_desde: list?.porte_gratis_desde ?? '',
    pedido_minimo_primero: list?.pedido_minimo_primero ?? '',
    pedido_minimo: list?.pedido_minimo ?? '',
  };
}

/** What the form sends: an empty discount is none, an empty family or collection has none of its own. */
function requestOf(values: EditorValues): PriceListWriteRequest {
  return {
    nombre: values.nombre,
    descuento: Number(values.descuento || 0),
    familias: FAMILIES.filter((f) => given(values.familias[f.id])).map((f) => ({
      familia: f.id,
      descuento: Number(values.familias[f.id]),
    })),
    colecciones: Object.entries(values.colecciones)
      .filter(([, v]) => given(v))
      .map(([id, v]) => ({ colecciones_id: Number(id), descuento: Number(v) })),
    porte: given(values.porte) ? Number(values.porte) : null,
    porte_gratis_desde: given(values.porte_gratis_desde) ? Number(values.porte_gratis_desde) : null,
    pedido_minimo_primero: given(values.pedido_minimo_primero) ? Number(values.pedido_minimo_primero) : null,
    pedido_minimo: given(values.pedido_minimo) ? Number(values.pedido_minimo) : null,
  };
}

/** The list's name and discounts: a family or collection left empty has none of its own. */
export function PriceListEditor({
  list,
  onSaved,
  onDeleted,
}: {
  list?: PriceList;
  onSaved: (id: number) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('prices');
  const lang = useLang();
  const collections = useCollections();
  const save = useSavePriceList();
  const remove = useDeletePriceList();
  const form = useContractForm({
    initialValues: valuesOf(list),
    schema: PriceListWriteRequest,
    input: requestOf,
  });
  const { submit, failure } = useFormRequest(form, {
    send: async (body) => {
      const saved = await save.mutateAsync({ id: list?.id ?? 0, body });
      notifySuccess(t('saved', { name: saved.nombre }));
      onSaved(saved.id);
    },
    failureOf: (error) => apiErrorText(error, t('saveError')),
  });

  const moneyInput = (
    label: string,
    field: 'porte' | 'porte_gratis_desde' | 'pedido_minimo_primero' | 'pedido_minimo',
  ) => (
    <NumberInput
      label={label}
      {...form.getInputProps(field)}
      min={0}
      max={99_999.99}
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator=","
      suffix=" €"
      allowNegative={false}
    />
  );

  return (
    <SectionCard
      title={list ? t('editTitle', { name: list.nombre }) : t('new')}
      formLabel={list ? t('editTitle', { name: list.nombre }) : t('new')}
      onSubmit={submit}
      actions={
        list && (
          <DeleteAction
            label={t('deleteNamed', { name: list.nombre })}
            tooltip={t('deleteNamed', { name: list.nombre })}
            confirm={{ title: t('deleteNamed', { name: list.nombre }), message: t('deleteText') }}
            onClick={() =>
              remove.mutate(list.id, {
                onSuccess: () => {
                  notifySuccess(t('deleted', { name: list.nombre }));
                  onDeleted();
                },
                onError: (err) => notifyError(apiErrorText(err, t('saveError'))),
              })
            }
          />
        )
      }
    >
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('name')} required {...form.getInputProps('nombre')} />
        <PercentInput label={t('listDiscount')} {...form.getInputProps('descuento')} />
      </SimpleGrid>
      <Text size="sm" fw={600}>
        {t('byFamily')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }}>
        {FAMILIES.map((f) => (
          <PercentInput
            key={f.id}
            label={familyName(f.id, lang)}
            {...form.getInputProps(`familias.${f.id}`)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        {t('byCollection')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {(collections.data ?? []).map((c) => (
          <PercentInput
            key={c.id}
            label={localized(c, 'nombre', lang)}
            {...form.getInputProps(`colecciones.${c.id}`)}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('rules')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {moneyInput(t('shipping'), 'porte')}
        {moneyInput(t('shippingFreeFrom'), 'porte_gratis_desde')}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('shippingRule')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {moneyInput(t('minimumFirst'), 'pedido_minimo_primero')}
        {moneyInput(t('minimumNext'), 'pedido_minimo')}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('minimumRule')}
      </Text>
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Group>
    </SectionCard>
  );
}
