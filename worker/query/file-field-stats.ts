// Dataview's file fields as the fields tool lists them (issue 12): every
// note has them, so they are listed beside the frontmatter keys with their
// type, how many notes have them, their most frequent values and their
// operators. Read from the view file_fields (migration 0012); file.tags is
// the tags key itself, so its entry is that key's, under its file.* name.
import type { Db } from '../db/database';
import { visibleId } from '../team/sql';
import { readableScope, type FieldStats, type FieldStatsOptions } from './field-stats';
import { OPERATOR_NAMES, OPERATORS_BY_TYPE, type FieldType } from './operators';
import { ENTRY_FIELDS, scanEntryFields } from './file-field-scan';

/** The file fields in scope of `opts` (a prefix of "file" or "file.x" selects them), most common first. */
export function fileFieldStats(db: Db, opts: FieldStatsOptions, tags: FieldStats | undefined): FieldStats[] {
  const { scope, params } = readableScope(opts);
  if (opts.prefix) {
    if (opts.prefix !== 'file' && !opts.prefix.startsWith('file.')) return [];
    if (opts.prefix !== 'file') {
      scope.push('key = ?');
      params.push(opts.prefix);
    }
  }
  // The link counts are computed per note by the view (inlinks by a lookup over every link): listing
  // their values would cost a pass over all links for each note, so they are listed without values.
  // The fields of the entries row itself are counted from one read of the notes (file-field-scan.ts):
  // grouping the view's rows in SQL took seconds at 10,000 notes. Only file.etags (fm rows) is grouped here.
  const where = `WHERE key = 'file.etags' AND ${scope.join(' AND ')}`;
  const scanned = opts.prefix && opts.prefix !== 'file' && !ENTRY_FIELDS.includes(opts.prefix) ? { rows: [], values: [] } : scanEntryFields(db, opts, Math.max(opts.limit, 1));
  const tagged = !opts.prefix || opts.prefix === 'file' || opts.prefix === 'file.etags';
  const rows = [
    ...scanned.rows,
    ...(tagged ? db.all<{ key: string; t: string; notes: number; list: number }>(`SELECT key, t, COUNT(DISTINCT entry_id) AS notes, MAX(pos >= 0) AS list FROM file_fields ${where} GROUP BY key, t`, params) : []),
  ];
  const values = [
    ...scanned.values,
    ...(tagged
      ? db.all<{ key: string; v: number | string | null; n: number; d: number }>(
          `SELECT key, v, n, d FROM (
             SELECT key, v, n, ROW_NUMBER() OVER (PARTITION BY key ORDER BY n DESC, v) AS rank, COUNT(*) OVER (PARTITION BY key) AS d
             FROM (SELECT key, coalesce(num, str) AS v, COUNT(DISTINCT entry_id) AS n FROM file_fields ${where} GROUP BY key, v))
           WHERE rank <= ? ORDER BY key, rank`,
          [...params, Math.max(opts.limit, 1)],
        )
      : []),
  ];
  const out: FieldStats[] = rows.map((r) => {
    // file.day is a date (YYYY-MM-DD), compared as dates are: as text.
    const type: FieldType = r.t === 'num' ? 'number' : r.key === 'file.day' ? 'date' : 'string';
    const types: FieldType[] = r.list ? ['list', type] : [type];
    return {
      key: r.key,
      notes: r.notes,
      types: r.list ? { list: r.notes } : { [type]: r.notes },
      ...(r.list ? { item_types: { [type]: r.notes } } : {}),
      distinct: 0,
      values: [],
      file: true,
      operators: OPERATOR_NAMES.filter((op) => types.some((t) => OPERATORS_BY_TYPE[t].includes(op))),
    };
  });
  const counts = ['file.inlinks', 'file.outlinks'].filter((k) => !opts.prefix || opts.prefix === 'file' || opts.prefix === k);
  if (counts.length) {
    const inVault = opts.vaultId !== undefined ? ' AND vault_id = ?' : '';
    const notes = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM entries WHERE kind = 'note' AND ${visibleId('id')}${inVault}`, opts.vaultId !== undefined ? [opts.vaultId] : [])!.n;
    for (const key of counts) out.push({ key, notes, types: { number: notes }, distinct: 0, values: [], file: true, operators: OPERATOR_NAMES.filter((op) => OPERATORS_BY_TYPE.number.includes(op)) });
  }
  for (const v of values) {
    const s = out.find((x) => x.key === v.key);
    if (!s) continue;
    s.distinct = v.d;
    if (s.values.length < opts.limit) s.values.push({ value: v.v as string | number, count: v.n });
  }
  if (tags && (!opts.prefix || opts.prefix === 'file' || opts.prefix === 'file.tags')) out.push({ ...structuredClone(tags), key: 'file.tags', file: true });
  return out.sort((a, b) => b.notes - a.notes || (a.key < b.key ? -1 : 1));
}
