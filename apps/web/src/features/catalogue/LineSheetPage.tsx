import { Button, Group, Stack } from '@mantine/core';
import { familyName, type Language, type LineSheet, type LineSheetModel, localized } from '@nido/contract';
import { IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../components/PageFrame.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { formatIsoDay, formatMoney } from '../../lib/format.ts';
import { useLang } from '../../lib/useLang.ts';
import { LineSheetActions } from './LineSheetActions.tsx';
import classes from './LineSheetPage.module.css';
import { useLineSheet } from './lineSheetApi.ts';

/**
 * /coleccion/:id/linesheet: a collection's line sheet, priced for the client acted for, laid out to
 * print on A4 (the browser's print: a cover, then the families) with what the PDF says.
 */
export default function LineSheetPage() {
  const { t } = useTranslation('lineSheet');
  const id = Number(useParams().id);
  const sheet = useLineSheet(id);
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" gap="sm" className="nido-screen-only">
        <BackLink to={`/galery?coleccion=${id}`}>{t('back')}</BackLink>
        <Group gap="xs">
          {sheet.data && <LineSheetActions coleccion={sheet.data.coleccion} printView={false} />}
          <Button
            size="sm"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
            disabled={!sheet.data}
          >
            {t('print')}
          </Button>
        </Group>
      </Group>
      <QueryState
        query={sheet}
        loadingLabel={t('loading')}
        errorMessage={t('error')}
        notFoundMessage={t('error')}
      >
        {(data) => <Sheet sheet={data} />}
      </QueryState>
    </Stack>
  );
}

/** A window of two days, either of which may be missing, in words (as the PDF writes it). */
function span(t: TFunction, from: string | null, to: string | null, none: string): string {
  if (from && to) return t('fromTo', { from: formatIsoDay(from), to: formatIsoDay(to) });
  if (from) return t('from', { from: formatIsoDay(from) });
  if (to) return t('until', { to: formatIsoDay(to) });
  return none;
}

function Sheet({ sheet }: { sheet: LineSheet }) {
  const { t } = useTranslation('lineSheet');
  const lang = useLang();
  const c = sheet.coleccion;
  return (
    <article className={classes.sheet} aria-labelledby="line-sheet-season">
      <header className={classes.cover}>
        <p className={classes.maker}>{sheet.fabricante}</p>
        <p className={classes.kicker}>{t('title')}</p>
        <h1 className={classes.season} id="line-sheet-season">
          {localized(c, 'nombre', lang)}
        </h1>
      </header>
      <dl className={classes.facts}>
        <div>
          <dt>{t('orderWindow')}</dt>
          <dd>{span(t, c.pedido_desde, c.pedido_hasta, t('noCutOff'))}</dd>
        </div>
        <div>
          <dt>{t('delivery')}</dt>
          <dd>{span(t, c.entrega_desde, c.entrega_hasta, t('immediate'))}</dd>
        </div>
        <div>
          <dt>{t('preparedFor')}</dt>
          <dd>{sheet.cliente ? sheet.cliente.nomcome : t('retailOnly')}</dd>
        </div>
      </dl>
      {sheet.familias.length === 0 && <p>{t('noModels')}</p>}
      {sheet.familias.map((f) => (
        <section key={f.familia} className={classes.family} aria-labelledby={`family-${f.familia}`}>
          <h2 className={classes.familyName} id={`family-${f.familia}`}>
            {familyName(f.familia, lang)}
          </h2>
          <ul className={classes.cards}>
            {f.modelos.map((m) => (
              <ModelCard key={m.modelo} model={m} lang={lang} />
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

function ModelCard({ model: m, lang }: { model: LineSheetModel; lang: Language }) {
  const { t } = useTranslation('lineSheet');
  const description = localized(m, 'descripcion', lang);
  return (
    <li className={classes.card} aria-label={`${m.modelo} ${description}`}>
      {m.imagen ? (
        <img className={classes.image} src={m.imagen} alt={description} loading="lazy" />
      ) : (
        <div className={`${classes.image} ${classes.noImage}`}>{t('noImage')}</div>
      )}
      <p className={classes.code}>{m.modelo}</p>
      <p className={classes.description}>{description}</p>
      {m.colores.length > 0 && (
        <ul className={classes.colours} aria-label={t('colours')}>
          {m.colores.map((c) => (
            <li key={c.codigo}>
              <span className={classes.dot} style={{ background: c.color ?? '#fff' }} aria-hidden />
              {localized(c, 'nombre', lang)}
            </li>
          ))}
        </ul>
      )}
      <p className={classes.prices}>
        <span>
          {t('pvp')} {formatMoney(m.pvp)}
        </span>
        {m.precio_neto != null && (
          <span className={classes.net}>
            {t('net')} {formatMoney(m.precio_neto)}
          </span>
        )}
      </p>
    </li>
  );
}
