import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

/** What outgoing webhooks tell a merchant: an endpoint that kept failing was disabled. */
export const WEBHOOKS_NOTIFICATIONS = defineNotifications({
  webhook_endpoint_disabled: {
    params: z.object({ url: z.string() }),
    texts: ({ url }) => ({
      es: {
        title: 'Desactivamos un webhook que no respondía',
        body: `Las entregas a ${url} fallaron de forma continua. Revisa tu servidor y vuelve a activarlo en Desarrollo.`,
      },
      en: {
        title: 'We disabled a webhook that was not answering',
        body: `Deliveries to ${url} kept failing. Check your server and enable it again under Development.`,
      },
    }),
  },
});
