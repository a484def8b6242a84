import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadResources, localeLanguages } from './i18n';
import { PUBLIC_NAMESPACES } from './text-parts';

const SRC = path.resolve(import.meta.dirname, '..');

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

describe('text parts', () => {
  it('puts the signed-out screens’ namespaces in the public part and every other in the app part', async () => {
    for (const language of localeLanguages) {
      const publicPart = await loadResources(language, 'public');
      const appPart = await loadResources(language, 'app');
      expect(Object.keys(publicPart).toSorted()).toEqual([...PUBLIC_NAMESPACES].toSorted());
      expect([...Object.keys(publicPart), ...Object.keys(appPart)].toSorted()).toEqual(
        Object.keys(resources[language] ?? {}).toSorted(),
      );
    }
  });

  it('has the signed-out screens use no namespace outside the public part', () => {
    // What the first screen renders before the app part is fetched (see app/routes.tsx).
    const sources = [
      ...readdirSync(path.join(SRC, 'features/auth'), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
        .map((file) => path.join(SRC, 'features/auth', file)),
      path.join(SRC, 'app/layouts/AuthLayout.tsx'),
      path.join(SRC, 'app/layouts/AuthFrame.tsx'),
      path.join(SRC, 'app/SignInShell.tsx'),
      path.join(SRC, 'app/RootLayout.tsx'),
      path.join(SRC, 'app/pages/RouteErrorPage.tsx'),
      path.join(SRC, 'app/pages/NotFoundPage.tsx'),
    ];
    const used = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/useTranslation\(\s*'([\w-]+)'/g)].map(
        (match) => `${path.relative(SRC, file)}: ${match[1]}`,
      ),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((entry) => !PUBLIC_NAMESPACES.includes(entry.split(': ')[1]!))).toEqual([]);
  });
});
