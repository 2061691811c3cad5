// The file fields that come from a note's entries row (file.name, file.path,
// file.folder, file.ext, file.size, file.mtime, file.day), counted for the fields tool
// from one read of the notes in scope. Grouping the file_fields view's rows
// in SQL (six rows a note, each key ranked with window functions) took about
// 2.3 s of the tool's 2.6 s at 10,000 notes; one read and a count per value
// takes a few tens of milliseconds. The values are the view's (migration
// 0012): the same name without extension and the same mtime text, ordered
// as SQLite orders them (most notes first, then NULL, numbers, text by code
// point), so the answer is the view's (file-field-scan.test.ts compares).
import type { Db, SqlValue } from '../db/database';
import { visibleId } from '../team/sql';
import type { FieldStatsOptions } from './field-stats';

export const ENTRY_FIELDS = ['file.name', 'file.path', 'file.folder', 'file.ext', 'file.size', 'file.mtime', 'file.day'];

type Value = string | number | null;

interface NoteRow {
  name: string | null;
  path: string | null;
  folder: string | null;
  ext: string | null;
  size: number | null;
  mtime: number | null;
  day: string | null;
}

/** What the view holds for each key of one note. */
const FIELD_VALUE: Record<string, (r: NoteRow) => Value> = {
  'file.name': (r) => baseName(r.name, r.ext),
  'file.path': (r) => r.path,
  'file.folder': (r) => r.folder,
  'file.ext': (r) => r.ext,
  'file.size': (r) => r.size,
  'file.mtime': (r) => (r.mtime === null ? null : mtimeText(r.mtime)),
  'file.day': (r) => r.day,
};

/** Fields only some notes have (the view has no row for the others): file.day (migration 0021). */
const SOMETIMES = new Set(['file.day']);

/** Rows and top values shaped as the view's grouped statements gave them. */
export function scanEntryFields(db: Db, opts: FieldStatsOptions, top: number) {
  const where = ["e.kind = 'note'", visibleId('e.id')];
  const params: SqlValue[] = [];
  if (opts.vaultId !== undefined) {
    where.push('e.vault_id = ?');
    params.push(opts.vaultId);
  }
  // A plain scan: nearly every entry is a note, so the kind index would only add a look-up per row.
  const notes = db.all<NoteRow>(`SELECT e.name, e.path, e.folder, e.ext, e.size, e.mtime, e.day FROM entries e NOT INDEXED WHERE ${where.join(' AND ')}`, params);
  const keys = opts.prefix && opts.prefix !== 'file' ? ENTRY_FIELDS.filter((k) => k === opts.prefix) : ENTRY_FIELDS;
  const rows: { key: string; t: string; notes: number; list: number }[] = [];
  const values: { key: string; v: Value; n: number; d: number }[] = [];
  if (!notes.length) return { rows, values };
  for (const key of keys) {
    const counts = new Map<Value, number>();
    const read = FIELD_VALUE[key];
    let having = 0;
    for (const note of notes) {
      const v = read(note);
      if (v === null && SOMETIMES.has(key)) continue;
      having++;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    if (having === 0) continue;
    rows.push({ key, t: key === 'file.size' ? 'num' : 'str', notes: having, list: 0 });
    const ranked = [...counts].sort((a, b) => b[1] - a[1] || sqliteOrder(a[0], b[0])).slice(0, top);
    for (const [v, n] of ranked) values.push({ key, v, n, d: counts.size });
  }
  return { rows, values };
}

/** The view's BASENAME: the name without its extension, unless that would leave nothing. */
function baseName(name: string | null, ext: string | null): string | null {
  if (name === null) return null;
  if (ext !== null && ext !== '' && name.length > ext.length + 1) return name.slice(0, name.length - ext.length - 1);
  return name;
}

/** strftime('%Y-%m-%dT%H:%M:%S', mtime / 1000, 'unixepoch'): whole seconds (integer division), UTC. */
function mtimeText(mtime: number): string {
  const seconds = Number.isInteger(mtime) ? Math.trunc(mtime / 1000) : mtime / 1000;
  return new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19);
}

/** SQLite's ascending order of values: NULL, then numbers, then text compared byte by byte (code points). */
function sqliteOrder(a: Value, b: Value): number {
  const rank = (v: Value) => (v === null ? 0 : typeof v === 'number' ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a === null || b === null) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return codePointCompare(String(a), String(b));
}

/** Code point order (SQLite's byte order of UTF-8) without splitting the strings: UTF-16 order, surrogates moved above U+FFFF. */
function codePointCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return fixUp(x) - fixUp(y);
  }
  return a.length - b.length;
}

const fixUp = (c: number) => (c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c);
