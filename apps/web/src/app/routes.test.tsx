import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, generatePath } from 'react-router';
import { clearSession, saveSession } from '../lib/session';
import { makeSession, staffUser } from '../test/fixtures';
import { SCREENS, STAFF_SCREENS } from './navigation';
import { createRoutes } from './routes';

/** Where the router lands after opening `path`, redirects and lazy pages included. */
async function land(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  await vi.waitFor(() => {
    expect(router.state.initialized).toBe(true);
    expect(router.state.navigation.state).toBe('idle');
  });
  const { pathname, search } = router.state.location;
  const matched = router.state.matches.at(-1)?.route.path;
  router.dispose();
  return { url: pathname + search, matched };
}

describe('routes', () => {
  afterEach(() => clearSession());

  it('sends the root to login without a session and home with one', async () => {
    expect((await land('/')).url).toBe('/auth/login');
    saveSession(makeSession(), 'SESSION');
    expect((await land('/')).url).toBe('/app/dashboard');
  });

  it('redirects /auth to its login', async () => {
    expect((await land('/auth')).url).toBe('/auth/login');
  });

  it.each([
    ['/login', '/auth/login'],
    ['/login/anything?redirect=%2Fapp%2Forders', '/auth/login?redirect=%2Fapp%2Forders'],
    ['/register', '/auth/register'],
    ['/verify?user_id=42', '/auth/verify?user_id=42'],
    ['/forgotten-pasword', '/auth/forgotten-pasword'],
    ['/recovery-password/tok', '/auth/recovery-password/tok'],
    ['/wizard/tok', '/auth/wizard/tok'],
    ['/invitation?token=abc', '/auth/invitation?token=abc'],
    ['/invalid-token', '/auth/invalid-token'],
  ])('keeps the spec path %s as an alias of %s', async (path, canonical) => {
    expect((await land(path)).url).toBe(canonical);
  });

  it('asks for login before an app screen, remembering it', async () => {
    expect((await land('/app/orders')).url).toBe('/auth/login?redirect=%2Fapp%2Forders');
  });

  it('opens every screen of the table for a user holding every permission', async () => {
    saveSession(makeSession(), 'SESSION');
    for (const screen of SCREENS) {
      const path = generatePath(`/app/${screen.path}`, { id: '1' });
      expect(await land(path), path).toEqual({ url: path, matched: screen.path });
    }
    // Every screen's page is a lazy chunk loaded here one after another: more than the default
    // 5 s on a loaded machine, though each takes milliseconds.
  }, 20_000);

  it("opens every screen of the console's table for staff, and none for a merchant", async () => {
    for (const screen of STAFF_SCREENS) {
      const path = generatePath(`/staff/${screen.path}`, { organizationId: '1', id: '1' }).replace(
        /\/$/,
        '',
      );
      saveSession(makeSession({ user: staffUser() }), 'SESSION');
      expect(await land(path), path).toEqual({ url: path, matched: screen.path || undefined });
      saveSession(makeSession(), 'SESSION');
      expect((await land(path)).url, path).toBe('/app/dashboard');
    }
  });

  it('shows the not-found page for unknown paths, inside /app too', async () => {
    expect((await land('/nope')).matched).toBe('*');
    saveSession(makeSession(), 'SESSION');
    expect((await land('/app/nope')).matched).toBe('*');
  });

  it('keeps the public tracking page open with and without a session', async () => {
    const tracking = { url: '/t/EST1234567890', matched: 't/:trackingNumber?' };
    expect(await land('/t/EST1234567890')).toEqual(tracking);
    saveSession(makeSession(), 'SESSION');
    expect(await land('/t/EST1234567890')).toEqual(tracking);
  });

  it('keeps the mailbox public', async () => {
    expect(await land('/dev/mailbox')).toEqual({ url: '/dev/mailbox', matched: 'dev/mailbox' });
  });
});
