import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A server-paginated list's state kept in the URL (`?search=&page=`, plus any filter), so a
 * reload or a shared link shows the same page. Changing anything but the page starts again at 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get('page')) || 1);

  // React Router's functional update sees the URL of the last render, not a change made in the
  // same tick: two setParam calls in a row build on the pending one so neither is lost.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);

  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(pending.current ?? params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    pending.current = next;
    setParams(next);
  };

  /** The filter `key` when the URL holds one of `values`, else `fallback`. */
  function choice<T extends string>(key: string, values: readonly T[]): T | undefined;
  function choice<T extends string>(key: string, values: readonly T[], fallback: T): T;
  function choice<T extends string>(key: string, values: readonly T[], fallback?: T) {
    const value = params.get(key);
    return (values as readonly (string | null)[]).includes(value) ? (value as T) : fallback;
  }

  return { params, search, setSearch, debouncedSearch, page, setParam, choice };
}
