/**
 * CLABE (Clave Bancaria Estandarizada): the 18-digit account number SPEI transfers use.
 * 3 digits of bank, 3 of plaza (city), 11 of account and a check digit.
 */

export const CLABE_LENGTH = 18;

/** The main SPEI participants by the bank code a CLABE starts with (Banxico's numbering). */
export const MEXICAN_BANKS: Readonly<Record<string, string>> = {
  '002': 'Banamex',
  '006': 'Bancomext',
  '009': 'Banobras',
  '012': 'BBVA México',
  '014': 'Santander',
  '019': 'Banjército',
  '021': 'HSBC',
  '030': 'BanBajío',
  '036': 'Inbursa',
  '042': 'Mifel',
  '044': 'Scotiabank',
  '058': 'Banregio',
  '059': 'Invex',
  '060': 'Bansi',
  '062': 'Afirme',
  '072': 'Banorte',
  '106': 'Bank of America',
  '113': 'Ve por Más',
  '127': 'Banco Azteca',
  '130': 'Compartamos',
  '132': 'Multiva',
  '133': 'Actinver',
  '137': 'BanCoppel',
  '138': 'Ualá (ABC Capital)',
  '140': 'Consubanco',
  '145': 'Bbase',
  '147': 'Bankaool',
  '155': 'ICBC',
  '156': 'Sabadell',
  '166': 'Banco del Bienestar',
  '638': 'Nu México',
  '646': 'STP',
  '722': 'Mercado Pago',
  '728': 'Spin by OXXO',
};

export interface Bank {
  code: string;
  name: string;
}

const WEIGHTS = [3, 7, 1] as const;

/**
 * The check digit of the first 17 digits: each digit times its weight (3, 7, 1 repeating),
 * keeping only the units; the digit is what brings the sum of those units to a multiple of 10.
 */
export function clabeCheckDigit(clabe: string): string {
  let sum = 0;
  for (let index = 0; index < CLABE_LENGTH - 1; index += 1) {
    sum += (Number(clabe[index]) * WEIGHTS[index % 3]!) % 10;
  }
  return String((10 - (sum % 10)) % 10);
}

export type ClabeProblem = 'format' | 'check_digit';

/** Digits only, without the spaces people group them with. */
export function normalizeClabe(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function clabeProblem(clabe: string): ClabeProblem | null {
  if (!/^\d{18}$/.test(clabe)) return 'format';
  return clabeCheckDigit(clabe) === clabe[CLABE_LENGTH - 1] ? null : 'check_digit';
}

/** The bank a CLABE belongs to; null when its code is not one of the main banks we list. */
export function bankOfClabe(clabe: string): Bank | null {
  const code = clabe.slice(0, 3);
  const name = MEXICAN_BANKS[code];
  return name ? { code, name } : null;
}
