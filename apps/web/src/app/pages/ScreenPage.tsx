import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import type { Crumb } from '../../ui/PageHeader';
import { appPath, moduleOfScreen, screenAt, screenById, type Screen } from '../navigation';

/** The page of every screen not built yet, worded from the navigation table. */
export function ScreenPage() {
  const { t } = useTranslation('navigation');
  const screen = screenAt(useLocation().pathname);
  if (!screen) return null;

  const parents: Screen[] = [];
  for (let id = screen.parent; id; id = screenById(id)?.parent) {
    const parent = screenById(id);
    if (parent) parents.unshift(parent);
  }
  const breadcrumbs: Crumb[] = [
    { label: t(`modules.${moduleOfScreen(screen)}`) },
    ...parents.map((parent) => ({ label: t(`screens.${parent.id}.title`), to: appPath(parent) })),
    { label: t(`screens.${screen.id}.title`) },
  ];
  return (
    <ComingSoon
      variant={screen.newFeature ? 'new' : 'soon'}
      title={t(`screens.${screen.id}.title`)}
      description={t(`screens.${screen.id}.description`)}
      breadcrumbs={breadcrumbs}
    />
  );
}
