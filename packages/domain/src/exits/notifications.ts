import { defineNotifications, money } from '../notifications/define';
import { z } from '../validation';

const exitGuide = { number: z.number().int(), tracking_number: z.string() };

/** What the exits domain tells a merchant when the warehouse ships or cancels an exit. */
export const EXITS_NOTIFICATIONS = defineNotifications({
  exit_guide_purchased: {
    params: z.object({ ...exitGuide, total: z.number().int() }),
    texts: ({ number, tracking_number, total }) => ({
      es: {
        title: `Salida ${number} enviada`,
        body: `El almacén compró la guía ${tracking_number} para tu salida ${number} y cobró ${money(total)} de tu saldo.`,
      },
      en: {
        title: `Exit ${number} shipped`,
        body: `The warehouse bought guide ${tracking_number} for your exit ${number} and charged ${money(total)} to your balance.`,
      },
    }),
  },
  exit_guide_cancelled: {
    params: z.object(exitGuide),
    texts: ({ number, tracking_number }) => ({
      es: {
        title: `Salida ${number} cancelada`,
        body: `Se canceló la guía ${tracking_number} de tu salida ${number}: la salida quedó cancelada y sus productos volvieron a tus existencias del almacén. Para enviarlos, crea una salida nueva.`,
      },
      en: {
        title: `Exit ${number} cancelled`,
        body: `Guide ${tracking_number} of your exit ${number} was cancelled: the exit is cancelled and its products are back in your stock at the warehouse. To send them, create a new exit.`,
      },
    }),
  },
});
