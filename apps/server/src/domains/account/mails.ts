import type { Language } from '@nido/contract';
import type { MailMessage } from '../../platform/mail.ts';

export const RESET_LINK_MINUTES = 60;

/** The reset link the mail carries; the web route /account/password-reset/{id} reads it. */
export function resetLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/account/password-reset/${token}?email=${encodeURIComponent(email)}`;
}

const TEXTS = {
  es: {
    greeting: (name: string) => `Hola ${name}:`,
    reset: {
      subject: 'Nido: restablece tu contraseña',
      intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta en Nido.',
      action: 'Restablecer la contraseña',
      validity: `El enlace es válido durante ${RESET_LINK_MINUTES} minutos y solo puede usarse una vez.`,
      ignore: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
    },
    passwordChanged: {
      subject: 'Nido: tu contraseña ha cambiado',
      intro: 'La contraseña de tu cuenta en Nido se acaba de cambiar desde tu perfil.',
    },
    emailChanged: {
      subject: 'Nido: el email de tu cuenta ha cambiado',
      intro: (newEmail: string) =>
        `El email de tu cuenta en Nido se acaba de cambiar a ${newEmail}. Este mensaje va a la dirección anterior.`,
    },
    notYou:
      'Si no has sido tú, alguien está usando tu sesión: avisa a tu contacto en Nido o a tu administrador para que bloquee la cuenta, y pide que te restablezcan la contraseña.',
    when: (at: string) => `Fecha del cambio: ${at} (UTC).`,
  },
  en: {
    greeting: (name: string) => `Hello ${name},`,
    reset: {
      subject: 'Nido: reset your password',
      intro: 'We received a request to reset the password of your Nido account.',
      action: 'Reset password',
      validity: `The link is valid for ${RESET_LINK_MINUTES} minutes and can be used only once.`,
      ignore: 'If you did not ask for it, ignore this message: your password will not change.',
    },
    passwordChanged: {
      subject: 'Nido: your password has changed',
      intro: 'The password of your Nido account has just been changed from your profile.',
    },
    emailChanged: {
      subject: 'Nido: the email of your account has changed',
      intro: (newEmail: string) =>
        `The email of your Nido account has just been changed to ${newEmail}. This message goes to the previous address.`,
    },
    notYou:
      'If it was not you, someone is using your session: tell your Nido contact or your administrator so that they block the account, and ask them to reset your password.',
    when: (at: string) => `Time of the change: ${at} (UTC).`,
  },
} as const;

const textsFor = (language: Language) => TEXTS[language] ?? TEXTS.es;

/** The password-reset mail in the user's language (subject, plain text and simple HTML). */
export function passwordResetMail(to: string, name: string, language: Language, link: string): MailMessage {
  const t = textsFor(language);
  return render(to, language, t.reset.subject, [
    t.greeting(name),
    t.reset.intro,
    { text: t.reset.action, href: link },
    `${t.reset.validity}\n${t.reset.ignore}`,
  ]);
}

export type CredentialChange = { kind: 'password' } | { kind: 'email'; newEmail: string };

/**
 * The notice sent to the address the account had before a change of its password or email (ASVS
 * 6.3.7): what changed, when, and what to do if it was not the owner.
 */
export function credentialsChangedMail(
  to: string,
  name: string,
  language: Language,
  change: CredentialChange,
  at: Date,
): MailMessage {
  const t = textsFor(language);
  const { subject, intro } =
    change.kind === 'password'
      ? t.passwordChanged
      : { subject: t.emailChanged.subject, intro: t.emailChanged.intro(change.newEmail) };
  const when = at.toISOString().slice(0, 16).replace('T', ' ');
  return render(to, language, subject, [t.greeting(name), intro, t.when(when), t.notYou]);
}

type Paragraph = string | { text: string; href: string };

/** Plain text and simple HTML from the same paragraphs, signed "Nido". */
function render(to: string, language: Language, subject: string, paragraphs: Paragraph[]): MailMessage {
  const all: Paragraph[] = [...paragraphs, 'Nido'];
  const text = all.map((p) => (typeof p === 'string' ? p : `${p.text}: ${p.href}`)).join('\n\n');
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
${all
  .map((p) =>
    typeof p === 'string'
      ? `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`
      : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.text)}</a></p>`,
  )
  .join('\n')}
</body></html>`;
  return { to, subject, text, html };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
