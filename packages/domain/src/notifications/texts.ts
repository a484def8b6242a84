import type { Language } from '../language';
import { formatMoney } from '../money';

/**
 * What a notification says, as it is stored: a code and its parameters, never sentences
 * (issue 13). `notificationText` is the one place that writes it in the reader's language.
 * Amounts are centavos; a reason or an answer staff wrote is quoted as they wrote it.
 */
interface NotificationParams {
  welcome: Record<string, never>;
  verification_approved: Record<string, never>;
  verification_rejected: { reason: string };
  deposit_credited: { amount: number; net: number; fee: number; tracking_key: string | null };
  deposit_rejected: { amount: number; tracking_key: string | null; reason: string };
  guide_cancelled: { tracking_number: string };
  exit_guide_purchased: { number: number; tracking_number: string; total: number };
  exit_guide_cancelled: { number: number; tracking_number: string };
  support_answer: { excerpt: string };
  ticket_answer: { number: number; title: string; excerpt: string };
  ticket_closed: { number: number; title: string };
  entry_received: { number: number };
  entry_incident: { number: number };
  store_customer_data_request: { store: string };
}

export type NotificationCode = keyof NotificationParams;

export type NotificationContent = {
  [C in NotificationCode]: { code: C; params: NotificationParams[C] };
}[NotificationCode];

type Texts = Record<Language, { title: string; body: string }>;

/** Amounts read as the merchant writes them, `$1,250.00`, in both languages. */
const money = (centavos: number) => formatMoney(centavos);
/** A reason ends the sentence the template gives it: its own final dot would double it. */
const unpunctuated = (reason: string) => reason.replace(/[\s.]+$/u, '');

function deposit(amount: number, trackingKey: string | null): Record<Language, string> {
  return trackingKey
    ? {
        es: `tu depósito SPEI de ${money(amount)} (clave de rastreo ${trackingKey})`,
        en: `your SPEI deposit of ${money(amount)} (tracking key ${trackingKey})`,
      }
    : { es: `tu depósito de ${money(amount)}`, en: `your deposit of ${money(amount)}` };
}

const TEXTS: { [C in NotificationCode]: (params: NotificationParams[C]) => Texts } = {
  welcome: () => ({
    es: {
      title: 'Bienvenido a Despacho',
      body: 'Tu cuenta demo está lista. Si tienes dudas, contacta a un asesor desde el dashboard.',
    },
    en: {
      title: 'Welcome to Despacho',
      body: 'Your demo account is ready. Questions? Contact a consultant from the dashboard.',
    },
  }),
  verification_approved: () => ({
    es: {
      title: 'Tu cuenta está verificada',
      body: 'Revisamos tus documentos y tu cuenta quedó verificada.',
    },
    en: {
      title: 'Your account is verified',
      body: 'We reviewed your documents and your account is now verified.',
    },
  }),
  verification_rejected: ({ reason }) => ({
    es: {
      title: 'Tu verificación fue rechazada',
      body: `Motivo: ${unpunctuated(reason)}. Corrige tus documentos y envíalos de nuevo.`,
    },
    en: {
      title: 'Your verification was rejected',
      body: `Reason: ${unpunctuated(reason)}. Fix your documents and submit them again.`,
    },
  }),
  deposit_credited: ({ amount, net, fee, tracking_key }) => {
    const what = deposit(amount, tracking_key);
    const feeNote = fee > 0;
    return {
      es: {
        title: 'Depósito acreditado',
        body:
          `Acreditamos ${money(net)} a tu saldo por ${what.es}.` +
          (feeNote
            ? ` Se descontó la comisión de ${money(fee)} (IVA incluido) de los depósitos menores a $500.00.`
            : ''),
      },
      en: {
        title: 'Deposit credited',
        body:
          `We credited ${money(net)} to your balance for ${what.en}.` +
          (feeNote
            ? ` The ${money(fee)} fee (VAT included) of deposits under $500.00 was taken.`
            : ''),
      },
    };
  },
  deposit_rejected: ({ amount, tracking_key, reason }) => {
    const what = deposit(amount, tracking_key);
    return {
      es: {
        title: 'Depósito rechazado',
        body: `Rechazamos ${what.es}. Motivo: ${unpunctuated(reason)}. Nada se acreditó a tu saldo.`,
      },
      en: {
        title: 'Deposit rejected',
        body: `We rejected ${what.en}. Reason: ${unpunctuated(reason)}. Nothing was credited to your balance.`,
      },
    };
  },
  guide_cancelled: ({ tracking_number }) => ({
    es: {
      title: 'Guía cancelada',
      body: `La paquetería confirmó la cancelación de la guía ${tracking_number}; el reembolso está en tu saldo.`,
    },
    en: {
      title: 'Label cancelled',
      body: `The carrier confirmed the cancellation of label ${tracking_number}; the refund is in your balance.`,
    },
  }),
  exit_guide_purchased: ({ number, tracking_number, total }) => ({
    es: {
      title: `Salida ${number} enviada`,
      body: `El almacén compró la guía ${tracking_number} para tu salida ${number} y cobró ${money(total)} de tu saldo.`,
    },
    en: {
      title: `Exit ${number} shipped`,
      body: `The warehouse bought guide ${tracking_number} for your exit ${number} and charged ${money(total)} to your balance.`,
    },
  }),
  exit_guide_cancelled: ({ number, tracking_number }) => ({
    es: {
      title: `Salida ${number} cancelada`,
      body: `Se canceló la guía ${tracking_number} de tu salida ${number}: la salida quedó cancelada y sus productos volvieron a tus existencias del almacén. Para enviarlos, crea una salida nueva.`,
    },
    en: {
      title: `Exit ${number} cancelled`,
      body: `Guide ${tracking_number} of your exit ${number} was cancelled: the exit is cancelled and its products are back in your stock at the warehouse. To send them, create a new exit.`,
    },
  }),
  support_answer: ({ excerpt }) => ({
    es: { title: 'Un asesor respondió tu mensaje', body: excerpt },
    en: { title: 'A consultant answered your message', body: excerpt },
  }),
  ticket_answer: ({ number, title, excerpt }) => ({
    es: { title: `Respondimos tu ticket ${number}: ${title}`, body: excerpt },
    en: { title: `We answered your ticket ${number}: ${title}`, body: excerpt },
  }),
  ticket_closed: ({ number, title }) => ({
    es: {
      title: `Cerramos tu ticket ${number}: ${title}`,
      body: 'Si algo sigue pendiente, respóndelo en los próximos 7 días para reabrirlo. Califica la atención que recibiste.',
    },
    en: {
      title: `We closed your ticket ${number}: ${title}`,
      body: 'If anything is still pending, reply within 7 days to reopen it. Rate the help you received.',
    },
  }),
  entry_received: ({ number }) => ({
    es: {
      title: `Entrada ${number} recibida`,
      body: 'El almacén terminó de recibir tu entrada. Revisa lo que quedó en existencias.',
    },
    en: {
      title: `Entry ${number} received`,
      body: 'The warehouse finished receiving your entry. Check what went into stock.',
    },
  }),
  entry_incident: ({ number }) => ({
    es: {
      title: `Incidencia en la entrada ${number}`,
      body: 'El almacén registró una incidencia al recibir tu entrada. Revísala y respóndela.',
    },
    en: {
      title: `Incident on entry ${number}`,
      body: 'The warehouse recorded an incident while receiving your entry. Review and answer it.',
    },
  }),
  store_customer_data_request: ({ store }) => ({
    es: {
      title: 'Solicitud de datos de un cliente',
      body: `La tienda ${store} pidió los datos de un cliente. Preparamos el archivo: entrégalo desde Tiendas.`,
    },
    en: {
      title: 'A customer data request',
      body: `The store ${store} asked for a customer's data. We prepared the file: hand it over from Stores.`,
    },
  }),
};

export function isNotificationCode(code: string): code is NotificationCode {
  return Object.hasOwn(TEXTS, code);
}

/** A stored notification's title and body in the reader's language. */
export function notificationText(
  content: NotificationContent,
  language: Language,
): { title: string; body: string } {
  const texts = TEXTS[content.code] as (params: NotificationContent['params']) => Texts;
  return texts(content.params)[language];
}
