// Only one tab may own the OPFS database (opfs-sahpool holds exclusive
// handles). A Web Lock held for the page's lifetime tells a second tab, before
// its worker touches storage at all, that Kioku is already open elsewhere.

const LOCK_NAME = 'kioku-database';

/** Resolves true when this tab now owns the database, false when another tab does. */
export function acquireTabLock(): Promise<boolean> {
  if (!('locks' in navigator)) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request(LOCK_NAME, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(false);
          return undefined;
        }
        resolve(true);
        // Held until the tab closes.
        return new Promise<void>(() => {});
      })
      .catch(() => resolve(true));
  });
}

/** Waits until the other tab closes, then takes the lock. */
export function waitForTabLock(): Promise<void> {
  return new Promise((resolve) => {
    void navigator.locks.request(LOCK_NAME, () => {
      resolve();
      return new Promise<void>(() => {});
    });
  });
}
