import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

/**
 * What support tells a merchant, and the helpdesk (`ticket_merchant_reply`, addressed to staff);
 * an answer or reply is quoted as its author wrote it.
 */
export const SUPPORT_NOTIFICATIONS = defineNotifications({
  support_answer: {
    params: z.object({ excerpt: z.string() }),
    texts: ({ excerpt }) => ({
      es: { title: 'Un asesor respondió tu mensaje', body: excerpt },
      en: { title: 'A consultant answered your message', body: excerpt },
    }),
  },
  ticket_answer: {
    params: z.object({ number: z.number().int(), title: z.string(), excerpt: z.string() }),
    texts: ({ number, title, excerpt }) => ({
      es: { title: `Respondimos tu ticket ${number}: ${title}`, body: excerpt },
      en: { title: `We answered your ticket ${number}: ${title}`, body: excerpt },
    }),
  },
  ticket_merchant_reply: {
    params: z.object({
      number: z.number().int(),
      title: z.string(),
      company: z.string(),
      excerpt: z.string(),
    }),
    texts: ({ number, title, company, excerpt }) => ({
      es: { title: `${company} respondió el ticket ${number}: ${title}`, body: excerpt },
      en: { title: `${company} replied to ticket ${number}: ${title}`, body: excerpt },
    }),
  },
  ticket_closed: {
    params: z.object({ number: z.number().int(), title: z.string() }),
    texts: ({ number, title }) => ({
      es: {
        title: `Cerramos tu ticket ${number}: ${title}`,
        body: 'Si algo sigue pendiente, respóndelo en los próximos 7 días para reabrirlo. Califica la atención que recibiste.',
      },
      en: {
        title: `We closed your ticket ${number}: ${title}`,
        body: 'If anything is still pending, reply within 7 days to reopen it. Rate the help you received.',
      },
    }),
  },
});
