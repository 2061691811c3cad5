// Runs an async request whenever its key changes and keeps only the newest
// answer: a slow response to an older query never overwrites a newer one.
import { useEffect, useRef, useState } from 'react';

export interface Latest<T> {
  data: T | null;
  loading: boolean;
  /** The key the data answers (may lag behind the current key while loading). */
  key: string | null;
}

export function useLatest<T>(key: string | null, run: () => Promise<T>): Latest<T> {
  const [state, setState] = useState<Latest<T>>({ data: null, loading: false, key: null });
  const seq = useRef(0);
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const mine = ++seq.current;
    if (key === null) {
      setState({ data: null, loading: false, key: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    runRef.current().then(
      (data) => {
        if (mine === seq.current) setState({ data, loading: false, key });
      },
      () => {
        if (mine === seq.current) setState((s) => ({ ...s, loading: false }));
      },
    );
  }, [key]);
  return state;
}
