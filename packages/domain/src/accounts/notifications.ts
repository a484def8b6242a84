import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

/** What the accounts domain tells a merchant (notification codes, issue 23). */
export const ACCOUNTS_NOTIFICATIONS = defineNotifications({
  welcome: {
    params: z.object({}),
    texts: () => ({
      es: {
        title: 'Bienvenido a Despacho',
        body: 'Tu cuenta demo está lista. Si tienes dudas, contacta a un asesor desde el dashboard.',
      },
      en: {
        title: 'Welcome to Despacho',
        body: 'Your demo account is ready. Questions? Contact a consultant from the dashboard.',
      },
    }),
  },
});
