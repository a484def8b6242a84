import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Organization, Session, User } from '@despacho/domain';
import { signInByApi } from './api';
import { E2E_BASE_URL } from './env';

/**
 * The browser session as apps/web/src/lib/session.ts stores it: one record under SESSION_KEY
 * and, beside it in the same storage, the refresh token. "Remember me" (LOCAL) keeps both in
 * localStorage, otherwise (SESSION) in sessionStorage. That module touches `window` when it
 * loads, so its keys are repeated here; the specs fail loudly if they drift apart.
 */
export const SESSION_KEY = 'despacho.session';
export const REFRESH_TOKEN_KEY = 'despacho.refresh_token';

export type SessionStrategy = 'LOCAL' | 'SESSION';

export interface SessionRecord {
  strategy: SessionStrategy;
  token: string;
  user: User;
  organization: Organization | null;
}

export interface Credentials {
  email: string;
  password: string;
}

/** What one Web Storage area holds of the session. */
export interface StoredSide {
  record: SessionRecord | null;
  refreshToken: string | null;
}

export interface StoredSession {
  local: StoredSide;
  session: StoredSide;
}

/** The page's globals these helpers touch (e2e code is type-checked without the DOM library). */
interface BrowserGlobals {
  localStorage: Storage;
  sessionStorage: Storage;
  location: { origin: string };
}
interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The record `saveSession(session, strategy)` writes. */
export function sessionRecord(session: Session, strategy: SessionStrategy): SessionRecord {
  return {
    strategy,
    token: session.access_token,
    user: session.user,
    organization: session.organization,
  };
}

/**
 * Stores `session` in this tab exactly as the app's login does, before the app's first script
 * runs on the next page load. Only once per tab: a reload afterwards sees what the app made of
 * it (a refreshed token, a logout), and other tabs of the context get nothing.
 */
export async function signIn(
  page: Page,
  session: Session,
  strategy: SessionStrategy = 'SESSION',
): Promise<void> {
  const marker = `e2e.signed-in.${session.refresh_token.slice(0, 12)}`;
  await page.addInitScript(
    ({ origin, marker, keys, record, refreshToken }) => {
      const browser = globalThis as unknown as BrowserGlobals;
      if (browser.location.origin !== origin || browser.sessionStorage.getItem(marker)) return;
      browser.sessionStorage.setItem(marker, '1');
      const storage = record.strategy === 'LOCAL' ? browser.localStorage : browser.sessionStorage;
      storage.setItem(keys.session, JSON.stringify(record));
      storage.setItem(keys.refresh, refreshToken);
    },
    {
      origin: new URL(E2E_BASE_URL).origin,
      marker,
      keys: { session: SESSION_KEY, refresh: REFRESH_TOKEN_KEY },
      record: sessionRecord(session, strategy),
      refreshToken: session.refresh_token,
    },
  );
}

/** Logs in through the API and stores the session in the tab: for specs not about the login. */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  credentials: Credentials,
  strategy: SessionStrategy = 'SESSION',
): Promise<Session> {
  const session = await signInByApi(request, {
    email: credentials.email,
    password: credentials.password,
    remember_me: strategy === 'LOCAL',
  });
  await signIn(page, session, strategy);
  return session;
}

/** What the current page's localStorage and sessionStorage hold of the session. */
export async function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate(
    ({ sessionKey, refreshKey }) => {
      const browser = globalThis as unknown as BrowserGlobals;
      const read = (storage: Storage) => {
        const raw = storage.getItem(sessionKey);
        return {
          record: raw ? (JSON.parse(raw) as SessionRecord) : null,
          refreshToken: storage.getItem(refreshKey),
        };
      };
      return { local: read(browser.localStorage), session: read(browser.sessionStorage) };
    },
    { sessionKey: SESSION_KEY, refreshKey: REFRESH_TOKEN_KEY },
  );
}

/** The side (LOCAL or SESSION) that holds the record; fails when none does. */
export async function currentSession(page: Page): Promise<StoredSide & { record: SessionRecord }> {
  const stored = await storedSession(page);
  const side = stored.local.record ? stored.local : stored.session;
  if (!side.record) throw new Error('No session is stored in this tab');
  return side as StoredSide & { record: SessionRecord };
}

/** Overwrites the stored access token (e.g. with an expired one), where the app keeps it. */
export async function replaceStoredToken(page: Page, token: string): Promise<void> {
  await page.evaluate(
    ({ sessionKey, token }) => {
      const browser = globalThis as unknown as BrowserGlobals;
      for (const storage of [browser.localStorage, browser.sessionStorage]) {
        const raw = storage.getItem(sessionKey);
        if (raw) storage.setItem(sessionKey, JSON.stringify({ ...JSON.parse(raw), token }));
      }
    },
    { sessionKey: SESSION_KEY, token },
  );
}

/** Neither storage holds anything of a session (after logout, or when it was refused). */
export async function expectNoStoredSession(page: Page): Promise<void> {
  expect(await storedSession(page)).toEqual({
    local: { record: null, refreshToken: null },
    session: { record: null, refreshToken: null },
  });
}
