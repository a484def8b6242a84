import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
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

  const setParam = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  return { params, search, setSearch, debouncedSearch, page, setParam };
}
