import type { Language } from '@despacho/domain';

const FOOTER: Record<Language, string> = {
  es: 'Recibes este correo porque lo elegiste en tus preferencias de notificaciones de Despacho.',
  en: 'You receive this email because you chose it in your Despacho notification preferences.',
};

const OPEN: Record<Language, string> = { es: 'Ábrelo en Despacho:', en: 'Open it in Despacho:' };

/** A notification as a mail in the reader's language; its link is made absolute to the app. */
export function notificationMail(
  text: { title: string; body: string },
  link: string | null,
  appUrl: string,
  language: Language,
) {
  const open = link ? `\n\n${OPEN[language]}\n${appUrl}${link}` : '';
  return { subject: text.title, body: `${text.body}${open}\n\n${FOOTER[language]}` };
}
