import type { AuthHandlers } from './auth.routes';

/** Sign-in, refresh-token rotation and logout. None needs an access token. */
export const sessionHandlers: AuthHandlers<
  'login' | 'refresh' | 'verifyRefreshToken' | 'logout'
> = ({ sessions }) => ({
  login: async (request) => ({ data: await sessions.login(request.body) }),
  refresh: async (request) => ({ data: await sessions.refresh(request.body.refresh_token) }),
  verifyRefreshToken: async (request) => ({
    data: await sessions.check(request.query.refresh_token),
  }),
  logout: async (request) => {
    await sessions.logout(request.body.refresh_token);
    return { data: { ok: true as const } };
  },
});
