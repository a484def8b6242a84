import {
  hasPermission,
  MODULE_KEYS,
  moduleOf,
  type ModuleKey,
  type PermissionKey,
} from '@despacho/domain';
import { matchPath } from 'react-router';
import type { Screen, StaffScreen } from '../lib/screens';

/** What a domain's `features/<domain>/screens.ts` lists: its app screens, its console screens. */
interface DomainScreens {
  screens?: readonly Screen[];
  staffScreens?: readonly StaffScreen[];
}

const screenFiles = import.meta.glob<DomainScreens>('../features/*/screens.ts', { eager: true });

/**
 * The domains with screens, one line each, in the spec's menu order: the menu lists a module's
 * entries, and the staff menu a group's, in the order they are registered here.
 */
export const SCREEN_DOMAINS = [
  'dashboard',
  'notifications',
  'shipments',
  'orders',
  'customers',
  'stores',
  'products',
  'inventory',
  'entries',
  'exits',
  'classification',
  'embarques',
  'international',
  'wallet',
  'billing',
  'financing',
  'accounts',
  'verification',
  'addresses',
  'packages',
  'carriers',
  'vendors',
  'users',
  'developers',
  'support',
  'jobs',
  'providers',
  'flows',
  'audit',
] as const;

export const screenFileOf = (domain: string) => `../features/${domain}/screens.ts`;

function screensOf(domain: string): DomainScreens {
  const file = screenFiles[screenFileOf(domain)];
  if (!file) throw new Error(`features/${domain}/screens.ts is missing`);
  return file;
}

/** Every `screens.ts` found, registered or not (`navigation.test.ts` checks both agree). */
export const SCREEN_FILES = Object.keys(screenFiles);

/** Every authenticated screen of the app. */
export const SCREENS: readonly Screen[] = SCREEN_DOMAINS.flatMap((d) => screensOf(d).screens ?? []);

/** Every screen of the operators' console (`app/staff-navigation.ts` builds its menu). */
export const STAFF_SCREENS: readonly StaffScreen[] = SCREEN_DOMAINS.flatMap(
  (d) => screensOf(d).staffScreens ?? [],
);

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
