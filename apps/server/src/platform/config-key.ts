/**
 * The canonical key of a line's configuration (pedido_lineas.config_key), used to recognise the
 * same configuration again ("buy again", merging identical lines). Stable for the same choice no
 * matter the order of the option ids or of the embroidery object's keys.
 *
 * What counts:
 * - the model code (trimmed);
 * - the chosen option ids, de-duplicated and sorted ascending;
 * - the embroidery: only its identifying fields `name`, `emb_style`, `emb_color`, `position`
 *   (trimmed strings; display names and letters derive from the catalogue and are ignored).
 *   null, undefined, a non-object, or an object whose identifying fields are all empty = no embroidery;
 * - the line note (trimmed).
 *
 * Pass the embroidery exactly as stored in parametros_bordado (or the request's embroidery object).
 */
export function configKey(modelo: string, optionIds: number[], bordado: unknown, nota: string): string {
  const ids = [...new Set(optionIds.map(Number))].filter(Number.isFinite).sort((a, b) => a - b);
  return JSON.stringify([modelo.trim(), ids, embroideryPart(bordado), (nota ?? '').trim()]);
}

const EMBROIDERY_FIELDS = ['name', 'emb_style', 'emb_color', 'position'] as const;

function embroideryPart(bordado: unknown): string[] | null {
  if (bordado == null || typeof bordado !== 'object' || Array.isArray(bordado)) return null;
  const b = bordado as Record<string, unknown>;
  const values = EMBROIDERY_FIELDS.map((f) => (b[f] == null ? '' : String(b[f]).trim()));
  return values.every((v) => v === '') ? null : values;
}
