import { defineNotifications } from '../notifications/define';
import { z } from '../validation';

const entry = z.object({ number: z.number().int() });

/** What the entries domain tells a merchant while the warehouse receives an entry. */
export const ENTRIES_NOTIFICATIONS = defineNotifications({
  entry_received: {
    params: entry,
    texts: ({ number }) => ({
      es: {
        title: `Entrada ${number} recibida`,
        body: 'El almacén terminó de recibir tu entrada. Revisa lo que quedó en existencias.',
      },
      en: {
        title: `Entry ${number} received`,
        body: 'The warehouse finished receiving your entry. Check what went into stock.',
      },
    }),
  },
  entry_incident: {
    params: entry,
    texts: ({ number }) => ({
      es: {
        title: `Incidencia en la entrada ${number}`,
        body: 'El almacén registró una incidencia al recibir tu entrada. Revísala y respóndela.',
      },
      en: {
        title: `Incident on entry ${number}`,
        body: 'The warehouse recorded an incident while receiving your entry. Review and answer it.',
      },
    }),
  },
});
