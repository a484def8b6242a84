import { defineNotifications, unpunctuated } from '../notifications/define';
import { z } from '../validation';

const product = { product: z.string(), code: z.string() };

/** What tariff classification tells a merchant about one product. */
export const CLASSIFICATION_NOTIFICATIONS = defineNotifications({
  classification_published: {
    params: z.object(product),
    texts: ({ product, code }) => ({
      es: {
        title: `Clasificamos ${product}`,
        body: `Su fracción arancelaria es ${code}. Descarga el dictamen desde la clasificación.`,
      },
      en: {
        title: `We classified ${product}`,
        body: `Its tariff code is ${code}. Download the ruling from the classification.`,
      },
    }),
  },
  classification_rejected: {
    params: z.object({ product: z.string(), reason: z.string() }),
    texts: ({ product, reason }) => ({
      es: {
        title: `Necesitamos más información de ${product}`,
        body: `${unpunctuated(reason)}. Complétala y vuelve a enviarla: no pagas de nuevo.`,
      },
      en: {
        title: `We need more information about ${product}`,
        body: `${unpunctuated(reason)}. Complete it and resubmit: you do not pay again.`,
      },
    }),
  },
  classification_not_classifiable: {
    params: z.object({ product: z.string(), reason: z.string() }),
    texts: ({ product, reason }) => ({
      es: {
        title: `No pudimos clasificar ${product}`,
        body: `${unpunctuated(reason)}. Revisa las fracciones candidatas en la clasificación.`,
      },
      en: {
        title: `We could not classify ${product}`,
        body: `${unpunctuated(reason)}. See the candidate codes in the classification.`,
      },
    }),
  },
  classification_code_retired: {
    params: z.object(product),
    texts: ({ product, code }) => ({
      es: {
        title: `La fracción de ${product} dejó de estar vigente`,
        body: `El SAT retiró la fracción ${code}. La revisamos de nuevo sin costo y te avisamos del resultado.`,
      },
      en: {
        title: `The tariff code of ${product} is no longer in force`,
        body: `SAT retired code ${code}. We are reviewing it again at no cost and will let you know.`,
      },
    }),
  },
});
