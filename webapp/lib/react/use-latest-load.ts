import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { errorDetail } from '../api/error-text';

export interface LatestLoad<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** Asks again; from this call on, only the new request's answer is taken. */
  reload(): void;
  /** Changes the data in place (an edited row), without asking again. */
  update(change: (data: T) => T): void;
}

/**
 * What `load()` answers for `key`, asked again when `key` changes or on reload(). Each request takes a number, and
 * only the answer of the latest one is taken: a reload or a new key makes every earlier answer stale at once, not
 * only when React next runs the effect (an old answer in between would show old data and end 'loading' too soon).
 * A failure keeps the last data when `keepOnError` (a page of a table stays under its error), and clears it otherwise.
 */
export function useLatestLoad<T>(load: () => Promise<T>, key: string, { keepOnError = false } = {}): LatestLoad<T> {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({
    data: null,
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // Another key: loading again at once, adjusted while rendering.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setState((s) => ({ ...s, loading: true, error: null }));
  }
  const ask = useEffectEvent(load);
  useEffect(() => {
    const id = ++latest.current;
    const live = () => id === latest.current;
    ask().then(
      (data) => live() && setState({ data, loading: false, error: null }),
      (err: unknown) => live() && setState((s) => ({ data: keepOnError ? s.data : null, loading: false, error: errorDetail(err) ?? '' })),
    );
    return () => {
      latest.current += 1;
    };
  }, [key, attempt, keepOnError]);
  const reload = useCallback(() => {
    latest.current += 1;
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => {
    setState((s) => (s.data === null ? s : { ...s, data: change(s.data) }));
  }, []);
  return { ...state, reload, update };
}
