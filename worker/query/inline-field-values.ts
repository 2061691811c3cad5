// Values of Dataview inline fields (`pages:: 412`) for find's and search's
// `fields`. The import keeps them only as fm rows (src 'inline'): the stored
// frontmatter JSON is the YAML alone, so a column a filter matched through an
// inline field would otherwise read null. Rebuilt from those rows, typed as the
// import typed them; the frontmatter wins a clash, as it does for filters.
import type { Db } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';

interface Row {
  entry_id: number;
  key: string;
  pos: number;
  t: string;
  num: number | null;
  str: string | null;
  bool: number | null;
}

function scalar(r: Row): FmValue {
  if (r.t === 'num') return r.num;
  if (r.t === 'bool') return r.bool === 1;
  if (r.t === 'str') return r.str;
  return null;
}

/** Each note's inline values of these keys (tags and file.* names left out: they have their own sources). */
export function inlineFieldValues(db: Db, ids: readonly number[], keys: readonly string[]): Map<number, Record<string, FmValue>> {
  const out = new Map<number, Record<string, FmValue>>();
  const wanted = [...new Set(keys.filter((k) => k !== 'tags' && !k.startsWith('file.')))];
  if (!ids.length || !wanted.length) return out;
  const rows = db.all<Row>(
    `SELECT entry_id, key, pos, t, num, str, bool FROM fm INDEXED BY fm_entry
     WHERE entry_id IN (${ids.map(() => '?').join(',')}) AND key IN (${wanted.map(() => '?').join(',')}) AND src = 'inline'
     ORDER BY entry_id, key, pos`,
    [...ids, ...wanted],
  );
  for (const r of rows) {
    const values = out.get(r.entry_id) ?? {};
    out.set(r.entry_id, values);
    if (r.pos < 0) values[r.key] = r.t === 'list' ? [] : scalar(r);
    else {
      const list = values[r.key];
      if (Array.isArray(list)) list.push(scalar(r));
      else values[r.key] = [scalar(r)];
    }
  }
  return out;
}
