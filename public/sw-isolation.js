// Imported first by the service worker that vite-plugin-pwa generates
// (vite.config.ts, workbox.importScripts). Every response the service worker
// hands to the page gets the cross-origin isolation headers, so the app is
// isolated (SharedArrayBuffer, ONNX Runtime threads) from its second load
// on even where the static host sends no headers. It wraps the fetch
// listeners registered after it (Workbox's router) rather than answering
// requests itself, so caching stays Workbox's.
const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function isolated(response) {
  // Opaque and error responses cannot be copied with new headers; they are passed on as they are.
  if (!response || response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) return response;
  // One that has them already is passed on too: a copy is a new Response to Chromium, which then
  // neither stores nor reads its WebAssembly code cache for it (sqlite3.wasm compiled anew each load).
  if (Object.keys(ISOLATION).every((name) => response.headers.has(name))) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) if (!headers.has(name)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const addListener = self.addEventListener.bind(self);
self.addEventListener = function (type, listener, options) {
  if (type !== 'fetch' || typeof listener !== 'function') return addListener(type, listener, options);
  return addListener(
    'fetch',
    (event) => {
      const respondWith = event.respondWith.bind(event);
      Object.defineProperty(event, 'respondWith', { value: (answer) => respondWith(Promise.resolve(answer).then(isolated)) });
      return listener.call(self, event);
    },
    options,
  );
};
