import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/** The value once it has stopped changing for `delayMs` (the search box's 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
