// The text index moves to the porter tokenizer (English words match their
// inflections; measured on Cranfield in docs/search-text.md). The index is
// rebuilt from entries and contents; nothing else changes.
//
// Everything this migration needs is frozen here, as it was when version 3
// shipped: the table, the tokenizer, which text each column gets and how it
// is prepared (NFKC, lower case, CJK bigrams). A later change to the live
// import (worker/text/) must come with a migration of its own that rebuilds
// the index again; it can never change what upgrading to version 3 does.
import type { Db } from '../database';
import type { Migration } from '../migrate';

const TABLE = `CREATE VIRTUAL TABLE fts USING fts5(
  title, headings, body, tags, aliases, path,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
)`;
const MAX_INDEXED_CHARS = 2_000_000;

// Text preparation of version 3 (worker/text/index-text.ts then).
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC\\u3005\\u3006\\u303B';
const CJK_TEST = new RegExp(`[${CJK}]`, 'u');
const CJK_SPACED_RUN = new RegExp(`[${CJK}]+(?:[ \\u3000][${CJK}]+)*`, 'gu');

function prepare(s: string): string {
  const n = s.normalize('NFKC').toLowerCase();
  if (!CJK_TEST.test(n)) return n;
  return n.replace(CJK_SPACED_RUN, (run) => {
    const chars = Array.from(run.replace(/[ \u3000]/g, ''));
    if (chars.length === 1) return ` ${chars[0]} `;
    const tokens: string[] = [];
    for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i] + chars[i + 1]);
    tokens.push(chars[chars.length - 1]);
    return ` ${tokens.join(' ')} `;
  });
}

// Heading lines of version 3 (worker/ingest/markdown.ts then): ATX headings outside fenced code, inline code blanked.
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
const INLINE_CODE = /`[^`\n]*`/g;

function headings(body: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const raw = line.replace(/\r$/, '');
    const f = FENCE.exec(raw);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = HEADING.exec(raw.replace(INLINE_CODE, (m) => ' '.repeat(m.length)));
    if (h) out.push(h[2].trim());
  }
  return out.join('\n');
}

function aliases(frontmatter: string | null): string {
  const fm = frontmatter ? (JSON.parse(frontmatter) as Record<string, unknown>) : {};
  const v = fm.aliases ?? fm.alias;
  if (v === null || v === undefined) return '';
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x) => x !== null && typeof x !== 'object').map((x) => String(x).trim()).filter(Boolean).join('\n');
}

interface Row {
  id: number;
  kind: string;
  path: string;
  title: string;
  tags: string | null;
  frontmatter: string | null;
  body: string | null;
}

function writeRow(db: Db, r: Row): void {
  const note = r.kind !== 'file' && r.body !== null;
  const body = note ? (r.body!.length > MAX_INDEXED_CHARS ? r.body!.slice(0, MAX_INDEXED_CHARS) : r.body!) : '';
  const tags: string[] = note && r.tags ? JSON.parse(r.tags) : [];
  const path = r.path.replace(/\.(md|markdown)$/i, '').replace(/[/_.\-]+/g, ' ');
  db.run('INSERT INTO fts (rowid, title, headings, body, tags, aliases, path) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    r.id,
    prepare(r.title),
    prepare(note ? headings(body) : ''),
    prepare(body),
    prepare(tags.join(' ')),
    prepare(note ? aliases(r.frontmatter) : ''),
    prepare(path),
  ]);
}

export const m0003: Migration = {
  version: 3,
  name: 'fts_porter',
  up: (db) => {
    db.exec('DROP TABLE IF EXISTS fts');
    db.exec(TABLE);
    // In batches: a large vault's bodies never sit in memory at once.
    for (let after = 0; ; ) {
      const rows = db.all<Row>(
        `SELECT e.id, e.kind, e.path, e.title, e.tags, e.frontmatter, c.body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id
         WHERE e.id > ? ORDER BY e.id LIMIT 500`,
        [after],
      );
      if (!rows.length) break;
      for (const r of rows) writeRow(db, r);
      after = rows[rows.length - 1].id;
    }
    db.exec("INSERT INTO fts(fts) VALUES('optimize')");
  },
};
