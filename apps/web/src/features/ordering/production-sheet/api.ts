/**
 * The production sheet (record 060): one order's or a status and range of days' lines grouped to
 * make, as the print view reads it and as a PDF.
 */
import type { Language, ProductionSheetQuery } from '@nido/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';

export const productionKeys = {
  sheet: (query: ProductionSheetQuery) => ['orders', 'production', query] as const,
};

/** GET pedidos/produccion; `null`: no filter chosen yet (nothing is asked). */
export function useProductionSheet(query: ProductionSheetQuery | null) {
  return useQuery({
    queryKey: productionKeys.sheet(query ?? {}),
    queryFn: ({ signal }) => call('orderAdmin.productionSheet', { query: query ?? {} }, { signal }),
    enabled: query !== null,
    staleTime: 30_000,
  });
}

/** GET pedidos/produccion/pdf in `lang`, saved under the server's name; the bytes so far to `onDownload`. */
export async function downloadProductionSheet(
  query: ProductionSheetQuery,
  lang: Language,
  onDownload: (bytes: number) => void,
): Promise<void> {
  // A refused download shows its message where it was asked for; it does not end the session.
  saveFile(
    await call(
      'orderAdmin.productionSheetDocument',
      { query: { ...query, lang } },
      { noAuthRedirect: true, onDownload },
    ),
  );
}
