import { beforeEach, describe, expect, it } from 'vitest';
import { makeSession, makeUser } from '../test/fixtures';
import {
  clearSession,
  readRefreshToken,
  readSession,
  REFRESH_TOKEN_KEY,
  saveSession,
  SESSION_KEY,
  updateSession,
} from './session';

describe('session storage', () => {
  beforeEach(() => clearSession());

  it('keeps a remembered session in localStorage, refresh token apart', () => {
    saveSession(makeSession(), 'LOCAL');
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    expect(stored).toMatchObject({ strategy: 'LOCAL', token: 'access-1' });
    expect(stored.user.email).toBe('ana@example.mx');
    expect(stored.organization.company).toBe('Comercial Jade');
    expect(stored).not.toHaveProperty('refresh_token');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('keeps a session without remember-me in sessionStorage only', () => {
    saveSession(makeSession(), 'SESSION');
    expect(sessionStorage.getItem(SESSION_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(readSession()?.strategy).toBe('SESSION');
    expect(readRefreshToken()).toBe('refresh-1');
  });

  it('replaces a session of the other strategy', () => {
    saveSession(makeSession(), 'LOCAL');
    saveSession(makeSession({ access_token: 'access-2' }), 'SESSION');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(readSession()).toMatchObject({ strategy: 'SESSION', token: 'access-2' });
  });

  it('updates token and user in the storage the session lives in', () => {
    saveSession(makeSession(), 'LOCAL');
    updateSession({ token: 'access-2', user: makeUser({ language: 'en' }) }, 'refresh-2');
    expect(readSession()).toMatchObject({ strategy: 'LOCAL', token: 'access-2' });
    expect(readSession()?.user.language).toBe('en');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it('clears both storages', () => {
    saveSession(makeSession(), 'LOCAL');
    clearSession();
    expect(readSession()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });
});
