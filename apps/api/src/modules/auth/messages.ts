import { AUTH_RULES, interpolate, type Language } from '@despacho/domain';

/** The texts sign-up and recovery send, in the user's language (Spanish by default). */
const TEXTS = {
  es: {
    sms: 'Tu código de Despacho es {code}. Vence en {minutes} minutos.',
    recoverySubject: 'Recupera tu contraseña de Despacho',
    recoveryBody:
      'Hola{name}:\n\nPara elegir una nueva contraseña abre este enlace. Sirve una sola vez y vence en {minutes} minutos:\n{link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
  en: {
    sms: 'Your Despacho code is {code}. It expires in {minutes} minutes.',
    recoverySubject: 'Reset your Despacho password',
    recoveryBody:
      'Hello{name},\n\nTo choose a new password, open this link. It works once and expires in {minutes} minutes:\n{link}\n\nIf you did not ask for it, ignore this email: your password stays the same.',
  },
} as const satisfies Record<Language, Record<string, string>>;

export function verificationSms(code: string, language: Language): string {
  return interpolate(TEXTS[language].sms, { code, minutes: AUTH_RULES.codeTtlMinutes });
}

export function recoveryMail(link: string, name: string | null, language: Language) {
  return {
    subject: TEXTS[language].recoverySubject,
    body: interpolate(TEXTS[language].recoveryBody, {
      link,
      name: name ? ` ${name}` : '',
      minutes: AUTH_RULES.passwordResetTtlMinutes,
    }),
  };
}
