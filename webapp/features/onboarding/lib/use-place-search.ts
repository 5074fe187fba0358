import { useEffect, useState } from 'react';
import { PLACES_MIN_QUERY, type PlaceItem } from '../../../../contracts/places';
import { searchPlaces } from '../api/search-places';

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_FAILED = 'Ошибка поиска';

export type PlaceSearch =
  { state: 'idle' } | { state: 'loading' } | { state: 'done'; items: PlaceItem[] } | { state: 'error'; message: string };

/** City suggestions for `query`: from 2 characters, 300 ms after the last keystroke, stale answers dropped. */
export function usePlaceSearch(query: string, enabled: boolean): PlaceSearch {
  const q = query.trim();
  const active = enabled && q.length >= PLACES_MIN_QUERY;
  const [result, setResult] = useState<PlaceSearch>(active ? { state: 'loading' } : { state: 'idle' });
  // A new query (or search turned on or off): loading or idle at once, adjusted while rendering.
  const [asked, setAsked] = useState({ q, active });
  if (asked.q !== q || asked.active !== active) {
    setAsked({ q, active });
    setResult(active ? { state: 'loading' } : { state: 'idle' });
  }

  useEffect(() => {
    if (!active) return undefined;
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
