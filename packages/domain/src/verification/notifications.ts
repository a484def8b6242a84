import { defineNotifications, unpunctuated } from '../notifications/define';
import { z } from '../validation';

/** What the verification domain tells a merchant; a reason is quoted as staff wrote it. */
export const VERIFICATION_NOTIFICATIONS = defineNotifications({
  verification_approved: {
    params: z.object({}),
    texts: () => ({
      es: {
        title: 'Tu cuenta está verificada',
        body: 'Revisamos tus documentos y tu cuenta quedó verificada.',
      },
      en: {
        title: 'Your account is verified',
        body: 'We reviewed your documents and your account is now verified.',
      },
    }),
  },
  verification_rejected: {
    params: z.object({ reason: z.string() }),
    texts: ({ reason }) => ({
      es: {
        title: 'Tu verificación fue rechazada',
        body: `Motivo: ${unpunctuated(reason)}. Corrige tus documentos y envíalos de nuevo.`,
      },
      en: {
        title: 'Your verification was rejected',
        body: `Reason: ${unpunctuated(reason)}. Fix your documents and submit them again.`,
      },
    }),
  },
});
