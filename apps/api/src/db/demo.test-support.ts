import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { seedDemo, type DEMO_LOGINS } from './seed';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A test app with the demo seeded once for the file, and `as(login, url)`: a GET as a demo
 * login, signed in once on the login screen, that must answer 200.
 */
export function seededDemo() {
  let app: TestApp | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    app = await createTestApp();
    // The seed's files go where this app serves them from, as `npm start` runs both on one DATA_DIR.
    vi.stubEnv('DATA_DIR', app.app.services.config.DATA_DIR);
    expect(await seedDemo(app.db, app.clock)).toBe(true);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await app?.close();
  });
  const ctx = () => app!;

  async function as(login: (typeof DEMO_LOGINS)[number], url: string) {
    if (!tokens.has(login.email)) {
      const signedIn = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: login.email, password: login.password },
      });
      tokens.set(login.email, signedIn.json().data.access_token as string);
    }
    const response = await ctx().app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${tokens.get(login.email)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }
  return { ctx, as };
}
