/**
 * Server and validation texts of the catalogue editors (contract CATALOG_ADMIN_MSG / COLLECTION_MSG)
 * translated through catalogAdmin.json `msg.<key>`. Call while rendering, so a language switch
 * re-translates; an unknown text is shown as it came.
 */
import { CATALOG_ADMIN_MSG, COLLECTION_MSG } from '@nido/contract';
import { isApiError } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { translateMessage } from '../../lib/messages.ts';

const keyByText = new Map<string, string>();
for (const [key, text] of Object.entries(COLLECTION_MSG)) {
  if (typeof text === 'string') keyByText.set(text, `collection.${key}`);
}
for (const [key, text] of Object.entries(CATALOG_ADMIN_MSG)) keyByText.set(text, key);

export function translateAdminMessage(message: string | undefined | null): string | undefined {
  if (!message) return undefined;
  const key = keyByText.get(message);
  if (key) return i18n.t(`msg.${key}`, { ns: 'catalogAdmin', defaultValue: message });
  const unknownModel = /^Unknown model: (.+)$/.exec(message);
  if (unknownModel) {
    return i18n.t('msg.collection.unknownModel', { ns: 'catalogAdmin', modelo: unknownModel[1] });
  }
  return translateMessage(message);
}

export { CATALOG_ADMIN_MSG, COLLECTION_MSG };

/** The message a failed call shows: the server's (translated) text, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status !== 0 && error.status < 500 && error.message) {
    return translateAdminMessage(error.message) ?? fallback;
  }
  return fallback;
}
