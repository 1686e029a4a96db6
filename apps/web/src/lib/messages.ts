/**
 * Contract messages (zod issues, server `errors` entries) in the interface language. Each contract
 * message table has its texts under `msg.<key>` of one namespace: MSG in common.json, ORDER_MSG in
 * catalog.json, CLIENT_MSG in clients.json. Call these while rendering, so a language switch
 * re-translates; a text no table knows is returned unchanged.
 */
import { CLIENT_MSG, MSG, ORDER_MSG } from '@nido/contract';
import { ApiError } from './api.ts';
import i18n from './i18n.ts';

/** Text → key of the fixed texts of one message table (functions, like nameTooLong, are skipped). */
function keysByText(table: Record<string, unknown>): Map<string, string> {
  return new Map(
    Object.entries(table).flatMap(
      ([key, text]): Array<[string, string]> => (typeof text === 'string' ? [[text, key]] : []),
    ),
  );
}

const msgKeyByText = keysByText(MSG);
const orderKeyByText = keysByText(ORDER_MSG);
const clientKeyByText = keysByText(CLIENT_MSG);

/** A known contract message (MSG) via common.json `msg.<key>`; any other text unchanged. */
export function translateMessage(message: string): string {
  const key = msgKeyByText.get(message);
  return key ? i18n.t(`msg.${key}`, { ns: 'common', defaultValue: message }) : message;
}

const NAME_TOO_LONG = /^The name may not be greater than (\d+) characters$/;

/**
 * A message of the line-add form or the order calls (client check or server 422): ORDER_MSG via
 * catalog.json, then MSG; '' for none.
 */
export function orderMessage(message: string | undefined | null): string {
  if (!message) return '';
  const key = orderKeyByText.get(message);
  if (key) return i18n.t(`msg.${key}`, { ns: 'catalog', defaultValue: message });
  const long = NAME_TOO_LONG.exec(message);
  if (long) return i18n.t('msg.nameTooLong', { ns: 'catalog', max: Number(long[1]), defaultValue: message });
  return translateMessage(message);
}

/** The text to show for a failed order call: its first field error, else its message, translated. */
export function apiErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const first = Object.values(error.errors)[0]?.[0];
  if (first) return orderMessage(first);
  if (error.status >= 500 || error.status === 0) return fallback;
  return error.message ? orderMessage(error.message) : fallback;
}

/** A field message of the clients and order-admin screens: CLIENT_MSG via clients.json, then MSG. */
export function clientMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = clientKeyByText.get(message);
  if (key) return i18n.t(`msg.${key}`, { ns: 'clients', defaultValue: message });
  return translateMessage(message);
}
