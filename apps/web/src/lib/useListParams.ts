import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

interface ListParamsOptions {
  /** The URL parameter of the search text. */
  searchParam?: string;
  /** Replace the history entry on a page change too (Back then leaves the list at once). */
  replacePage?: boolean;
  debounceMs?: number;
}

/**
 * A list's search text and page kept in the URL (?q=&page=), so a reload or the Back button keeps
 * the list. The typed text (`text`, for the search box) is debounced into `search`; a new search
 * goes back to page 1; a Back/Forward that changes the search puts its text in the box.
 */
export function useListParams({
  searchParam = 'q',
  replacePage = false,
  debounceMs = 300,
}: ListParamsOptions = {}) {
  const [params, setParams] = useSearchParams();
  const search = params.get(searchParam) ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text, debounceMs);
  // The search last written to (or read from) the URL: a back/forward navigation changes it from
  // outside, and the box follows; typing changes it from inside, after the debounce.
  const known = useRef(search);

  useEffect(() => {
    if (search === known.current) return;
    known.current = search;
    setText(search);
  }, [search]);

  useEffect(() => {
    const next = debounced.trim();
    if (next === known.current) return;
    known.current = next;
    setParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next) params.set(searchParam, next);
        else params.delete(searchParam);
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  }, [debounced, setParams, searchParam]);

  const setPage = (value: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value > 1) next.set('page', String(value));
        else next.delete('page');
        return next;
      },
      { replace: replacePage },
    );

  return { search, page, text, setText, setPage };
}
