// Keeps only the newest of overlapping requests: an answer to an older query
// that arrives late is dropped instead of replacing the newer one on screen.

export const STALE = Symbol('stale');

export function latestOnly() {
  let seq = 0;
  return {
    /** Resolves with the value, or STALE when a newer request started meanwhile. */
    async track<T>(p: Promise<T>): Promise<T | typeof STALE> {
      const mine = ++seq;
      const v = await p;
      return mine === seq ? v : STALE;
    },
    /** Makes every request in flight stale (e.g. the query was cleared). */
    cancel(): void {
      seq++;
    },
  };
}
