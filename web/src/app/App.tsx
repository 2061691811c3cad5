// The app shell: opens the engine, then lays out the query bar, the sidebar
// (import, vaults, scope) and the main area (search results or table, and the
// open note). All search state lives in the URL (state/use-search-state).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { call, engineApi, isToolError } from '../engine/client';
import { CapabilitiesContext, type Capabilities } from '../engine/capabilities';
import { ensurePermission, forgetFolderHandle, loadFolderHandle } from '../engine/folder-handles';
import { useI18n } from '../i18n/i18n';
import { DropZone } from '../features/import/DropZone';
import { ImportPanel } from '../features/import/ImportPanel';
import { useImport } from '../features/import/use-import';
import { FirstRun } from '../features/first-run/FirstRun';
import { SAMPLE_VAULT_NAME, sampleVaultFiles } from '../features/first-run/sample-vault';
import type { FolderInput } from '../features/import/folder-input';
import { VaultList } from '../features/vaults/VaultList';
import { SearchBox, type SearchBoxHandle } from '../features/search/SearchBox';
import { ModeSwitch } from '../features/search/ModeSwitch';
import { SearchPane, type ResultNav } from '../features/search/SearchPane';
import { useEmbedStatus } from '../features/search/use-embed-status';
import { useSemanticWarm } from '../features/search/use-semantic-warm';
import { NoteView } from '../features/note/NoteView';
import { NewNoteDialog } from '../features/note/NewNoteDialog';
import { ScopePanel } from '../features/scope/ScopePanel';
import { EmbedPanel } from '../features/embed/EmbedPanel';
import { useTypingHoldsEmbedding } from '../features/embed/typing-hold';
import { TeamPanel } from '../features/team/TeamPanel';
import { PinnedPanel } from '../features/team/PinnedPanel';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { addCondition, addTag } from '../features/filters/filter-model';
import { useSearchState } from '../state/use-search-state';
import { AppContext, type AppCtx } from './app-context';
import { useEngine } from './use-engine';
import { useTheme } from './theme';
import { UpdatePrompt } from './UpdatePrompt';
import type { VaultInfo } from '../../../worker/contract';
import { modelFolderFiles } from '../features/embed/model-drop';
import { ToolsPage } from '../features/tools/ToolsPage';
import { useToolsRoute } from '../features/tools/tools-route';
import { handOffOpeningShell, openingNote, openingShellShown } from './opening-shell';
import { isEditable } from '../ui/editable';

export function App() {
  const { t } = useI18n();
  const engine = useEngine();
  const toolsRoute = useToolsRoute();
  // The opening shell main.tsx drew stays until this draws something else; a focused query box hands over its focus.
  useLayoutEffect(() => {
    if (engine.phase !== 'opening') handOffOpeningShell(document.querySelector<HTMLInputElement>('#root .search-input'));
  }, [engine.phase]);
  if (engine.phase === 'locked') {
    return (
      <main className="center-state" data-testid="locked">
        <h1>{t('app.locked.title')}</h1>
        <p>{t('app.locked.body')}</p>
      </main>
    );
  }
  if (engine.phase === 'failed') {
    return (
      <main className="center-state" role="alert">
        <h1>{t('app.unavailable.title')}</h1>
        <p>{engine.message}</p>
      </main>
    );
  }
  if (engine.phase === 'no_worker') {
    return (
      <main className="center-state" role="alert" data-testid="no-worker">
        <h1>{t('app.workerFailed.title')}</h1>
        <p>{t('app.workerFailed.body', { detail: engine.detail ? ` (${engine.detail})` : '' })}</p>
      </main>
    );
  }
  if (engine.phase === 'opening') {
    if (openingShellShown()) return null;
    return (
      <main className="center-state" aria-busy="true">
        <p>{t(openingNote())}</p>
      </main>
    );
  }
  return (
    <CapabilitiesContext.Provider value={engine.caps}>
      {toolsRoute ? <ToolsPage route={toolsRoute} /> : <Shell caps={engine.caps} />}
    </CapabilitiesContext.Provider>
  );
}

function Shell({ caps }: { caps: Capabilities }) {
  const { t } = useI18n();
  const [state, update] = useSearchState();
  const [theme, setTheme] = useTheme();
  const [vaults, setVaults] = useState<VaultInfo[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [newNoteOpen, setNewNoteOpen] = useState(false);
  const [ranMode, setRanMode] = useState<string | null>(null);
  const searchBox = useRef<SearchBoxHandle>(null);
  const nav = useRef<ResultNav>(null);

  const refresh = useCallback(async () => {
    const r = await call('vaults');
    if (!isToolError(r)) setVaults(r.vaults);
    setLoaded(true);
    setRefreshKey((k) => k + 1);
  }, []);
  const { state: importState, importFolder, importTexts, cancel } = useImport(refresh);
  const embed = useEmbedStatus(refreshKey);
  const warm = useSemanticWarm(embed, ranMode);
  useTypingHoldsEmbedding(caps.embedStatus);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Automation hook (tests, power users): import a directory handle, e.g. one from OPFS.
  useEffect(() => {
    (window as unknown as { kiokuImportHandle?: unknown }).kiokuImportHandle = (handle: FileSystemDirectoryHandle) =>
      importFolder({ kind: 'handle', name: handle.name, handle });
  }, [importFolder]);

  // "/" focuses the query box from anywhere except text fields.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditable(document.activeElement)) {
        e.preventDefault();
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    document.title = state.note ? `${state.note.path.split('/').pop()} — Kioku` : state.q ? `${state.q} — Kioku` : 'Kioku';
  }, [state.note, state.q]);

  const ctx = useMemo<AppCtx>(() => ({ vaults, refresh, notify: setNotice }), [vaults, refresh]);

  const onFolders = useCallback(
    async (inputs: FolderInput[]) => {
      for (const input of inputs) {
        // A transformers.js model folder is loaded as a model, not imported as notes.
        // If that cannot be told, nothing is imported (a model's files are no notes), and the user is told why.
        let model: Awaited<ReturnType<typeof modelFolderFiles>>;
        try {
          model = await modelFolderFiles(input);
        } catch (e) {
          setNotice(t('embed.folderCheckFailed', { name: input.name, error: (e as Error)?.message ?? String(e) }));
          continue;
        }
        if (model) {
          setNotice(t('embed.folderLoading', { name: input.name }));
          const r = await engineApi().embedAddFolder(input.name, model);
          setNotice(r.ok ? t('embed.folderDone', { name: input.name }) : r.message);
          await refresh();
        } else await importFolder(input);
      }
    },
    [importFolder, refresh, t],
  );

  const resync = useCallback(
    async (v: VaultInfo) => {
      const handle = await loadFolderHandle(v.name).catch(() => undefined);
      if (!handle || !(await ensurePermission(handle))) {
        setNotice(t('vaults.resyncNeedsFolder', { vault: v.name }));
        return;
      }
      await importFolder({ kind: 'handle', name: handle.name, handle }, v.name);
    },
    [importFolder, t],
  );

  const remove = useCallback(
    async (v: VaultInfo) => {
      const unsaved = await call('unsaved_changes', { vault: v.name });
      const pending = isToolError(unsaved) ? 0 : unsaved.total;
      const question = t('vaults.removeConfirm', { vault: v.name }) + (pending ? `\n\n${t('vaults.removeUnsaved', { count: pending })}` : '');
      if (!window.confirm(question)) return;
      await engineApi().removeVault(v.name);
      await forgetFolderHandle(v.name).catch(() => undefined);
      if (state.vault === v.name || state.note?.vault === v.name) update({ vault: null, prefix: null, note: null });
      await refresh();
    },
    [refresh, t, state.vault, state.note, update],
  );

  const openNote = useCallback((vault: string, path: string, replace?: boolean) => update({ note: { vault, path } }, { replace }), [update]);
  const onTag = useCallback((tag: string) => update((s) => ({ filter: addTag(s.filter, tag), note: null, view: s.view })), [update]);
  const onFilterValue = useCallback(
    (key: string, value: string | number | boolean) => update((s) => ({ filter: addCondition(s.filter, key, 'eq', value), note: null })),
    [update],
  );
  const commitQuery = useCallback((q: string) => update({ q }, { replace: true }), [update]);

  const empty = loaded && vaults.length === 0;

  return (
    <AppContext.Provider value={ctx}>
      <div className={`app${menuOpen || empty ? ' menu-open' : ''}${empty ? ' first-visit' : ''}`} data-testid="app-ready">
        <a href="#main" className="skip-link">
          {t('app.skip')}
        </a>
        <DropZone onFolders={onFolders} onError={setNotice} />
        <header className="topbar">
          <button type="button" className="icon-button menu-button" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen(!menuOpen)} aria-label={t('app.menu')}>
            ☰
          </button>
          <h1 className="brand-h1">
            <a
              className="brand"
              href="./"
              onClick={(e) => {
                e.preventDefault();
                update({ q: '', filter: null, note: null, page: 1, view: 'results', prefix: null, vault: null });
              }}
            >
              <span aria-hidden="true">記</span> {t('app.title')}
            </a>
          </h1>
          <SearchBox
            ref={searchBox}
            value={state.q}
            vault={state.vault}
            onCommit={commitQuery}
            onNavigate={(d) => nav.current?.move(d)}
            onEnter={() => nav.current?.openActive()}
          />
          <ModeSwitch mode={state.mode} ranMode={ranMode} status={embed} onChange={(mode) => update({ mode })} />
          <div className="top-actions">
            <button type="button" className="secondary small" onClick={() => setNewNoteOpen(true)} disabled={!caps.write || vaults.length === 0} data-testid="new-note">
              + {t('newNote.button')}
            </button>
            <button type="button" className="icon-button" onClick={() => setSettingsOpen(true)} aria-label={t('settings.title')} title={t('settings.title')} data-testid="open-settings">
              ⚙
            </button>
          </div>
        </header>
        <div className="layout">
          <aside id="sidebar" className="sidebar" aria-label={t('app.sidebar')}>
            <ImportPanel state={importState} onFolder={(i) => void onFolders([i])} onCancel={cancel} />
            {notice ? (
              <p className="notice" role="status">
                {notice}{' '}
                <button type="button" className="linklike" onClick={() => setNotice(null)} aria-label={t('common.dismiss')}>
                  ✕
                </button>
              </p>
            ) : null}
            <VaultList vaults={vaults} loaded={loaded} busy={importState.running} refreshKey={refreshKey} onResync={(v) => void resync(v)} onRemove={(v) => void remove(v)} />
            {vaults.length ? (
              <ScopePanel
                vault={state.vault}
                prefix={state.prefix}
                refreshKey={refreshKey}
                onScope={(vault, prefix) => {
                  update({ vault, prefix, note: null });
                  setMenuOpen(false);
                }}
              />
            ) : null}
            {vaults.length ? <EmbedPanel /> : null}
            {vaults.some((v) => v.team_space) ? (
              <>
                <TeamPanel refreshKey={refreshKey} onChanged={() => void refresh()} onSettings={() => setSettingsOpen(true)} />
                <PinnedPanel refreshKey={refreshKey} />
              </>
            ) : null}
          </aside>
          <main id="main" className={`content${state.note ? ' has-note' : ''}`} tabIndex={-1}>
            {empty ? (
              <FirstRun busy={importState.running} onSample={() => void importTexts(SAMPLE_VAULT_NAME, sampleVaultFiles())} />
            ) : (
              <>
                <div className="pane-results">
                  <SearchPane state={state} update={update} refreshKey={refreshKey} navRef={nav} onRanMode={setRanMode} embed={embed} warm={warm} />
                </div>
                {state.note ? (
                  <div className="pane-note">
                    <NoteView
                      vault={state.note.vault}
                      path={state.note.path}
                      marks={state.note.fromSearch && state.q.trim() ? state.q : null}
                      line={state.note.fromSearch ? state.note.line ?? null : null}
                      refreshKey={refreshKey}
                      onClose={() => update({ note: null })}
                      onOpen={openNote}
                      onTag={onTag}
                      onFilter={onFilterValue}
                      onListBacklinks={() => update({ links: `${state.note!.vault}:${state.note!.path}`, note: null, q: '', vault: null, prefix: null, view: 'results', page: 1 })}
                    />
                  </div>
                ) : null}
              </>
            )}
          </main>
        </div>
        <NewNoteDialog
          open={newNoteOpen}
          defaultVault={state.vault}
          defaultFolder={state.prefix}
          onClose={() => setNewNoteOpen(false)}
          onCreated={(vault, path) => {
            setNewNoteOpen(false);
            openNote(vault, path);
          }}
        />
        <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} theme={theme} onTheme={setTheme} embed={embed} onWiped={() => update({ q: '', filter: null, note: null, vault: null, prefix: null })} />
        <UpdatePrompt />
      </div>
    </AppContext.Provider>
  );
}
