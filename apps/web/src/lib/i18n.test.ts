import { describe, expect, it } from 'vitest';
import { loadResources, localeLanguages } from './i18n';

// Every language's texts, downloaded as the app does it on demand.
const resources = Object.fromEntries(
  await Promise.all(
    localeLanguages.map(async (language) => [language, await loadResources(language)]),
  ),
);

/** Every key path of a translation file: `a.b.c`. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('loads every locale file, Spanish and English', () => {
    expect(Object.keys(resources).toSorted()).toEqual(['en', 'es']);
    expect(Object.keys(resources.es ?? {})).toEqual(
      expect.arrayContaining(['common', 'auth', 'navigation', 'mailbox']),
    );
  });

  it('has English complete: the same namespaces and keys as Spanish', () => {
    expect(Object.keys(resources.en ?? {}).toSorted()).toEqual(
      Object.keys(resources.es ?? {}).toSorted(),
    );
    for (const namespace of Object.keys(resources.es ?? {})) {
      expect(keys(resources.en?.[namespace]).toSorted(), namespace).toEqual(
        keys(resources.es?.[namespace]).toSorted(),
      );
    }
  });
});
