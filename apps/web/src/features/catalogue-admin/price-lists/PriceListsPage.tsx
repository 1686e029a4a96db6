import { Button, Paper, Table } from '@mantine/core';
import type { PriceListSummary } from '@nido/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { DataTable, EmptyRow, HiddenHeader, TextCell } from '../../../components/TableParts.tsx';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { usePriceList, usePriceLists } from './api.ts';
import { ImportPrices } from './ImportPrices.tsx';
import { NetPrices } from './NetPrices.tsx';
import { PriceListEditor } from './PriceListEditor.tsx';

/**
 * /tarifas (Admin, record 049): the price lists; the chosen one's name and discounts (the list's,
 * per family, per collection), its net prices one by one, and as a file (export; import with a
 * preview that flags every bad row before anything is saved).
 */
export default function PriceListsPage() {
  const { t } = useTranslation('prices');
  const lists = usePriceLists();
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  return (
    <PageFrame
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setChosen('new')}>
          {t('new')}
        </Button>
      }
    >
      <QueryState query={lists} loadingLabel={t('loading')} errorMessage={t('loadError')}>
        {(rows) => (
          <Paper withBorder>
            <DataTable
              minWidth={680}
              stacked={{
                labels: [null, t('discount'), t('shipping'), t('clients'), t('netPrices')],
                title: 1,
                actions: true,
              }}
              striped
              aria-label={t('title')}
              head={
                <>
                  <Table.Th>{t('name')}</Table.Th>
                  <Table.Th ta="right">{t('discount')}</Table.Th>
                  <Table.Th ta="right">{t('shipping')}</Table.Th>
                  <Table.Th ta="right">{t('clients')}</Table.Th>
                  <Table.Th ta="right">{t('netPrices')}</Table.Th>
                  <HiddenHeader label={t('actions')} />
                </>
              }
            >
              {rows.map((l) => (
                <Table.Tr key={l.id}>
                  <TextCell fw={700}>{l.nombre}</TextCell>
                  <TextCell ta="right">{formatPercent(l.descuento)}</TextCell>
                  <TextCell ta="right" data-testid="list-shipping">
                    <ShippingRule list={l} />
                  </TextCell>
                  <TextCell ta="right">{l.clientes}</TextCell>
                  <TextCell ta="right">{l.precios}</TextCell>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setChosen(l.id)}
                      aria-label={t('editNamed', { name: l.nombre })}
                    >
                      {t('edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
              {rows.length === 0 && <EmptyRow colSpan={6}>{t('empty')}</EmptyRow>}
            </DataTable>
          </Paper>
        )}
      </QueryState>
      {chosen === 'new' && (
        <PriceListEditor key="new" onSaved={(id) => setChosen(id)} onDeleted={() => setChosen(null)} />
      )}
      {typeof chosen === 'number' && (
        <ChosenList key={chosen} id={chosen} onDeleted={() => setChosen(null)} />
      )}
    </PageFrame>
  );
}

/** A list's shipping rule in a few words: its charge and where it stops, or none. */
function ShippingRule({ list }: { list: PriceListSummary }) {
  const { t } = useTranslation('prices');
  if (!list.porte) return t('shippingNone');
  if (list.porte_gratis_desde == null) return formatMoney(list.porte);
  return t('shippingFrom', { amount: formatMoney(list.porte), from: formatMoney(list.porte_gratis_desde) });
}

function ChosenList({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('prices');
  const list = usePriceList(id);
  return (
    <QueryState query={list} loadingLabel={t('loading')} errorMessage={t('loadError')}>
      {(data) => (
        <>
          <PriceListEditor list={data} onSaved={() => undefined} onDeleted={onDeleted} />
          <NetPrices list={data} />
          <ImportPrices list={data} />
        </>
      )}
    </QueryState>
  );
}
