import type { Language } from '../language';
import { defineNotifications, money, unpunctuated } from '../notifications/define';
import { z } from '../validation';

function deposit(amount: number, trackingKey: string | null): Record<Language, string> {
  return trackingKey
    ? {
        es: `tu depósito SPEI de ${money(amount)} (clave de rastreo ${trackingKey})`,
        en: `your SPEI deposit of ${money(amount)} (tracking key ${trackingKey})`,
      }
    : { es: `tu depósito de ${money(amount)}`, en: `your deposit of ${money(amount)}` };
}

const centavos = z.number().int();

/** What the wallet tells a merchant about their deposits; amounts are centavos. */
export const WALLET_NOTIFICATIONS = defineNotifications({
  deposit_credited: {
    params: z.object({
      amount: centavos,
      net: centavos,
      fee: centavos,
      tracking_key: z.string().nullable(),
    }),
    texts: ({ amount, net, fee, tracking_key }) => {
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
  },
  deposit_card_refunded: {
    params: z.object({ net: centavos, card: z.string() }),
    texts: ({ net, card }) => ({
      es: {
        title: 'Depósito reembolsado a tu tarjeta',
        body: `Reembolsamos ${money(net)} a tu tarjeta ${card} y los descontamos de tu saldo. Tu banco lo refleja en unos días.`,
      },
      en: {
        title: 'Deposit refunded to your card',
        body: `We refunded ${money(net)} to your card ${card} and took it from your balance. Your bank shows it within a few days.`,
      },
    }),
  },
  deposit_rejected: {
    params: z.object({ amount: centavos, tracking_key: z.string().nullable(), reason: z.string() }),
    texts: ({ amount, tracking_key, reason }) => {
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
  },
});
