import type { PermissionKey } from '@despacho/domain';
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * Every authenticated screen of spec §2 in one table: its path under /app, the permission that
 * opens it, its place in the menu and breadcrumb, and its page. Each domain lists its own
 * (`features/<domain>/screens.ts`) and the app merges them (`app/navigation.ts`): the router,
 * the guard and the menu read that table; texts live in `locales/<lang>/navigation.json` under `screens.<id>`.
 */
export interface Screen {
  id: string;
  /** Path under /app, with the spec's spellings. */
  path: string;
  permission: PermissionKey;
  /** This screen is its permission's entry in the menu. */
  menu?: boolean;
  /**
   * Listed in the menu too, after its permission's entry, without naming the permission (a
   * second entry of one permission, like the guides list under Create shipment's).
   */
  alsoInMenu?: boolean;
  /** The screen one level up in the breadcrumb. */
  parent?: string;
  /** A placeholder of the spec: shows the "new feature" page instead of "coming soon". */
  newFeature?: boolean;
  /**
   * Any member may open it (the screen limits itself to what they hold); the menu entry still
   * follows `permission`.
   */
  openToMembers?: boolean;
  /** The built page; a screen without one shows its "coming soon" page. */
  page?: () => Promise<ComponentType>;
}

/** The staff menu's groups, in menu order: a new staff screen joins one, it needs no new list. */
export const STAFF_MENU_GROUPS = ['accounts', 'money', 'warehouse', 'platform'] as const;
export type StaffMenuGroup = (typeof STAFF_MENU_GROUPS)[number];

/**
 * A screen of the operators' console (`/staff`), listed by its domain as `staffScreens` in
 * `features/<domain>/screens.ts`: the app builds the staff routes and menu from them
 * (`app/staff-navigation.ts`). Platform staff open every one; the guard keeps everyone else out.
 */
export interface StaffScreen {
  id: string;
  /** Path under /staff; `''` is the console's first screen. */
  path: string;
  /** Its menu entry; a screen without one (a detail) names the entry it belongs to as `parent`. */
  menu?: {
    group: StaffMenuGroup;
    /** The entry's text as `namespace:key`, in the domain's own texts. */
    label: string;
    Icon: Icon;
  };
  /** The menu entry shown active while this screen is open. */
  parent?: string;
  page: () => Promise<ComponentType>;
}
