// Editing a note: frontmatter (YAML, checked as you type, error shown at its
// line) and body. Saving re-indexes the note at once and writes the file when
// the vault's folder can be written; otherwise the edit stays in Kioku.
import { useEffect, useMemo, useRef, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { openForWriting } from '../../engine/write-access';
import { useI18n } from '../../i18n/i18n';
import { useApp } from '../../app/app-context';
import type { ReadNoteResult, ToolArgs, WriteNoteResult } from '../../../../worker/contract';
import { useFrontmatterIssue, yamlOfHead } from './yaml-check';
import { EngineMessage } from '../../ui/EngineMessage';
import { dropDraft, keepDraft, peekDraft } from './drafts';

interface Props {
  note: ReadNoteResult;
  onSaved(r: WriteNoteResult): void;
  onCancel(): void;
}

export function NoteEditor({ note, onSaved, onCancel }: Props) {
  const { t } = useI18n();
  const { vaults } = useApp();
  const originalYaml = useMemo(() => yamlOfHead(note.frontmatter_raw), [note.frontmatter_raw]);
  // An edit left unsaved earlier (another note was opened meanwhile) comes back.
  const [restored] = useState(() => peekDraft(note.vault, note.path));
  const [yaml, setYaml] = useState(restored?.yaml ?? originalYaml);
  const [body, setBody] = useState(restored?.body ?? note.body);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ code?: string; message: string } | null>(null);
  const issue = useFrontmatterIssue(yaml);
  const changed = yaml !== originalYaml || body !== note.body;
  const yamlRef = useRef<HTMLTextAreaElement>(null);

  // Leaving the page with unsaved edits asks first.
  useEffect(() => {
    if (!changed) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  // Leaving the editor any other way than Save or Cancel keeps the edit as a draft.
  const latest = useRef({ yaml, body, changed, done: false });
  latest.current = { ...latest.current, yaml, body, changed };
  useEffect(
    () => () => {
      const l = latest.current;
      if (l.done) return;
      if (l.changed) keepDraft(note.vault, note.path, { yaml: l.yaml, body: l.body });
      else dropDraft(note.vault, note.path);
    },
    [note.vault, note.path],
  );
  const finish = () => {
    latest.current.done = true;
    dropDraft(note.vault, note.path);
  };
  const cancel = () => {
    finish();
    onCancel();
  };

  const save = async () => {
    if (issue !== null || saving) return;
    if (!changed) {
      cancel();
      return;
    }
    setSaving(true);
    setError(null);
    const vault = vaults.find((v) => v.name === note.vault);
    await openForWriting(note.vault, vault?.source ?? null).catch(() => 'denied');
    const args: ToolArgs<'write_note'> = { vault: note.vault, path: note.path, expected_modified: note.modified };
    if (/^---[ \t]*\r?\n/.test(body)) {
      // A body sent alone that opens with a --- block of fields is read as a whole note (write_note's rule for
      // agents), which would replace this note's frontmatter: the whole text keeps the frontmatter in front of it,
      // as stored when unchanged, else from the box in the note's own line ending.
      const nl = /\r\n/.test(note.frontmatter_raw || note.body) ? '\r\n' : '\n';
      const head =
        yaml === originalYaml && note.frontmatter_raw !== ''
          ? note.frontmatter_raw
          : yaml.trim() === ''
            ? `---${nl}---${nl}`
            : `---${nl}${yaml.replace(/\r?\n/g, nl).replace(/(?:\r\n|\n)?$/, nl)}---${nl}`;
      args.text = head + body;
    } else {
      if (yaml !== originalYaml) args.frontmatter_text = yaml;
      if (body !== note.body) args.body = body;
    }
    const r = await call('write_note', args);
    setSaving(false);
    if (isToolError(r)) setError(r.error);
    else {
      finish();
      onSaved(r);
    }
  };

  const yamlLines = Math.max(1, yaml.split('\n').length);
  const gotoLine = (line: number) => {
    const el = yamlRef.current;
    if (!el) return;
    const lines = yaml.split('\n');
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    el.focus();
    el.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  };

  return (
    <form
      className="note-editor"
      aria-label={t('editor.label', { title: note.title })}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void save();
        } else if (e.key === 'Escape' && !changed) cancel();
      }}
    >
      {restored ? (
        <p className="notice" role="status" data-testid="draft-restored">
          {t('editor.draftRestored')}
        </p>
      ) : null}
      <label htmlFor="fm-editor">{t('editor.frontmatter')}</label>
      <div className={`yaml-box${issue ? ' invalid' : ''}`}>
        <div className="gutter" aria-hidden="true">
          {Array.from({ length: yamlLines }, (_, i) => (
            <div key={i} className={issue?.line === i + 1 ? 'bad' : undefined}>
              {i + 1}
            </div>
          ))}
        </div>
        <textarea
          id="fm-editor"
          ref={yamlRef}
          value={yaml}
          rows={yamlLines + 1}
          spellCheck={false}
          onChange={(e) => setYaml(e.target.value)}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? 'fm-error' : 'fm-help'}
          data-testid="fm-editor"
        />
      </div>
      {issue ? (
        <p id="fm-error" className="field-error" role="alert" data-testid="fm-error" data-line={issue.line}>
          <button type="button" className="linklike" onClick={() => gotoLine(issue.line)}>
            {t('editor.line', { line: issue.line })}
          </button>{' '}
          <EngineMessage kind="problem" code="frontmatter_invalid" message={issue.message} /> {t('editor.fixBeforeSave')}
        </p>
      ) : (
        <p id="fm-help" className="hint">
          {t('editor.frontmatterHelp')}
        </p>
      )}
      <label htmlFor="body-editor">{t('editor.body')}</label>
      <textarea id="body-editor" className="body-editor" value={body} onChange={(e) => setBody(e.target.value)} rows={18} data-testid="body-editor" />
      {error ? (
        <p className="field-error" role="alert">
          <EngineMessage kind="engineError" code={error.code} message={error.message} />
        </p>
      ) : null}
      <div className="editor-actions">
        <button type="submit" disabled={issue !== null || saving} data-testid="save-note">
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            if (!changed || window.confirm(t('editor.discardConfirm'))) cancel();
          }}
        >
          {t('editor.cancel')}
        </button>
        <span className="hint">{t('editor.shortcut')}</span>
      </div>
    </form>
  );
}
