// Re-reads every stored note from its stored text and rewrites what is
// derived from the frontmatter and the body's inline metadata (fm rows, the
// tags column, field-clash problems, declared permalinks), for migrations that change how notes
// are read. The file text itself is never touched.
import type { Db } from '../db/database';
import { insertRows } from '../db/bulk';
import { parseNoteText } from './note';
import { noteFmRows } from './store';
import { stringValue } from './standard-keys';

const FM_COLUMNS = ['entry_id', 'key', 'pos', 't', 'num', 'str', 'fold', 'bool', 'src'];

export function rederiveNoteMetadata(db: Db, at = Date.now()): number {
  let n = 0;
  for (let after = 0; ; ) {
    const rows = db.all<{ id: number; vault_id: number; path: string; permalink: string; head: string; body: string }>(
      `SELECT e.id, e.vault_id, e.path, e.permalink, c.head, c.body FROM entries e JOIN contents c ON c.entry_id = e.id
       WHERE e.kind = 'note' AND e.id > ? ORDER BY e.id LIMIT 500`,
      [after],
    );
    if (!rows.length) break;
    for (const r of rows) {
      const note = parseNoteText(r.path, r.head + r.body);
      // A declared permalink that an earlier version suffixed (-1) because another note declared it too is kept as declared now.
      const declared = stringValue(note.frontmatter.permalink);
      const permalink = declared ?? r.permalink;
      if (declared !== null && declared !== r.permalink) {
        db.run("DELETE FROM problems WHERE vault_id = ? AND path = ? AND code = 'duplicate_permalink'", [r.vault_id, r.path]);
      }
      db.run('UPDATE entries SET tags = ?, permalink = ? WHERE id = ?', [JSON.stringify(note.tags), permalink, r.id]);
      db.run('DELETE FROM fm WHERE entry_id = ?', [r.id]);
      insertRows(db, 'fm', FM_COLUMNS, [r.id], noteFmRows(note, permalink));
      db.run("DELETE FROM problems WHERE vault_id = ? AND path = ? AND code = 'field_clash'", [r.vault_id, r.path]);
      for (const p of note.problems.filter((x) => x.code === 'field_clash')) {
        db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          r.vault_id, r.path, p.code, p.message, p.action, p.line ?? null, at,
        ]);
      }
      n++;
    }
    after = rows[rows.length - 1].id;
  }
  return n;
}
