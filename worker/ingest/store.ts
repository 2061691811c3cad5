// Writes one parsed file and everything derived from it. Callers wrap these in
// a transaction: a file's entry row, with its hash, only ever exists together
// with all of its derived rows, so an interrupted import is always consistent.
import type { Db } from '../db/database';
import { fileDay } from './file-day';
import { FtsWrites, withFtsWrites } from './fts-writes';
import { foldText, frontmatterRows } from './fm-rows';
import { clearGraphRows, writeGraphRows } from './graph-store';
import type { ParsedFile, ParsedNote } from './note';
import { extOf, folderOf, nameOf } from './paths';
import type { Problem } from './problems';
import { normalizeTags, stringValue, wantedPermalink } from './standard-keys';
import { insertRows, type JsonCell } from '../db/bulk';
import { frontmatterText } from '../text/fts-row';
import { writeTeamRow } from '../team/refresh';
import { writeTaskRows } from './tasks';

const FM_COLUMNS = ['entry_id', 'key', 'pos', 't', 'num', 'str', 'fold', 'bool', 'src'];

export interface FileMeta {
  path: string;
  size: number;
  mtime: number;
  hash: string;
}

export interface ExistingEntry {
  id: number;
  hash: string;
  size: number;
  mtime: number;
}

export function existingEntries(db: Db, vaultId: number): Map<string, ExistingEntry> {
  const map = new Map<string, ExistingEntry>();
  for (const r of db.all<{ id: number; path: string; hash: string; size: number; mtime: number }>('SELECT id, path, hash, size, mtime FROM entries WHERE vault_id = ?', [vaultId])) {
    map.set(r.path, { id: r.id, hash: r.hash, size: r.size, mtime: r.mtime });
  }
  return map;
}

/** Removes an entry's derived rows, keeping the entry itself. */
function clearDerived(db: Db, id: number, fts: FtsWrites): void {
  fts.delete(id);
  db.run('DELETE FROM fm WHERE entry_id = ?', [id]);
  db.run('DELETE FROM tasks WHERE entry_id = ?', [id]);
  clearGraphRows(db, id, fts);
  db.run('DELETE FROM chunks WHERE entry_id = ?', [id]);
  db.run('DELETE FROM contents WHERE entry_id = ?', [id]);
  db.run('DELETE FROM team_notes WHERE entry_id = ?', [id]);
}

/**
 * The FTS changes of the functions below go to `fts` when given (the import
 * applies them once per batch, see fts-writes.ts); otherwise they are applied
 * before the function returns.
 */
export function deleteEntry(db: Db, vaultId: number, id: number, path: string, fts?: FtsWrites): void {
  withFtsWrites(db, fts, (f) => {
    clearDerived(db, id, f);
    db.run('DELETE FROM problems WHERE vault_id = ? AND path = ?', [vaultId, path]);
    db.run('DELETE FROM entries WHERE id = ?', [id]);
  });
}

function upsertEntry(
  db: Db,
  vaultId: number,
  existingId: number | undefined,
  meta: FileMeta,
  cols: { kind: 'note' | 'file'; title: string; type: string | null; permalink: string | null; tags: string | null; frontmatter: string | null; truncated: number; dirty?: number; day?: string | null },
  fts: FtsWrites,
): number {
  const values = [
    meta.path, folderOf(meta.path), nameOf(meta.path), extOf(meta.path), cols.kind, meta.size, meta.mtime, meta.hash,
    cols.title, cols.type, cols.permalink, cols.tags, cols.frontmatter, cols.truncated, cols.dirty ?? 0, cols.day ?? null,
  ];
  if (existingId !== undefined) {
    clearDerived(db, existingId, fts);
    db.run(
      `UPDATE entries SET path=?, folder=?, name=?, ext=?, kind=?, size=?, mtime=?, hash=?, title=?, type=?, permalink=?, tags=?, frontmatter=?, truncated=?, dirty=?, day=? WHERE id = ?`,
      [...values, existingId],
    );
    return existingId;
  }
  return db.run(
    `INSERT INTO entries (path, folder, name, ext, kind, size, mtime, hash, title, type, permalink, tags, frontmatter, truncated, dirty, day, vault_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [...values, vaultId],
  ).lastId;
}

export function writeFileRecord(db: Db, vaultId: number, existingId: number | undefined, meta: FileMeta, parsed: ParsedFile, fts?: FtsWrites): number {
  return withFtsWrites(db, fts, (f) => {
    const id = upsertEntry(db, vaultId, existingId, meta, {
      kind: 'file', title: parsed.title, type: null, permalink: null, tags: null, frontmatter: null, truncated: 0,
    }, f);
    f.write(id, { title: parsed.title, headings: '', body: '', tags: '', aliases: '', path: meta.path, meta: '' });
    return id;
  });
}

/**
 * A permalink derived from the path is made unique inside its vault, the clash
 * reported. A declared one (`permalink:` in the frontmatter) is kept as
 * written even when other notes declare it too: multilingual vaults publish
 * their languages as separate sites under the same permalinks, and links
 * resolve to the note in the linking note's top folder (worker/search/links.ts).
 */
function uniquePermalink(db: Db, vaultId: number, path: string, wanted: string, declared: boolean, problems: Problem[]): string {
  if (declared) return wanted;
  const taken = (p: string) =>
    db.get('SELECT 1 AS x FROM entries WHERE vault_id = ? AND permalink = ? AND path <> ?', [vaultId, p, path]) !== undefined;
  if (!taken(wanted)) return wanted;
  let n = 1;
  while (taken(`${wanted}-${n}`)) n++;
  const other = db.get<{ path: string }>('SELECT path FROM entries WHERE vault_id = ? AND permalink = ? AND path <> ?', [vaultId, wanted, path]);
  problems.push({
    code: 'duplicate_permalink',
    message: `The permalink "${wanted}" is already used by ${other?.path ?? 'another note'}.`,
    action: `Gave this note the permalink "${wanted}-${n}"; the file was not changed.`,
  });
  return `${wanted}-${n}`;
}

/**
 * Notes that were given a suffixed permalink because another note held the
 * one they ask for, and whose permalink is free again (that note was deleted,
 * renamed or changed): their paths. Notes with an unsaved edit are left as
 * they are: re-reading their file would replace the edit.
 */
export function notesWithFreedPermalink(db: Db, vaultId: number): string[] {
  const clashed = db.all<{ path: string; permalink: string; frontmatter: string }>(
    `SELECT e.path, e.permalink, e.frontmatter FROM problems p JOIN entries e ON e.vault_id = p.vault_id AND e.path = p.path
     WHERE p.vault_id = ? AND p.code = 'duplicate_permalink' AND e.kind = 'note' AND e.dirty = 0`,
    [vaultId],
  );
  return clashed
    .filter((e) => {
      const wanted = wantedPermalink(JSON.parse(e.frontmatter), e.path);
      return e.permalink !== wanted && db.get('SELECT 1 AS x FROM entries WHERE vault_id = ? AND permalink = ?', [vaultId, wanted]) === undefined;
    })
    .map((e) => e.path);
}

export function writeNote(
  db: Db,
  vaultId: number,
  existingId: number | undefined,
  meta: FileMeta,
  note: ParsedNote,
  opts: { dirty?: boolean; fts?: FtsWrites } = {},
): number {
  return withFtsWrites(db, opts.fts, (fts) => {
    const declared = stringValue(note.frontmatter.permalink) !== null;
    const permalink = uniquePermalink(db, vaultId, meta.path, note.permalink, declared, note.problems);
    const id = upsertEntry(db, vaultId, existingId, meta, {
      kind: 'note',
      title: note.title,
      type: note.type,
      permalink,
      tags: JSON.stringify(note.tags),
      frontmatter: JSON.stringify(note.frontmatter),
      truncated: note.truncated ? 1 : 0,
      dirty: opts.dirty ? 1 : 0,
      day: fileDay(meta.path, [note.frontmatter, note.inlineValues]),
    }, fts);
    db.run('INSERT INTO contents (entry_id, head, body) VALUES (?, ?, ?)', [id, note.head, note.body]);
    // Who may read it, in the same transaction: a team note is never visible before its visibility is known.
    writeTeamRow(db, id, vaultId, meta.path, note.frontmatter, note.problems);

    insertRows(db, 'fm', FM_COLUMNS, [id], noteFmRows(note, permalink));
    writeGraphRows(db, id, note.title, note.structure.observations, note.structure.relations, fts);
    writeTaskRows(db, id, note.structure.tasks);
    fts.write(id, {
      title: note.title,
      headings: note.structure.headings.map((h) => h.text).join('\n'),
      body: note.indexedBody,
      tags: note.tags.join(' '),
      aliases: note.aliases.join('\n'),
      path: meta.path,
      meta: frontmatterText(note.frontmatter),
    });
    return id;
  });
}

/**
 * A note's fm rows: its frontmatter with the effective standard values
 * (`{"type": "note"}` matches the default), then its inline fields. Rows that
 * come from the body (inline fields, inline tags) have src 'inline'.
 */
export function noteFmRows(note: ParsedNote, permalink: string): JsonCell[][] {
  const fm = { ...note.frontmatter, title: note.title, type: note.type, permalink, tags: note.tags };
  const declared = new Set(normalizeTags(note.frontmatter.tags).map(foldText));
  const rows: JsonCell[][] = frontmatterRows(fm).map((r) => [r.key, r.pos, r.t, r.num, r.str, r.fold, r.bool, r.key === 'tags' && r.pos >= 0 && !declared.has(r.fold!) ? 'inline' : null]);
  for (const r of frontmatterRows(note.inlineValues)) rows.push([r.key, r.pos, r.t, r.num, r.str, r.fold, r.bool, 'inline']);
  return rows;
}

/** Replaces the problems recorded for a file; `isNew`: the file had no entry, so it has no problems to delete. */
export function replaceProblems(db: Db, vaultId: number, path: string, problems: Problem[], at: number, isNew = false): void {
  if (!isNew) db.run('DELETE FROM problems WHERE vault_id = ? AND path = ?', [vaultId, path]);
  for (const p of problems) {
    db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      vaultId, path, p.code, p.message, p.action, p.line ?? null, at,
    ]);
  }
}
