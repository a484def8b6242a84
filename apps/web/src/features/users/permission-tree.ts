import {
  MODULE_KEYS,
  permissionsOfModule,
  type ModuleKey,
  type PermissionKey,
} from '@despacho/domain';

/** The menu's modules with their permission keys, in menu order: the tree a member's access is. */
export const PERMISSION_GROUPS: { module: ModuleKey; permissions: PermissionKey[] }[] =
  MODULE_KEYS.map((module) => ({ module, permissions: permissionsOfModule(module) }));
