import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DASHBOARD_DORMANT_WEEKS_MAX,
  type DashboardData,
  type DashboardTopItem,
  localized,
  SCREENS,
} from '@nido/contract';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SectionHeading } from '../../../components/SectionCard.tsx';
import { DataTable, EmptyRow, TextCell } from '../../../components/TableParts.tsx';
import { saveFile } from '../../../lib/download.ts';
import { formatIsoDay, formatMoney } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useCollections } from '../../catalogue/index.ts';
import { useClientList } from '../../clients/index.ts';
import { type DashboardFilters, useDashboard, useDormantClients } from './api.ts';
import { type Cell, csvMoney, toCsv } from './csv.ts';

const shortDay = (day: string) => formatIsoDay(day).slice(0, 5);

function downloadCsv(name: string, head: readonly string[], rows: readonly (readonly Cell[])[]) {
  saveFile(new Blob([toCsv(head, rows)], { type: 'text/csv;charset=utf-8' }), name);
}

interface PanelProps {
  title: string;
  /** The CSV's file name and its table (header and rows), the same numbers as the chart. */
  csv: { name: string; head: readonly string[]; rows: readonly (readonly Cell[])[] };
  chart: ReactNode;
  table: ReactNode;
  empty: boolean;
}

/** A chart with its table view (the accessible alternative) and its CSV download. */
function ChartPanel({ title, csv, chart, table, empty }: PanelProps) {
  const { t } = useTranslation('dashboard');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <SectionHeading
          id={headingId}
          title={title}
          actions={
            <Group gap="xs">
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(v) => setView(v as 'chart' | 'table')}
                aria-label={t('view', { title })}
                data={[
                  { value: 'chart', label: t('chartView') },
                  { value: 'table', label: t('tableView') },
                ]}
              />
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => downloadCsv(csv.name, csv.head, csv.rows)}
                aria-label={t('downloadCsv', { title })}
              >
                CSV
              </Button>
            </Group>
          }
        />
        {empty ? (
          <Text c="dimmed" size="sm">
            {t('empty')}
          </Text>
        ) : view === 'chart' ? (
          // The table view is the chart for assistive technology; hidden overflow keeps the chart's
          // positioned tooltip from widening a phone's page.
          <div aria-hidden style={{ overflow: 'hidden' }}>
            {chart}
          </div>
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}

function Stat({ label, value, before }: { label: string; value: string; before: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {t('yearBefore', { value: before })}
      </Text>
    </Paper>
  );
}

function WeeklyPanels({ data }: { data: DashboardData }) {
  const { t } = useTranslation('dashboard');
  const points = data.semanas.map((w) => ({
    semana: shortDay(w.semana),
    [t('thisYear')]: w.importe,
    [t('lastYear')]: w.importe_anterior,
    orders: w.pedidos,
    ordersBefore: w.pedidos_anterior,
  }));
  const empty = data.totales.pedidos === 0 && data.totales.pedidos_anterior === 0;
  const head = [t('week'), t('revenue'), t('weekBefore'), t('revenueBefore'), t('orders'), t('ordersBefore')];
  const rows = data.semanas.map((w) => [
    formatIsoDay(w.semana),
    csvMoney(w.importe),
    formatIsoDay(w.semana_anterior),
    csvMoney(w.importe_anterior),
    w.pedidos,
    w.pedidos_anterior,
  ]);
  const table = (
    <DataTable
      minWidth={640}
      striped
      aria-label={t('weeklyTable')}
      head={head.map((h, i) => (
        <Table.Th key={h} ta={i === 0 || i === 2 ? undefined : 'right'}>
          {h}
        </Table.Th>
      ))}
    >
      {data.semanas.map((w) => (
        <Table.Tr key={w.semana}>
          <TextCell>{formatIsoDay(w.semana)}</TextCell>
          <TextCell ta="right">{formatMoney(w.importe)}</TextCell>
          <TextCell>{formatIsoDay(w.semana_anterior)}</TextCell>
          <TextCell ta="right">{formatMoney(w.importe_anterior)}</TextCell>
          <TextCell ta="right">{w.pedidos}</TextCell>
          <TextCell ta="right">{w.pedidos_anterior}</TextCell>
        </Table.Tr>
      ))}
    </DataTable>
  );
  return (
    <>
      <ChartPanel
        title={t('revenueTitle')}
        csv={{ name: t('revenueFile'), head, rows }}
        empty={empty}
        table={table}
        chart={
          // Lines, not bars: 2 × 52 bars are too thin to see on a phone.
          <LineChart
            h={260}
            data={points}
            dataKey="semana"
            valueFormatter={formatMoney}
            yAxisProps={{ width: 90 }}
            withLegend
            lineProps={{ isAnimationActive: false }}
            curveType="linear"
            series={[
              { name: t('thisYear'), color: 'blue.6' },
              { name: t('lastYear'), color: 'gray.5' },
            ]}
          />
        }
      />
      <ChartPanel
        title={t('ordersTitle')}
        csv={{ name: t('ordersFile'), head, rows }}
        empty={empty}
        table={table}
        chart={
          <LineChart
            h={220}
            data={points}
            dataKey="semana"
            withLegend
            lineProps={{ isAnimationActive: false }}
            curveType="linear"
            series={[
              { name: 'orders', label: t('thisYear'), color: 'teal.6' },
              { name: 'ordersBefore', label: t('lastYear'), color: 'gray.5' },
            ]}
          />
        }
      />
    </>
  );
}

function TopPanel({
  title,
  file,
  byUnits,
  byRevenue,
  withGroup,
}: {
  title: string;
  file: string;
  byUnits: DashboardTopItem[];
  byRevenue: DashboardTopItem[];
  withGroup: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const [measure, setMeasure] = useState<'units' | 'revenue'>('units');
  const items = measure === 'units' ? byUnits : byRevenue;
  const name = (i: DashboardTopItem) => (withGroup && i.grupo ? `${i.grupo}: ${i.nombre}` : i.nombre);
  const head = [t('code'), t('name'), t('units'), t('revenue')];
  const rows = items.map((i) => [i.clave, name(i), i.unidades, csvMoney(i.importe)]);
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={measure}
        onChange={(v) => setMeasure(v as 'units' | 'revenue')}
        aria-label={t('measure', { title })}
        data={[
          { value: 'units', label: t('byUnits') },
          { value: 'revenue', label: t('byRevenue') },
        ]}
      />
      <ChartPanel
        title={`${title} (${measure === 'units' ? t('byUnits') : t('byRevenue')})`}
        csv={{
          name: `${file}-${measure === 'units' ? t('unitsFile') : t('revenueFileShort')}.csv`,
          head,
          rows,
        }}
        empty={items.length === 0}
        chart={
          <BarChart
            h={Math.max(160, items.length * 30)}
            data={items.map((i) => ({ name: name(i), value: measure === 'units' ? i.unidades : i.importe }))}
            dataKey="name"
            orientation="vertical"
            barProps={{ isAnimationActive: false }}
            yAxisProps={{ width: 140 }}
            valueFormatter={measure === 'units' ? (v) => String(v) : formatMoney}
            series={[
              { name: 'value', label: measure === 'units' ? t('units') : t('revenue'), color: 'blue.6' },
            ]}
          />
        }
        table={
          <DataTable
            minWidth={420}
            striped
            aria-label={title}
            head={
              <>
                <Table.Th>{t('code')}</Table.Th>
                <Table.Th>{t('name')}</Table.Th>
                <Table.Th ta="right">{t('units')}</Table.Th>
                <Table.Th ta="right">{t('revenue')}</Table.Th>
              </>
            }
          >
            {items.map((i) => (
              <Table.Tr key={i.clave}>
                <TextCell>{i.clave}</TextCell>
                <TextCell>{name(i)}</TextCell>
                <TextCell ta="right">{i.unidades}</TextCell>
                <TextCell ta="right">{formatMoney(i.importe)}</TextCell>
              </Table.Tr>
            ))}
          </DataTable>
        }
      />
    </Stack>
  );
}

function DormantClients({ clienteId }: { clienteId: number }) {
  const { t } = useTranslation('dashboard');
  const [weeks, setWeeks] = useState(8);
  const dormant = useDormantClients(weeks, clienteId);
  const rows = dormant.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="dormant-heading">
      <Stack gap="sm">
        <SectionHeading
          id="dormant-heading"
          title={t('dormantTitle')}
          actions={
            <Group gap="xs" align="end">
              <NumberInput
                size="xs"
                w={150}
                label={t('dormantWeeks')}
                min={1}
                max={DASHBOARD_DORMANT_WEEKS_MAX}
                value={weeks}
                onChange={(v) => {
                  const n = Number(v);
                  if (Number.isInteger(n) && n >= 1 && n <= DASHBOARD_DORMANT_WEEKS_MAX) setWeeks(n);
                }}
              />
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() =>
                  downloadCsv(
                    t('dormantFile'),
                    [t('client'), t('lastOrder'), t('weeksSince')],
                    rows.map((r) => [r.cliente, formatIsoDay(r.ultimo_pedido), r.semanas ?? '']),
                  )
                }
                aria-label={t('downloadCsv', { title: t('dormantTitle') })}
              >
                CSV
              </Button>
            </Group>
          }
        />
        <QueryState query={dormant} errorMessage={t('loadError')}>
          {() => (
            <DataTable
              minWidth={420}
              striped
              aria-label={t('dormantTitle')}
              head={
                <>
                  <Table.Th>{t('client')}</Table.Th>
                  <Table.Th>{t('lastOrder')}</Table.Th>
                  <Table.Th ta="right">{t('weeksSince')}</Table.Th>
                </>
              }
            >
              {rows.map((r) => (
                <Table.Tr key={r.cliente_id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={SCREENS.client.path.replace(':id', String(r.cliente_id))}
                      size="sm"
                    >
                      {r.cliente}
                    </Anchor>
                  </Table.Td>
                  <TextCell>{r.ultimo_pedido ? formatIsoDay(r.ultimo_pedido) : t('never')}</TextCell>
                  <TextCell ta="right">{r.semanas ?? '—'}</TextCell>
                </Table.Tr>
              ))}
              {rows.length === 0 && <EmptyRow colSpan={3}>{t('dormantEmpty', { weeks })}</EmptyRow>}
            </DataTable>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}

function Filters({ value, onChange }: { value: DashboardFilters; onChange: (f: DashboardFilters) => void }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  const [search, setSearch] = useState('');
  const collections = useCollections();
  const clients = useClientList(search, 1);
  const clientOptions = (clients.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.nomcome }));
  return (
    <Paper withBorder p="md" component="form" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <TextInput
          type="date"
          label={t('from')}
          value={value.desde}
          onChange={(e) => onChange({ ...value, desde: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('to')}
          value={value.hasta}
          onChange={(e) => onChange({ ...value, hasta: e.currentTarget.value })}
        />
        <Select
          label={t('collection')}
          placeholder={t('allCollections')}
          clearable
          data={(collections.data ?? []).map((c) => ({
            value: String(c.id),
            label: localized(c, 'nombre', lang),
          }))}
          value={value.coleccion_id ? String(value.coleccion_id) : null}
          onChange={(v) => onChange({ ...value, coleccion_id: Number(v ?? 0) })}
        />
        <Select
          label={t('client')}
          placeholder={t('allClients')}
          clearable
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t('noClients')}
          data={clientOptions}
          value={value.cliente_id ? String(value.cliente_id) : null}
          onChange={(v) => onChange({ ...value, cliente_id: Number(v ?? 0) })}
        />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * /dashboard (Admin, Representante; record 055): sales per ISO week beside a year earlier, the top
 * models and options, the average order value and the clients that stopped ordering. A
 * Representante's figures are its clients' only (the server's scope).
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [filters, setFilters] = useState<DashboardFilters>({
    desde: '',
    hasta: '',
    coleccion_id: 0,
    cliente_id: 0,
  });
  const sales = useDashboard(filters);
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <Filters value={filters} onChange={setFilters} />
      <QueryState query={sales} loadingLabel={t('loading')} errorMessage={t('loadError')}>
        {(data) => (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('range', { from: formatIsoDay(data.desde), to: formatIsoDay(data.hasta) })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Stat
                label={t('revenue')}
                value={formatMoney(data.totales.importe)}
                before={formatMoney(data.totales.importe_anterior)}
              />
              <Stat
                label={t('orders')}
                value={String(data.totales.pedidos)}
                before={String(data.totales.pedidos_anterior)}
              />
              <Stat
                label={t('averageOrder')}
                value={formatMoney(data.totales.ticket_medio)}
                before={formatMoney(data.totales.ticket_medio_anterior)}
              />
            </SimpleGrid>
            <WeeklyPanels data={data} />
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <TopPanel
                title={t('topModels')}
                file={t('topModelsFile')}
                byUnits={data.modelos_unidades}
                byRevenue={data.modelos_importe}
                withGroup={false}
              />
              <TopPanel
                title={t('topOptions')}
                file={t('topOptionsFile')}
                byUnits={data.opciones_unidades}
                byRevenue={data.opciones_importe}
                withGroup
              />
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
      <DormantClients clienteId={filters.cliente_id} />
    </PageFrame>
  );
}
