// Re-reads every stored note from its stored text and rewrites what is
// derived from it: the frontmatter and the body's inline metadata (fm rows,
// the tags and day columns, field-clash problems, declared permalinks, task
// lines) and the
// knowledge graph (observations, relations, assertions, kg_fts, refused
// qualifiers), when the way notes are read changed (derivation.ts). The file
// text itself is never touched.
import type { Db } from '../db/database';
import { insertRows } from '../db/bulk';
import { readContents } from './contents';
import { FtsWrites } from './fts-writes';
import { clearGraphRows, writeGraphRows } from './graph-store';
import { parseNoteText } from './note';
import { noteFmRows } from './store';
import { stringValue } from './standard-keys';
import { fileDay } from './file-day';
import { writeTaskRows } from './tasks';

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
      db.run('UPDATE entries SET tags = ?, permalink = ?, day = ? WHERE id = ?', [JSON.stringify(note.tags), permalink, fileDay(r.path, [note.frontmatter, note.inlineValues]), r.id]);
      db.run('DELETE FROM fm WHERE entry_id = ?', [r.id]);
      insertRows(db, 'fm', FM_COLUMNS, [r.id], noteFmRows(note, permalink));
      db.run('DELETE FROM tasks WHERE entry_id = ?', [r.id]);
      writeTaskRows(db, r.id, note.structure.tasks);
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

/** Re-reads every note's observations and relations (with their qualifiers) from its stored text. */
export function rederiveGraph(db: Db, at = Date.now()): void {
  for (let after = 0; ; ) {
    const notes = db.all<{ id: number; vault_id: number; path: string; title: string }>(
      "SELECT id, vault_id, path, title FROM entries WHERE kind = 'note' AND id > ? ORDER BY id LIMIT 500",
      [after],
    );
    if (!notes.length) break;
    const fts = new FtsWrites();
    for (const n of notes) {
      const text = readContents(db, n.id);
      if (!text) continue;
      const note = parseNoteText(n.path, text.head + text.body);
      clearGraphRows(db, n.id, fts);
      writeGraphRows(db, n.id, n.title, note.structure.observations, note.structure.relations, fts);
      db.run("DELETE FROM problems WHERE vault_id = ? AND path = ? AND code = 'temporal_qualifier_refused'", [n.vault_id, n.path]);
      for (const p of note.problems.filter((x) => x.code === 'temporal_qualifier_refused')) {
        db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          n.vault_id, n.path, p.code, p.message, p.action, p.line ?? null, at,
        ]);
      }
    }
    fts.apply(db);
    after = notes[notes.length - 1].id;
  }
}
