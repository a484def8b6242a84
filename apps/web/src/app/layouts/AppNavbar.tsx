import type { ModuleKey } from '@despacho/domain';
import { NavLink, ScrollArea } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconLayoutDashboard,
  IconLifebuoy,
  IconSettings,
  IconShoppingCart,
  IconTruck,
  IconWallet,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { appPath, menuFor, screenAt, screenById, type Screen } from '../navigation';

const MODULE_ICONS: Record<ModuleKey, Icon> = {
  dashboard: IconLayoutDashboard,
  shipments: IconTruck,
  ecommerce: IconShoppingCart,
  warehousing: IconBuildingWarehouse,
  international_trade: IconWorld,
  finances: IconWallet,
  settings: IconSettings,
  help: IconLifebuoy,
};

/** The menu entry a screen belongs to: itself or its top breadcrumb ancestor. */
function entryOf(screen: Screen | undefined): Screen | undefined {
  let current = screen;
  while (current?.parent) current = screenById(current.parent);
  return current;
}

/** Modules and submodules of spec §2, only those the user's permissions open. */
export function AppNavbar({
  permissions,
  onNavigate,
}: {
  permissions: readonly string[];
  onNavigate: () => void;
}) {
  const { t } = useTranslation('navigation');
  const active = entryOf(screenAt(useLocation().pathname));
  // A module follows the page (open while it holds the active screen) until the user toggles it.
  const [toggled, setToggled] = useState<Partial<Record<ModuleKey, boolean>>>({});

  return (
    <ScrollArea p="sm" component="nav" aria-label={t('menu.label')}>
      {menuFor(permissions).map(({ module, screens }) => {
        const ModuleIcon = MODULE_ICONS[module];
        const [only] = screens;
        // Dashboard and Help have no submodules: the module itself is the link.
        if (only && screens.length === 1 && only.permission === module) {
          return (
            <NavLink
              key={module}
              component={Link}
              to={appPath(only)}
              label={t(`modules.${module}`)}
              leftSection={<ModuleIcon size={20} stroke={1.6} />}
              active={active === only}
              onClick={onNavigate}
              fw={600}
            />
          );
        }
        return (
          <NavLink
            key={module}
            label={t(`modules.${module}`)}
            leftSection={<ModuleIcon size={20} stroke={1.6} />}
            opened={toggled[module] ?? screens.some((screen) => screen === active)}
            onChange={(opened) => setToggled((current) => ({ ...current, [module]: opened }))}
            childrenOffset={34}
            fw={600}
          >
            {screens.map((screen) => (
              <NavLink
                key={screen.id}
                component={Link}
                to={appPath(screen)}
                label={t(`screens.${screen.id}.title`)}
                active={active === screen}
                onClick={onNavigate}
                fw={400}
              />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
