import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LANGUAGES } from '@despacho/domain';
import { loadLanguage } from './lib/i18n';

afterEach(() => cleanup());

// Browser APIs jsdom lacks that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
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
await Promise.all([...LANGUAGES.map(loadLanguage), import('./app/ToastContainer')]);
