import { Button, Group, Radio, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import {
  embroideryText,
  type Language,
  localized,
  madridIsoDay,
  optionsText,
  type ProductionSheet,
  type ProductionSheetGroup,
  ProductionSheetQuery,
} from '@nido/contract';
import { IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WarningAlert } from '../../../components/Alerts.tsx';
import { notifyError } from '../../../components/notify.tsx';
import { PageHeader } from '../../../components/PageFrame.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDate, formatIsoDay } from '../../../lib/format.ts';
import { apiErrorText, messageText } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { DateField } from '../orders/DateField.tsx';
import { downloadProductionSheet, useProductionSheet } from './api.ts';
import classes from './ProductionSheetPage.module.css';

type Query = ProductionSheetQuery;
type Status = '' | 'w' | 'p' | 'e';

/** The sheet's filter as the address keeps it (`?pedido=`, `?docum=`, or `?status=&desde=&hasta=`); null: none. */
function queryOf(params: URLSearchParams): Query | null {
  const pedido = Number(params.get('pedido'));
  if (Number.isInteger(pedido) && pedido > 0) return { pedido_id: pedido };
  const docum = params.get('docum')?.trim();
  if (docum) return { docum };
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  if (!desde && !hasta) return null;
  const status = params.get('status') as Status | null;
  return { desde, hasta, ...(status === 'w' || status === 'p' || status === 'e' ? { status } : {}) };
}

/** Today and 30 days before, Madrid days as the server counts them: the range the form offers first. */
function lastMonth(): { desde: string; hasta: string } {
  const now = new Date();
  return { desde: madridIsoDay(new Date(now.getTime() - 30 * 86_400_000)), hasta: madridIsoDay(now) };
}

/**
 * /pedido/produccion (Admin): the production sheet of one order or of the orders of a status and a
 * range of days. Every line grouped by model, then by identical options and embroidery, the units
 * summed, each group with its picture (the embroidery preview when it has a name) and its orders;
 * laid out to print on A4, and the same as a PDF, downloaded with its progress shown.
 */
export default function ProductionSheetPage() {
  const { t } = useTranslation('production');
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const sheet = useProductionSheet(query);
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('title')}
        subtitle={<span className="nido-screen-only">{t('subtitle')}</span>}
        titleSize="h2"
        actions={sheet.data && query ? <SheetActions query={query} /> : undefined}
      />
      <FilterForm
        key={params.toString()}
        initial={query}
        knownDocum={sheet.data?.filtro.pedido?.docum ?? ''}
        onShow={(next) => setParams(next)}
      />
      {query === null ? (
        <Text c="dimmed" className="nido-screen-only">
          {t('chooseFilter')}
        </Text>
      ) : (
        <QueryState
          query={sheet}
          loadingLabel={t('loading')}
          errorMessage={(error) => apiErrorText(error, t('error'))}
          notFoundMessage={t('notFound')}
        >
          {(data) => <Sheet sheet={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

/** The filter: one order by its number, or a status and two days; checked by the contract's schema. */
function FilterForm({
  initial,
  knownDocum,
  onShow,
}: {
  initial: Query | null;
  knownDocum: string;
  onShow: (params: Record<string, string>) => void;
}) {
  const { t } = useTranslation('production');
  const byOrder = Boolean(initial?.pedido_id || initial?.docum);
  const [mode, setMode] = useState<'order' | 'range'>(byOrder ? 'order' : 'range');
  const [docum, setDocum] = useState(initial?.docum ?? '');
  const [status, setStatus] = useState<Status>((initial?.status as Status | undefined) ?? '');
  const fallback = lastMonth();
  const [desde, setDesde] = useState(initial?.desde ?? fallback.desde);
  const [hasta, setHasta] = useState(initial?.hasta ?? fallback.hasta);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Opened for an order by its id (the order's link): its number shows once the sheet names it.
  useEffect(() => {
    if (knownDocum) setDocum((current) => current || knownDocum);
  }, [knownDocum]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mode === 'order' && initial?.pedido_id && docum === knownDocum) {
      onShow({ pedido: String(initial.pedido_id) });
      return;
    }
    const query: Query =
      mode === 'order' ? { docum: docum.trim() } : { desde, hasta, ...(status ? { status } : {}) };
    const checked = ProductionSheetQuery.safeParse(query);
    if (!checked.success || (mode === 'order' && !docum.trim())) {
      const found: Record<string, string> = {};
      for (const issue of checked.error?.issues ?? [])
        found[String(issue.path[0] ?? '')] ??= messageText(issue.message);
      if (mode === 'order') found.docum = t('orderNumberHint');
      setErrors(found);
      return;
    }
    setErrors({});
    onShow(mode === 'order' ? { docum: docum.trim() } : { desde, hasta, ...(status ? { status } : {}) });
  }

  return (
    <form onSubmit={submit} className={`nido-screen-only ${classes.filter}`} aria-label={t('filter')}>
      <Stack gap="sm">
        <Radio.Group
          label={t('filter')}
          value={mode}
          onChange={(value) => setMode(value === 'order' ? 'order' : 'range')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="range" label={t('modeRange')} />
            <Radio value="order" label={t('modeOrder')} />
          </Group>
        </Radio.Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {mode === 'order' ? (
            <TextInput
              label={t('orderNumber')}
              description={t('orderNumberHint')}
              value={docum}
              onChange={(e) => setDocum(e.currentTarget.value)}
              error={errors.docum}
              maxLength={30}
              className={classes.field}
            />
          ) : (
            <>
              <Select
                label={t('status')}
                value={status}
                onChange={(value) => setStatus((value ?? '') as Status)}
                allowDeselect={false}
                data={[
                  { value: '', label: t('statusAll') },
                  { value: 'w', label: t('statusW') },
                  { value: 'p', label: t('statusP') },
                  { value: 'e', label: t('statusE') },
                ]}
                className={classes.field}
              />
              <div className={classes.day}>
                <DateField label={t('from')} value={desde} onChange={setDesde} error={errors.desde} />
              </div>
              <div className={classes.day}>
                <DateField
                  label={t('to')}
                  value={hasta}
                  onChange={setHasta}
                  description={t('rangeHint')}
                  error={errors.hasta}
                />
              </div>
            </>
          )}
        </Group>
        <Group>
          <Button type="submit">{t('show')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "245 kB", "1,2 MB": es-ES in both languages, as every number the portal shows (record 051). */
const sizeFormats = (['kilobyte', 'megabyte'] as const).map(
  (unit) => new Intl.NumberFormat('es-ES', { style: 'unit', unit, maximumFractionDigits: 1 }),
);
function sizeText(bytes: number): string {
  return bytes < 1_000_000 ? sizeFormats[0].format(bytes / 1000) : sizeFormats[1].format(bytes / 1_000_000);
}

/** Print and "Download PDF" (the bytes received so far shown beside it, and told to screen readers). */
function SheetActions({ query }: { query: Query }) {
  const { t } = useTranslation('production');
  const lang = useLang();
  const [bytes, setBytes] = useState<number | null>(null);

  async function download() {
    setBytes(0);
    try {
      await downloadProductionSheet(query, lang, setBytes);
    } catch (error) {
      notifyError(apiErrorText(error, t('downloadError')));
    } finally {
      setBytes(null);
    }
  }

  const progress =
    bytes === null ? '' : bytes > 0 ? t('downloading', { size: sizeText(bytes) }) : t('downloadPreparing');
  return (
    <Group gap="xs" className="nido-screen-only">
      <Text size="xs" c="dimmed" aria-hidden>
        {progress}
      </Text>
      <VisuallyHidden role="status">{progress}</VisuallyHidden>
      <Button
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden />}
        onClick={() => window.print()}
      >
        {t('print')}
      </Button>
      <Button
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        loading={bytes !== null}
        onClick={() => void download()}
      >
        {t('download')}
      </Button>
    </Group>
  );
}

function filterText(t: TFunction, filtro: ProductionSheet['filtro']): string {
  if (filtro.pedido) return t('forOrder', { docum: filtro.pedido.docum, cliente: filtro.pedido.cliente });
  const status = filtro.status ? t(`status${filtro.status.toUpperCase()}`) : t('statusAll');
  return t('forRange', { status, from: formatIsoDay(filtro.desde), to: formatIsoDay(filtro.hasta) });
}

/** The groups by model: consecutive in the answer, which is ordered by model. */
function byModel(groups: ProductionSheetGroup[]): ProductionSheetGroup[][] {
  const out: ProductionSheetGroup[][] = [];
  for (const g of groups) {
    const last = out[out.length - 1];
    if (last && last[0].modelo === g.modelo) last.push(g);
    else out.push([g]);
  }
  return out;
}

function Sheet({ sheet }: { sheet: ProductionSheet }) {
  const { t } = useTranslation('production');
  const lang = useLang();
  const { grupos, unidades, pedidos } = sheet.totales;
  return (
    <article className={classes.sheet} aria-labelledby="production-filter">
      <header className={classes.head}>
        <p className={classes.filterText} id="production-filter">
          {filterText(t, sheet.filtro)}
        </p>
        <p className={classes.totals}>
          {t('totals', {
            groups: t('groups', { count: grupos }),
            units: t('unitsTotal', { count: unidades }),
            orders: t('ordersTotal', { count: pedidos }),
          })}{' '}
          · {t('made', { date: formatDate(sheet.generado) })}
        </p>
      </header>
      {sheet.truncado && (
        <WarningAlert>{t('truncated', { shown: sheet.grupos.length, total: grupos })}</WarningAlert>
      )}
      {sheet.grupos.length === 0 && <p>{t('empty')}</p>}
      {byModel(sheet.grupos).map((groups) => {
        const first = groups[0];
        const headingId = `model-${first.modelo}`;
        return (
          <section key={first.modelo} className={classes.model} aria-labelledby={headingId}>
            <h2 className={classes.modelName} id={headingId}>
              {first.modelo} · {localized(first, 'descripcion', lang)}
            </h2>
            {groups.map((g) => (
              <GroupCard
                key={`${g.modelo}|${g.pedidos[0]?.id}|${configText(g, lang)}`}
                group={g}
                lang={lang}
              />
            ))}
          </section>
        );
      })}
    </article>
  );
}

function configText(g: ProductionSheetGroup, lang: Language): string {
  return [optionsText(g.parametros_color, lang), embroideryText(g.parametros_bordado, lang)]
    .filter(Boolean)
    .join(' · ');
}

function GroupCard({ group: g, lang }: { group: ProductionSheetGroup; lang: Language }) {
  const { t } = useTranslation('production');
  const picture = g.bordado_preview ?? g.imagen;
  const config = configText(g, lang);
  const embroidery = embroideryText(g.parametros_bordado, lang);
  return (
    <article className={classes.group} aria-label={`${g.modelo}: ${config || t('noOptions')}`}>
      {picture ? (
        <img
          className={classes.picture}
          src={picture}
          alt={t('pictureOf', { model: localized(g, 'descripcion', lang), config: config || t('noOptions') })}
          loading="lazy"
        />
      ) : (
        <div className={`${classes.picture} ${classes.noImage}`}>{t('noImage')}</div>
      )}
      {config ? (
        <dl className={classes.config}>
          {g.parametros_color.map((o) => (
            <div key={o.id}>
              <dt>{localized(o, 'grupo', lang)}</dt>
              <dd>{localized(o, 'nombre', lang)}</dd>
            </div>
          ))}
          {embroidery && (
            <div className={classes.embroidery}>
              <dt>{t('embroidery')}</dt>
              <dd>{embroidery}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className={classes.config}>{t('noOptions')}</p>
      )}
      <p className={classes.units}>
        <strong>{g.cantidad}</strong>
        <span>{t('units', { count: g.cantidad })}</span>
      </p>
      <table className={classes.orders}>
        <caption>{t('orders')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('order')}</th>
            <th scope="col">{t('client')}</th>
            <th scope="col">{t('quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {g.pedidos.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`/pedido/${o.id}`} aria-label={t('openOrder', { docum: o.docum })}>
                  {o.docum}
                </Link>
              </td>
              <td>{o.cliente}</td>
              <td>{o.cantidad}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
