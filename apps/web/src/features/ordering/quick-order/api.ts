/**
 * Quick order and reorder (product.md §4 Quick order; records 042, 043): rows checked on the
 * server (pasted text, the review table's rows, or a CSV/XLSX file), the template, a past order or
 * line checked again against today's catalogue, and the reviewed lines added to the cart in one
 * transaction. The order detail and home's Buy again use the re-check and the add from here.
 */
import type {
  QuickOrderAddResponse,
  QuickOrderCheckResponse,
  QuickOrderRowInput,
  ReorderCheckResponse,
  ReorderLine,
} from '@nido/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';
import { cartKeys, warnOfCart } from '../cart/api.ts';
import type { CollectedLine } from '../line-editor/lineEditor.ts';

export type { CollectedLine };

/** POST pedidos/quick/check: pasted text or rows of the client `clienteId`; adds nothing. */
export function useQuickCheck(clienteId: number) {
  return useMutation({
    mutationFn: (
      input: { text: string } | { rows: QuickOrderRowInput[] },
    ): Promise<QuickOrderCheckResponse> =>
      call('orders.quickCheck', { body: { cliente_id: clienteId, ...input } }),
  });
}

/** POST pedidos/quick/upload: a CSV or XLSX file, with the upload's progress (0-100). */
export function useQuickUpload(clienteId: number) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      call('orders.quickUpload', { body: { cliente_id: clienteId }, file }, { onProgress }),
  });
}

/** GET pedidos/quick/template: the CSV template, saved as a download. */
export async function downloadQuickTemplate(): Promise<void> {
  const file = await call('orders.quickTemplate');
  saveFile(file, file instanceof File ? file.name : 'plantilla-pedido.csv');
}

/**
 * POST pedidos/quick/add: every reviewed line into the cart of `clienteId`, all or none. The
 * answer's cart is stored as the client's cart.
 */
export function useQuickAdd(clienteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      lines,
      cliente,
    }: {
      lines: CollectedLine[];
      cliente?: number;
    }): Promise<QuickOrderAddResponse> =>
      call('orders.quickAdd', { body: { cliente_id: cliente ?? clienteId, lines } }),
    onSuccess: async (answer, { cliente }) => {
      warnOfCart(answer.pedido);
      const id = cliente ?? clienteId;
      if (answer.pedido.status === 'c') queryClient.setQueryData(cartKeys.cart(id), answer.pedido);
      else await queryClient.invalidateQueries({ queryKey: cartKeys.cart(id) });
    },
  });
}

/** POST pedidos/reorder/check: a whole past order (`pedido_id`) or one line of one (`linea_id`). */
export function useReorderCheck() {
  return useMutation({
    mutationFn: (input: { pedido_id: number } | { linea_id: number }): Promise<ReorderCheckResponse> =>
      call('orders.reorderCheck', { body: input }),
  });
}

/** A re-checked line with the substitutes chosen (group id → option id), as a line payload. */
export function lineWithSubstitutes(line: ReorderLine, chosen: Record<number, number>): CollectedLine | null {
  if (!line.line) return null;
  return {
    ...line.line,
    parametros_color: line.line.parametros_color.map((c) => ({
      parametros_grupos_id: c.parametros_grupos_id,
      parametro: chosen[c.parametros_grupos_id] ?? c.parametro,
    })),
  };
}
