import type { Language } from '../language';
import { RESTRICTION_AUTHORITIES, RESTRICTION_KINDS } from '../classification/rules';

/**
 * International courier shipments ("T1", issue 25): a guide bought like a domestic one (the
 * shipments purchase path) that crosses the Mexican border, with the customs declaration this
 * domain keeps beside it: the commercial invoice lines, the incoterm, the reason, the
 * recipient's tax ID, the duties estimate and the customs status.
 *
 * Money is integer cents of the invoice's currency (`USD` or `MXN`); duties are estimated in
 * USD cents and MXN centavos. Rates, bands and the exchange rate are staff-maintained data with
 * effective dates (tables of the API), never constants here.
 */
export const T1_RULES = {
  linesMax: 50,
  descriptionMax: 200,
  reasonDetailMax: 200,
  taxIdMax: 30,
  /** Highest unit value of a line, in cents of the invoice's currency (9,999,999.99). */
  unitValueMaxCents: 999_999_999,
  quantityMax: 99_999,
  sourceMax: 500,
  labelMax: 120,
} as const;

/** Export: the merchant's Mexican location ships abroad. Import: a sender abroad ships to it. */
export const T1_DIRECTIONS = ['export', 'import'] as const;
export type T1Direction = (typeof T1_DIRECTIONS)[number];

/**
 * Incoterms 2020 the courier path takes. DAP: the recipient pays the duties and taxes to the
 * courier on delivery. DDP: the shipper pays them, billed by the courier after clearance. In
 * both cases Despacho charges only the guide and shows the duties as an estimate.
 */
export const T1_INCOTERMS = ['DAP', 'DDP'] as const;
export type T1Incoterm = (typeof T1_INCOTERMS)[number];

/** Why the goods travel (the commercial invoice's "reason for export"). */
export const T1_REASONS = [
  'sale',
  'gift',
  'sample',
  'return',
  'repair',
  'personal_effects',
  'other',
] as const;
export type T1Reason = (typeof T1_REASONS)[number];

/** The commercial invoice's currency; lines are valued in it. */
export const T1_CURRENCIES = ['USD', 'MXN'] as const;
export type T1Currency = (typeof T1_CURRENCIES)[number];

/**
 * Where the shipment stands with customs: `pending` until the courier presents it, then
 * `in_clearance`; it ends `released`, or stops `held` (documents or inspection) or `duties_due`
 * (the payer owes duties before delivery).
 */
export const T1_CUSTOMS_STATUSES = [
  'pending',
  'in_clearance',
  'released',
  'held',
  'duties_due',
] as const;
export type T1CustomsStatus = (typeof T1_CUSTOMS_STATUSES)[number];

/** The moves staff (or the sandbox) may make, and only these. */
export const T1_CUSTOMS_TRANSITIONS: Readonly<Record<T1CustomsStatus, readonly T1CustomsStatus[]>> =
  {
    pending: ['in_clearance'],
    in_clearance: ['released', 'held', 'duties_due'],
    held: ['released', 'duties_due'],
    duties_due: ['released'],
    released: [],
  };

export const canMoveCustoms = (from: T1CustomsStatus, to: T1CustomsStatus): boolean =>
  T1_CUSTOMS_TRANSITIONS[from].includes(to);

export const T1_CUSTOMS_STATUS_LABELS: Readonly<
  Record<T1CustomsStatus, Readonly<Record<Language, string>>>
> = {
  pending: { es: 'Por presentar en aduana', en: 'Not yet at customs' },
  in_clearance: { es: 'En despacho aduanal', en: 'In customs clearance' },
  released: { es: 'Liberado', en: 'Released' },
  held: { es: 'Retenido en aduana', en: 'Held by customs' },
  duties_due: { es: 'Impuestos por pagar', en: 'Duties due' },
};

/**
 * Destinations whose customs ask for the recipient's tax ID on a courier shipment (Brazil's
 * CPF/CNPJ, China's ID, Korea's PCCC, India's GSTIN/PAN, Argentina's CUIT/CUIL, Chile's RUT,
 * Colombia's NIT, Peru's RUC, Ecuador's RUC, Turkey's TCKN, Indonesia's NPWP). An import into
 * Mexico always needs the recipient's RFC.
 */
export const T1_TAX_ID_COUNTRIES = [
  'BR',
  'CN',
  'KR',
  'IN',
  'AR',
  'CL',
  'CO',
  'PE',
  'EC',
  'TR',
  'ID',
] as const;

export function taxIdRequired(direction: T1Direction, abroadCountry: string): boolean {
  return (
    direction === 'import' || (T1_TAX_ID_COUNTRIES as readonly string[]).includes(abroadCountry)
  );
}

/** A duty-rate row that applies to any country without a row of its own. */
export const ANY_COUNTRY = '*';

/** Non-tariff restrictions, as classification records them (spec §9): SE, COFEPRIS, SENER… */
export const T1_RESTRICTION_AUTHORITIES = RESTRICTION_AUTHORITIES;
export const T1_RESTRICTION_KINDS = RESTRICTION_KINDS;
/** A restriction may stop imports, exports or both. */
export const T1_RESTRICTION_SCOPES = ['import', 'export', 'both'] as const;
export type T1RestrictionScope = (typeof T1_RESTRICTION_SCOPES)[number];

/** Why a line of the invoice may not travel by courier. */
export const T1_LINE_REFUSALS = ['tariff_code_not_in_force', 'restricted'] as const;
export type T1LineRefusalReason = (typeof T1_LINE_REFUSALS)[number];

/** Where a merchant imports or exports formally (an embarque run by staff). */
export const EMBARQUE_APP_PATH = '/app/my-shipments';

/** One staff-maintained duty band as the estimate reads it. */
export interface DutyBand {
  id: string;
  direction: T1Direction;
  /** ISO 3166 alpha-2, or `*` for any country without a row of its own. */
  country: string;
  minValueUsdCents: number;
  /** Null: no upper bound. */
  maxValueUsdCents: number | null;
  rateBasisPoints: number;
  /** YYYY-MM-DD. */
  effectiveFrom: string;
  effectiveTo: string | null;
}

export const inForceOn = (
  row: { effectiveFrom: string; effectiveTo: string | null },
  day: string,
) => row.effectiveFrom <= day && (row.effectiveTo === null || day <= row.effectiveTo);

/**
 * The band that applies: in force on `day`, of the direction, whose value range holds the
 * consignment's value; a row of the country before an any-country row, then the latest
 * effective date (a newer row supersedes an older one without editing it). Null: the courier
 * path has no rate for it (above the simplified procedure's ceiling, for instance).
 */
export function pickDutyBand<Band extends DutyBand>(
  bands: readonly Band[],
  query: { direction: T1Direction; country: string; valueUsdCents: number; day: string },
): Band | null {
  let best: Band | null = null;
  const rank = (band: Band) => (band.country === ANY_COUNTRY ? 0 : 1);
  for (const band of bands) {
    if (band.direction !== query.direction || !inForceOn(band, query.day)) continue;
    if (band.country !== ANY_COUNTRY && band.country !== query.country) continue;
    if (query.valueUsdCents < band.minValueUsdCents) continue;
    if (band.maxValueUsdCents !== null && query.valueUsdCents > band.maxValueUsdCents) continue;
    if (
      !best ||
      rank(band) > rank(best) ||
      (rank(band) === rank(best) && band.effectiveFrom > best.effectiveFrom)
    ) {
      best = band;
    }
  }
  return best;
}

/** The exchange rate in force on `day`: the latest effective date not after it. */
export function pickExchangeRate<Rate extends { effectiveFrom: string }>(
  rates: readonly Rate[],
  day: string,
): Rate | null {
  let best: Rate | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= day && (!best || rate.effectiveFrom > best.effectiveFrom)) {
      best = rate;
    }
  }
  return best;
}

/** MXN per USD with four decimals ("18.2500") is kept as ten-thousandths (182500). */
export const EXCHANGE_RATE_SCALE = 10_000;

/** An invoice total in its currency → USD cents at the rate (ten-thousandths of MXN per USD). */
export function toUsdCents(amountCents: number, currency: T1Currency, usdMxn: number): number {
  return currency === 'USD'
    ? amountCents
    : Math.round((amountCents * EXCHANGE_RATE_SCALE) / usdMxn);
}

/** USD cents → MXN centavos at the rate. */
export const toMxnCentavos = (usdCents: number, usdMxn: number) =>
  Math.round((usdCents * usdMxn) / EXCHANGE_RATE_SCALE);

/** The duties of a value at a band's rate, in USD cents. */
export const dutiesUsdCents = (valueUsdCents: number, rateBasisPoints: number) =>
  Math.round((valueUsdCents * rateBasisPoints) / 10_000);

/** The invoice's totals: each line's quantity × unit value, and their sum, in cents. */
export function invoiceTotals(lines: readonly { quantity: number; unit_value: number }[]) {
  const subtotals = lines.map((line) => line.quantity * line.unit_value);
  return { subtotals, total: subtotals.reduce((sum, value) => sum + value, 0) };
}
