import { Avatar, Badge, Box, NativeSelect, NumberInput, Stack, Table, Text } from '@mantine/core';
import {
  LINE_FIELD,
  lineQuantityErrors,
  localized,
  type OrderLine,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '@nido/contract';
import { IconPencil, IconPhoto, IconTruckDelivery } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { IconAction, RowActions } from '../../../components/IconAction.tsx';
import { differs } from '../../../components/Prices.tsx';
import { DataTable, folded, HiddenHeader } from '../../../components/TableParts.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { numberFromInput } from '../../../lib/forms.ts';
import { embroideryText, optionsText } from '../../../lib/lineText.ts';
import { messageText } from '../../../lib/messages.ts';
import { useLang } from '../../../lib/useLang.ts';
import { deliveryWindowText, outOfWindow } from './deliveryText.ts';
import { listedLines } from './lines.ts';

/** One detail under a line's description: "Options: …". */
function LineDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      <Box component="span" fw={600}>
        {label}:{' '}
      </Box>
      {children}
    </Text>
  );
}

/**
 * A cart line's quantity, changed in place: sent when the field is left or Enter is pressed, once
 * the model's rule (its smallest quantity and pack size) takes it; its arrows step by the pack.
 */
function QuantityField({
  line,
  onChange,
  pending,
}: {
  line: OrderLine;
  onChange: (line: OrderLine, cantidad: number) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('orders');
  const [value, setValue] = useState<string | number>(line.unped);
  // The server's answer (or another screen's change) is what the field shows afterwards.
  useEffect(() => setValue(line.unped), [line.unped]);
  const quantity = numberFromInput(value);
  const error = lineQuantityErrors(quantity, '', line)[LINE_FIELD.quantity];
  const commit = () => {
    if (!error && quantity !== line.unped && !pending) onChange(line, quantity);
  };
  return (
    <NumberInput
      aria-label={t('quantityOf', { modelo: line.modelo.modelo })}
      value={value}
      onChange={setValue}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      min={QUANTITY_MIN}
      max={QUANTITY_MAX}
      step={line.multiplo}
      allowDecimal={false}
      // What the user typed stays as typed (0, -3); the rules' message says why it is not sent.
      clampBehavior="none"
      size="xs"
      w={84}
      ml="auto"
      disabled={pending}
      error={error ? messageText(error) : undefined}
      styles={{ input: { textAlign: 'right' }, error: { whiteSpace: 'normal', textAlign: 'start' } }}
    />
  );
}

interface LinesTableProps {
  lines: OrderLine[];
  /** Shows a remove button on primary lines. */
  onRemove?: (line: OrderLine) => void;
  removingId?: number | null;
  /** Shows an Edit button on primary lines (the configurator, prefilled). */
  onEdit?: (line: OrderLine) => void;
  /** Makes each primary line's quantity a field (changed in place). */
  onQuantity?: (line: OrderLine, cantidad: number) => void;
  /** The line whose quantity is being saved. */
  changingId?: number | null;
  /** Lets a cart line move to another of its model's open collections (record 054). */
  onCollection?: (line: OrderLine, coleccion: number) => void;
  caption: string;
}

/**
 * The lines of an order or cart: image, code, description with its options, embroidery, note and
 * surcharges, quantity, unit price, amount. A line's dependent lines (its surcharges, product.md
 * §5.4) are listed inside it and its amount is the server's `importe_total`, theirs included, so
 * the listed amounts add up to the order's total. On a phone each line is a card (DataTable
 * `stacked`): picture, code and buttons, then the description, quantity, price and amount. In the
 * cart, a line's quantity is a field and Edit reopens its configuration.
 */
export function LinesTable({
  lines,
  onRemove,
  removingId,
  onEdit,
  onQuantity,
  changingId,
  onCollection,
  caption,
}: LinesTableProps) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('common');
  const lang = useLang();
  const actions = Boolean(onRemove || onEdit);
  return (
    <DataTable
      minWidth={680}
      stacked={{
        labels: [null, null, null, t('quantity'), t('unitPrice'), t('amount')],
        media: true,
        title: 2,
        actions,
      }}
      verticalSpacing="sm"
      highlightOnHover
      data-testid="lines-table"
      caption={caption}
      head={
        <>
          <HiddenHeader label={t('image')} w={60} />
          <Table.Th className={folded.column}>{t('code')}</Table.Th>
          <Table.Th>{t('description')}</Table.Th>
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('quantity')}
          </Table.Th>
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('unitPrice')}
          </Table.Th>
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('amount')}
          </Table.Th>
          {actions && <HiddenHeader label={t('actions')} w={onRemove && onEdit ? 88 : 52} />}
        </>
      }
    >
      {listedLines(lines).map(({ line, dependents }) => {
        const description = localized(line.modelo, 'descripcion', lang);
        const options = optionsText(line.parametros_color, lang);
        const embroidery = embroideryText(line.parametros_bordado, lang);
        const primary = line.lineaprimaria === 0;
        // The shipping line follows the goods and the price list: never changed by hand.
        const editable = primary && !line.porte;
        return (
          <Table.Tr
            key={line.id}
            data-line={line.modelo.modelo}
            data-dependent={primary ? undefined : true}
            data-shipping={line.porte ? true : undefined}
          >
            <Table.Td>
              <Avatar src={line.imagen} radius="sm" size={48} alt="" color="gray">
                {line.porte ? <IconTruckDelivery size={20} /> : <IconPhoto size={20} />}
              </Avatar>
            </Table.Td>
            <Table.Td className={folded.column}>
              <Text size="sm" ff="monospace" fw={700}>
                {line.modelo.modelo}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {/* On a tablet the code heads the description, which takes the code column's room. */}
                {line.modelo.modelo && (
                  <Text size="sm" ff="monospace" fw={700} className={folded.value}>
                    {line.modelo.modelo}
                  </Text>
                )}
                {/* The shipping line's description says Shipping: said once (its picture is a truck). */}
                <Text size="sm" fw={600}>
                  {description}
                </Text>
                {options && <LineDetail label={t('options')}>{options}</LineDetail>}
                {embroidery && <LineDetail label={t('embroidery')}>{embroidery}</LineDetail>}
                {line.bordado_preview && (
                  // What the workshop will embroider, drawn by the server as the configurator drew it.
                  <img
                    src={line.bordado_preview}
                    alt={t('embroideryPreviewOf', { modelo: line.modelo.modelo, text: embroidery })}
                    loading="lazy"
                    width={160}
                    data-testid="line-embroidery-preview"
                    style={{ borderRadius: 'var(--mantine-radius-sm)', height: 'auto', maxWidth: '100%' }}
                  />
                )}
                {line.nota && <LineDetail label={t('note')}>{line.nota}</LineDetail>}
                {line.coleccion && (
                  // The collection it is ordered through and so its delivery (record 054); in the
                  // cart, flagged when it no longer takes orders.
                  <LineDetail label={t('collection')}>
                    {onCollection && line.colecciones.length > 1 ? (
                      <NativeSelect
                        size="xs"
                        display="inline-block"
                        aria-label={t('collectionOf', { modelo: line.modelo.modelo })}
                        value={String(line.coleccion.id)}
                        onChange={(e) => onCollection(line, Number(e.currentTarget.value))}
                        data={line.colecciones.map((c) => ({
                          value: String(c.id),
                          label: localized(c, 'nombre', lang),
                        }))}
                      />
                    ) : (
                      localized(line.coleccion, 'nombre', lang)
                    )}{' '}
                    · {deliveryWindowText(t, line.coleccion)}
                    {actions && outOfWindow(line) && (
                      <Badge color="red" variant="light" size="sm" ml={6} data-testid="line-closed">
                        {line.coleccion.estado_ventana === 'cerrada'
                          ? t('collectionClosed')
                          : t('collectionUpcoming')}
                      </Badge>
                    )}
                  </LineDetail>
                )}
                {dependents.map((d) => (
                  <LineDetail key={d.id} label={t('surcharge')}>
                    <span data-dependent-line={d.modelo.modelo}>
                      {t('surchargeText', {
                        description: localized(d.modelo, 'descripcion', lang),
                        modelo: d.modelo.modelo,
                        quantity: d.unped,
                        price: formatMoney(d.precio),
                        amount: formatMoney(d.importe),
                      })}
                    </span>
                  </LineDetail>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td ta="right">
              {onQuantity && editable ? (
                <QuantityField line={line} onChange={onQuantity} pending={changingId === line.id} />
              ) : (
                line.unped
              )}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {/* One block: on a phone's card it is the value beside the column's name. */}
              <div>
                {formatMoney(line.precio)}
                {differs(line.pvp, line.precio) && (
                  // The client's price differs from PVP (record 049): both, side by side.
                  <Text size="xs" c="dimmed" data-testid="line-pvp">
                    {tc('prices.pvp')} {formatMoney(line.pvp)}
                  </Text>
                )}
              </div>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <div>
                <Text span size="sm" fw={600} data-testid="line-amount">
                  {formatMoney(line.importe_total)}
                </Text>
                {dependents.length > 0 && (
                  // The line's own amount, then each surcharge's: what the amount is made of.
                  <Text size="xs" c="dimmed">
                    {[line, ...dependents].map((l) => formatMoney(l.importe)).join(' + ')}
                  </Text>
                )}
              </div>
            </Table.Td>
            {actions && (
              <Table.Td>
                {editable && (
                  <RowActions>
                    {onEdit && (
                      <IconAction
                        tooltip={t('editLine')}
                        label={t('editLineOf', { modelo: line.modelo.modelo })}
                        onClick={() => onEdit(line)}
                      >
                        <IconPencil size={18} />
                      </IconAction>
                    )}
                    {onRemove && (
                      <DeleteAction
                        iconSize={18}
                        tooltip={t('removeLine')}
                        label={t('removeLineOf', { modelo: line.modelo.modelo })}
                        onClick={() => onRemove(line)}
                        loading={removingId === line.id}
                      />
                    )}
                  </RowActions>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
