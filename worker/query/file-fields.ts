// Dataview's file fields, which every note has: filter keys `file.<name>`,
// read from the view file_fields (migration 0012) rather than from fm, so a
// frontmatter map that happens to be called `file` never answers for them.
// file.tags is the tags key itself (with its parent-tag matching); file.etags
// the tags exactly as written.
import type { Db } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';

import { FILE_FIELDS, type FileField } from './file-field-names';

export { FILE_FIELDS, type FileField };

const NAMES = new Set<string>(FILE_FIELDS);

/** The file field a filter key names (`file.size` → size), or null for any other key. */
export function fileField(key: string): FileField | null {
  if (!key.startsWith('file.')) return null;
  const name = key.slice(5);
  return NAMES.has(name) ? (name as FileField) : null;
}

/**
 * The values of file fields for some notes, as `fields` returns them: strings
 * and numbers, file.etags a list, file.tags that list with every parent tag
 * too (Dataview's: #a/b gives a and a/b).
 */
export function fileFieldValues(db: Db, ids: readonly number[], keys: readonly string[]): Map<number, Record<string, FmValue>> {
  const out = new Map<number, Record<string, FmValue>>();
  const wanted = [...new Set(keys.filter((k) => fileField(k) !== null).map((k) => (fileField(k) === 'tags' ? 'file.etags' : k)))];
  if (!ids.length || !wanted.length) return out;
  const rows = db.all<{ entry_id: number; key: string; pos: number; num: number | null; str: string | null }>(
    `SELECT entry_id, key, pos, num, str FROM file_fields WHERE entry_id IN (${ids.map(() => '?').join(',')}) AND key IN (${wanted.map(() => '?').join(',')}) ORDER BY entry_id, key, pos`,
    [...ids, ...wanted],
  );
  const etags = new Map<number, string[]>();
  for (const r of rows) {
    const values = out.get(r.entry_id) ?? {};
    out.set(r.entry_id, values);
    if (r.key === 'file.etags') etags.set(r.entry_id, [...(etags.get(r.entry_id) ?? []), r.str ?? '']);
    else values[r.key] = r.num ?? r.str;
  }
  for (const id of ids) {
    const values = out.get(id) ?? {};
    out.set(id, values);
    const written = etags.get(id) ?? [];
    if (keys.includes('file.etags')) values['file.etags'] = written;
    if (keys.includes('file.tags')) values['file.tags'] = withParents(written);
  }
  return out;
}

function withParents(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const parts = t.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const tag = parts.slice(0, i).join('/');
      if (!out.includes(tag)) out.push(tag);
    }
  }
  return out;
}
