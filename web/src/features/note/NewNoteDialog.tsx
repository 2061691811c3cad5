// New note: vault, folder (from the vault's folders) and a file name ending in
// .md, checked by the engine with the rules create_note applies.
import { useEffect, useState } from 'react';
import { call, engineApi, isToolError } from '../../engine/client';
import { openForWriting } from '../../engine/write-access';
import { useI18n } from '../../i18n/i18n';
import { useApp } from '../../app/app-context';
import { Dialog } from '../../ui/Dialog';
import { EngineMessage } from '../../ui/EngineMessage';

interface Props {
  open: boolean;
  defaultVault: string | null;
  defaultFolder: string | null;
  onClose(): void;
  onCreated(vault: string, path: string): void;
}

export function NewNoteDialog({ open, defaultVault, defaultFolder, onClose, onCreated }: Props) {
  const { t } = useI18n();
  const { vaults, refresh } = useApp();
  const [vault, setVault] = useState('');
  const [folder, setFolder] = useState('');
  const [name, setName] = useState('');
  const [folders, setFolders] = useState<string[]>([]);
  const [error, setError] = useState<{ code?: string; message: string; note?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setVault(defaultVault ?? vaults[0]?.name ?? '');
    setFolder((defaultFolder ?? '').replace(/\/$/, ''));
    setName('');
    setError(null);
  }, [open, defaultVault, defaultFolder, vaults]);

  useEffect(() => {
    if (!open || !vault) return;
    void call('folders', { vault }).then((r) => {
      if (!isToolError(r)) setFolders(r.folders.map((f) => f.folder).filter(Boolean));
    });
  }, [open, vault]);

  const fileName = name.trim() && !/\.md$/i.test(name.trim()) ? `${name.trim()}.md` : name.trim();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const f = folder.trim();
    if (!fileName) return setProblem(null);
    let live = true;
    void engineApi()
      .notePathProblem(f ? `${f.replace(/\/+$/, '')}/${fileName}` : fileName)
      .then((p) => live && setProblem(p));
    return () => {
      live = false;
    };
  }, [folder, fileName]);

  const create = async () => {
    if (!vault || !fileName || problem) return;
    setBusy(true);
    const v = vaults.find((x) => x.name === vault);
    await openForWriting(vault, v?.source ?? null).catch(() => 'denied');
    const path = folder.trim() ? `${folder.trim().replace(/\/+$/, '')}/${fileName}` : fileName;
    const title = fileName.replace(/\.md$/i, '');
    const r = await call('create_note', { vault, path, body: `# ${title}\n\n` });
    setBusy(false);
    if (isToolError(r)) {
      // The path as the note was asked for: the engine's message names a tool the app does not show.
      setError({ ...r.error, note: path });
      return;
    }
    await refresh();
    onCreated(r.vault, r.path);
  };

  return (
    <Dialog open={open} title={t('newNote.title')} onClose={onClose} closeLabel={t('common.close')}>
      {vaults.length === 0 ? (
        <p>{t('newNote.noVault')}</p>
      ) : (
        <form
          className="form-grid"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label>
            <span>{t('newNote.vault')}</span>
            <select value={vault} onChange={(e) => setVault(e.target.value)}>
              {vaults.map((v) => (
                <option key={v.name} value={v.name}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('newNote.folder')}</span>
            <input list="new-note-folders" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder={t('newNote.folderRoot')} autoComplete="off" />
            <datalist id="new-note-folders">
              {folders.map((f) => (
                <option key={f} value={f} />
              ))}
            </datalist>
          </label>
          <label>
            <span>{t('newNote.name')}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="meeting-notes.md" autoFocus aria-invalid={problem ? true : undefined} aria-describedby="new-note-help" data-testid="new-note-name" />
          </label>
          <p id="new-note-help" className={problem || error ? 'field-error' : 'hint'} role={problem || error ? 'alert' : undefined}>
            {error?.code === 'conflict' ? t('newNote.exists', { path: error.note ?? fileName }) : error ? <EngineMessage kind="engineError" code={error.code} message={error.message} /> : problem ? <EngineMessage kind="engineError" code="invalid_argument" message={problem} /> : (fileName ? t('newNote.willCreate', { path: `${folder.trim() ? folder.trim().replace(/\/+$/, '') + '/' : ''}${fileName}` }) : t('newNote.help'))}
          </p>
          <div className="editor-actions">
            <button type="submit" disabled={!fileName || !!problem || busy}>
              {t('newNote.create')}
            </button>
            <button type="button" className="secondary" onClick={onClose}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
