import {
  INVITATION_RULES,
  interpolate,
  type Language,
  type OrganizationRole,
} from '@despacho/domain';

/** The invitation email, in the inviter's language (Spanish by default). */
const TEXTS = {
  es: {
    subject: '{inviter} te invitó a {company} en Despacho',
    body: 'Hola{name}:\n\n{inviter} te invitó a unirte a {company} en Despacho como {role}.\n\nPara crear tu usuario abre este enlace. Sirve una sola vez y vence en {days} días:\n{link}\n\nSi no esperabas esta invitación, ignora este correo.',
    roles: {
      owner: 'dueño',
      administrator: 'administrador',
      member: 'miembro',
      shipping: 'usuario de envíos',
    },
  },
  en: {
    subject: '{inviter} invited you to {company} on Despacho',
    body: 'Hello{name},\n\n{inviter} invited you to join {company} on Despacho as {role}.\n\nTo create your user, open this link. It works once and expires in {days} days:\n{link}\n\nIf you were not expecting this invitation, ignore this email.',
    roles: {
      owner: 'owner',
      administrator: 'administrator',
      member: 'member',
      shipping: 'shipping-only user',
    },
  },
} as const satisfies Record<
  Language,
  { subject: string; body: string; roles: Record<OrganizationRole, string> }
>;

export interface InvitationMail {
  link: string;
  company: string;
  inviter: string;
  role: OrganizationRole;
  name?: string | null | undefined;
}

export function invitationMail(mail: InvitationMail, language: Language) {
  const texts = TEXTS[language];
  const params = {
    ...mail,
    name: mail.name ? ` ${mail.name}` : '',
    role: texts.roles[mail.role],
    days: INVITATION_RULES.ttlDays,
  };
  return { subject: interpolate(texts.subject, params), body: interpolate(texts.body, params) };
}
