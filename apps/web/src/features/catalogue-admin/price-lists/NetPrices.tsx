import { Button, Group, NumberInput, Table, TextInput } from '@mantine/core';
import { type PriceList, PriceListModelParam, PriceListPriceRequest } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { ListPager } from '../../../components/ListControls.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { DataTable, EmptyRow, HiddenHeader, TextCell } from '../../../components/TableParts.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { numberFromInput, useContractForm, useFormRequest } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { useListPrices, useRemovePrice, useSetPrice } from './api.ts';

/** A net price set by hand: the model's code (the path's) and its price (the body's). */
const SetPriceRequest = PriceListModelParam.pick({ modelo: true }).extend(PriceListPriceRequest.shape);

/** The list's net prices by model code: a page at a time, one added or removed at a time. */
export function NetPrices({ list }: { list: PriceList }) {
  const { t } = useTranslation('prices');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const prices = useListPrices(list.id, search, page);
  const setPrice = useSetPrice();
  const removePrice = useRemovePrice();
  const form = useContractForm({
    initialValues: { modelo: '', precio: '' as number | string },
    schema: SetPriceRequest,
    input: (values) => ({
      modelo: values.modelo,
      precio: numberFromInput(values.precio),
    }),
  });
  const { submit: add, failure } = useFormRequest(form, {
    send: async ({ modelo, precio }) => {
      await setPrice.mutateAsync({ id: list.id, modelo, precio });
      notifySuccess(t('priceSaved', { modelo }));
      form.reset();
    },
    // A code or price the server refuses is said under its field; anything else above them.
    failureOf: (error, fields) => (Object.keys(fields).length ? null : apiErrorText(error, t('saveError'))),
  });
  const rows = prices.data?.data ?? [];
  return (
    <SectionCard title={t('netPricesTitle')} formLabel={t('addPrice')} onSubmit={add}>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <Group align="flex-start" wrap="wrap">
        <TextInput label={t('code')} required {...form.getInputProps('modelo')} />
        <NumberInput
          label={t('netPrice')}
          {...form.getInputProps('precio')}
          min={0}
          decimalScale={2}
          decimalSeparator=","
          suffix=" €"
          allowNegative={false}
          required
        />
        <Button type="submit" variant="light" loading={setPrice.isPending} mt={25}>
          {t('addPrice')}
        </Button>
      </Group>
      <TextInput
        label={t('searchPrices')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <DataTable
        minWidth={560}
        stacked={{ labels: [null, null, t('pvp'), t('netPrice')], title: 1, actions: true }}
        aria-label={t('netPricesTitle')}
        head={
          <>
            <Table.Th>{t('code')}</Table.Th>
            <Table.Th>{t('description')}</Table.Th>
            <Table.Th ta="right">{t('pvp')}</Table.Th>
            <Table.Th ta="right">{t('netPrice')}</Table.Th>
            <HiddenHeader label={t('actions')} />
          </>
        }
      >
        {rows.map((p) => (
          <Table.Tr key={p.modelo}>
            <TextCell ff="monospace">{p.modelo}</TextCell>
            <TextCell>{p.descripcion}</TextCell>
            <TextCell ta="right">{formatMoney(p.pvp)}</TextCell>
            <TextCell ta="right" fw={700}>
              {formatMoney(p.precio)}
            </TextCell>
            <Table.Td ta="right">
              <DeleteAction
                label={t('removePrice', { modelo: p.modelo })}
                onClick={() =>
                  removePrice.mutate(
                    { id: list.id, modelo: p.modelo },
                    { onError: (err) => notifyError(apiErrorText(err, t('saveError'))) },
                  )
                }
              />
            </Table.Td>
          </Table.Tr>
        ))}
        {rows.length === 0 && <EmptyRow colSpan={5}>{t('noPrices')}</EmptyRow>}
      </DataTable>
      <ListPager
        meta={prices.data?.meta}
        onPage={setPage}
        range={(meta) => t('range', { from: meta.from, to: meta.to, total: meta.total })}
      />
    </SectionCard>
  );
}
