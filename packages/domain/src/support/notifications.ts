import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

/** What support tells a merchant; an advisor's answer is quoted as they wrote it. */
export const SUPPORT_NOTIFICATIONS = defineNotifications({
  support_answer: {
    params: z.object({ excerpt: z.string() }),
    texts: ({ excerpt }) => ({
      es: { title: 'Un asesor respondió tu mensaje', body: excerpt },
      en: { title: 'A consultant answered your message', body: excerpt },
    }),
  },
});
