import type { Language } from '@nido/contract';
import type { MailMessage } from '../../platform/mail.ts';

export const RESET_LINK_MINUTES = 60;

/** The reset link the mail carries; the web route /account/password-reset/{id} reads it. */
export function resetLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/account/password-reset/${token}?email=${encodeURIComponent(email)}`;
}

const TEXTS = {
  es: {
    subject: 'Nido: restablece tu contraseña',
    greeting: (name: string) => `Hola ${name}:`,
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en Nido.',
    action: 'Restablecer la contraseña',
    validity: `El enlace es válido durante ${RESET_LINK_MINUTES} minutos y solo puede usarse una vez.`,
    ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
  },
  en: {
    subject: 'Nido: reset your password',
    greeting: (name: string) => `Hello ${name},`,
    intro: 'We received a request to reset the password of your Nido account.',
    action: 'Reset password',
    validity: `The link is valid for ${RESET_LINK_MINUTES} minutes and can be used only once.`,
    ignore: 'If you did not ask for it, ignore this message: your password will not change.',
  },
} as const;

/** The password-reset mail in the user's language (subject, plain text and simple HTML). */
export function passwordResetMail(to: string, name: string, language: Language, link: string): MailMessage {
  const t = TEXTS[language] ?? TEXTS.es;
  const text = [
    t.greeting(name),
    '',
    t.intro,
    '',
    `${t.action}: ${link}`,
    '',
    t.validity,
    t.ignore,
    '',
    'Nido',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting(name))}</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.validity)}<br>${escapeHtml(t.ignore)}</p>
<p>Nido</p>
</body></html>`;
  return { to, subject: t.subject, text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
