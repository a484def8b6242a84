import rawPaymentForms from '@nodecfdi/sat-micro-catalogs/raw/cfdi_40_formas_pago' with { type: 'json' };
import rawPaymentMethods from '@nodecfdi/sat-micro-catalogs/raw/cfdi_40_metodos_pago' with { type: 'json' };
import rawRegimes from '@nodecfdi/sat-micro-catalogs/raw/cfdi_40_regimenes_fiscales' with { type: 'json' };
import rawUses from '@nodecfdi/sat-micro-catalogs/raw/cfdi_40_usos_cfdi' with { type: 'json' };

/**
 * Tax information for CFDI 4.0 invoices: the SAT catalogues the merchant chooses from and the
 * rules SAT applies to the receiver of an invoice (RFC, regime, CFDI use). Pure and browser-safe:
 * the API validates with these rules and the forms filter their options with them.
 */

export const TAX_PERSON_TYPES = ['fisica', 'moral'] as const;
export type TaxPersonType = (typeof TAX_PERSON_TYPES)[number];
export const isTaxPersonType = (value: unknown): value is TaxPersonType =>
  (TAX_PERSON_TYPES as readonly unknown[]).includes(value);

/** A row of a SAT catalogue: its key and SAT's own (Spanish) description. */
export interface SatOption {
  code: string;
  description: string;
  /** `601 - General de Ley Personas Morales`, as SAT's tools show it. */
  label: string;
}

export interface SatRegime extends SatOption {
  person_types: TaxPersonType[];
}

export interface SatCfdiUse extends SatOption {
  person_types: TaxPersonType[];
  /** The receiver's regimes SAT accepts this use with. */
  regimes: string[];
}

interface CatalogRow {
  id: string;
  texto: string;
  vigencia_hasta?: string;
  aplica_fisica?: number | string;
  aplica_moral?: number | string;
}

/** Rows still in force: SAT marks retired keys with an end date. */
function current<T extends CatalogRow>(rows: T[]) {
  return rows.filter((row) => !row.vigencia_hasta);
}

// The label reads like the package's `etiqueta` (`wrapCatalog`); its helpers entry point is
// ESM-only, which drizzle-kit (CommonJS) cannot load through the tables, so only the JSON is used.
function option(row: CatalogRow): SatOption {
  return { code: row.id, description: row.texto, label: `${row.id} - ${row.texto}` };
}

function personTypes(row: CatalogRow): TaxPersonType[] {
  const types: TaxPersonType[] = [];
  if (row.aplica_fisica === 1) types.push('fisica');
  if (row.aplica_moral === 1) types.push('moral');
  return types;
}

/** c_RegimenFiscal. */
export const TAX_REGIMES: readonly SatRegime[] = current(rawRegimes as CatalogRow[]).map((row) => ({
  ...option(row),
  person_types: personTypes(row),
}));

/** c_UsoCFDI, with the receivers' regimes each use is valid for. */
export const CFDI_USES: readonly SatCfdiUse[] = current(
  rawUses as (CatalogRow & { regimenes_fiscales_receptores: string })[],
).map((row) => ({
  ...option(row),
  person_types: personTypes(row),
  regimes: row.regimenes_fiscales_receptores
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean),
}));

/** c_FormaPago. */
export const PAYMENT_FORMS: readonly SatOption[] = current(rawPaymentForms as CatalogRow[]).map(
  option,
);

/** c_MetodoPago: PUE (one payment) or PPD (instalments or deferred). */
export const PAYMENT_METHODS: readonly SatOption[] = current(rawPaymentMethods as CatalogRow[]).map(
  option,
);

const byCode = <T extends SatOption>(rows: readonly T[], code: string) =>
  rows.find((row) => row.code === code);

export const taxRegime = (code: string) => byCode(TAX_REGIMES, code);
export const cfdiUse = (code: string) => byCode(CFDI_USES, code);
export const isPaymentForm = (code: string) => byCode(PAYMENT_FORMS, code) !== undefined;
export const isPaymentMethod = (code: string) => byCode(PAYMENT_METHODS, code) !== undefined;

// ---------------------------------------------------------------------------------------------
// RFC (Registro Federal de Contribuyentes)
// ---------------------------------------------------------------------------------------------

/**
 * The two generic RFCs SAT lets an invoice carry when the receiver has none: the general public
 * (national) and foreign residents. SAT accepts them only with regime 616 "Sin obligaciones
 * fiscales" and use S01 "Sin efectos fiscales"; the invoice then carries the issuer's postal code.
 */
export const GENERIC_RFCS = {
  XAXX010101000: 'national',
  XEXX010101000: 'foreign',
} as const;
export type GenericRfc = keyof typeof GENERIC_RFCS;
export const GENERIC_RFC_REGIME = '616';
export const GENERIC_RFC_CFDI_USE = 'S01';

export function isGenericRfc(rfc: string): rfc is GenericRfc {
  return Object.hasOwn(GENERIC_RFCS, rfc);
}

/** Upper case without spaces or dashes: how people type an RFC vs. how SAT stores it. */
export function normalizeRfc(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

// 3 letters (moral) or 4 (física), the date YYMMDD, a 2-character homoclave and the check digit.
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/u;

/** Values SAT gives each character to compute the check digit. */
const CHECK_DIGIT_DICTIONARY = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/**
 * SAT's check digit (dígito verificador) of an RFC, from its first 11 (moral) or 12 (física)
 * characters: a moral RFC is padded with a leading space, each of the 12 characters weighs
 * 13 down to 2, and the digit is 11 minus the sum modulo 11 (10 reads "A", 11 reads "0").
 */
export function rfcCheckDigit(rfc: string): string {
  const chars = [...rfc];
  const body = (chars.length === 12 ? [' ', ...chars] : chars).slice(0, 12);
  const sum = body.reduce(
    (total, char, index) => total + CHECK_DIGIT_DICTIONARY.indexOf(char) * (13 - index),
    0,
  );
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'A';
  return String(digit);
}

function isCalendarDate(yy: string, mm: string, dd: string): boolean {
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1) return false;
  // Any century works for the check: 2000 is a leap year like 1900 is not, so use both.
  const daysIn = (year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= Math.max(daysIn(1900 + Number(yy)), daysIn(2000 + Number(yy)));
}

export type RfcProblem = 'format' | 'check_digit';

/** What is wrong with an RFC (already normalized), or null when SAT would accept its shape. */
export function rfcProblem(rfc: string): RfcProblem | null {
  if (isGenericRfc(rfc)) return null;
  const match = RFC_PATTERN.exec(rfc);
  if (!match) return 'format';
  const [, , yy = '', mm = '', dd = ''] = match;
  if (!isCalendarDate(yy, mm, dd)) return 'format';
  return rfcCheckDigit(rfc) === rfc.at(-1) ? null : 'check_digit';
}

/** 12 characters: a company (persona moral); 13: an individual (persona física). */
export function personTypeOfRfc(rfc: string): TaxPersonType | null {
  const length = [...rfc].length;
  if (length === 12) return 'moral';
  if (length === 13) return 'fisica';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Which combinations SAT accepts
// ---------------------------------------------------------------------------------------------

/** Regimes a person type may hold; with a generic RFC, only 616. */
export function regimesFor(personType: TaxPersonType, rfc?: string): SatRegime[] {
  if (rfc && isGenericRfc(rfc)) return TAX_REGIMES.filter((r) => r.code === GENERIC_RFC_REGIME);
  return TAX_REGIMES.filter((regime) => regime.person_types.includes(personType));
}

/** CFDI uses valid for the receiver's regime and person type; with a generic RFC, only S01. */
export function cfdiUsesFor(regime: string, personType: TaxPersonType, rfc?: string): SatCfdiUse[] {
  if (rfc && isGenericRfc(rfc)) return CFDI_USES.filter((use) => use.code === GENERIC_RFC_CFDI_USE);
  return CFDI_USES.filter(
    (use) => use.regimes.includes(regime) && use.person_types.includes(personType),
  );
}

// ---------------------------------------------------------------------------------------------
// Company name and fiscal postal code
// ---------------------------------------------------------------------------------------------

/** Upper case with single spaces, as the tax status statement (Constancia) prints it. */
export function normalizeLegalName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Company-type suffixes ("régimen de capital") that CFDI 4.0 leaves out of the receiver's
 * name: the Constancia shows "EMPRESA EJEMPLO" and "SA DE CV" apart, and the invoice must carry
 * only the first. Compared without dots, commas or accents.
 */
const REGIME_SUFFIXES = [
  'SA DE CV',
  'SA',
  'SAB DE CV',
  'SAB',
  'SAPI DE CV',
  'SAPI',
  'SAS DE CV',
  'SAS',
  'S DE RL DE CV',
  'S DE RL',
  'SRL DE CV',
  'SRL',
  'SC DE RL DE CV',
  'SC DE RL',
  'SC DE CV',
  'SC',
  'AC',
  'IAP',
  'ABP',
  'SPR DE RL',
  'SPR DE RI',
  'SPR DE RL DE CV',
  'S EN C',
  'S EN NC',
  'S EN C POR A',
  'SOFOM ENR',
  'SA DE CV SOFOM ENR',
  'SA DE CV SOFOM ER',
  'SOCIEDAD ANONIMA DE CAPITAL VARIABLE',
  'SOCIEDAD ANONIMA',
  'SOCIEDAD DE RESPONSABILIDAD LIMITADA DE CAPITAL VARIABLE',
  'SOCIEDAD DE RESPONSABILIDAD LIMITADA',
  'SOCIEDAD CIVIL',
  'ASOCIACION CIVIL',
];

/** True when a company name ends with its company type ("… SA DE CV"), which CFDI 4.0 omits. */
export function hasRegimeSuffix(name: string): boolean {
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return REGIME_SUFFIXES.some((suffix) => plain.endsWith(` ${suffix}`));
}

// First two digits of Mexican postal codes by state (SEPOMEX); 00 and 17–19 are not assigned.
const UNASSIGNED_ZIP_PREFIXES = new Set(['00', '17', '18', '19']);

export type ZipCodeProblem = 'format' | 'unknown';

/**
 * A fiscal postal code has 5 digits and must exist. The full SEPOMEX catalogue (~100,000
 * codes) is not shipped to browsers; the cheap check refuses prefixes no state uses.
 */
export function fiscalZipCodeProblem(zip: string): ZipCodeProblem | null {
  if (!/^\d{5}$/.test(zip)) return 'format';
  return UNASSIGNED_ZIP_PREFIXES.has(zip.slice(0, 2)) ? 'unknown' : null;
}
