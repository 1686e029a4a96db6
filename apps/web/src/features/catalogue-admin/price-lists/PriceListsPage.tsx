import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  FAMILIES,
  familyName,
  localized,
  type PriceList,
  type PriceListImportPreview,
  type PriceListSummary,
} from '@nido/contract';
import { IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { ListPager } from '../../../components/ListControls.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PercentInput } from '../../../components/PercentInput.tsx';
import { LoadingState } from '../../../components/QueryState.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { DataTable, EmptyRow, HiddenHeader, TextCell } from '../../../components/TableParts.tsx';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useCollections } from '../../catalogue/index.ts';
import {
  exportPrices,
  previewImport,
  useDeletePriceList,
  useImportPrices,
  useListPrices,
  usePriceList,
  usePriceLists,
  useRemovePrice,
  useSavePriceList,
  useSetPrice,
} from './api.ts';

type Percent = number | string;

/**
 * /tarifas (Admin, record 049): the price lists; the chosen one's name and discounts (the list's,
 * per family, per collection), its net prices one by one, and as a file (export; import with a
 * preview that flags every bad row before anything is saved).
 */
/** A list's shipping rule in a few words: its charge and where it stops, or none. */
function ShippingRule({ list }: { list: PriceListSummary }) {
  const { t } = useTranslation('prices');
  if (!list.porte) return t('shippingNone');
  if (list.porte_gratis_desde == null) return formatMoney(list.porte);
  return t('shippingFrom', { amount: formatMoney(list.porte), from: formatMoney(list.porte_gratis_desde) });
}

export default function PriceListsPage() {
  const { t } = useTranslation('prices');
  const lists = usePriceLists();
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  const rows = lists.data ?? [];
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
      {lists.isError && <ErrorAlert>{t('loadError')}</ErrorAlert>}
      {lists.isLoading ? (
        <LoadingState label={t('loading')} />
      ) : (
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
      {chosen === 'new' && (
        <ListEditor key="new" onSaved={(id) => setChosen(id)} onDeleted={() => setChosen(null)} />
      )}
      {typeof chosen === 'number' && (
        <ChosenList key={chosen} id={chosen} onDeleted={() => setChosen(null)} />
      )}
    </PageFrame>
  );
}

function ChosenList({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('prices');
  const list = usePriceList(id);
  if (list.isLoading) return <LoadingState label={t('loading')} />;
  if (!list.data) return <ErrorAlert>{t('loadError')}</ErrorAlert>;
  return (
    <>
      <ListEditor list={list.data} onSaved={() => undefined} onDeleted={onDeleted} />
      <NetPrices list={list.data} />
      <ImportPrices list={list.data} />
    </>
  );
}

/** The list's name and discounts: a family or collection left empty has none of its own. */
function ListEditor({
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
  const [nombre, setNombre] = useState(list?.nombre ?? '');
  const [descuento, setDescuento] = useState<Percent>(list?.descuento ?? 0);
  const [families, setFamilies] = useState<Record<number, Percent>>(
    Object.fromEntries((list?.familias ?? []).map((f) => [f.familia, f.descuento])),
  );
  const [byCollection, setByCollection] = useState<Record<number, Percent>>(
    Object.fromEntries((list?.colecciones ?? []).map((c) => [c.colecciones_id, c.descuento])),
  );
  const [porte, setPorte] = useState<Percent>(list?.porte ?? '');
  const [porteGratis, setPorteGratis] = useState<Percent>(list?.porte_gratis_desde ?? '');
  const [error, setError] = useState<string | null>(null);
  const given = (v: Percent | undefined) => v !== '' && v != null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const body = {
      nombre,
      descuento: Number(descuento || 0),
      familias: FAMILIES.filter((f) => given(families[f.id])).map((f) => ({
        familia: f.id,
        descuento: Number(families[f.id]),
      })),
      colecciones: Object.entries(byCollection)
        .filter(([, v]) => given(v))
        .map(([id, v]) => ({ colecciones_id: Number(id), descuento: Number(v) })),
      porte: given(porte) ? Number(porte) : null,
      porte_gratis_desde: given(porteGratis) ? Number(porteGratis) : null,
    };
    save.mutate(
      { id: list?.id ?? 0, body },
      {
        onSuccess: (saved) => {
          notifySuccess(t('saved', { name: saved.nombre }));
          onSaved(saved.id);
        },
        onError: (err) => setError(apiErrorText(err, t('saveError'))),
      },
    );
  };

  const percentInput = (label: string, value: Percent | undefined, onChange: (v: Percent) => void) => (
    <PercentInput label={label} value={value ?? ''} onChange={onChange} />
  );

  const moneyInput = (label: string, value: Percent, onChange: (v: Percent) => void) => (
    <NumberInput
      label={label}
      value={value}
      onChange={onChange}
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
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('name')}
          required
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
        />
        {percentInput(t('listDiscount'), descuento, setDescuento)}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        {t('byFamily')}
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }}>
        {FAMILIES.map((f) =>
          percentInput(familyName(f.id, lang), families[f.id], (v) =>
            setFamilies((old) => ({ ...old, [f.id]: v })),
          ),
        )}
      </SimpleGrid>
      <Text size="sm" fw={600}>
        {t('byCollection')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {(collections.data ?? []).map((c) =>
          percentInput(localized(c, 'nombre', lang), byCollection[c.id], (v) =>
            setByCollection((old) => ({ ...old, [c.id]: v })),
          ),
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('rules')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {moneyInput(t('shipping'), porte, setPorte)}
        {moneyInput(t('shippingFreeFrom'), porteGratis, setPorteGratis)}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('shippingRule')}
      </Text>
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Group>
    </SectionCard>
  );
}

/** The list's net prices by model code: a page at a time, one added or removed at a time. */
function NetPrices({ list }: { list: PriceList }) {
  const { t } = useTranslation('prices');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const prices = useListPrices(list.id, search, page);
  const setPrice = useSetPrice();
  const removePrice = useRemovePrice();
  const [modelo, setModelo] = useState('');
  const [precio, setPrecio] = useState<Percent>('');
  const rows = prices.data?.data ?? [];
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPrice.mutate(
      { id: list.id, modelo: modelo.trim(), precio: Number(precio) },
      {
        onSuccess: () => {
          notifySuccess(t('priceSaved', { modelo: modelo.trim() }));
          setModelo('');
          setPrecio('');
        },
        onError: (err) => notifyError(apiErrorText(err, t('saveError'))),
      },
    );
  };
  return (
    <SectionCard title={t('netPricesTitle')} formLabel={t('addPrice')} onSubmit={add}>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('code')}
          value={modelo}
          onChange={(e) => setModelo(e.currentTarget.value)}
          required
        />
        <NumberInput
          label={t('netPrice')}
          value={precio}
          onChange={setPrecio}
          min={0}
          decimalScale={2}
          decimalSeparator=","
          suffix=" €"
          allowNegative={false}
          required
        />
        <Button type="submit" variant="light" loading={setPrice.isPending}>
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

/** Export the net prices; import a file after a preview (saved only when every row is good). */
function ImportPrices({ list }: { list: PriceList }) {
  const { t } = useTranslation('prices');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PriceListImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const importPrices = useImportPrices();
  const check = async () => {
    if (!file) return;
    setError(null);
    setChecking(true);
    try {
      setPreview(await previewImport(list.id, file));
    } catch (err) {
      setPreview(null);
      setError(apiErrorText(err, t('importError')));
    } finally {
      setChecking(false);
    }
  };
  const save = () =>
    file &&
    importPrices.mutate(
      { id: list.id, file },
      {
        onSuccess: (answer) => {
          notifySuccess(t('imported', { count: answer.importados }));
          setPreview(null);
          setFile(null);
        },
        onError: (err) => setError(apiErrorText(err, t('importError'))),
      },
    );
  const bad = preview?.rows.filter((r) => r.errors.length > 0) ?? [];
  return (
    <SectionCard
      title={t('fileTitle')}
      actions={
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            exportPrices(list.id, list.nombre).catch((err) =>
              notifyError(apiErrorText(err, t('exportError'))),
            )
          }
        >
          {t('export')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('fileHint')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label={t('file')}
          accept=".csv,.xlsx,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setPreview(null);
          }}
          miw={240}
        />
        <Button
          variant="light"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={check}
          disabled={!file}
          loading={checking}
        >
          {t('preview')}
        </Button>
      </Group>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {preview && (
        <Stack gap="sm">
          <Alert color={bad.length > 0 ? 'red' : 'green'} variant="light" data-testid="import-summary">
            {bad.length > 0
              ? t('previewBad', { good: preview.validos, bad: preview.errores })
              : t('previewGood', { good: preview.validos })}
          </Alert>
          {bad.length > 0 && (
            <DataTable
              minWidth={480}
              stacked={{ labels: [t('row'), null, t('netPrice'), t('problem')], title: 2 }}
              aria-label={t('badRows')}
              head={
                <>
                  <Table.Th ta="right">{t('row')}</Table.Th>
                  <Table.Th>{t('code')}</Table.Th>
                  <Table.Th ta="right">{t('netPrice')}</Table.Th>
                  <Table.Th>{t('problem')}</Table.Th>
                </>
              }
            >
              {bad.map((r) => (
                <Table.Tr key={r.row} data-testid="bad-row">
                  <TextCell ta="right">{r.row}</TextCell>
                  <TextCell ff="monospace">{r.modelo}</TextCell>
                  <TextCell ta="right">{r.precio == null ? '—' : formatMoney(r.precio)}</TextCell>
                  <TextCell>
                    {r.errors.map((e) => (
                      <Text key={e.code} size="sm" c="red.9" fw={600}>
                        {messageText(e)}
                      </Text>
                    ))}
                  </TextCell>
                </Table.Tr>
              ))}
            </DataTable>
          )}
          <Group justify="flex-end">
            <Button onClick={save} disabled={bad.length > 0} loading={importPrices.isPending}>
              {t('import', { count: preview.validos })}
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
