import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type SessionRecord } from './session';

/** The stored session, re-rendering when it changes (login, refresh, language, logout). */
export function useSession(): SessionRecord | null {
  return useSyncExternalStore(subscribeSession, readSession);
}
