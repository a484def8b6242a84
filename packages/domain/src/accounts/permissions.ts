/**
 * Permission keys are the menu's modules and submodules (spec §2 "Menu").
 * A user holds submodule keys (`shipments.pickup`) and module keys for modules
 * without submodules (`dashboard`, `help`). A module shows when any of its keys is held.
 */
export const MODULES = {
  dashboard: [],
  shipments: ['quick_quote', 'create_shipment', 'pickup'],
  ecommerce: ['orders', 'clients', 'stores'],
  warehousing: ['products', 'warehouse_inventory', 'warehouse_entries', 'warehouse_exits'],
  international_trade: ['tariff_classification', 'my_shipments', 'create_international_shipment'],
  finances: ['purchases', 'deposits', 'billing', 'financing'],
  settings: ['my_company', 'address_book', 'packages', 'carriers', 'vendors', 'users'],
  help: [],
} as const satisfies Record<string, readonly string[]>;

export type ModuleKey = keyof typeof MODULES;
type SubmoduleOf<M extends ModuleKey> = `${M}.${(typeof MODULES)[M][number]}`;
export type PermissionKey = {
  [M in ModuleKey]: (typeof MODULES)[M] extends readonly [] ? M : SubmoduleOf<M>;
}[ModuleKey];

export const MODULE_KEYS = Object.keys(MODULES) as ModuleKey[];

export const ALL_PERMISSIONS: PermissionKey[] = MODULE_KEYS.flatMap((module) => {
  const submodules: readonly string[] = MODULES[module];
  return (
    submodules.length === 0 ? [module] : submodules.map((s) => `${module}.${s}`)
  ) as PermissionKey[];
});

export function isPermissionKey(value: string): value is PermissionKey {
  return (ALL_PERMISSIONS as string[]).includes(value);
}

export function moduleOf(permission: PermissionKey): ModuleKey {
  return permission.split('.')[0] as ModuleKey;
}

export function permissionsOfModule(module: ModuleKey): PermissionKey[] {
  return ALL_PERMISSIONS.filter((permission) => moduleOf(permission) === module);
}

/** True when the user holds the key, or — for a module key — any of its submodules. */
export function hasPermission(
  held: readonly string[],
  required: PermissionKey | ModuleKey,
): boolean {
  if (held.includes(required)) return true;
  return !required.includes('.') && held.some((key) => key.startsWith(`${required}.`));
}

/**
 * The built-in roles every organization has. Owners and administrators hold everything (only
 * owners make or unmake owners); a member holds the permissions chosen for them, stored with the
 * user; shipping-only users hold Shipments.
 */
export const SYSTEM_ROLES = {
  owner: ALL_PERMISSIONS,
  administrator: ALL_PERMISSIONS,
  member: [],
  shipping: permissionsOfModule('shipments'),
} as const satisfies Record<string, PermissionKey[]>;
export type SystemRole = keyof typeof SYSTEM_ROLES;
export const SYSTEM_ROLE_KEYS = Object.keys(SYSTEM_ROLES) as SystemRole[];

export function isSystemRole(value: string): value is SystemRole {
  return Object.hasOwn(SYSTEM_ROLES, value);
}

/**
 * General users land on the Dashboard (spec §6): holding anything outside Shipments (other than
 * the Dashboard itself) brings the Dashboard with it. Only shipping-only users go without.
 */
export function impliesDashboard(held: readonly string[]): boolean {
  return held.some((key) => key !== 'dashboard' && !key.startsWith('shipments.'));
}

/**
 * What a system role grants: the role's fixed set, or for `member` the valid keys chosen for the
 * user (with the Dashboard, their home, when they are not shipping-only). The one rule behind
 * every user's effective permissions (API checks, `GET me`, the menu).
 */
export function rolePermissions(role: SystemRole, chosen: readonly string[] = []): PermissionKey[] {
  if (role !== 'member') return [...SYSTEM_ROLES[role]];
  const home = impliesDashboard(chosen.filter(isPermissionKey)) ? ['dashboard'] : [];
  return ALL_PERMISSIONS.filter((key) => chosen.includes(key) || home.includes(key));
}

/** Shipping-only users hold nothing outside Shipments; their home is Shipment, not Dashboard. */
export function isShippingOnly(held: readonly string[]): boolean {
  return held.length > 0 && held.every((key) => key.startsWith('shipments.'));
}

/** Where a user lands: platform staff on the operators' console, then by permissions. */
export type HomeScreen = 'shipment' | 'dashboard' | 'staff';
export function homeScreen(held: readonly string[], isStaff = false): HomeScreen {
  if (isStaff && held.length === 0) return 'staff';
  return isShippingOnly(held) ? 'shipment' : 'dashboard';
}
