import { useEffect, useState } from 'react';
import { PLACES_MIN_QUERY, type PlaceItem } from '../../../../api/contracts/places';
import { searchPlaces } from '../api/search-places';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_FAILED = 'Ошибка поиска';

export type PlaceSearch =
  { state: 'idle' } | { state: 'loading' } | { state: 'done'; items: PlaceItem[] } | { state: 'error'; message: string };

/** City suggestions for `query`: from 2 characters, 300 ms after the last keystroke, stale answers dropped. */
export function usePlaceSearch(query: string, enabled: boolean): PlaceSearch {
  const [result, setResult] = useState<PlaceSearch>({ state: 'idle' });
  const q = query.trim();
  const active = enabled && q.length >= PLACES_MIN_QUERY;

  useEffect(() => {
    if (!active) {
      setResult({ state: 'idle' });
      return undefined;
    }
    setResult({ state: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPlaces(q, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setResult({ state: 'done', items });
        },
        () => {
          if (!controller.signal.aborted) setResult({ state: 'error', message: SEARCH_FAILED });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, active]);

  return result;
}
