import {
  MODULE_KEYS,
  moduleOf,
  permissionsOfModule,
  type ModuleKey,
  type PermissionKey,
} from '@despacho/domain';
import { SCREENS } from '../../app/navigation';

/** The menu's modules with their permission keys, in menu order: the tree a member's access is. */
export const PERMISSION_GROUPS: { module: ModuleKey; permissions: PermissionKey[] }[] =
  MODULE_KEYS.map((module) => ({ module, permissions: permissionsOfModule(module) }));

/**
 * The `navigation` text naming a permission, as the menu shows it: a submodule by the title of
 * its menu screen, a module without submodules (Dashboard, Help) by the module's name.
 */
export function permissionLabelKey(permission: PermissionKey): string {
  const screen = SCREENS.find((entry) => entry.menu && entry.permission === permission);
  if (permission.includes('.') && screen) return `screens.${screen.id}.title`;
  return `modules.${moduleOf(permission)}`;
}
