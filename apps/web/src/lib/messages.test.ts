import fs from 'node:fs';
import path from 'node:path';
import { messageCodes, messageOf } from '@nido/contract';
import { describe, expect, it } from 'vitest';

const locales = path.resolve(import.meta.dirname, '../locales');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the message catalogue in every language', () => {
  for (const lang of ['es', 'en']) {
    it(`has a text for every code, with the code's params (${lang})`, () => {
      const texts = JSON.parse(fs.readFileSync(path.join(locales, lang, 'messages.json'), 'utf8'));
      const problems: string[] = [];
      for (const code of messageCodes()) {
        const [area, key] = code.split('.');
        // A text that counts has its plural forms instead (i18next: key_one, key_other).
        const text: unknown = texts[area]?.[key] ?? texts[area]?.[`${key}_other`];
        if (typeof text !== 'string' || !text) {
          problems.push(`${code}: no text`);
          continue;
        }
        // The English template's params, found by building it with each param named after itself.
        const probe = messageOf(code, new Proxy({}, { get: (_, name) => `{{${String(name)}}}` }));
        if (placeholders(text).join() !== placeholders(probe?.text ?? '').join())
          problems.push(`${code}: params ${placeholders(text)} ≠ ${placeholders(probe?.text ?? '')}`);
      }
      expect(problems).toEqual([]);
      const known = new Set(messageCodes());
      const extra = Object.entries(texts).flatMap(([area, keys]) =>
        Object.keys(keys as object)
          .map((key) => `${area}.${key.replace(/_(one|other)$/, '')}`)
          .filter((code) => !known.has(code)),
      );
      expect(extra).toEqual([]);
    });
  }
});
