// Ranked entry ids → the hits a caller sees: identity, standard metadata,
// a snippet with the matched words marked, and requested frontmatter fields.
import type { Db } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';
import { effectiveFrontmatter, valueAt } from '../query/field-values';
import type { ModeRow } from './mode';
import { highlighter, locators, makeSnippet, type HighlightTerm, type Highlighter } from './snippet';

export interface SearchHit {
  /** `${vault}:${path}`: pass it back in `ids` to fetch this hit again. */
  id: string;
  kind: 'note' | 'file';
  path: string;
  vault: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string[];
  score: number;
  snippet: string;
  fields?: Record<string, FmValue>;
}

export interface HitOptions {
  highlight: HighlightTerm[];
  markers: [string, string];
  fields?: readonly string[];
}

interface EntryRow {
  id: number;
  kind: 'note' | 'file';
  path: string;
  vault: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string | null;
  frontmatter: string | null;
}

export function hydrateHits(db: Db, rows: readonly ModeRow[], opts: HitOptions): SearchHit[] {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const entries = new Map<number, EntryRow>();
  const fm = opts.fields?.length ? ', e.frontmatter' : ', NULL AS frontmatter';
  for (const e of db.all<EntryRow>(
    `SELECT e.id, e.kind, e.path, v.name AS vault, e.title, e.type, e.permalink, e.tags ${fm}
     FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE e.id IN (${ids.map(() => '?').join(',')})`,
    ids,
  )) {
    entries.set(e.id, e);
  }
  const hl = highlighter(opts.highlight);
  const where = locators(opts.highlight);
  const hits: SearchHit[] = [];
  for (const r of rows) {
    const e = entries.get(r.id);
    if (!e) continue;
    const tags: string[] = e.tags ? JSON.parse(e.tags) : [];
    const hit: SearchHit = {
      id: `${e.vault}:${e.path}`,
      kind: e.kind,
      path: e.path,
      vault: e.vault,
      title: e.title,
      type: e.type,
      permalink: e.permalink,
      tags,
      score: r.score,
      snippet: r.snippet ?? snippetFor(db, e, hl, opts.markers, where),
    };
    if (opts.fields?.length) {
      // Files have no frontmatter: every field is null. Notes read it as find does.
      const fm = e.kind === 'note' ? effectiveFrontmatter(e) : null;
      hit.fields = Object.fromEntries(opts.fields.map((f) => [f, (fm && valueAt(fm, f)) ?? null]));
    }
    hits.push(hit);
  }
  return hits;
}

/** Most matches sit near the top of a note: look there first. */
const SNIPPET_HEAD_CHARS = 16_000;
/** Around a match located further in, this much text is read. */
const SNIPPET_WINDOW_CHARS = 8_000;

/**
 * A snippet without decoding a whole long note: its head first; if no word
 * matches there, SQL instr() locates the first occurrence further in and
 * only a window around it is read. Long notes that only match in forms
 * instr() cannot see (width variants) show their beginning.
 */
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], where: string[]): string {
  if (e.kind === 'file') return e.path;
  const opts = { open: markers[0], close: markers[1] };
  const head = db.get<{ body: string; bytes: number }>('SELECT substr(body, 1, ?) AS body, octet_length(body) AS bytes FROM contents WHERE entry_id = ?', [SNIPPET_HEAD_CHARS, e.id]);
  if (!head) return '';
  // Fewer bytes than the head holds characters: the head is the whole note.
  if (head.bytes <= SNIPPET_HEAD_CHARS) return makeSnippet(head.body, hl, opts);
  const full = db.get<{ n: number }>('SELECT length(body) AS n FROM contents WHERE entry_id = ?', [e.id])!.n;
  const found = makeSnippet(head.body, hl, { ...opts, requireHit: true, fullLength: full });
  if (found !== null || !where.length) return found ?? makeSnippet(head.body, hl, { ...opts, fullLength: full });
  const NONE = 9e15;
  const at = db.get<{ at: number }>(
    `SELECT min(${where.map(() => `coalesce(nullif(instr(b, ?), 0), ${NONE})`).join(', ')}) AS at FROM (SELECT lower(body) AS b FROM contents WHERE entry_id = ?)`,
    [...where, e.id],
  )!.at;
  if (at < NONE) {
    const from = Math.max(1, at - SNIPPET_WINDOW_CHARS / 4);
    const window = db.get<{ body: string }>('SELECT substr(body, ?, ?) AS body FROM contents WHERE entry_id = ?', [from, SNIPPET_WINDOW_CHARS, e.id])!.body;
    const there = makeSnippet(window, hl, { ...opts, requireHit: true, fullLength: full, windowStart: from - 1 });
    if (there !== null) return there;
  }
  return makeSnippet(head.body, hl, { ...opts, fullLength: full });
}
