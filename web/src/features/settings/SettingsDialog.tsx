// Settings: language, theme, who I am in team spaces, embeddings, storage (used, quota, keep data),
// backup and restore of the database file, and deleting everything.
import { useEffect, useRef, useState } from 'react';
import { navigate, toolsHref } from '../tools/tools-route';
import { engineApi, isToolError } from '../../engine/client';
import { useCapabilities } from '../../engine/capabilities';
import { clearFolderHandles } from '../../engine/folder-handles';
import { useI18n, type Lang } from '../../i18n/i18n';
import { useApp } from '../../app/app-context';
import type { Theme } from '../../app/theme';
import { Dialog } from '../../ui/Dialog';
import { download, today } from '../../ui/download';
import type { EmbedStatus } from '../search/use-embed-status';
import { IdentitySettings } from '../team/IdentitySettings';
import { settingsEmbedLine } from '../embed/embed-text';

interface Props {
  open: boolean;
  onClose(): void;
  theme: Theme;
  onTheme(t: Theme): void;
  embed: EmbedStatus | null;
  onWiped(): void;
}

interface Storage {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

function formatBytes(n: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: n < 10 && i > 0 ? 1 : 0 }).format(n)} ${units[i]}`;
}

export function SettingsDialog({ open, onClose, theme, onTheme, embed, onWiped }: Props) {
  const { t, lang, setLang, formatNumber } = useI18n();
  const caps = useCapabilities();
  const { refresh, notify } = useApp();
  const [storage, setStorage] = useState<Storage>({ usage: null, quota: null, persisted: null });
  const [message, setMessage] = useState<string | null>(null);
  const [confirmWipe, setConfirmWipe] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const measure = async () => {
    const est = await navigator.storage?.estimate?.().catch(() => null);
    const persisted = await navigator.storage?.persisted?.().catch(() => null);
    setStorage({ usage: est?.usage ?? null, quota: est?.quota ?? null, persisted: persisted ?? null });
  };
  useEffect(() => {
    if (open) {
      void measure();
      setMessage(null);
      setConfirmWipe(false);
    }
  }, [open]);

  const persist = async () => {
    const ok = await navigator.storage?.persist?.().catch(() => false);
    setMessage(ok ? t('settings.persistGranted') : t('settings.persistDenied'));
    await measure();
  };

  const backup = async () => {
    const bytes = await engineApi().exportDb();
    if (isToolError(bytes)) return setMessage(bytes.error.message);
    download(`kioku-backup-${today()}.sqlite3`, bytes as Uint8Array<ArrayBuffer>, 'application/vnd.sqlite3');
    setMessage(t('settings.backupDone'));
  };

  const restore = async (file: File) => {
    if (!window.confirm(t('settings.restoreConfirm', { name: file.name }))) return;
    const r = await engineApi().restoreDb(new Uint8Array(await file.arrayBuffer()));
    if (r.ok) {
      setMessage(t('settings.restoreDone'));
      await refresh();
    } else setMessage(r.message);
  };

  const wipe = async () => {
    const r = await engineApi().wipe();
    if (isToolError(r)) return setMessage(r.error.message);
    await clearFolderHandles().catch(() => undefined);
    setConfirmWipe(false);
    setMessage(t('settings.wiped'));
    await refresh();
    notify(t('settings.wiped'));
    onWiped();
  };

  const pct = storage.usage !== null && storage.quota ? Math.min(100, (100 * storage.usage) / storage.quota) : null;

  return (
    <Dialog open={open} title={t('settings.title')} onClose={onClose} closeLabel={t('common.close')} className="settings">
      <section aria-labelledby="set-look">
        <h3 id="set-look">{t('settings.appearance')}</h3>
        <div className="form-grid two">
          <label>
            <span>{t('settings.language')}</span>
            <select value={lang} onChange={(e) => setLang(e.target.value as Lang)} data-testid="language">
              <option value="en">English</option>
              <option value="ja">日本語</option>
            </select>
          </label>
          <label>
            <span>{t('settings.theme')}</span>
            <select value={theme} onChange={(e) => onTheme(e.target.value as Theme)}>
              <option value="system">{t('settings.theme.system')}</option>
              <option value="light">{t('settings.theme.light')}</option>
              <option value="dark">{t('settings.theme.dark')}</option>
            </select>
          </label>
        </div>
      </section>

      <IdentitySettings open={open} onSaved={() => void refresh()} />

      <section aria-labelledby="set-embed">
        <h3 id="set-embed">{t('settings.embeddings')}</h3>
        {!caps.modes ? (
          <p className="hint">{t('mode.unavailable')}</p>
        ) : embed ? (
          <p data-testid="settings-embed">{settingsEmbedLine(t, embed)}</p>
        ) : (
          <p className="hint">{t('settings.embedUnknown')}</p>
        )}
      </section>

      <section aria-labelledby="set-tools">
        <h3 id="set-tools">{t('settings.tools')}</h3>
        <p className="muted">{t('settings.toolsHelp')}</p>
        <a
          href={toolsHref({ tool: 'search', args: '{}' })}
          data-testid="open-tools"
          onClick={(e) => {
            e.preventDefault();
            onClose();
            navigate(toolsHref({ tool: 'search', args: '{}' }));
          }}
        >
          {t('settings.toolsOpen')}
        </a>
      </section>

      <section aria-labelledby="set-storage">
        <h3 id="set-storage">{t('settings.storage')}</h3>
        <p data-testid="storage-usage">
          {storage.usage !== null && storage.quota !== null
            ? t('settings.usage', { used: formatBytes(storage.usage, lang), quota: formatBytes(storage.quota, lang), pct: formatNumber(Math.round((pct ?? 0) * 10) / 10) })
            : t('settings.usageUnknown')}
        </p>
        {pct !== null ? <progress max={100} value={pct} aria-label={t('settings.storage')} /> : null}
        <p>
          {storage.persisted ? t('settings.persisted') : t('settings.notPersisted')}{' '}
          {!storage.persisted ? (
            <button type="button" className="secondary small" onClick={() => void persist()}>
              {t('settings.persist')}
            </button>
          ) : null}
        </p>
      </section>

      <section aria-labelledby="set-backup">
        <h3 id="set-backup">{t('settings.backup')}</h3>
        <p className="hint">{t('settings.backupHelp')}</p>
        <div className="editor-actions">
          <button type="button" className="secondary" onClick={() => void backup()}>
            {t('settings.backupButton')}
          </button>
          <button type="button" className="secondary" onClick={() => fileRef.current?.click()}>
            {t('settings.restoreButton')}
          </button>
          <input
            ref={fileRef}
            type="file"
            hidden
            accept=".sqlite3,.sqlite,.db,application/vnd.sqlite3,application/x-sqlite3"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void restore(f);
            }}
          />
        </div>
      </section>

      <section aria-labelledby="set-danger" className="danger-zone">
        <h3 id="set-danger">{t('settings.wipeTitle')}</h3>
        <p className="hint">{t('settings.wipeHelp')}</p>
        {confirmWipe ? (
          <div className="confirm" role="alertdialog" aria-labelledby="wipe-q">
            <p id="wipe-q">
              <strong>{t('settings.wipeConfirm')}</strong>
            </p>
            <div className="editor-actions">
              <button type="button" className="danger-button" onClick={() => void wipe()}>
                {t('settings.wipeYes')}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirmWipe(false)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="secondary danger" onClick={() => setConfirmWipe(true)}>
            {t('settings.wipeButton')}
          </button>
        )}
      </section>
      {message ? (
        <p className="notice" role="status">
          {message}
        </p>
      ) : null}
    </Dialog>
  );
}
