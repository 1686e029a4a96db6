/**
 * Line sheets (product.md, line sheets): a collection's sheet priced for the client acted for (a
 * shop: its own), as the print view reads it and as a PDF; staff mail one to a client.
 */
import type { Language, LineSheetSendRequest } from '@nido/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { saveFile } from '../../lib/download.ts';
import { useActiveClienteId } from '../../lib/session.ts';

/** The client the sheet is priced for: the one acted for; none (staff acting for none) is PVP only. */
const pricedFor = (clienteId: number) => (clienteId > 0 ? { cliente: clienteId } : {});

export const lineSheetKeys = {
  sheet: (id: number, clienteId: number) => ['catalog', 'lineSheet', id, clienteId] as const,
};

/** GET colecciones/{id}/linesheet: the cover and the models by family. */
export function useLineSheet(id: number) {
  const clienteId = useActiveClienteId();
  return useQuery({
    queryKey: lineSheetKeys.sheet(id, Math.max(clienteId, 0)),
    queryFn: ({ signal }) =>
      call('lineSheets.sheet', { params: { id }, query: pricedFor(clienteId) }, { signal }),
    staleTime: 60_000,
  });
}

/** GET colecciones/{id}/linesheet/pdf in `lang`, saved under the server's name. */
export async function downloadLineSheet(id: number, clienteId: number, lang: Language): Promise<void> {
  // A refused download shows its message where it was asked for; it does not end the session.
  saveFile(
    await call(
      'lineSheets.document',
      { params: { id }, query: { ...pricedFor(clienteId), lang } },
      { noAuthRedirect: true },
    ),
  );
}

/** POST colecciones/{id}/linesheet/send. */
export function useSendLineSheet(id: number) {
  return useMutation({
    mutationFn: (body: LineSheetSendRequest) => call('lineSheets.send', { params: { id }, body }),
  });
}
