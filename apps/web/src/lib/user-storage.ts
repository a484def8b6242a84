import { readSession } from './session';

/**
 * One value kept in sessionStorage (this tab only) under the signed-in user, so another user
 * signing in on the tab never reads it; nothing is kept while signed out.
 */
export function userSessionItem<T>(name: string) {
  const storageKey = () => {
    const user = readSession()?.user.id;
    return user ? `despacho.${name}:${user}` : null;
  };
  return {
    save(value: T): void {
      const key = storageKey();
      if (key) window.sessionStorage.setItem(key, JSON.stringify(value));
    },
    load(): T | null {
      const key = storageKey();
      const raw = key ? window.sessionStorage.getItem(key) : null;
      if (!raw) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    clear(): void {
      const key = storageKey();
      if (key) window.sessionStorage.removeItem(key);
    },
  };
}
