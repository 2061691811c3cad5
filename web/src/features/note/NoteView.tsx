// One note: rendered body, frontmatter table, observations, relations and
// backlinks (all navigable), tags (click to filter), and the editor.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useCapabilities } from '../../engine/capabilities';
import { useI18n } from '../../i18n/i18n';
import { TagButton } from '../../ui/TagButton';
import { useApp } from '../../app/app-context';
import { openForWriting } from '../../engine/write-access';
import type { ReadNoteResult, WriteNoteResult } from '../../../../worker/contract';
import { FrontmatterTable } from './FrontmatterTable';
import { MarkdownBody } from './MarkdownBody';
import { NoteEditor } from './NoteEditor';
import { peekDraft } from './drafts';
import { EngineMessage } from '../../ui/EngineMessage';
import { en, type MessageKey } from '../../i18n/en';
import { linkedNotes, linkingNotes, relationLabel } from './links';
import { FilePreview } from './FilePreview';
import { ObservationsPanel } from '../graph/ObservationsPanel';
import { NeighbourhoodGraph } from '../graph/NeighbourhoodGraph';
import { savedAppKey, saveTask } from '../tasks/save-task';

interface Props {
  vault: string;
  path: string;
  refreshKey: number;
  onClose(): void;
  onOpen(vault: string, path: string, replace?: boolean): void;
  onTag(tag: string): void;
  onFilter(key: string, value: string | number | boolean): void;
  /** Lists the notes linking to this one as search results (links_to). */
  onListBacklinks?(): void;
  /** The query whose words are marked in the note (it was opened from a search hit), or null. */
  marks?: string | null;
  /** The file line an observation or relation hit named (1-based, frontmatter counted, as the engine counts), or null. */
  line?: number | null;
}

/** The file line the body starts on (1-based): the line after the frontmatter, as the engine numbers lines. */
const bodyLine = (frontmatter: string) => frontmatter.split('\n').length;

/** A relative link inside a note → a vault-relative path. */
function resolveRelative(from: string, href: string): string {
  const clean = href.split('#')[0].split('?')[0];
  const parts = from.split('/').slice(0, -1);
  for (const seg of clean.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg && seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

export function NoteView({ vault, path, refreshKey, onClose, onOpen, onTag, onFilter, onListBacklinks, marks = null, line = null }: Props) {
  const { t, formatDate, formatNumber } = useI18n();
  const caps = useCapabilities();
  const { refresh, vaults, notify } = useApp();
  const [note, setNote] = useState<ReadNoteResult | null>(null);
  const [error, setError] = useState<{ message: string; code: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<WriteNoteResult | null>(null);
  const [reload, setReload] = useState(0);
  // False from a save until the note has been read again: editing waits for the saved version.
  const [fresh, setFresh] = useState(true);

  useEffect(() => {
    let live = true;
    setError(null);
    void call('read_note', { vault, path }).then((r) => {
      if (!live) return;
      setFresh(true);
      if (isToolError(r)) {
        setNote(null);
        setError({ message: r.error.message, code: r.error.code });
      } else {
        setNote(r);
        // A link by title or permalink: put the real path in the URL.
        if (r.path !== path) onOpen(r.vault, r.path, true);
      }
    });
    return () => {
      live = false;
    };
  }, [vault, path, refreshKey, reload, onOpen]);

  // Below the wide layout the results give way to the note, taking the focused
  // hit with them: focus then goes to the note's title, not to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = note ? `${note.vault}\u0000${note.path}` : null;
  useEffect(() => {
    if (!shownId) return;
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body || active.offsetParent === null) heading.current?.focus();
  }, [shownId]);

  // A note with an unsaved draft opens in the editor, with the draft.
  useEffect(() => {
    setEditing(!!peekDraft(vault, path));
    setSaved(null);
  }, [vault, path]);

  const onSaved = useCallback(
    (r: WriteNoteResult) => {
      setSaved(r);
      setEditing(false);
      // The next edit must carry the saved version's date, even before the re-read arrives.
      setNote((n) => (n && n.path === r.path ? { ...n, modified: r.modified } : n));
      setFresh(false);
      setReload((n) => n + 1);
      void refresh();
    },
    [refresh],
  );

  // A task's box clicked in the note: ticked or unticked in the file (set_task), refused if the note changed since it was read.
  const toggleTask = async (bodyIndex: number, done: boolean) => {
    if (!note) return;
    const line = bodyIndex + bodyLine(note.frontmatter_raw);
    const r = await saveTask({ vault: note.vault, path: note.path, line, status: done ? 'open' : 'done', expected_modified: note.modified }, vaults, notify, t);
    if (isToolError(r)) {
      notify(r.error.message);
      // Changed since it was read (elsewhere in the app, or a re-sync): shown again as it is now.
      if (r.error.code === 'conflict') setReload((n) => n + 1);
      return;
    }
    setNote((n) => (n && n.path === r.path ? { ...n, modified: r.modified } : n));
    setFresh(false);
    setReload((n) => n + 1);
    void refresh();
  };

  // The file changed on disk since it was read: the user chose to replace it with Kioku's version.
  const overwrite = async () => {
    const v = vaults.find((x) => x.name === vault);
    await openForWriting(vault, v?.source ?? null).catch(() => 'denied');
    const r = await call('write_back', { vault, path: note?.path ?? path, overwrite: true });
    if (isToolError(r)) setError({ message: r.error.message, code: r.error.code });
    else if (r.written && saved) setSaved({ ...saved, saved_to_disk: true, unsaved_to_disk: false, disk: { status: 'written', message: '' } });
    setFresh(false);
    setReload((n) => n + 1);
    void refresh();
  };

  // A [[Note#^block]] link: where to scroll once that note is shown (target null: the next note opened).
  const [jump, setJump] = useState<{ anchor: string; from: string; target: string | null; n: number } | null>(null);
  const links = useMemo(() => linkedNotes(note?.relations ?? []), [note]);
  const backs = useMemo(() => linkingNotes(note?.backlinks ?? []), [note]);
  const relType = (type: string) => relationLabel(type, (k) => (`note.rel.${k}` in en ? t(`note.rel.${k}` as MessageKey) : undefined));

  const createMissing = async () => {
    const r = await call('create_note', { vault, title: path.replace(/\.md$/i, '').split('/').pop() });
    if (isToolError(r)) setError({ message: r.error.message, code: r.error.code });
    else {
      void refresh();
      onOpen(r.vault, r.path, true);
    }
  };

  return (
    <article className="note" aria-labelledby="note-title" data-testid="note-view">
      <div className="note-toolbar">
        <button type="button" className="secondary small" onClick={onClose}>
          ← {t('note.back')}
        </button>
        {note && note.kind === 'note' && caps.write && !editing ? (
          <button type="button" className="small" onClick={() => setEditing(true)} disabled={!fresh} data-testid="edit-note">
            {t('note.edit')}
          </button>
        ) : null}
        {note?.obsidian_uri ? (
          <a className="obsidian-link" href={note.obsidian_uri} title={t('note.openInObsidianHelp')} data-testid="open-in-obsidian">
            {t('note.openInObsidian')}
          </a>
        ) : null}
        {note?.unsaved_to_disk ? (
          <span className="badge warn-badge" title={t('note.unsavedHelp')}>
            {t('note.unsaved')}
          </span>
        ) : null}
      </div>
      {error ? (
        <div className="error-box" role="alert">
          <p>
            {/* The engine's not_found suggests a path for agents; here the note was opened from the app. */}
            {error.code === 'not_found' ? t('note.missing', { path }) : <EngineMessage kind="engineError" code={error.code} message={error.message} />}
          </p>
          {error.code === 'not_found' && caps.write ? (
            <button type="button" className="secondary small" onClick={() => void createMissing()}>
              {t('note.createMissing', { title: path })}
            </button>
          ) : null}
        </div>
      ) : null}
      {saved ? (
        <p className={saved.saved_to_disk ? 'notice ok' : 'notice'} role="status" data-testid="save-status">
          {saved.saved_to_disk
            ? t('editor.savedDisk')
            : saved.disk.status === 'changed_on_disk'
              ? t('editor.savedConflict')
              : t(savedAppKey(vaults.find((v) => v.name === note?.vault)?.source))}
          {saved.disk.status === 'changed_on_disk' ? (
            <>
              {' '}
              <button type="button" className="secondary small" onClick={() => void overwrite()}>
                {t('editor.overwrite')}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {note ? (
        <>
          <h1 id="note-title" ref={heading} tabIndex={-1}>
            {note.title}
          </h1>
          <p className="note-path">
            <span>{note.vault}</span> · <span>{note.path}</span> · <time dateTime={note.modified}>{formatDate(note.modified)}</time>
            {note.kind === 'note' ? <> · {t('note.size', { size: formatNumber(note.size) })}</> : null}
          </p>
          {note.tags.length ? (
            <div className="note-tags">
              {note.tags.map((tag) => (
                <TagButton key={tag} tag={tag} onTag={onTag} />
              ))}
            </div>
          ) : null}
          {note.problems.length ? (
            <details className="problems">
              <summary>{t('note.problems', { count: note.problems.length })}</summary>
              <ul>
                {note.problems.map((p, i) => (
                  <li key={i}>
                    {p.line ? <strong>{t('import.problem.line', { line: p.line })}: </strong> : null}
                    <EngineMessage kind="problem" code={p.code} message={p.message} /> <span className="muted">{p.action}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {editing && note.vault === vault && note.path === path ? (
            // One editor per note: its draft is kept under the note it was made for.
            <NoteEditor key={`${note.vault}\u0000${note.path}`} note={note} onSaved={onSaved} onCancel={() => setEditing(false)} />
          ) : (
            <>
              <FrontmatterTable frontmatter={note.frontmatter} onFilter={caps.filters ? onFilter : undefined} />
              {note.kind === 'note' ? (
                <MarkdownBody
                  body={note.body}
                  vault={note.vault}
                  path={note.path}
                  source={vaults.find((v) => v.name === note.vault)?.source ?? null}
                  title={note.title}
                  marks={note.vault === vault && note.path === path ? marks : null}
                  line={line !== null && note.vault === vault && note.path === path ? line - bodyLine(note.frontmatter_raw) : null}
                  onTag={onTag}
                  onTaskToggle={caps.tools.has('set_task') ? (i, done) => void toggleTask(i, done) : undefined}
                  anchor={jump && (jump.target ? jump.target === note.path : jump.from !== note.path) ? jump : null}
                  onWikilink={(target, anchor) => {
                    const known = note.relations.find((r) => r.target === target && r.resolved)?.resolved;
                    setJump(anchor ? { anchor, from: note.path, target: known && known.vault === note.vault ? known.path : null, n: (jump?.n ?? 0) + 1 } : null);
                    if (known) onOpen(known.vault, known.path);
                    else onOpen(note.vault, target);
                  }}
                  onRelative={(href) => onOpen(note.vault, resolveRelative(note.path, href))}
                />
              ) : (
                <FilePreview vault={note.vault} path={note.path} source={vaults.find((v) => v.name === note.vault)?.source ?? null} />
              )}
              {note.body_truncated ? <p className="notice">{t('note.truncated')}</p> : null}
              <ObservationsPanel observations={note.observations} onTag={onTag} />
              {links.length ? (
                <section className="note-section" aria-labelledby="rel-title">
                  <h2 id="rel-title">{t('note.relations', { count: links.length })}</h2>
                  <ul className="relations" data-testid="links">
                    {links.map((g, i) => (
                      <li key={i}>
                        <span className="relation-kind">{g.types.map(relType).join(', ')}</span>{' '}
                        {g.first.resolved ? (
                          <a href="#" onClick={(e) => (e.preventDefault(), onOpen(g.first.resolved!.vault, g.first.resolved!.path))}>
                            {g.first.resolved.title}
                          </a>
                        ) : (
                          <>
                            <span className="unresolved" title={t('note.unresolved')}>
                              {g.first.target}
                            </span>
                            <span className="unresolved-badge">{t('note.unresolvedBadge')}</span>
                          </>
                        )}
                        {g.count > 1 ? <span className="muted"> · {t('note.linkCount', { count: g.count })}</span> : null}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <section className="note-section" aria-labelledby="back-title">
                <h2 id="back-title">{t('note.backlinks', { count: backs.length })}</h2>
                {backs.length ? (
                  <ul className="relations" data-testid="backlinks">
                    {backs.map((g, i) => (
                      <li key={i}>
                        <a href="#" onClick={(e) => (e.preventDefault(), onOpen(g.first.vault, g.first.path))}>
                          {g.first.title}
                        </a>{' '}
                        <span className="muted">
                          {g.types.map(relType).join(', ')}
                          {g.count > 1 ? ` · ${t('note.linkCount', { count: g.count })}` : ''} · {g.first.path}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('note.noBacklinks')}</p>
                )}
                {backs.length && onListBacklinks ? (
                  <button type="button" className="secondary small" onClick={onListBacklinks} data-testid="list-backlinks">
                    {t('note.listBacklinks')}
                  </button>
                ) : null}
              </section>
              {note.kind === 'note' ? <NeighbourhoodGraph vault={note.vault} path={note.path} refreshKey={refreshKey} onOpen={(v, p) => onOpen(v, p)} /> : null}
            </>
          )}
        </>
      ) : null}
    </article>
  );
}
