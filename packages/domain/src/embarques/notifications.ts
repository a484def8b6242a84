import { defineNotifications, money } from '../notifications/define';
import { z } from '../validation';
import { EMBARQUE_STEP_LABELS, EMBARQUE_STEPS } from './rules';

const reference = { reference: z.string() };

/** What an embarque tells its merchant, at each step of both axes. */
export const EMBARQUES_NOTIFICATIONS = defineNotifications({
  embarque_opened: {
    params: z.object(reference),
    texts: ({ reference }) => ({
      es: {
        title: `Abrimos el embarque ${reference}`,
        body: 'Sigue sus pasos, documentos y pagos desde Mis embarques.',
      },
      en: {
        title: `We opened embarque ${reference}`,
        body: 'Follow its steps, documents and payments from My shipments.',
      },
    }),
  },
  embarque_step: {
    params: z.object({ ...reference, step: z.enum(EMBARQUE_STEPS) }),
    texts: ({ reference, step }) => ({
      es: {
        title: `Embarque ${reference}: ${EMBARQUE_STEP_LABELS[step].es}`,
        body: 'Consulta el detalle y la línea de tiempo del embarque.',
      },
      en: {
        title: `Embarque ${reference}: ${EMBARQUE_STEP_LABELS[step].en}`,
        body: 'See the embarque’s detail and timeline.',
      },
    }),
  },
  embarque_semaforo: {
    params: z.object({ ...reference, result: z.enum(['green', 'red']) }),
    texts: ({ reference, result }) => ({
      es:
        result === 'green'
          ? { title: `Embarque ${reference}: semáforo verde`, body: 'La mercancía quedó liberada.' }
          : {
              title: `Embarque ${reference}: semáforo rojo`,
              body: 'La aduana hará un reconocimiento de la mercancía; te avisamos al terminar.',
            },
      en:
        result === 'green'
          ? { title: `Embarque ${reference}: green light`, body: 'The goods were released.' }
          : {
              title: `Embarque ${reference}: red light`,
              body: 'Customs will inspect the goods; we will let you know when it is done.',
            },
    }),
  },
  embarque_payment_requested: {
    params: z.object({ ...reference, concept: z.string(), amount_centavos: z.number().int() }),
    texts: ({ reference, concept, amount_centavos }) => ({
      es: {
        title: `Embarque ${reference}: pago solicitado de ${money(amount_centavos)}`,
        body: `${concept}. Págalo desde tu saldo en el detalle del embarque.`,
      },
      en: {
        title: `Embarque ${reference}: payment of ${money(amount_centavos)} requested`,
        body: `${concept}. Pay it from your balance on the embarque’s page.`,
      },
    }),
  },
  embarque_refunded: {
    params: z.object({ ...reference, amount_centavos: z.number().int() }),
    texts: ({ reference, amount_centavos }) => ({
      es: {
        title: `Embarque ${reference}: te devolvimos ${money(amount_centavos)}`,
        body: 'El anticipo no usado en la cuenta de gastos volvió a tu saldo.',
      },
      en: {
        title: `Embarque ${reference}: ${money(amount_centavos)} refunded`,
        body: 'The advance the expense account did not use is back in your balance.',
      },
    }),
  },
  embarque_invoiced: {
    params: z.object({ ...reference, folio: z.string() }),
    texts: ({ reference, folio }) => ({
      es: {
        title: `Embarque ${reference}: factura ${folio}`,
        body: 'Descárgala desde el embarque o desde Facturación.',
      },
      en: {
        title: `Embarque ${reference}: invoice ${folio}`,
        body: 'Download it from the embarque or from Billing.',
      },
    }),
  },
  embarque_document: {
    params: z.object({ ...reference, name: z.string() }),
    texts: ({ reference, name }) => ({
      es: { title: `Embarque ${reference}: nuevo documento`, body: name },
      en: { title: `Embarque ${reference}: new document`, body: name },
    }),
  },
});
