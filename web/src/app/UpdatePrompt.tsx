// Offers to reload when a new version of the app has been downloaded.
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { onUpdateAvailable } from './pwa';

export function UpdatePrompt() {
  const { t } = useI18n();
  const [reload, setReload] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateAvailable((fn) => setReload(() => fn)), []);
  if (!reload) return null;
  return (
    <div className="toast" role="alert">
      <span>{t('pwa.update')}</span>
      <button type="button" className="small" onClick={reload}>
        {t('pwa.reload')}
      </button>
      <button type="button" className="secondary small" onClick={() => setReload(null)}>
        {t('pwa.later')}
      </button>
    </div>
  );
}
