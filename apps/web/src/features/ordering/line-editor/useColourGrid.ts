import {
  type GridAddRequest,
  LINE_FIELD,
  lineQuantityErrors,
  type ModelDetail,
  type ModelGroup,
} from '@nido/contract';
import { useState } from 'react';
import type { FieldErrors } from '../../../lib/fieldErrors.ts';
import { centsToEuros, eurosTimes, eurosToCents } from '../../../lib/format.ts';
import { numberFromInput } from '../../../lib/forms.ts';
import { messageText, type ShownMessage } from '../../../lib/messages.ts';
import type { GridQuantities } from './ColourGrid.tsx';
import { activeOptions, type ConfigState, toPayload, unitPrice } from './configurator.ts';

/**
 * The colour grid's state (issue 30) for the configurator: a quantity per option of `group` (null:
 * the grid is off), each row's price and error, the total, and the POST pedidos/gridadd body. A row
 * is an option with something typed in its quantity.
 */
export function useColourGrid(model: ModelDetail, state: ConfigState, group: ModelGroup | null) {
  const [quantities, setQuantities] = useState<GridQuantities>({});
  const [serverErrors, setServerErrors] = useState<Record<number, ShownMessage>>({});
  const rows = group ? activeOptions(group).filter((o) => String(quantities[o.id] ?? '').trim() !== '') : [];
  const withOption = (id: number | null): ConfigState =>
    group ? { ...state, options: { ...state.options, [group.id]: id } } : state;
  const unitOf = (id: number) => unitPrice(model, withOption(id));
  const quantityOf = (id: number) => numberFromInput(quantities[id] ?? '');
  const ruleError = (id: number) => lineQuantityErrors(quantityOf(id), '', model)[LINE_FIELD.quantity];
  const errors: Record<number, string | undefined> = {};
  for (const o of rows) errors[o.id] = messageText(ruleError(o.id) ?? serverErrors[o.id]) || undefined;
  const valid = rows.filter((o) => !ruleError(o.id));
  const totalCents = valid.reduce(
    (sum, o) => sum + eurosToCents(eurosTimes(unitOf(o.id), quantityOf(o.id))),
    0,
  );

  return {
    active: group != null,
    quantities,
    rows,
    errors,
    unitOf,
    baseUnit: unitPrice(model, withOption(null)),
    total: centsToEuros(totalCents),
    setQuantity(id: number, value: number | string) {
      setQuantities((q) => ({ ...q, [id]: value }));
      setServerErrors(({ [id]: _, ...rest }) => rest);
    },
    reset() {
      setQuantities({});
      setServerErrors({});
    },
    /**
     * The request, with the configuration of its first row to check the rest of the form with
     * (`probe`); null when no row has a quantity or one breaks the quantity rules.
     */
    request(clienteId: number, coleccion: number | null) {
      if (!group || rows.length === 0 || valid.length !== rows.length) return null;
      const probe = { ...withOption(rows[0].id), cantidad: quantityOf(rows[0].id) };
      const { cantidad: _, parametros_color, ...line } = toPayload(model, probe, clienteId);
      const body: GridAddRequest = {
        ...line,
        parametros_color: (parametros_color ?? []).filter((c) => c.parametros_grupos_id !== group.id),
        filas: rows.map((o) => ({ parametro: o.id, cantidad: quantityOf(o.id) })),
        ...(coleccion ? { coleccion_id: coleccion } : {}),
      };
      return { probe, body };
    },
    /** Keeps the server's `filas.<i>.<field>` errors on their rows; answers the others. */
    setServerErrors(fields: FieldErrors): FieldErrors {
      const byRow: Record<number, ShownMessage> = {};
      const rest: FieldErrors = {};
      for (const [field, message] of Object.entries(fields)) {
        const row = /^filas\.(\d+)\./.exec(field);
        const option = row ? rows[Number(row[1])] : undefined;
        if (option && message) byRow[option.id] = message;
        else rest[field] = message;
      }
      setServerErrors(byRow);
      return rest;
    },
  };
}
