import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the manifest
      workbox: {
        // Precache everything the app needs offline: the app, SQLite's wasm,
        // ONNX Runtime's wasm (27 MB) and the bundled embedding model.
        globPatterns: ['**/*.{js,mjs,css,html,wasm,onnx,json,webmanifest,svg,png,txt,md}'],
        maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es' },
  optimizeDeps: {
    include: ['comlink', 'yaml'],
    exclude: ['@sqlite.org/sqlite-wasm'],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
