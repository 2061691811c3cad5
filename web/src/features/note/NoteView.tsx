// The first note view: frontmatter as a table and the body as plain text.
// (The rendered, sanitised view and the editor build on this.)
import { useEffect, useState } from 'react';
import { call, isToolError } from '../../engine/client';
import { useI18n } from '../../i18n/i18n';
import type { ReadNoteResult } from '../../../../worker/tools/read-note';

export function NoteView({ vault, path, onBack }: { vault: string; path: string; onBack(): void }) {
  const { t } = useI18n();
  const [note, setNote] = useState<ReadNoteResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void call('read_note', { vault, path }).then((r) => {
      if (!live) return;
      if (isToolError(r)) setError(r.error.message);
      else setNote(r);
    });
    return () => {
      live = false;
    };
  }, [vault, path]);
  return (
    <article className="note" aria-label={note?.title ?? path}>
      <button type="button" className="secondary small" onClick={onBack}>
        ← {t('note.back')}
      </button>
      {error ? <p className="error" role="alert">{error}</p> : null}
      {note ? (
        <>
          <h1>{note.title}</h1>
          <p className="muted">{note.vault} · {note.path}</p>
          {Object.keys(note.frontmatter).length ? (
            <table className="frontmatter">
              <caption>{t('note.frontmatter')}</caption>
              <tbody>
                {Object.entries(note.frontmatter).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td>{typeof v === 'string' ? v : JSON.stringify(v)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <pre className="note-body">{note.body}</pre>
        </>
      ) : null}
    </article>
  );
}
