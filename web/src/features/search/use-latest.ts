// Runs an async request whenever its key changes and keeps only the newest
// answer: a slow response to an older query never overwrites a newer one.
import { useEffect, useRef, useState } from 'react';
import { latestOnly, STALE } from './latest';

export interface Latest<T> {
  data: T | null;
  loading: boolean;
  /** The key the data answers (may lag behind the current key while loading). */
  key: string | null;
}

export function useLatest<T>(key: string | null, run: () => Promise<T>): Latest<T> {
  const [state, setState] = useState<Latest<T>>({ data: null, loading: false, key: null });
  const latest = useRef(latestOnly());
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    if (key === null) {
      latest.current.cancel();
      setState({ data: null, loading: false, key: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    latest.current.track(runRef.current()).then(
      (data) => {
        if (data !== STALE) setState({ data, loading: false, key });
      },
      () => setState((s) => ({ ...s, loading: false })),
    );
  }, [key]);
  return state;
}
