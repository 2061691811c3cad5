import { useCallback, useEffect, useState } from 'react';
import { call, engineApi, isToolError, type OpenState } from '../engine/client';
import { acquireTabLock, waitForTabLock } from '../engine/tab-lock';
import { ensurePermission, forgetFolderHandle, loadFolderHandle } from '../engine/folder-handles';
import { useI18n } from '../i18n/i18n';
import { DropZone } from '../features/import/DropZone';
import { ImportPanel } from '../features/import/ImportPanel';
import { useImport } from '../features/import/use-import';
import { VaultList } from '../features/vaults/VaultList';
import { SearchView } from '../features/search/SearchView';
import { NoteView } from '../features/note/NoteView';
import { FirstRun } from '../features/first-run/FirstRun';
import { SAMPLE_VAULT_NAME, sampleVaultFiles } from '../features/first-run/sample-vault';
import type { VaultInfo } from '../../../worker/tools/vaults';
import type { FolderInput } from '../features/import/folder-input';

type Status = { phase: 'opening' } | { phase: 'locked' } | { phase: 'ready' } | { phase: 'failed'; message: string };

export function App() {
  const { t, lang, setLang } = useI18n();
  const [status, setStatus] = useState<Status>({ phase: 'opening' });
  const [vaults, setVaults] = useState<VaultInfo[]>([]);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<{ vault: string; path: string } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const r = await call('vaults');
    if (!isToolError(r)) setVaults(r.vaults);
    setRefreshKey((k) => k + 1);
  }, []);
  const { state: importState, importFolder, importTexts, cancel } = useImport(refresh);

  useEffect(() => {
    let live = true;
    const start = async () => {
      const owned = await acquireTabLock();
      if (!owned) {
        setStatus({ phase: 'locked' });
        await waitForTabLock();
        if (!live) return;
        setStatus({ phase: 'opening' });
      }
      const state: OpenState = await engineApi().open();
      if (!live) return;
      if (state.ok) {
        setStatus({ phase: 'ready' });
        await refresh();
      } else if (state.reason === 'locked') setStatus({ phase: 'locked' });
      else setStatus({ phase: 'failed', message: state.message });
    };
    void start();
    return () => {
      live = false;
    };
  }, [refresh]);

  const onFolders = useCallback(
    async (inputs: FolderInput[]) => {
      for (const input of inputs) await importFolder(input);
    },
    [importFolder],
  );

  const resync = useCallback(
    async (v: VaultInfo) => {
      const handle = await loadFolderHandle(v.name).catch(() => undefined);
      if (!handle || !(await ensurePermission(handle))) {
        setNotice(`${v.name}: ${t('import.choose')}`);
        return;
      }
      await importFolder({ kind: 'handle', name: handle.name, handle }, v.name);
    },
    [importFolder, t],
  );

  const remove = useCallback(
    async (v: VaultInfo) => {
      if (!window.confirm(t('vaults.removeConfirm', { vault: v.name }))) return;
      await engineApi().removeVault(v.name);
      await forgetFolderHandle(v.name).catch(() => undefined);
      await refresh();
    },
    [refresh, t],
  );

  if (status.phase === 'locked') {
    return (
      <main className="center-state" data-testid="locked">
        <h1>{t('app.locked.title')}</h1>
        <p>{t('app.locked.body')}</p>
      </main>
    );
  }
  if (status.phase === 'failed') {
    return (
      <main className="center-state" role="alert">
        <h1>{t('app.unavailable.title')}</h1>
        <p>{status.message}</p>
      </main>
    );
  }
  if (status.phase === 'opening') {
    return (
      <main className="center-state" aria-busy="true">
        <p>{t('app.opening')}</p>
      </main>
    );
  }

  return (
    <div className="app" data-testid="app-ready">
      <DropZone onFolders={onFolders} onError={setNotice} />
      <header className="topbar">
        <h1 className="brand">{t('app.title')}</h1>
        <input
          type="search"
          className="search-input"
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(null);
          }}
        />
        <select aria-label="Language / 言語" value={lang} onChange={(e) => setLang(e.target.value as 'en' | 'ja')}>
          <option value="en">English</option>
          <option value="ja">日本語</option>
        </select>
      </header>
      <div className="layout">
        <aside className="sidebar">
          <ImportPanel state={importState} onFolder={(i) => void importFolder(i)} onCancel={cancel} />
          {notice ? <p className="notice" role="status">{notice}</p> : null}
          <VaultList vaults={vaults} busy={importState.running} onResync={(v) => void resync(v)} onRemove={(v) => void remove(v)} />
        </aside>
        <main className="content">
          {open ? (
            <NoteView vault={open.vault} path={open.path} onBack={() => setOpen(null)} />
          ) : vaults.length === 0 ? (
            <FirstRun busy={importState.running} onSample={() => void importTexts(SAMPLE_VAULT_NAME, sampleVaultFiles())} />
          ) : (
            <SearchView query={query} refreshKey={refreshKey} onOpen={(vault, path) => setOpen({ vault, path })} />
          )}
        </main>
      </div>
    </div>
  );
}
