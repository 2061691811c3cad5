import { describe, expect, it } from 'vitest';
import { latestOnly, STALE } from './latest';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('latest-only requests', () => {
  it('drops an older answer that arrives after a newer request started', async () => {
    const latest = latestOnly();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const a = latest.track(slow.promise); // "oau"
    const b = latest.track(fast.promise); // "oauth"
    fast.resolve('oauth results');
    slow.resolve('oau results');
    expect(await b).toBe('oauth results');
    expect(await a).toBe(STALE);
  });

  it('cancel() makes answers in flight stale', async () => {
    const latest = latestOnly();
    const d = deferred<number>();
    const a = latest.track(d.promise);
    latest.cancel();
    d.resolve(1);
    expect(await a).toBe(STALE);
  });
});
