import { interpolate, type Language } from '@despacho/domain';

/** The helpdesk's mails, in the reader's language; the answer is quoted as its author wrote it. */
const TEXTS = {
  answer: {
    es: {
      subject: 'Respondimos tu ticket {number}: {title}',
      body: 'Hola:\n\nUn asesor de Despacho respondió tu ticket {number} ({title}):\n\n{excerpt}\n\nLee la conversación completa y responde aquí:\n{link}',
    },
    en: {
      subject: 'We answered your ticket {number}: {title}',
      body: 'Hello,\n\nA Despacho consultant answered your ticket {number} ({title}):\n\n{excerpt}\n\nRead the whole conversation and reply here:\n{link}',
    },
  },
  merchantReply: {
    es: {
      subject: 'El cliente respondió el ticket {number}: {title}',
      body: 'El cliente respondió el ticket {number} ({title}):\n\n{excerpt}\n\n{link}',
    },
    en: {
      subject: 'The customer replied to ticket {number}: {title}',
      body: 'The customer replied to ticket {number} ({title}):\n\n{excerpt}\n\n{link}',
    },
  },
} as const satisfies Record<string, Record<Language, { subject: string; body: string }>>;

export interface TicketMail {
  number: number;
  title: string;
  excerpt: string;
  link: string;
}

export function ticketMail(which: keyof typeof TEXTS, mail: TicketMail, language: Language) {
  const texts = TEXTS[which][language];
  return {
    subject: interpolate(texts.subject, { ...mail }),
    body: interpolate(texts.body, { ...mail }),
  };
}
