import {
  MODULE_KEYS,
  moduleOf,
  permissionsOfModule,
  type ApiKeyAccess,
  type ApiKeyScope,
  type ModuleKey,
} from '@despacho/domain';

/** The menu's modules with their permission keys, in menu order: what a key may be given. */
export const SCOPE_GROUPS = MODULE_KEYS.map((module) => ({
  module,
  permissions: permissionsOfModule(module),
}));

/** One module of a key as its list row says it: the access given, and to how many keys of it. */
export interface ModuleScope {
  module: ModuleKey;
  /** `mixed` when some of its keys are read-only and others read-write. */
  access: ApiKeyAccess | 'mixed';
  held: number;
  of: number;
}

/** A key's scopes folded per module, in menu order. */
export function scopesByModule(scopes: readonly ApiKeyScope[]): ModuleScope[] {
  return SCOPE_GROUPS.flatMap(({ module, permissions }) => {
    const mine = scopes.filter((scope) => moduleOf(scope.permission) === module);
    if (mine.length === 0) return [];
    const kinds = new Set(mine.map((scope) => scope.access));
    const access = kinds.size === 1 ? [...kinds][0]! : 'mixed';
    return [{ module, access, held: mine.length, of: permissions.length }];
  });
}
