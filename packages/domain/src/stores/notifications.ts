import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

/** What the stores domain tells a merchant about their connected stores. */
export const STORES_NOTIFICATIONS = defineNotifications({
  store_customer_data_request: {
    params: z.object({ store: z.string() }),
    texts: ({ store }) => ({
      es: {
        title: 'Solicitud de datos de un cliente',
        body: `La tienda ${store} pidió los datos de un cliente. Preparamos el archivo: entrégalo desde Tiendas.`,
      },
      en: {
        title: 'A customer data request',
        body: `The store ${store} asked for a customer's data. We prepared the file: hand it over from Stores.`,
      },
    }),
  },
});
