import { ORDER_MSG } from '@nido/contract';
import { ApiError } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { translateMessage } from '../../lib/messages.ts';

/** ORDER_MSG text → key under catalog.json `msg` (only the fixed texts). */
const keyByText = new Map<string, string>(
  Object.entries(ORDER_MSG).flatMap(
    ([key, text]): Array<[string, string]> => (typeof text === 'string' ? [[text, key]] : []),
  ),
);

const NAME_TOO_LONG = /^The name may not be greater than (\d+) characters$/;

/**
 * Translates a message of the line-add form or the order calls (client check or server 422) into
 * the interface language; unknown texts pass through. Call it while rendering.
 */
export function orderMessage(message: string | undefined | null): string {
  if (!message) return '';
  const key = keyByText.get(message);
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
