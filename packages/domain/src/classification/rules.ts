import { addBusinessDays, mexicoDate } from '../shipments/business-days';
import type { Language } from '../language';
import { TARIFF_STATUSES, type TariffStatus } from '../products/rules';

/**
 * Tariff classification as a paid service (issue 24; spec §9: 120 MXN per product, up to 7 days,
 * deducted from the balance). Money is integer centavos.
 *
 * The price is shown with VAT included (a price offered to the public states the total with its
 * taxes): 120.00 MXN per product is 103.45 of service plus 16.55 of IVA at 16%, the split the
 * ledger books (revenue and vat_payable) and the CFDI of the service states.
 */
export const CLASSIFICATION_RULES = {
  feeCentavos: 12_000,
  vatRate: 0.16,
  /** Business days in Mexico City from the request (spec §9 "up to 7 days"). */
  dueBusinessDays: 7,
  /** Products one request takes. */
  itemsMax: 50,
  inputMax: 1000,
  shortInputMax: 100,
  reasonMax: 1000,
  rationaleMax: 4000,
  restrictionsMax: 30,
  /** Candidates the staff console proposes, and matches the picker answers. */
  candidatesMax: 5,
  searchMax: 20,
} as const;

/** One product's fee split: the service and its VAT (they add up to `feeCentavos`). */
export function classificationFee(products = 1) {
  const total = CLASSIFICATION_RULES.feeCentavos * products;
  const base = Math.round(total / (1 + CLASSIFICATION_RULES.vatRate));
  return { total_centavos: total, base_centavos: base, vat_centavos: total - base };
}

/** The day a request made at `requestedAt` is due: 7 business days later, Mexico City. */
export function classificationDueDate(requestedAt: Date): string {
  return addBusinessDays(mexicoDate(requestedAt), CLASSIFICATION_RULES.dueBusinessDays);
}

/** The item's statuses are the product's tariff statuses (spec §4). */
export const CLASSIFICATION_STATUSES = TARIFF_STATUSES;
export type ClassificationStatus = TariffStatus;

/** Each status as messages name it (the web's own labels live in its locales). */
export const CLASSIFICATION_STATUS_LABELS: Readonly<
  Record<ClassificationStatus, Readonly<Record<Language, string>>>
> = {
  UNCLASSIFIED: { es: 'Sin clasificar', en: 'Unclassified' },
  PROCESS_CLASSIFICATION: { es: 'En cola (pagada)', en: 'Queued (paid)' },
  IN_CLASSIFICATION: { es: 'En clasificación', en: 'In classification' },
  IN_REVIEW: { es: 'En revisión', en: 'In review' },
  CLASSIFIED: { es: 'Clasificado', en: 'Classified' },
  REJECT: { es: 'Rechazado: falta información', en: 'Rejected: information missing' },
  NOT_CLASSIFIABLE: { es: 'No clasificable', en: 'Not classifiable' },
};

/** Statuses staff still work on (the queue's default). */
export const CLASSIFICATION_OPEN_STATUSES = [
  'PROCESS_CLASSIFICATION',
  'IN_CLASSIFICATION',
  'IN_REVIEW',
] as const satisfies readonly ClassificationStatus[];

/**
 * The allowed transitions, and only these: paid and queued, a classifier takes it, a second
 * person reviews, the result is published. A reviewer may send it back to classification;
 * reject (insufficient information) returns it to the merchant, who resubmits; not classifiable
 * ends it. A catalogue import that retires a published code puts it back in review.
 */
export const CLASSIFICATION_TRANSITIONS: Readonly<
  Record<ClassificationStatus, readonly ClassificationStatus[]>
> = {
  UNCLASSIFIED: ['PROCESS_CLASSIFICATION'],
  PROCESS_CLASSIFICATION: ['IN_CLASSIFICATION'],
  IN_CLASSIFICATION: ['IN_REVIEW', 'REJECT', 'NOT_CLASSIFIABLE'],
  IN_REVIEW: ['CLASSIFIED', 'IN_CLASSIFICATION', 'REJECT', 'NOT_CLASSIFIABLE'],
  REJECT: ['PROCESS_CLASSIFICATION'],
  CLASSIFIED: ['IN_REVIEW'],
  NOT_CLASSIFIABLE: [],
};

export const canTransition = (from: ClassificationStatus, to: ClassificationStatus): boolean =>
  CLASSIFICATION_TRANSITIONS[from].includes(to);

/**
 * What happens to the fee: held at request; captured when the result is published; on a
 * reject kept (resubmission pays nothing) or released; on not classifiable refunded or
 * captured, as the decision records.
 */
export const FEE_STATES = ['held', 'captured', 'released'] as const;
export type FeeState = (typeof FEE_STATES)[number];
export const REJECT_FEE_DECISIONS = ['keep', 'release'] as const;
export const NOT_CLASSIFIABLE_FEE_DECISIONS = ['refund', 'capture'] as const;

/** Why a product cannot be classified from documents alone. */
export const NOT_CLASSIFIABLE_NEEDS = ['lab_test', 'sample', 'formal_ruling'] as const;

/**
 * The Reglas Generales de Interpretación de la TIGIE (1 to 6) and the Reglas Complementarias
 * (1 to 11) a rationale cites.
 */
export const INTERPRETATION_RULES = [
  'RGI_1',
  'RGI_2A',
  'RGI_2B',
  'RGI_3A',
  'RGI_3B',
  'RGI_3C',
  'RGI_4',
  'RGI_5A',
  'RGI_5B',
  'RGI_6',
  'RC_1',
  'RC_2',
  'RC_3',
  'RC_4',
  'RC_5',
  'RC_6',
  'RC_7',
  'RC_8',
  'RC_9',
  'RC_10',
  'RC_11',
] as const;

/** IGI: ad valorem (a percentage of the customs value) or exempt (Ex.). */
export const DUTY_KINDS = ['ad_valorem', 'exempt'] as const;

/** Non-tariff regulations and restrictions apply at the 8-digit fracción. */
export const RESTRICTION_KINDS = ['nom', 'permit', 'quota', 'other'] as const;
export const RESTRICTION_AUTHORITIES = [
  'SE',
  'COFEPRIS',
  'SENASICA',
  'SEMARNAT',
  'SEDENA',
  'SENER',
  'CNSNS',
  'INAH',
  'INBAL',
  'OTHER',
] as const;

/** What the merchant must give per product before paying (the rest helps, optional). */
export const CLASSIFICATION_REQUIRED_INPUTS = [
  'description',
  'materials',
  'use',
  'origin_country',
] as const;

/** Where a candidate comes from: the SAT catalogue, or a product already classified. */
export const CANDIDATE_SOURCES = ['catalogue', 'organization'] as const;

/**
 * Business days from `today` to `due` (YYYY-MM-DD, Mexico City): 0 on the due day, negative once
 * it passed (how many business days late).
 */
export function businessDaysLeft(today: string, due: string): number {
  if (today === due) return 0;
  const [from, to, sign] = today < due ? [today, due, 1] : [due, today, -1];
  let days = 0;
  for (let day = from; day < to; days += 1) day = addBusinessDays(day, 1);
  return sign * days;
}
