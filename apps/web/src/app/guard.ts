import { hasPermission } from '@despacho/domain';
import { homePath, LOGIN_PATH, REDIRECT_PARAM } from '../lib/paths';
import type { SessionRecord } from '../lib/session';
import { screenAt } from './navigation';

const isUnder = (pathname: string, root: string) =>
  pathname === root || pathname.startsWith(`${root}/`);

/** The public tracking page's root (decision 017): no sign-in, never sent home. */
export const TRACKING_ROOT = '/t';

export interface Target {
  pathname: string;
  search?: string;
}

/**
 * The navigation guard of spec §2/§4, as a pure decision: where to send the user instead of
 * `target`, or null to let the navigation through.
 * - `/app/**` and `/staff` need a token; without one → login, remembering the target.
 * - With a token: `/app` → home; a screen needs its permission (else → home); `/staff` needs staff.
 * - `/auth/**` (public) with a token → home.
 * - `/` → home with a token, login without.
 * - `/t/:trackingNumber` (public tracking) is open to all: unlike the auth screens, a signed-in
 *   user who opens a tracking link sees it too.
 * Anything else (mailbox, not-found) is open to all.
 */
export function decide(target: Target, session: SessionRecord | null): string | null {
  const { pathname } = target;
  const home = session ? homePath(session.user) : LOGIN_PATH;
  const redirectTo = (path: string) => (path === pathname ? null : path);

  if (pathname === '/') return home;
  if (isUnder(pathname, TRACKING_ROOT)) return null;
  if (isUnder(pathname, '/auth')) return session ? home : null;
  if (!isUnder(pathname, '/app') && !isUnder(pathname, '/staff')) return null;

  if (!session) {
    const back = `${pathname}${target.search ?? ''}`;
    return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: back }).toString()}`;
  }
  if (isUnder(pathname, '/staff')) return session.user.is_staff ? null : redirectTo(home);
  const screen = screenAt(pathname);
  if (!screen) return redirectTo(home);
  // Home is never refused, so a user missing its permission cannot bounce forever.
  const allowed =
    screen.openToMembers || hasPermission(session.user.permissions, screen.permission);
  return allowed ? null : redirectTo(home);
}
