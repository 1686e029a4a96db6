/** The client's cart order (product.md §8 Orders: POST pedidos/cliente), shared by the top-bar menu,
 * the line-add form and the order edit screen, and the changes that answer it (line add, edit,
 * quantity and remove, the note, the checkout's details). */
import type { Order, OrderLine } from '@nido/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyWarning } from '../../../components/notify.tsx';
import { type CallInput, call } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';
import { messageText } from '../../../lib/messages.ts';
import type { MutationHandlers } from '../../../lib/queryClient.ts';
import { useActiveClienteId } from '../../../lib/session.ts';
import type { ReplacedLine } from '../line-editor/lineEditor.ts';

export const cartKeys = {
  /** The open cart of a client. */
  cart: (clienteId: number) => ['cart', clienteId] as const,
};

/** The open cart of `clienteId` (also prefetched by the home route, app/pages/homePrefetch.ts). */
export const cartQuery = (clienteId: number) =>
  queryOptions({
    queryKey: cartKeys.cart(clienteId),
    queryFn: ({ signal }) => call('orders.cart', { body: { cliente_id: clienteId } }, { signal }),
    staleTime: 15_000,
  });

/** The open cart of `clienteId` (default: the active client). Disabled without a client. */
export function useCart(clienteId?: number) {
  const active = useActiveClienteId();
  const id = clienteId ?? active;
  return useQuery({ ...cartQuery(id), enabled: id > 0 });
}

/** A cart change answered the cart: store it (an answer that is no longer open is fetched again). */
function storeCart(queryClient: QueryClient, clienteId: number, cart: Order): Promise<void> {
  if (cart.status === 'c') {
    queryClient.setQueryData(cartKeys.cart(clienteId), cart);
    return Promise.resolve();
  }
  return queryClient.invalidateQueries({ queryKey: cartKeys.cart(clienteId) });
}

/**
 * Staff added lines out of their collections' order windows (record 053): one warning each, naming
 * the collection and its days. A shop never gets one (the server refuses those lines).
 */
export function warnOfCart(cart: Order): void {
  for (const aviso of cart.avisos ?? [])
    notifyWarning(messageText(aviso), { title: i18n.t('window.staffAdded', { ns: 'common' }) });
}

/** The cart of `clienteId` may have changed in a way no answer shows (a failed change, a submission). */
export function refetchCart(queryClient: QueryClient, clienteId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cartKeys.cart(clienteId) });
}

/**
 * A change of the cart of `clienteId` whose answer is the cart: the screen's onSuccess runs, then the
 * answer is stored. With `refetchOnError`, a failure fetches the cart again (it may have changed anyway).
 */
function useCartChange<TVariables>(
  clienteId: number,
  send: (variables: TVariables) => Promise<Order>,
  handlers: MutationHandlers<Order, TVariables> = {},
  { refetchOnError = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (cart: Order, variables: TVariables) => {
      warnOfCart(cart);
      handlers.onSuccess?.(cart, variables);
      await storeCart(queryClient, clienteId, cart);
    },
    onError: (error: Error, variables: TVariables) => {
      handlers.onError?.(error, variables);
      if (refetchOnError) void refetchCart(queryClient, clienteId);
    },
  });
}

/** POST pedidos/lineadd: adds a configured line to the cart of `clienteId`; the answer is the cart. */
export function useAddLine(clienteId: number) {
  return useCartChange(clienteId, (body: CallInput<'orders.addLine'>['body']) =>
    call('orders.addLine', { body }),
  );
}

/**
 * POST pedidos/linecollection: the collection (and so the delivery) a cart line is ordered through
 * (record 054); the answer is the cart.
 */
export function useChangeCollection(
  clienteId: number,
  pedidoId: number,
  handlers?: MutationHandlers<Order, { line: OrderLine; coleccion: number }>,
) {
  const change = ({ line, coleccion }: { line: OrderLine; coleccion: number }) =>
    call('orders.changeCollection', {
      body: { pedido_id: pedidoId, linea_id: line.id, coleccion_id: coleccion },
    });
  return useCartChange(clienteId, change, handlers, { refetchOnError: true });
}

/** POST pedidos/gridadd: one line per row of a model's colour grid, all or none; the answer is the cart. */
export function useAddGrid(clienteId: number) {
  return useCartChange(clienteId, (body: CallInput<'orders.addGrid'>['body']) =>
    call('orders.addGrid', { body }),
  );
}

/** POST pedidos/lineremove: removes a line (and its own lines); the answer is the cart. */
export function useRemoveLine(
  clienteId: number,
  pedidoId: number,
  handlers?: MutationHandlers<Order, OrderLine>,
) {
  const remove = (line: OrderLine) =>
    call('orders.removeLine', { body: { pedido_id: pedidoId, linea_id: line.id } });
  return useCartChange(clienteId, remove, handlers, { refetchOnError: true });
}

/**
 * POST pedidos/lineremoveclosed: every line whose collection no longer takes orders goes (record
 * 054); the answer is the cart.
 */
export function useRemoveClosedLines(
  clienteId: number,
  pedidoId: number,
  handlers?: MutationHandlers<Order, void>,
) {
  const remove = () => call('orders.removeClosedLines', { body: { pedido_id: pedidoId } });
  return useCartChange(clienteId, remove, handlers, { refetchOnError: true });
}

/** POST pedidos/linereplace: the line configured anew, in its place; the answer is the cart. */
export function useReplaceLine(clienteId: number) {
  return useCartChange(
    clienteId,
    ({ line, body }: { line: ReplacedLine; body: CallInput<'orders.addLine'>['body'] }) =>
      call('orders.replaceLine', { body: { ...body, pedido_id: line.pedidoId, linea_id: line.lineaId } }),
    {},
    { refetchOnError: true },
  );
}

/** POST pedidos/linequantity: a line's new quantity (its surcharges follow); the answer is the cart. */
export function useChangeQuantity(
  clienteId: number,
  pedidoId: number,
  handlers?: MutationHandlers<Order, { line: OrderLine; cantidad: number }>,
) {
  const change = ({ line, cantidad }: { line: OrderLine; cantidad: number }) =>
    call('orders.changeQuantity', { body: { pedido_id: pedidoId, linea_id: line.id, cantidad } });
  return useCartChange(clienteId, change, handlers, { refetchOnError: true });
}

/** POST pedidos/savenote: the cart's note; the answer is the cart. */
export function useSaveNote(clienteId: number, pedidoId: number, handlers?: MutationHandlers<Order, string>) {
  const save = (nota: string) =>
    call('orders.saveNote', { body: { pedido_id: pedidoId, nota_pedido: nota } });
  return useCartChange(clienteId, save, handlers);
}

/** What checkout keeps with the cart (POST pedidos/savedetails) and submits. */
export interface CheckoutDetails {
  referencia: string;
  /** yyyy-MM-dd or ''. */
  fecha_entrega: string;
  /** One of the client's delivery addresses; null: its default. */
  direccion_id: number | null;
}

/** One delivery's own reference and wanted date, when the cart splits (record 054), by its `clave`. */
export interface DeliveryDetails {
  referencia: string;
  /** yyyy-MM-dd or ''. */
  fecha_entrega: string;
}

/** POST pedidos/savedetails: the checkout's reference, date and address; the answer is the cart. */
export function useSaveDetails(
  clienteId: number,
  pedidoId: number,
  handlers?: MutationHandlers<Order, CheckoutDetails>,
) {
  const save = (details: CheckoutDetails) =>
    call('orders.saveDetails', { body: { pedido_id: pedidoId, ...details } });
  return useCartChange(clienteId, save, handlers);
}

/** The cart's items: its primary lines (lineaprimaria 0), the shipping line apart. */
export function primaryLines(order: Order | undefined) {
  return (order?.detalle ?? []).filter((line) => line.lineaprimaria === 0 && !line.porte);
}

/** The cart's shipping line (the server's, from the client's price list), if it has one. */
export function shippingLine(order: Order | undefined): OrderLine | undefined {
  return order?.detalle.find((line) => line.porte);
}

/** The lines that depend on `line` (its surcharges, product.md §5.4), already in its `importe_total`. */
export function dependentsOf(order: Order | undefined, line: OrderLine): OrderLine[] {
  return (order?.detalle ?? []).filter((d) => d.lineaprimaria === line.id);
}
