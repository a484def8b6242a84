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

/** The countries by name in `language`, as alpha-3 codes (c_Pais) or alpha-2, sorted by name. */
function countryOptions(language: 'es' | 'en', code: 'alpha2' | 'alpha3' = 'alpha3') {
  const names = countries.getNames(language, { select: 'official' });
  const options = Object.entries(names).map(([alpha2, name]) => ({
    value: code === 'alpha2' ? alpha2 : (countries.alpha2ToAlpha3(alpha2) ?? alpha2),
    label: name,
  }));
  return options.sort((a, b) => a.label.localeCompare(b.label, language));
}

const useLanguage = (): 'es' | 'en' => {
  const { i18n } = useTranslation();
  return i18n.language.startsWith('en') ? 'en' : 'es';
};

/** A country's name for an alpha-3 code; the code itself when unknown (ZZZ). */
export const countryName = (code: string, language: 'es' | 'en') =>
  countries.getName(countries.alpha3ToAlpha2(code) ?? '', language) ?? code;

/** A country's name for an alpha-2 code (carriers' addresses); the code itself when unknown. */
const countryNameOf2 = (code: string, language: 'es' | 'en') =>
  countries.getName(code, language) ?? code;

/** The name of a country given as alpha-2 or alpha-3, in the screen's language. */
export function useCountryName() {
  const language = useLanguage();
  return (code: string) =>
    code.length === 2 ? countryNameOf2(code, language) : countryName(code, language);
}

/** A picker's options of the countries other than `exclude`, as alpha-2 codes (addresses abroad). */
export function useAlpha2CountryOptions(exclude: string) {
  const language = useLanguage();
  return useMemo(
    () => countryOptions(language, 'alpha2').filter((option) => option.value !== exclude),
    [language, exclude],
  );
}

/** A country picker's options in the screen's language, alpha-3 codes, `other` (ZZZ) last. */
export function useCountryOptions(other: string) {
  const language = useLanguage();
  return useMemo(
    () => [...countryOptions(language), { value: OTHER_COUNTRY, label: other }],
    [language, other],
  );
}
