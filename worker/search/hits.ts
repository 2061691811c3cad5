// Ranked entry ids → the hits a caller sees: identity, standard metadata,
// a snippet with the matched words marked, and requested frontmatter fields.
import { fileField, fileFieldValues } from '../query/file-fields';
import type { Db } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';
import { effectiveFrontmatter, valueAt } from '../query/field-values';
import { inlineFieldValues } from '../query/inline-field-values';
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
  /** The first SNIPPET_HEAD_CHARS characters of the body (OPENING_CHARS with no word to mark; notes only). */
  head: string | null;
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
  // Snippets need only the head of each body: one statement for the page, not one per hit.
  // A matched passage may lack the query's words while the note has them: then the body is looked at too.
  const needHead = rows.some((r) => r.snippet === undefined && (r.passage === undefined || opts.highlight.length > 0));
  const head = needHead ? ', substr(c.body, 1, ?) AS head' : ', NULL AS head';
  const hl = highlighter(opts.highlight);
  // With no word to mark (a filter-only search) a snippet is the note's opening: far less text to fold.
  const headChars = hl.re ? SNIPPET_HEAD_CHARS : OPENING_CHARS;
  for (const e of db.all<EntryRow>(
    `SELECT e.id, e.kind, e.path, v.name AS vault, e.title, e.type, e.permalink, e.tags ${fm} ${head}
     FROM entries e JOIN vaults v ON v.id = e.vault_id LEFT JOIN contents c ON c.entry_id = e.id
     WHERE e.id IN (${ids.map(() => '?').join(',')})`,
    needHead ? [headChars, ...ids] : ids,
  )) {
    entries.set(e.id, e);
  }
  const where = locators(opts.highlight);
  const files = opts.fields?.some((f) => fileField(f)) ? fileFieldValues(db, ids, opts.fields) : null;
  const inline = opts.fields?.length ? inlineFieldValues(db, ids, opts.fields) : null;
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
      snippet: r.snippet ?? (r.passage !== undefined ? passageSnippet(db, e, r.passage, hl, opts.markers, where) : snippetFor(db, e, hl, opts.markers, where)),
    };
    if (opts.fields?.length) {
      // Files have no frontmatter: every field is null. Notes read it as find does.
      const fm = e.kind === 'note' ? effectiveFrontmatter(e) : null;
      // A file.* name is Dataview's file field (notes only), never a frontmatter map called file.
      hit.fields = Object.fromEntries(opts.fields.map((f) => [f, (fileField(f) ? files?.get(e.id)?.[f] : fm && (valueAt(fm, f) ?? inline?.get(e.id)?.[f])) ?? null]));
    }
    hits.push(hit);
  }
  return hits;
}

/**
 * A vector hit's snippet: the passage that matched when it shows a query
 * word; otherwise the note's own text where it has them (the reader sees why
 * the note is there); otherwise the passage as it is.
 */
function passageSnippet(db: Db, e: EntryRow, passage: string, hl: Highlighter, markers: [string, string], where: string[]): string {
  const opts = { open: markers[0], close: markers[1] };
  if (!hl.re || e.head === null) return makeSnippet(passage, hl, opts);
  const inPassage = makeSnippet(passage, hl, { ...opts, requireHit: true });
  if (inPassage !== null) return inPassage;
  const inNote = snippetFor(db, e, hl, markers, where, true);
  return inNote ?? makeSnippet(passage, hl, opts);
}

/** Most matches sit near the top of a note: look there first. */
const SNIPPET_HEAD_CHARS = 4_000;
/** Enough for a snippet of a note's opening (about 270 characters, more where NFKC folds several into one); longer ones read the head. */
const OPENING_CHARS = 1_000;
/** Around a match located further in, this much text is read. */
const SNIPPET_WINDOW_CHARS = 6_000;

const NONE = 9e15;

/**
 * Where the first of the words occurs in a note's body (1-based, in
 * lower(body) as instr() sees it; NONE when nowhere) and the body's length.
 * MATERIALIZED: the text is folded once; as a plain subquery SQLite folds the
 * whole body again for every word (measured over the long notes among the
 * top 20 of 102 queries on seekstone-10k: 149 ms in all instead of 237;
 * searching the first 64k characters first was no faster, 223 ms).
 */
function firstOccurrence(db: Db, id: number, where: string[]): { at: number; n: number } {
  return db.get<{ at: number; n: number }>(
    `WITH t(b) AS MATERIALIZED (SELECT lower(body) FROM contents WHERE entry_id = ?)
     SELECT min(${where.map(() => `coalesce(nullif(instr(b, ?), 0), ${NONE})`).join(', ')}) AS at, length(b) AS n FROM t`,
    [id, ...where],
  )!;
}

/**
 * A snippet without decoding a whole long note: its head first; if no word
 * matches there, SQL instr() locates the first occurrence further in and
 * only a window around it is read. Long notes that only match in forms
 * instr() cannot see (width variants) show their beginning.
 */
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], where: string[]): string;
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], where: string[], requireHit: true): string | null;
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], where: string[], requireHit = false): string | null {
  if (e.kind === 'file') return requireHit ? null : e.path;
  if (e.head === null) return requireHit ? null : '';
  const opts = { open: markers[0], close: markers[1] };
  if (!hl.re) return requireHit ? null : openingSnippet(db, e.id, e.head, hl, opts);
  // A head shorter than asked for is the whole note.
  if (e.head.length < SNIPPET_HEAD_CHARS) return requireHit ? makeSnippet(e.head, hl, { ...opts, requireHit: true }) : makeSnippet(e.head, hl, opts);
  const full = e.head.length + 1; // longer than the head: enough for the trailing ellipsis
  const found = makeSnippet(e.head, hl, { ...opts, requireHit: true, fullLength: full });
  if (found !== null) return found;
  if (!where.length) return requireHit ? null : makeSnippet(e.head, hl, { ...opts, fullLength: full });
  const { at, n } = firstOccurrence(db, e.id, where);
  if (at < NONE) {
    const from = Math.max(1, at - SNIPPET_WINDOW_CHARS / 4);
    const window = db.get<{ body: string }>('SELECT substr(body, ?, ?) AS body FROM contents WHERE entry_id = ?', [from, SNIPPET_WINDOW_CHARS, e.id])!.body;
    const there = makeSnippet(window, hl, { ...opts, requireHit: true, fullLength: n, windowStart: from - 1 });
    if (there !== null) return there;
  }
  return requireHit ? null : makeSnippet(e.head, hl, { ...opts, fullLength: full });
}

/**
 * The snippet of a note's opening (no word to mark) from its first
 * OPENING_CHARS characters, the same as from the head: if it would reach
 * past them, the head is read after all.
 */
function openingSnippet(db: Db, id: number, opening: string, hl: Highlighter, opts: { open: string; close: string }): string {
  if (opening.length < OPENING_CHARS) return makeSnippet(opening, hl, opts);
  const fromOpening = makeSnippet(opening, hl, { ...opts, within: true, fullLength: opening.length + 1 });
  if (fromOpening !== null) return fromOpening;
  const head = db.get<{ head: string }>('SELECT substr(body, 1, ?) AS head FROM contents WHERE entry_id = ?', [SNIPPET_HEAD_CHARS, id])!.head;
  return makeSnippet(head, hl, head.length < SNIPPET_HEAD_CHARS ? opts : { ...opts, fullLength: head.length + 1 });
}
