import { matchPath } from 'react-router';
import { STAFF_MENU_GROUPS, type StaffScreen } from '../lib/screens';
import { STAFF_SCREENS } from './navigation';

export const staffPath = (screen: StaffScreen) => `/staff/${screen.path}`.replace(/\/$/, '');

/** The console's menu: entries by group, each group's in the order its domains are registered. */
export const STAFF_MENU = STAFF_MENU_GROUPS.flatMap((group) =>
  STAFF_SCREENS.flatMap(({ menu, ...screen }) =>
    menu?.group === group ? [{ ...screen, menu }] : [],
  ),
);

/** The id of the menu entry a URL belongs to: its screen's, or the one its screen names as parent. */
export function staffMenuEntryAt(pathname: string): string | undefined {
  const matches = STAFF_SCREENS.filter((screen) => matchPath(staffPath(screen), pathname));
  const screen = matches.find((match) => !match.path.includes(':')) ?? matches[0];
  if (!screen) return undefined;
  return screen.menu ? screen.id : screen.parent;
}
