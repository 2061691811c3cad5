// Registers the service worker that precaches the app for offline use.
// A new version waits until the user accepts the reload (see UpdatePrompt).

type Listener = (reload: () => void) => void;
const listeners = new Set<Listener>();

export function onUpdateAvailable(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const update = registerSW({
      immediate: true,
      onNeedRefresh() {
        for (const fn of listeners) fn(() => void update(true));
      },
    });
  });
}
