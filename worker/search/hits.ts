// Ranked entry ids → the hits a caller sees: identity, standard metadata,
// a snippet with the matched words marked, and requested frontmatter fields.
import { fileField, fileFieldValues } from '../query/file-fields';
import type { Db } from '../db/database';
import type { FmValue } from '../ingest/frontmatter';
import { effectiveFrontmatter, valueAt } from '../query/field-values';
import { inlineFieldValues } from '../query/inline-field-values';
import { fieldForms, resolvedValue } from '../query/key-forms';
import type { ModeRow } from './mode';
import { highlighter, locators, makeSnippet, SNIPPET_PLAN, type HighlightTerm, type Highlighter } from './snippet';
import { notesHolding, termWeights } from './term-weights';
import type { TermCounts } from './fts-query';
import { withFrontmatterMatch, withTagMatch } from './frontmatter-snippet';
import { withLinkMatch } from './link-snippet';

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
  /** How many notes hold the query's words, where the text ranking counted them already (MATCH expression → count). */
  termCounts?: TermCounts;
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
  // The frontmatter: for requested fields, and for a snippet where its values show the query's words.
  const fm = opts.fields?.length || opts.highlight.length ? ', e.frontmatter' : ', NULL AS frontmatter';
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
  const locate = bodyLocator(locators(opts.highlight));
  const rare = hl.re && SNIPPET_PLAN.weighted ? rarestWord(db, opts.highlight, hl, ids, opts.termCounts) : null;
  const files = opts.fields?.some((f) => fileField(f)) ? fileFieldValues(db, ids, opts.fields) : null;
  const asked = opts.fields?.length ? fieldForms(db, opts.fields) : null;
  const inline = asked ? inlineFieldValues(db, ids, asked.read) : null;
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
      snippet: r.snippet ?? (r.passage !== undefined ? passageSnippet(db, e, r.passage, hl, opts.markers, locate, rare) : snippetFor(db, e, hl, opts.markers, locate, rare)),
    };
    if (e.kind === 'note' && r.snippet === undefined) {
      hit.snippet = withTagMatch(tags, withLinkMatch(e.head, withFrontmatterMatch(e.frontmatter, hit.snippet, hl, opts.markers), hl, opts.markers), hl, opts.markers);
    }
    if (opts.fields?.length) {
      // Files have no frontmatter: every field is null. Notes read it as find does.
      const fm = e.kind === 'note' ? effectiveFrontmatter(e) : null;
      // A file.* name is Dataview's file field (notes only), never a frontmatter map called file.
      const read = (k: string) => (fm ? (valueAt(fm, k) ?? inline?.get(e.id)?.[k]) : undefined);
      hit.fields = Object.fromEntries(opts.fields.map((f) => [f, (fileField(f) ? files?.get(e.id)?.[f] : resolvedValue(f, asked!.forms.get(f)!, read)) ?? null]));
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
function passageSnippet(db: Db, e: EntryRow, passage: string, hl: Highlighter, markers: [string, string], locate: BodyLocator | null, rare: RarestWord | null): string {
  const opts = { open: markers[0], close: markers[1] };
  if (!hl.re || e.head === null) return makeSnippet(passage, hl, opts);
  const inPassage = makeSnippet(passage, hl, { ...opts, requireHit: true });
  if (inPassage !== null) return inPassage;
  const inNote = snippetFor(db, e, hl, markers, locate, rare, true);
  return inNote ?? makeSnippet(passage, hl, opts);
}

/** Most matches sit near the top of a note: look there first. */
const SNIPPET_HEAD_CHARS = 4_000;
/** Enough for a snippet of a note's opening (about 270 characters, more where NFKC folds several into one); longer ones read the head. */
const OPENING_CHARS = 1_000;
/** Around a match located further in, this much text is read. */
const SNIPPET_WINDOW_CHARS = 6_000;

/**
 * Where the first of the words occurs in a note's body (from character
 * `after`, 0-based) and the body's length, in characters (code points, as
 * SQLite counts them), `at` 1-based and null when nowhere; and the window of SNIPPET_WINDOW_CHARS around it (n and window only when found).
 * The same answer SQL's instr(lower(body), word) gave (lower() folds only
 * ASCII; the locators are ASCII-lower-case words or CJK text, which a
 * case-insensitive regex without the u flag matches exactly as that did),
 * found in one pass over the body read once, where SQL lower-cased a copy of
 * the whole body, stored it and searched it once per word (docs/search-text.md,
 * "Snippets of long notes located in JavaScript").
 */
export function locateInBody(body: string, locate: RegExp, after = 0): { at: number | null; n: number; window: string } {
  // Without surrogate pairs a UTF-16 offset is a character offset.
  const astral = SURROGATE.test(body);
  const g = locate.global ? locate : new RegExp(locate.source, `${locate.flags}g`);
  g.lastIndex = astral ? codePointSlice(body, 0, after).length : after;
  const m = g.exec(body);
  if (!m) return { at: null, n: 0, window: '' };
  const n = astral ? codePoints(body, body.length) : body.length;
  const at = (astral ? codePoints(body, m.index) : m.index) + 1;
  const from = Math.max(1, at - SNIPPET_WINDOW_CHARS / 4);
  const window = astral ? codePointSlice(body, from - 1, SNIPPET_WINDOW_CHARS) : body.substr(from - 1, SNIPPET_WINDOW_CHARS);
  return { at, n, window };
}

const SURROGATE = /[\ud800-\udfff]/;

/** Whether s holds a surrogate pair at UTF-16 unit i (one character for SQLite, two units here). */
function pairAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
}

/** How many characters (code points) the first `end` UTF-16 units of s hold. */
function codePoints(s: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++, n++) if (pairAt(s, i)) i++;
  return n;
}

/** substr() by characters (code points): `count` of them from character `start` (0-based). */
function codePointSlice(s: string, start: number, count: number): string {
  const unit = (cp: number, from: number, at: number): number => {
    let i = from;
    for (let k = at; k < cp && i < s.length; k++) i += pairAt(s, i) ? 2 : 1;
    return i;
  };
  const a = unit(start, 0, 0);
  return s.slice(a, unit(start + count, a, start));
}

/**
 * The locators as one case-insensitive pattern (no u flag: only ASCII letters
 * fold, as in SQL lower()). A CJK locator also finds its characters with a
 * space between two of them, as the snippet's own pattern and the index do
 * ("カタログピッカー" in "カタログ ピッカー").
 */
export function locatorPattern(where: readonly string[]): RegExp | null {
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = (w: string) => (isCjk(w) && SNIPPET_PLAN.cjkGaps ? Array.from(w).map(escape).join(CJK_GAP) : escape(w));
  return where.length ? new RegExp(where.map(source).join('|'), 'i') : null;
}

const CJK_GAP = '[ \\u3000]?';
/** Locators are either ASCII letters and digits or CJK text (snippet.ts locators()). */
const isCjk = (w: string) => /[^\x00-\x7f]/.test(w);

/** The locators' pattern, global (it is resumed where the text decoded before ends), and its longest alternative in UTF-16 units. */
export interface BodyLocator {
  re: RegExp;
  longest: number;
}

export function bodyLocator(where: readonly string[]): BodyLocator | null {
  const re = locatorPattern(where);
  // A CJK locator's match may hold a space between any two of its characters.
  return re && { re: new RegExp(re.source, 'gi'), longest: Math.max(...where.map((w) => (isCjk(w) ? 2 * w.length - 1 : w.length))) };
}

/** A long body's bytes are turned into text this many at a time (then four times as many) while looking for the first occurrence. */
const LOCATE_FIRST_BYTES = 16_384;
// The body's start is decoded as the database wrapper decodes text (a leading byte-order mark dropped); later pieces keep every character.
const firstPiece = new TextDecoder();
const laterPiece = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * locateInBody() on a stored note, its body read once as bytes but turned
 * into a string only as far as needed. Most first occurrences past the head
 * are near it (seekstone-10k's keyword benchmark: median at character 9,847
 * of bodies of 104,000 on average), and decoding whole long bodies was the
 * largest single cost of building a page of hits. Pieces end before a UTF-8
 * lead byte, so each decodes to whole characters. A match found in the text
 * so far is the first when it ends `longest` units before the text's end
 * (the alternatives are literal strings: a match starting earlier would have
 * fit too) or the whole body is decoded. The answer is locateInBody()'s.
 */
export function locateInNote(db: Db, id: number, locate: BodyLocator): { at: number | null; n: number; window: string } {
  const { re, longest } = locate;
  const bytes = db.get<{ b: Uint8Array | null }>('SELECT CAST(body AS BLOB) AS b FROM contents WHERE entry_id = ?', [id])!.b ?? new Uint8Array(0);
  let text = '';
  let end = 0;
  const more = (size: number): void => {
    let to = Math.min(bytes.length, end + size);
    while (to < bytes.length && (bytes[to] & 0xc0) === 0x80) to++;
    text += (end === 0 ? firstPiece : laterPiece).decode(bytes.subarray(end, to));
    end = to;
  };
  let m: RegExpExecArray | null = null;
  for (let size = LOCATE_FIRST_BYTES; ; size *= 4) {
    // Matches starting before this were already ruled out: they would have fit in the text decoded before.
    re.lastIndex = Math.max(0, text.length - longest);
    more(size);
    m = re.exec(text);
    if (end === bytes.length || (m && m.index + longest <= text.length)) break;
  }
  if (!m) return { at: null, n: 0, window: '' };
  const astral = SURROGATE.test(text);
  const at = (astral ? codePoints(text, m.index) : m.index) + 1;
  const from = Math.max(1, at - SNIPPET_WINDOW_CHARS / 4);
  // The window and one character more (which tells whether the body goes on after it): at most two units a character past the match.
  const wanted = SNIPPET_WINDOW_CHARS + 1;
  const reach = m.index + 2 * (from + wanted - at);
  while (end < bytes.length && text.length < reach) more(reach - text.length);
  const longer = SURROGATE.test(text) ? codePointSlice(text, from - 1, wanted) : text.substr(from - 1, wanted);
  const pairs = SURROGATE.test(longer);
  const count = pairs ? codePoints(longer, longer.length) : longer.length;
  // Short of that, the window reaches the body's end: its length is known.
  if (count < wanted) return { at, n: from - 1 + count, window: longer };
  const window = pairs ? codePointSlice(longer, 0, SNIPPET_WINDOW_CHARS) : longer.slice(0, SNIPPET_WINDOW_CHARS);
  // The body goes on past the window. Without two-unit characters in it, the snippet's trailing ellipsis
  // (makeSnippet: window start + end < max(window units, fullLength)) is the same for any length beyond
  // the window's end; with them it compares units with characters, and only the true length will do.
  if (!SURROGATE.test(window)) return { at, n: from - 1 + wanted, window };
  more(bytes.length);
  return { at, n: codePoints(text, text.length), window };
}

/**
 * A snippet without normalising a whole long note: its head first; if no
 * word matches there, locateInNote() finds the first occurrence further in and
 * only a window around it is normalised and searched. Long notes that only
 * match in forms a locator cannot see (width variants) show their beginning.
 */
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], locate: BodyLocator | null, rare: RarestWord | null): string;
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], locate: BodyLocator | null, rare: RarestWord | null, requireHit: true): string | null;
function snippetFor(db: Db, e: EntryRow, hl: Highlighter, markers: [string, string], locate: BodyLocator | null, rare: RarestWord | null, requireHit = false): string | null {
  if (e.kind === 'file') return requireHit ? null : e.path;
  if (e.head === null) return requireHit ? null : '';
  const opts = { open: markers[0], close: markers[1] };
  if (!hl.re) return requireHit ? null : openingSnippet(db, e.id, e.head, hl, opts);
  // A head shorter than asked for is the whole note.
  if (e.head.length < SNIPPET_HEAD_CHARS) return requireHit ? makeSnippet(e.head, hl, { ...opts, requireHit: true }) : makeSnippet(e.head, hl, opts);
  const full = e.head.length + 1; // longer than the head: enough for the trailing ellipsis
  const weighed = { weight: 0 };
  const found = makeSnippet(e.head, hl, { ...opts, requireHit: true, fullLength: full, weighed });
  if (found !== null) return (rare && rarestPastHead(db, e, e.head, hl, opts, rare, weighed.weight)) ?? found;
  if (!locate) return requireHit ? null : makeSnippet(e.head, hl, { ...opts, fullLength: full });
  let { at, n, window } = locateInNote(db, e.id, locate);
  let body: string | undefined;
  for (let later = 0; at !== null; later++) {
    const from = Math.max(1, at - SNIPPET_WINDOW_CHARS / 4);
    const there = makeSnippet(window, hl, { ...opts, requireHit: true, fullLength: n, windowStart: from - 1 });
    if (there !== null) return there;
    // The letters were part of another word ("chang" in "changelog"): look past this window,
    // from where a word it cut off could start.
    if (later >= SNIPPET_PLAN.laterWindows) break;
    body ??= bodyText(db, e.id);
    ({ at, n, window } = locateInBody(body, locate.re, from - 1 + SNIPPET_WINDOW_CHARS - locate.longest));
  }
  return requireHit ? null : makeSnippet(e.head, hl, { ...opts, fullLength: full });
}

/** The query's rarest marked word, where it is looked for, and which notes of the page hold it. */
interface RarestWord {
  locate: BodyLocator;
  /** Which of the page's notes hold it: asked once, when a long note's head first lacks it. */
  holders: () => Set<number>;
}

function rarestWord(db: Db, terms: readonly HighlightTerm[], hl: Highlighter, ids: readonly number[], known?: TermCounts): RarestWord | null {
  const weighed = termWeights(db, terms, known);
  if (!weighed) return null;
  hl.weights = weighed.weights;
  if (!weighed.rarest) return null;
  const locate = bodyLocator(locators([terms[weighed.rarest.term]]));
  let holders: Set<number> | undefined;
  const expr = weighed.rarest.expr;
  return locate && { locate, holders: () => (holders ??= notesHolding(db, expr, ids)) };
}

/**
 * A long note whose head has query words but not the rarest one, which the
 * note holds further in: the snippet around that word's first occurrence,
 * when its words weigh more than the head's best window. Null otherwise.
 */
function rarestPastHead(db: Db, e: EntryRow, head: string, hl: Highlighter, opts: { open: string; close: string }, rare: RarestWord, headWeight: number): string | null {
  rare.locate.re.lastIndex = 0;
  if (rare.locate.re.test(head) || !rare.holders().has(e.id)) return null;
  const { at, n, window } = locateInNote(db, e.id, rare.locate);
  if (at === null) return null;
  const weighed = { weight: 0 };
  const there = makeSnippet(window, hl, { ...opts, requireHit: true, fullLength: n, windowStart: Math.max(1, at - SNIPPET_WINDOW_CHARS / 4) - 1, weighed });
  return weighed.weight > headWeight ? there : null;
}

/** A note's whole body, decoded as the database wrapper decodes text. */
function bodyText(db: Db, id: number): string {
  const bytes = db.get<{ b: Uint8Array | null }>('SELECT CAST(body AS BLOB) AS b FROM contents WHERE entry_id = ?', [id])!.b;
  return bytes ? firstPiece.decode(bytes) : '';
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
