import { deliveryAddressLines, formatIsoDay, localized, type Order } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { embroideryText, optionsText } from '../../../lib/lineText.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useClient } from '../../clients/index.ts';
import classes from './DocumentSheet.module.css';
import { useOrderSettings } from './invoiceApi.ts';
import { OrderTotals } from './OrderTotals.tsx';

/**
 * The print view (A4) of an order's confirmation or of its invoice: what the PDF says
 * (ordering/document.ts), laid out for paper. Hidden on screen; `@media print` shows it alone.
 */
export function DocumentSheet({ order, kind }: { order: Order; kind: 'confirmation' | 'invoice' }) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const settings = useOrderSettings();
  const client = useClient(order.cliente_id);
  const invoice = kind === 'invoice' ? order.factura : null;
  const maker = settings.data?.maker;
  const c = client.data;
  const town = c ? [c.cp, c.poblacion].filter(Boolean).join(' ') : '';
  const region = c ? [c.provincia, c.pais].filter(Boolean).join(', ') : '';
  return (
    <article className={classes.sheet} data-testid="print-sheet">
      <header className={classes.head}>
        <div>
          <p className={classes.maker}>{maker?.name}</p>
          {maker && (
            <p>
              {t('print.taxId')}: {maker.tax_id}
              <br />
              {maker.address}
            </p>
          )}
        </div>
        <div className={classes.number}>
          <h1>{invoice ? t('print.invoice') : t('print.confirmation')}</h1>
          <p>
            {t('print.number')}: {invoice ? invoice.numero : order.docum}
            <br />
            {t('print.date')}: {invoice ? formatIsoDay(invoice.fecha) : order.fecha}
            {invoice && (
              <>
                <br />
                {t('print.order')}: {order.docum} ({order.fecha})
              </>
            )}
          </p>
        </div>
      </header>
      <section className={classes.parties}>
        <div>
          <h2>{t('print.client')}</h2>
          <p>
            <strong>{c?.nombre || order.cliente}</strong>
            {c?.cif && (
              <>
                <br />
                {t('print.taxId')}: {c.cif}
              </>
            )}
            {[c?.direccion, town, region].filter(Boolean).map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
          </p>
        </div>
        {order.entrega && (
          <div>
            <h2>{t('deliveryAddress')}</h2>
            <p>
              {deliveryAddressLines(order.entrega).map((line, i) => (
                <span key={line}>
                  {i > 0 && <br />}
                  {line}
                </span>
              ))}
            </p>
          </div>
        )}
      </section>
      <p>
        {order.referencia && (
          <>
            {t('print.reference')}: {order.referencia}
            <br />
          </>
        )}
        {order.fecha_entrega && (
          <>
            {t('deliveryDate')}: {formatIsoDay(order.fecha_entrega)}
            <br />
          </>
        )}
        {order.nota && (
          <>
            {t('print.note')}: {order.nota}
          </>
        )}
      </p>
      <table className={classes.lines}>
        <thead>
          <tr>
            <th>{t('print.code')}</th>
            <th>{t('print.description')}</th>
            <th className={classes.num}>{t('print.quantity')}</th>
            <th className={classes.num}>{t('print.price')}</th>
            <th className={classes.num}>{t('print.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {order.detalle.map((line) => {
            const options = optionsText(line.parametros_color, lang);
            const embroidery = embroideryText(line.parametros_bordado, lang);
            return (
              <tr key={line.id}>
                <td>{line.modelo.modelo}</td>
                <td>
                  {localized(line.modelo, 'descripcion', lang)}
                  {options && <div>{options}</div>}
                  {embroidery && (
                    <div>
                      {t('print.embroidery')}: {embroidery}
                    </div>
                  )}
                  {line.nota && (
                    <div>
                      {t('print.note')}: {line.nota}
                    </div>
                  )}
                </td>
                <td className={classes.num}>{line.unped}</td>
                <td className={classes.num}>{formatMoney(line.precio)}</td>
                <td className={classes.num}>{formatMoney(line.importe)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className={classes.totals}>
        <OrderTotals order={order} testIds={false} />
      </div>
      {!invoice && <p className={classes.small}>{t('print.proForma')}</p>}
    </article>
  );
}
