import { carrierByKey } from '../carriers/catalog';
import { interpolate, type Language } from '../language';
import type { DepositMethod } from './deposits';

/**
 * What a movement of the balance is, as the ledger stores it: a code and its parameters, never a
 * sentence in one language (issue 13). `describeTransaction` is the one place that turns it into
 * the reader's words, for the movements list and the CSV export alike.
 */
interface DescriptionParams {
  /** A deposit credited without a SPEI tracking key (a card, a SPEI approved by hand). */
  deposit: { method: DepositMethod };
  deposit_spei: { tracking_key: string };
  /** An unspent card deposit returned to its card by staff: the card as the deposit shows it. */
  deposit_card_refund: { card: string };
  /** Carrier and service by catalogue key: names are read from the catalogue when rendered. */
  guide_purchase: { carrier: string; service: string };
  /** The guide's tracking number, or its id when the carrier never gave one. */
  guide_cancellation: { tracking_number: string };
  /** The tariff classification of a product, by its name when requested. */
  classification: { product: string };
  /** A payment of an embarque's request, or the advance it did not use, returned. */
  embarque_payment: { reference: string; concept: string };
  embarque_refund: { reference: string };
}

export type TransactionDescriptionCode = keyof DescriptionParams;

export type TransactionDescription = {
  [C in TransactionDescriptionCode]: { code: C; params: DescriptionParams[C] };
}[TransactionDescriptionCode];

const TEMPLATES: Record<TransactionDescriptionCode, Record<Language, string>> = {
  deposit: { es: 'Depósito con {method}', en: 'Deposit by {method}' },
  deposit_spei: { es: 'Depósito SPEI {tracking_key}', en: 'SPEI deposit {tracking_key}' },
  deposit_card_refund: { es: 'Reembolso a la tarjeta {card}', en: 'Refund to card {card}' },
  guide_purchase: { es: 'Guía {carrier} {service}', en: 'Guide {carrier} {service}' },
  guide_cancellation: {
    es: 'Cancelación de la guía {tracking_number}',
    en: 'Cancellation of guide {tracking_number}',
  },
  classification: {
    es: 'Clasificación arancelaria de {product}',
    en: 'Tariff classification of {product}',
  },
  embarque_payment: {
    es: 'Embarque {reference}: {concept}',
    en: 'Embarque {reference}: {concept}',
  },
  embarque_refund: {
    es: 'Embarque {reference}: anticipo no usado',
    en: 'Embarque {reference}: unused advance',
  },
};

/** Payment methods are words (translated); carriers and services are names (the catalogue's). */
const METHODS: Record<DepositMethod, Record<Language, string>> = {
  card: { es: 'tarjeta', en: 'card' },
  spei: { es: 'SPEI', en: 'SPEI' },
};

export function isTransactionDescriptionCode(code: string): code is TransactionDescriptionCode {
  return Object.hasOwn(TEMPLATES, code);
}

/** The parameters as the reader's language names them. */
function wordsOf(description: TransactionDescription, language: Language): Record<string, string> {
  switch (description.code) {
    case 'deposit': {
      const { method } = description.params;
      return { method: METHODS[method]?.[language] ?? method };
    }
    case 'guide_purchase': {
      const { carrier: carrierKey, service: serviceKey } = description.params;
      const carrier = carrierByKey(carrierKey);
      const service = carrier?.services.find((known) => known.key === serviceKey);
      return {
        carrier: carrier?.name ?? carrierKey,
        service: service?.name[language] ?? serviceKey,
      };
    }
    default:
      return description.params;
  }
}

/** A stored description in the reader's language. */
export function describeTransaction(
  description: TransactionDescription,
  language: Language,
): string {
  return interpolate(TEMPLATES[description.code][language], wordsOf(description, language));
}
