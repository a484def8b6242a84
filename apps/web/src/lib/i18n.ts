import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  parseLanguage,
  type Language,
} from '@despacho/domain/language';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import i18n, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readSession } from './session';
import { textPart, type TextPart } from './text-parts';

const LANGUAGE_KEY = 'despacho.language';
/** A language picked while signed out, until a sign-in saves it on the account. */
const PICKED_KEY = 'despacho.language.picked';

/**
 * Every `locales/<language>/<namespace>.json`, fetched on demand (per language, the signed-out
 * screens' part and the rest: see `text-parts.ts` and vite.config.ts): a feature adds its texts
 * by adding a file, and a visitor downloads only what the screen on view needs.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
});

const localeFiles = Object.entries(files).flatMap(([path, load]) => {
  const [, language, namespace] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
  return language && namespace ? [{ language, namespace, part: textPart(namespace), load }] : [];
});

/** The languages that have translation files. */
export const localeLanguages = [...new Set(localeFiles.map((file) => file.language))];

/** The texts of one language, by namespace: all of them, or one part's. */
export async function loadResources(language: string, part?: TextPart): Promise<ResourceLanguage> {
  const entries = await Promise.all(
    localeFiles
      .filter((file) => file.language === language && (part === undefined || file.part === part))
      .map(async (file) => [file.namespace, await file.load()] as const),
  );
  return Object.fromEntries(entries);
}

const ALL_PARTS: readonly TextPart[] = ['public', 'app'];
const loading = new Map<string, Promise<void>>();
/** The parts the screens have asked for so far: a change of language brings the same ones. */
const wanted = new Set<TextPart>(['public']);

/** Puts one part of a language's texts into i18next, once; a failed download is tried again. */
function loadPart(language: Language, part: TextPart): Promise<void> {
  const key = `${language}:${part}`;
  let loaded = loading.get(key);
  if (!loaded) {
    loaded = loadResources(language, part).then(
      (resources) => {
        for (const [namespace, texts] of Object.entries(resources)) {
          i18n.addResourceBundle(language, namespace, texts);
        }
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, loaded);
  }
  return loaded;
}

/** Loads these parts (by default all) of a language's texts. */
export async function loadLanguage(
  language: Language,
  parts: readonly TextPart[] = ALL_PARTS,
): Promise<void> {
  for (const part of parts) wanted.add(part);
  await Promise.all(parts.map((part) => loadPart(language, part)));
}

/** Every text of the language on screen: what the screens past sign-in wait for. */
export const loadAppTexts = () => loadLanguage(currentLanguage());

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
  // Empty, filled by `loadLanguage`: with resources given, i18next never waits for a backend.
  resources: {},
  lng: language,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});
applyLanguage(language);

export function currentLanguage(): Language {
  return parseLanguage(i18n.language);
}

export async function setLanguage(next: Language) {
  await loadLanguage(next, [...wanted]);
  applyLanguage(next);
  await i18n.changeLanguage(next);
}

/** The language picked on a signed-out page (login, sign-up): shown now, saved at sign-in. */
export async function pickLanguageSignedOut(next: Language) {
  await setLanguage(next);
  localStorage.setItem(PICKED_KEY, next);
}

/** The language picked while signed out, if any, forgotten once read. */
export function takePickedLanguage(): Language | null {
  const picked = localStorage.getItem(PICKED_KEY);
  localStorage.removeItem(PICKED_KEY);
  return picked === null ? null : parseLanguage(picked);
}

export { i18n };
