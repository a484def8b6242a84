import {
  hasPermission,
  MODULE_KEYS,
  moduleOf,
  type ModuleKey,
  type PermissionKey,
} from '@despacho/domain';
import { matchPath } from 'react-router';
import type { Screen } from '../lib/screens';
import { screens as dashboard } from '../features/dashboard/screens';
import { screens as shipments } from '../features/shipments/screens';
import { screens as orders } from '../features/orders/screens';
import { screens as customers } from '../features/customers/screens';
import { screens as stores } from '../features/stores/screens';
import { screens as products } from '../features/products/screens';
import { screens as inventory } from '../features/inventory/screens';
import { screens as entries } from '../features/entries/screens';
import { screens as exits } from '../features/exits/screens';
import { screens as classification } from '../features/classification/screens';
import { screens as international } from '../features/international/screens';
import { screens as wallet } from '../features/wallet/screens';
import { screens as billing } from '../features/billing/screens';
import { screens as financing } from '../features/financing/screens';
import { screens as accounts } from '../features/accounts/screens';
import { screens as verification } from '../features/verification/screens';
import { screens as addresses } from '../features/addresses/screens';
import { screens as packages } from '../features/packages/screens';
import { screens as carriers } from '../features/carriers/screens';
import { screens as vendors } from '../features/vendors/screens';
import { screens as users } from '../features/users/screens';
import { screens as developers } from '../features/developers/screens';
import { screens as support } from '../features/support/screens';

/**
 * Every authenticated screen: each domain's list, registered with one line, in the spec's menu
 * order (the menu lists a module's entries in the order they are registered here).
 */
export const SCREENS: readonly Screen[] = [
  ...dashboard,
  ...shipments,
  ...orders,
  ...customers,
  ...stores,
  ...products,
  ...inventory,
  ...entries,
  ...exits,
  ...classification,
  ...international,
  ...wallet,
  ...billing,
  ...financing,
  ...accounts,
  ...verification,
  ...addresses,
  ...packages,
  ...carriers,
  ...vendors,
  ...users,
  ...developers,
  ...support,
];

export type { Screen };

export const appPath = (screen: Screen) => `/app/${screen.path}`;

export function screenById(id: string): Screen | undefined {
  return SCREENS.find((screen) => screen.id === id);
}

/** The screen a URL shows; static paths win over `:id` ones, as in the router. */
export function screenAt(pathname: string): Screen | undefined {
  const matches = SCREENS.filter((screen) => matchPath(appPath(screen), pathname));
  return matches.find((screen) => !screen.path.includes(':')) ?? matches[0];
}

export function moduleOfScreen(screen: Screen): ModuleKey {
  return moduleOf(screen.permission);
}

export interface MenuModule {
  module: ModuleKey;
  screens: Screen[];
}

/** The menu a user sees: modules in spec order, each with the entries their permissions open. */
export function menuFor(permissions: readonly string[]): MenuModule[] {
  return MODULE_KEYS.map((module) => ({
    module,
    screens: SCREENS.filter(
      (screen) =>
        (screen.menu || screen.alsoInMenu) &&
        moduleOfScreen(screen) === module &&
        hasPermission(permissions, screen.permission),
    ),
  })).filter((entry) => entry.screens.length > 0);
}

/**
 * The `navigation` text naming a permission, as the menu shows it: a submodule by the title of
 * its menu screen, a module without submodules (Dashboard, Help) by the module's name.
 */
export function permissionLabelKey(permission: PermissionKey): string {
  const screen = SCREENS.find((entry) => entry.menu && entry.permission === permission);
  if (permission.includes('.') && screen) return `screens.${screen.id}.title`;
  return `modules.${moduleOf(permission)}`;
}
