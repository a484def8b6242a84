import { DEFAULT_LANGUAGE, LANGUAGES, parseLanguage, type Language } from '@despacho/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readSession } from './session';

const LANGUAGE_KEY = 'despacho.language';

/** Every `locales/<language>/<namespace>.json`: a feature adds its texts by adding a file. */
function loadResources(): Resource {
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(files)) {
    const [, language, namespace] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
    if (!language || !namespace) continue;
    resources[language] = { ...resources[language], [namespace]: texts };
  }
  return resources;
}

const resources = loadResources();

/** The signed-in user's language wins; before sign-in, the last one chosen on this browser. */
function initialLanguage(): Language {
  return parseLanguage(readSession()?.user.language ?? localStorage.getItem(LANGUAGE_KEY));
}

function applyLanguage(language: Language) {
  dayjs.locale(language);
  document.documentElement.lang = language;
  localStorage.setItem(LANGUAGE_KEY, language);
}

const language = initialLanguage();
void i18n.use(initReactI18next).init({
  resources,
  lng: language,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});
applyLanguage(language);

export function currentLanguage(): Language {
  return parseLanguage(i18n.language);
}

export async function setLanguage(next: Language) {
  applyLanguage(next);
  await i18n.changeLanguage(next);
}

export { i18n, resources };
