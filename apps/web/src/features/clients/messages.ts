import { CLIENT_MSG } from '@nido/contract';
import i18n from '../../lib/i18n.ts';
import { translateMessage } from '../../lib/messages.ts';

const keyByText = new Map<string, string>(Object.entries(CLIENT_MSG).map(([key, text]) => [text, key]));

/**
 * A field message of the clients screens in the interface language: the contract's CLIENT_MSG texts
 * via clients.json `msg.<key>`, the account MSG texts via common.json, anything else unchanged.
 * Call while rendering so a language switch re-translates.
 */
export function clientMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = keyByText.get(message);
  if (key) return i18n.t(`msg.${key}`, { ns: 'clients', defaultValue: message });
  return translateMessage(message);
}
