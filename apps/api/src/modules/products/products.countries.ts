import countries from 'i18n-iso-countries';

/**
 * SAT's c_Pais: the ISO 3166 alpha-3 codes plus ZZZ ("otros"); Kosovo's user-assigned XKK is not
 * in it.
 */
const SAT_COUNTRIES = new Set(
  [...Object.keys(countries.getAlpha3Codes()), 'ZZZ'].filter((code) => code !== 'XKK'),
);

export const isSatCountry = (code: string): boolean => SAT_COUNTRIES.has(code);
