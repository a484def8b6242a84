import type { Organization, Session, User } from '@despacho/domain';

/**
 * The browser session of spec §3: one record `{strategy, token, user, organization}` and, apart
 * from it, the refresh token. "Remember me" keeps both in localStorage (LOCAL); otherwise they
 * live in sessionStorage (SESSION) and end with the tab.
 */
export type SessionStrategy = 'LOCAL' | 'SESSION';

export interface SessionRecord {
  strategy: SessionStrategy;
  token: string;
  user: User;
  organization: Organization | null;
}

export const SESSION_KEY = 'despacho.session';
export const REFRESH_TOKEN_KEY = 'despacho.refresh_token';

const storageOf = (strategy: SessionStrategy): Storage =>
  strategy === 'LOCAL' ? window.localStorage : window.sessionStorage;

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedRecord: SessionRecord | null = null;

function notify() {
  for (const listener of listeners) listener();
}

function rawRecord(): string | null {
  return window.localStorage.getItem(SESSION_KEY) ?? window.sessionStorage.getItem(SESSION_KEY);
}

/** The stored session, parsed once per change so React can use it as a stable snapshot. */
export function readSession(): SessionRecord | null {
  const raw = rawRecord();
  if (raw === cachedRaw) return cachedRecord;
  cachedRaw = raw;
  try {
    cachedRecord = raw ? (JSON.parse(raw) as SessionRecord) : null;
  } catch {
    cachedRecord = null;
  }
  return cachedRecord;
}

export function readRefreshToken(): string | null {
  const session = readSession();
  return session ? storageOf(session.strategy).getItem(REFRESH_TOKEN_KEY) : null;
}

function write(record: SessionRecord, refreshToken?: string) {
  const storage = storageOf(record.strategy);
  storage.setItem(SESSION_KEY, JSON.stringify(record));
  if (refreshToken !== undefined) storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

/** Stores what login or the sign-up wizard answered, replacing any previous session. */
export function saveSession(session: Session, strategy: SessionStrategy) {
  clearStorage();
  write(
    {
      strategy,
      token: session.access_token,
      user: session.user,
      organization: session.organization,
    },
    session.refresh_token,
  );
}

/** Keeps the record's strategy; used after a token refresh and when the user changes. */
export function updateSession(
  patch: Partial<Pick<SessionRecord, 'token' | 'user' | 'organization'>>,
  refreshToken?: string,
) {
  const current = readSession();
  if (current) write({ ...current, ...patch }, refreshToken);
}

function clearStorage() {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    storage.removeItem(SESSION_KEY);
    storage.removeItem(REFRESH_TOKEN_KEY);
  }
}

export function clearSession() {
  clearStorage();
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes localStorage; follow it here too.
window.addEventListener('storage', (event) => {
  if (event.key === SESSION_KEY || event.key === null) notify();
});
