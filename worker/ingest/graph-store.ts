// A note's knowledge-graph rows: observations with their valid-time
// assertions, relations, and their rows in `kg_fts`, the text index that
// makes observations and relations searchable on their own. Written and
// cleared as part of the note (store.ts), inside its transaction.
import { insertRows } from '../db/bulk';
import type { Db } from '../db/database';
import { indexText } from '../text/index-text';
import type { FtsWrites } from './fts-writes';
import { linkKey, type Observation, type Relation } from './markdown';
import { rangeLiteral, storageKeys } from './temporal';

/**
 * One text index for both kinds, so observations and relations asked for
 * together rank on the same BM25 statistics. Its rowids tell them apart:
 * an observation's id times two, a relation's id times two plus one.
 */
export function kgRowid(kind: 'observation' | 'relation', id: number): number {
  return kind === 'observation' ? id * 2 : id * 2 + 1;
}

/** The text a graph item is found by: label (category or relation type), text (content or link target), tags, context, the note's title (relations). */
export interface KgDoc {
  label: string;
  text: string;
  tags: string;
  context: string;
  note: string;
}

export const KG_FTS_SQL = `CREATE VIRTUAL TABLE kg_fts USING fts5(
  label, text, tags, context, note,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
)`;

/** BM25 column weights of kg_fts: label, text, tags, context, note. */
export const KG_BM25_WEIGHTS = [2, 1, 2, 0.5, 0.5] as const;

export function writeKgRow(db: Db, rowid: number, doc: KgDoc): void {
  db.run('INSERT INTO kg_fts (rowid, label, text, tags, context, note) VALUES (?, ?, ?, ?, ?, ?)', [
    rowid, indexText(doc.label), indexText(doc.text), indexText(doc.tags), indexText(doc.context), indexText(doc.note),
  ]);
}

export function deleteKgRow(db: Db, rowid: number): void {
  db.run('DELETE FROM kg_fts WHERE rowid = ?', [rowid]);
}

const OBSERVATION_COLUMNS = ['entry_id', 'id', 'line', 'category', 'content', 'tags', 'context'];
const RELATION_COLUMNS = ['entry_id', 'id', 'line', 'type', 'target', 'target_key', 'context'];
const ASSERTION_COLUMNS = ['entry_id', 'observation_id', 'kind', 'axis', 'lo', 'hi', 'lo_inc', 'hi_inc', 'literal', 'source_text'];

/** Removes an entry's graph rows; their kg_fts rows go through `fts` (applied before any new row is written). */
export function clearGraphRows(db: Db, entryId: number, fts: FtsWrites): void {
  for (const id of db.column<number>('SELECT id FROM observations WHERE entry_id = ?', [entryId])) fts.deleteKg(kgRowid('observation', id));
  for (const id of db.column<number>('SELECT id FROM relations WHERE entry_id = ?', [entryId])) fts.deleteKg(kgRowid('relation', id));
  db.run('DELETE FROM assertions WHERE entry_id = ?', [entryId]);
  db.run('DELETE FROM observations WHERE entry_id = ?', [entryId]);
  db.run('DELETE FROM relations WHERE entry_id = ?', [entryId]);
}

/**
 * Writes observations, their assertions and relations with ids chosen here
 * (after the current maximum), so the assertions and index rows need no
 * read-back of generated ids.
 */
export function writeGraphRows(db: Db, entryId: number, noteTitle: string, observations: readonly Observation[], relations: readonly Relation[], fts: FtsWrites): void {
  if (observations.length) {
    const base = nextId(db, 'observations');
    insertRows(db, 'observations', OBSERVATION_COLUMNS, [entryId], observations.map((o, i) => [base + i, o.line, o.category, o.content, JSON.stringify(o.tags), o.context]));
    const assertions: (string | number)[][] = [];
    observations.forEach((o, i) => {
      const id = base + i;
      for (const a of o.temporal) {
        const { lo, hi } = storageKeys(a.range);
        assertions.push([id, a.kind, a.range.axis, lo, hi, a.range.lowerInclusive ? 1 : 0, a.range.upperInclusive ? 1 : 0, rangeLiteral(a.range), a.sourceText]);
      }
      fts.writeKg(kgRowid('observation', id), { label: o.category, text: o.content, tags: o.tags.join(' '), context: o.context ?? '', note: '' });
    });
    insertRows(db, 'assertions', ASSERTION_COLUMNS, [entryId], assertions);
  }
  if (relations.length) {
    const base = nextId(db, 'relations');
    insertRows(db, 'relations', RELATION_COLUMNS, [entryId], relations.map((r, i) => [base + i, r.line, r.type, r.target, linkKey(r.target), r.context]));
    relations.forEach((r, i) => fts.writeKg(kgRowid('relation', base + i), { label: r.type, text: r.target, tags: '', context: r.context ?? '', note: noteTitle }));
  }
}

function nextId(db: Db, table: 'observations' | 'relations'): number {
  // max() over the rowid is one index probe.
  return (db.get<{ n: number | null }>(`SELECT max(id) AS n FROM ${table}`)!.n ?? 0) + 1;
}
