import type { User } from '@despacho/domain';

export const LOGIN_PATH = '/auth/login';
/** Query parameter of the login page holding where to return after signing in. */
export const REDIRECT_PARAM = 'redirect';

const HOME_PATHS = {
  shipment: '/app/shipment',
  dashboard: '/app/dashboard',
  staff: '/staff',
} as const satisfies Record<User['home'], string>;

/** Shipment for shipping-only users, the operators' console for staff, Dashboard for the rest. */
export function homePath(user: User): string {
  return HOME_PATHS[user.home];
}

/** A post-login target we accept: a path inside this app, never another site or the auth pages. */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/auth')) {
    return null;
  }
  return target;
}
