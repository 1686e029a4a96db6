import type { PurchasedItem } from '@nido/contract';

/** product.md §5.5: Buy again is hidden for a dependent line (lineaprimaria ≠ 0) and for a shipping charge. */
export function canBuyAgain(item: Pick<PurchasedItem, 'lineaprimaria' | 'porte'>): boolean {
  return item.lineaprimaria === 0 && !item.porte;
}

/** The earlier line's choices, to preselect in the 'Add to cart' modal (a ConfigPreset of the catalogue). */
export function presetOf(
  item: PurchasedItem,
): Pick<PurchasedItem, 'parametros_color' | 'parametros_bordado' | 'nota'> {
  return {
    parametros_color: item.parametros_color,
    parametros_bordado: item.parametros_bordado,
    nota: item.nota,
  };
}
