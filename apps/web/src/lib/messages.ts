import { MSG } from '@nido/contract';
import i18n from './i18n.ts';

const msgKeyByText = new Map<string, string>(Object.entries(MSG).map(([key, text]) => [text, key]));

/**
 * Translates a known contract message (MSG, e.g. from a zod issue or a server `errors` entry) into
 * the interface language via common.json `msg.<key>`; any other text is returned unchanged.
 * Call it while rendering, so a language switch re-translates.
 */
export function translateMessage(message: string): string {
  const key = msgKeyByText.get(message);
  return key ? i18n.t(`msg.${key}`, { ns: 'common', defaultValue: message }) : message;
}
