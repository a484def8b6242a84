import countries from 'i18n-iso-countries';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import en from 'i18n-iso-countries/langs/en.json';
import es from 'i18n-iso-countries/langs/es.json';

// Registered here, imported only by the lazy screens that name countries (the product form,
// tariff classification): no other screen pays for the names.
countries.registerLocale(es);
countries.registerLocale(en);

/** SAT's c_Pais: ISO 3166 alpha-3 plus ZZZ, "Otro" (a country the catalogue does not list). */
const OTHER_COUNTRY = 'ZZZ';

/** The countries of c_Pais by name in `language`, as alpha-3 codes, sorted by name. */
function countryOptions(language: 'es' | 'en') {
  const names = countries.getNames(language, { select: 'official' });
  const options = Object.entries(names).map(([alpha2, name]) => ({
    value: countries.alpha2ToAlpha3(alpha2) ?? alpha2,
    label: name,
  }));
  return options.sort((a, b) => a.label.localeCompare(b.label, language));
}

/** A country's name for an alpha-3 code; the code itself when unknown (ZZZ). */
export const countryName = (code: string, language: 'es' | 'en') =>
  countries.getName(countries.alpha3ToAlpha2(code) ?? '', language) ?? code;

/** A country picker's options in the screen's language, alpha-3 codes, `other` (ZZZ) last. */
export function useCountryOptions(other: string) {
  const { i18n } = useTranslation();
  const language = i18n.language.startsWith('en') ? 'en' : 'es';
  return useMemo(
    () => [...countryOptions(language), { value: OTHER_COUNTRY, label: other }],
    [language, other],
  );
}
