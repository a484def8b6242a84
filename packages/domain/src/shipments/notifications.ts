import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

/** What the shipments domain tells a merchant about their labels. */
export const SHIPMENTS_NOTIFICATIONS = defineNotifications({
  guide_cancelled: {
    params: z.object({ tracking_number: z.string() }),
    texts: ({ tracking_number }) => ({
      es: {
        title: 'Guía cancelada',
        body: `La paquetería confirmó la cancelación de la guía ${tracking_number}; el reembolso está en tu saldo.`,
      },
      en: {
        title: 'Label cancelled',
        body: `The carrier confirmed the cancellation of label ${tracking_number}; the refund is in your balance.`,
      },
    }),
  },
});
