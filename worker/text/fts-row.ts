// What one entry contributes to the FTS index. The import writes through
// these functions only, so the index's columns and text preparation can
// change in one place (with a migration that rebuilds the index).
import type { Db } from '../db/database';
import { parseBody } from '../ingest/markdown';
import { MAX_INDEXED_CHARS } from '../ingest/note';
import type { FmValue, Frontmatter } from '../ingest/frontmatter';
import { aliasesOf } from '../ingest/standard-keys';
import { indexText } from './index-text';
import { leadText } from './opening';
import { splitLinks } from './link-text';

export interface FtsDoc {
  title: string;
  headings: string;
  body: string;
  tags: string;
  aliases: string;
  path: string;
  /** Frontmatter values as text (frontmatterText), so `author: Dora` is found by Dora. */
  meta: string;
}

/** BM25 weight of the `meta` column (frontmatter values), chosen with `npm run eval` (docs/search-text.md). */
export const FRONTMATTER_WEIGHT = 2;

/**
 * BM25 weight of the `links` column: where a note's links point (targets,
 * their headings, URLs; worker/text/link-text.ts). Half a body word: a link
 * says the note mentions the other note, less than the note's own words do.
 */
export const LINK_WEIGHT = 0.25;

/** The tokenizer of the `fts` table (docs/search-text.md says why). */
export const FTS_TOKENIZE = 'porter unicode61 remove_diacritics 2';

/** Creates the `fts` table; `tokenize` differs only in evaluations. */
export function createFtsTableSql(tokenize: string = FTS_TOKENIZE): string {
  return `CREATE VIRTUAL TABLE fts USING fts5(
  title, headings, body, tags, aliases, path, meta, links,
  content = '', contentless_delete = 1,
  tokenize = '${tokenize.replace(/'/g, "''")}'
)`;
}

// Keys whose values have columns of their own (title, tags, aliases) or are
// the path again (permalink).
const NOT_META = new Set(['title', 'tags', 'aliases', 'alias', 'permalink']);

/** The frontmatter's text and number values, one per line (nested maps and lists walked; booleans and nulls left out). */
export function frontmatterText(fm: Frontmatter): string {
  const out: string[] = [];
  const walk = (v: FmValue) => {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'number') out.push(String(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const [k, v] of Object.entries(fm)) if (!NOT_META.has(k)) walk(v);
  return out.join('\n');
}

export function pathText(path: string): string {
  return path.replace(/\.(md|markdown)$/i, '').replace(/[/_.\-]+/g, ' ');
}

// The opening `fts_lead` holds for each note (worker/text/opening.ts).
export { LEAD_CHARS, leadText } from './opening';

/** Creates the `fts_lead` table (the openings of notes; same tokenizer as `fts`, same rowids). */
export function createLeadTableSql(tokenize: string = FTS_TOKENIZE): string {
  return `CREATE VIRTUAL TABLE fts_lead USING fts5(
  lead,
  content = '', contentless_delete = 1,
  tokenize = '${tokenize.replace(/'/g, "''")}'
)`;
}

export function writeFtsRow(db: Db, id: number, doc: FtsDoc, prepare: (s: string) => string = indexText): void {
  const { shown, targets } = splitLinks(doc.body);
  db.run('INSERT INTO fts (rowid, title, headings, body, tags, aliases, path, meta, links) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    id,
    prepare(doc.title),
    prepare(doc.headings),
    prepare(shown),
    prepare(doc.tags),
    prepare(doc.aliases),
    prepare(pathText(doc.path)),
    prepare(doc.meta),
    prepare(targets),
  ]);
  db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [id, prepare(leadText(doc.body))]);
}

export function deleteFtsRow(db: Db, id: number): void {
  db.run('DELETE FROM fts WHERE rowid = ?', [id]);
  db.run('DELETE FROM fts_lead WHERE rowid = ?', [id]);
}

/**
 * Drops and rebuilds `fts` from what the database already holds (entries and
 * contents): for migrations that change the tokenizer or text preparation,
 * and for evaluations comparing them. Runs inside one transaction.
 */
export function rebuildFts(db: Db, opts: { tokenize?: string; prepare?: (s: string) => string } = {}): number {
  return db.tx(() => {
    db.exec('DROP TABLE IF EXISTS fts');
    db.exec('DROP TABLE IF EXISTS fts_lead');
    db.exec(createFtsTableSql(opts.tokenize));
    db.exec(createLeadTableSql(opts.tokenize));
    let n = 0;
    // In batches: a large vault's bodies never sit in memory at once.
    for (let after = 0; ; ) {
      const rows = db.all<{ id: number; kind: string; path: string; title: string; tags: string | null; frontmatter: string | null; body: string | null }>(
        `SELECT e.id, e.kind, e.path, e.title, e.tags, e.frontmatter, c.body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id
         WHERE e.id > ? ORDER BY e.id LIMIT 500`,
        [after],
      );
      if (!rows.length) break;
      for (const r of rows) writeFtsRow(db, r.id, ftsDocOf(r), opts.prepare);
      n += rows.length;
      after = rows[rows.length - 1].id;
    }
    db.exec("INSERT INTO fts(fts) VALUES('optimize')");
    db.exec("INSERT INTO fts_lead(fts_lead) VALUES('optimize')");
    return n;
  });
}

/**
 * Drops and rebuilds `fts_lead` alone from the stored bodies: when only the
 * reading of notes' openings changed, the main index stays as it is (a 10k
 * vault's full rebuild takes tens of seconds, the openings a fraction).
 * `lead`: another reading of the openings, for measurements (default leadText).
 */
export function rebuildLead(db: Db, opts: { tokenize?: string; prepare?: (s: string) => string; lead?: (body: string) => string } = {}): number {
  const prepare = opts.prepare ?? indexText;
  const lead = opts.lead ?? ((body: string) => leadText(body));
  return db.tx(() => {
    db.exec('DROP TABLE IF EXISTS fts_lead');
    db.exec(createLeadTableSql(opts.tokenize));
    let n = 0;
    for (let after = 0; ; ) {
      const rows = db.all<{ id: number; kind: string; body: string | null }>(
        `SELECT e.id, e.kind, substr(c.body, 1, ?) AS body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id
         WHERE e.id > ? ORDER BY e.id LIMIT 500`,
        [MAX_INDEXED_CHARS, after],
      );
      if (!rows.length) break;
      for (const r of rows) {
        db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.id, prepare(r.kind === 'file' || r.body === null ? '' : lead(r.body))]);
      }
      n += rows.length;
      after = rows[rows.length - 1].id;
    }
    db.exec("INSERT INTO fts_lead(fts_lead) VALUES('optimize')");
    return n;
  });
}

/** An entry's FTS document rebuilt from stored columns (as the import wrote it). */
function ftsDocOf(r: { kind: string; path: string; title: string; tags: string | null; frontmatter: string | null; body: string | null }): FtsDoc {
  if (r.kind === 'file' || r.body === null) return { title: r.title, headings: '', body: '', tags: '', aliases: '', path: r.path, meta: '' };
  const body = r.body.length > MAX_INDEXED_CHARS ? r.body.slice(0, MAX_INDEXED_CHARS) : r.body;
  const tags: string[] = r.tags ? JSON.parse(r.tags) : [];
  const fm: Frontmatter = r.frontmatter ? JSON.parse(r.frontmatter) : {};
  return {
    title: r.title,
    headings: parseBody(body).headings.map((h) => h.text).join('\n'),
    body,
    tags: tags.join(' '),
    aliases: aliasesOf(fm).join('\n'),
    path: r.path,
    meta: frontmatterText(fm),
  };
}
