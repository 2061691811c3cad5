// Renders the app (loaded by main.tsx once the engine's start-up is under way).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { I18nProvider } from '../i18n/i18n';
import { registerServiceWorker } from './pwa';

export function mount(): void {
  performance.mark('page: app code loaded');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
  registerServiceWorker();
}
