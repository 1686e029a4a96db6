/** The mail that carries a client's line sheet (the PDF attached by the service), in the recipient's language. */
import { type Language, localized } from '@nido/contract';
import type { MailMessage } from '../../../platform/mail.ts';
import type { SheetScope } from './sheet.ts';
import { deliveryWindowText, orderWindowText, SHEET_TEXTS } from './texts.ts';

export function lineSheetMail(to: string, name: string, language: Language, scope: SheetScope): MailMessage {
  const lang: Language = language === 'en' ? 'en' : 'es';
  const t = SHEET_TEXTS[lang];
  const season = localized(scope.coleccion, 'nombre', lang);
  const paragraphs = [
    t.greeting(name),
    t.intro(season, scope.fabricante),
    `${t.orderWindow}: ${orderWindowText(scope.coleccion, lang)}\n${t.delivery}: ${deliveryWindowText(scope.coleccion, lang)}`,
    t.closing,
    'Nido',
  ];
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
</body></html>`;
  return { to, subject: t.subject(season), text: paragraphs.join('\n\n'), html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
