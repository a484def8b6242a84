import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './LanguageButton';

// The menu and its floating positioning are most of a public screen's code: they load on use.
const loadOptions = () => import('./LanguageMenuOptions');
const LanguageMenuOptions = lazy(() =>
  loadOptions().then((module) => ({ default: module.LanguageMenuOptions })),
);

/**
 * es/en switch; signed in, the choice is saved on the user and sent as x-language from then on.
 * Until first used it is only its button; pointing at it fetches the menu, clicking opens it.
 */
export function LanguageMenu() {
  const [used, setUsed] = useState(false);
  if (!used) {
    return (
      <LanguageButton
        onPointerEnter={() => void loadOptions()}
        onFocus={() => void loadOptions()}
        onClick={() => setUsed(true)}
      />
    );
  }
  return (
    <Suspense fallback={<LanguageButton loading />}>
      <LanguageMenuOptions />
    </Suspense>
  );
}
