import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// Content Security Policy of the built app, defence in depth behind the
// Markdown sanitiser: no inline or foreign script, no frames, plugins, forms or
// <base>, images only from the app itself. Build only: the dev server injects
// an inline script for hot reload.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src *",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

// Cross-origin isolation: SharedArrayBuffer, so ONNX Runtime can embed on several
// threads. Every file the app loads is its own, so require-corp blocks nothing.
// The service worker adds the same headers to what it serves (public/sw-isolation.js).
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'kioku-csp',
      apply: 'build',
      transformIndexHtml: (html) => html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
    },
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the manifest
      workbox: {
        // Precache everything the app needs offline: the app, SQLite's wasm,
        // ONNX Runtime's CPU build (14 MB) and the bundled embedding model.
        globPatterns: ['**/*.{js,mjs,css,html,wasm,onnx,json,webmanifest,svg,png,txt,md}'],
        // ONNX Runtime's WebGPU-capable build (27 MB) only serves machines with a
        // WebGPU adapter (worker/embed/ort-build.ts): kept once one fetches it.
        globIgnores: ['**/ort-wasm-simd-threaded.asyncify-*'],
        runtimeCaching: [{ urlPattern: /\/ort-wasm-simd-threaded\.asyncify-[^/]*\.(?:wasm|mjs)$/, handler: 'CacheFirst', options: { cacheName: 'kioku-onnx-webgpu', expiration: { maxEntries: 2 } } }],
        maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // Before Workbox's own code, so it wraps the router's fetch listener.
        importScripts: ['sw-isolation.js'],
      },
    }),
  ],
  worker: { format: 'es' },
  optimizeDeps: {
    include: ['comlink', 'yaml'],
    exclude: ['@sqlite.org/sqlite-wasm'],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  preview: { port: 4173, strictPort: true, headers: ISOLATION_HEADERS },
  server: { port: 5173, headers: ISOLATION_HEADERS },
});
