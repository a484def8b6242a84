import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LANGUAGES } from '@despacho/domain';
import { loadLanguage } from './lib/i18n';

afterEach(() => cleanup());

/**
 * A width query (`(min-width: 64em)`, `(max-width: 600px)`) against jsdom's window, 1024 px
 * wide: tests see the desktop layout, side menu included. Any other query does not match.
 */
function matchesWidth(query: string): boolean {
  const match = /^\((min|max)-width:\s*([\d.]+)(px|em)\)$/.exec(query.trim());
  if (!match) return false;
  const [, side, value, unit] = match;
  const px = Number(value) * (unit === 'em' ? 16 : 1);
  return side === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
}

// Browser APIs jsdom lacks that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matchesWidth(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom does not scroll; the router scrolls to the top on every navigation.
window.scrollTo = () => {};

// The app downloads one language's texts and the toasts' container on demand; tests have them
// at hand, as before.
await Promise.all([
  ...LANGUAGES.map((language) => loadLanguage(language)),
  import('./app/ToastContainer'),
]);
