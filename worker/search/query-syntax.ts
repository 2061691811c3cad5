// The search box's small query language, parsed into clauses. It never
// fails: whatever is not one of the few constructs below is plain text, so
// no input can reach FTS5 as syntax (the compiler quotes every token).
//
//   word         optional; notes with all words rank first
//   "a phrase"   required, exact sequence of words
//   prefix*      a word matched as a prefix
//   -word        excluded (also -"a phrase")
//   a OR b       either (one clause)
//   a AND b      AND between words is accepted and changes nothing
//
// Unbalanced quotes, stray `*`, brackets, `:`, `^`, NEAR/NOT, emoji and
// control characters are plain text (punctuation and symbols are dropped
// when the text is tokenised).

/** One word or quoted phrase. */
export interface Leaf {
  text: string;
  /** From "…": the words must appear in this order, adjacent. */
  quoted: boolean;
  /** From word*: the last word is matched as a prefix. */
  prefix: boolean;
}

export type Clause =
  /** An optional word: ranking prefers notes that have it. */
  | { kind: 'word'; leaf: Leaf }
  /** A required phrase. */
  | { kind: 'phrase'; leaf: Leaf }
  /** Any one of these (a OR b OR "c d"). */
  | { kind: 'any'; leaves: Leaf[] }
  /** Notes containing it are left out. */
  | { kind: 'not'; leaf: Leaf };

export interface ParsedQuery {
  clauses: Clause[];
  /** Input was cut at MAX_QUERY_CHARS, MAX_CLAUSES or the bounds below. */
  truncated: boolean;
  /** What the cost bounds changed, in words for the search notice (empty when nothing). */
  bounded?: string[];
}

/** Longer input is cut (a pasted page is not a query). */
export const MAX_QUERY_CHARS = 2000;
/** At most this many clauses are used; later ones are ignored. */
export const MAX_CLAUSES = 32;

/**
 * Bounds on what one query may cost (issue 11): a prefix expands to every
 * indexed word it starts, so `a*` reads the postings of thousands of words
 * and 32 such prefixes took 11 s on 10,000 notes. `enabled` is turned off
 * only by the benchmark, for its baseline.
 */
export const QUERY_BOUNDS = {
  enabled: true,
  /** Letters or digits a prefix needs; a shorter one (`a*`) is searched as the word itself. */
  minPrefix: 3,
  /** Prefixes used in one query; later ones are searched as words. */
  maxPrefixes: 4,
  /**
   * Indexed words the prefixes of one query may start in all (each prefix
   * merges the postings of every word it starts); past it a prefix is
   * searched as a word (worker/search/prefix-bound.ts).
   */
  maxPrefixWords: 200,
  /** Words and phrases in all (OR groups included); later ones are ignored. */
  maxTerms: 32,
  /**
   * Milliseconds of ranking after which notes holding only some of the words
   * are left unranked; the answer says `partial: true` (worker/search/text.ts).
   */
  budgetMs: 100,
  /**
   * Ranking work a long query's second phase may take: the notes holding
   * only some of its words times the words scored (BM25 reads every
   * occurrence of each word in each note). Past it that phase is left out as
   * when out of time (`partial: true`), whatever the machine's load. 60,000:
   * 2.6 times the most a query of Cranfield or the seekstone question sets
   * needs (22,734); 24 one-letter words over seekstone-10k need 134,016.
   */
  maxRankWork: 60_000,
  /** Words of a query that found nothing that "did you mean" looks up near words for (worker/search/typos.ts). */
  maxCorrectedWords: 2,
  /**
   * Words of one query the fuzzy option looks up near words for (each look-up
   * reads the index's words of a whole first letter); later words match only
   * as written, and the answer's notice says which (worker/search/fuzzy.ts).
   */
  maxFuzzyWords: 4,
};

interface Token {
  leaf: Leaf;
  negated: boolean;
  /** The bare, unquoted words OR / AND. */
  op: 'OR' | 'AND' | null;
}

// Controls, separators and the replacement character all count as spaces.
const SPACE = /[\s\p{Cc}\p{Cf}\p{Z}\uFFFD]/u;

function lex(input: string): Token[] {
  const tokens: Token[] = [];
  const s = input;
  let i = 0;
  while (i < s.length) {
    if (SPACE.test(s[i])) {
      i++;
      continue;
    }
    const negated = s[i] === '-' && i + 1 < s.length && !SPACE.test(s[i + 1]) && s[i + 1] !== '-';
    const start = negated ? i + 1 : i;
    if (s[start] === '"') {
      const close = s.indexOf('"', start + 1);
      if (close > start) {
        tokens.push({ leaf: { text: s.slice(start + 1, close), quoted: true, prefix: s[close + 1] === '*' }, negated, op: null });
        i = close + 1;
        continue;
      }
      // An unbalanced quote is punctuation.
      i = start + 1;
      continue;
    }
    let end = start;
    while (end < s.length && !SPACE.test(s[end]) && s[end] !== '"') end++;
    const raw = s.slice(start, end);
    i = end;
    const op = !negated && (raw === 'OR' || raw === 'AND') ? raw : null;
    const prefix = /[\p{L}\p{N}\p{M}]\*+$/u.test(raw);
    tokens.push({ leaf: { text: raw, quoted: false, prefix }, negated, op });
  }
  return tokens;
}

export function parseQuery(input: string | null | undefined): ParsedQuery {
  let text = input ?? '';
  let truncated = false;
  if (text.length > MAX_QUERY_CHARS) {
    text = text.slice(0, MAX_QUERY_CHARS);
    truncated = true;
  }
  const tokens = lex(text);
  const clauses: Clause[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const prev = tokens[k - 1];
    const next = tokens[k + 1];
    const between = prev !== undefined && next !== undefined && !prev.op && !next.op && !prev.negated && !next.negated;
    if (t.op === 'AND' && between) continue;
    if (t.op === 'OR' && between) {
      // Extend the clause built from the previous token into an OR group.
      const last = clauses[clauses.length - 1];
      const nextLeaf = next.leaf;
      if (last.kind === 'any') last.leaves.push(nextLeaf);
      else if (last.kind === 'word' || last.kind === 'phrase') clauses[clauses.length - 1] = { kind: 'any', leaves: [last.leaf, nextLeaf] };
      k++;
      continue;
    }
    if (t.negated) clauses.push({ kind: 'not', leaf: t.leaf });
    else if (t.leaf.quoted) clauses.push({ kind: 'phrase', leaf: t.leaf });
    else clauses.push({ kind: 'word', leaf: t.leaf });
  }
  if (clauses.length > MAX_CLAUSES) {
    clauses.length = MAX_CLAUSES;
    truncated = true;
  }
  const parsed: ParsedQuery = { clauses, truncated };
  if (QUERY_BOUNDS.enabled) applyBounds(parsed);
  // Cut input is said too: a word past the cut would otherwise vanish without a word (a pasted page, a runaway script).
  const cut: string[] = [];
  if ((input ?? '').length > MAX_QUERY_CHARS) cut.push(`A query is read up to its first ${MAX_QUERY_CHARS} characters; the rest (${(input ?? '').length - MAX_QUERY_CHARS} more) was ignored.`);
  else if (truncated) cut.push(`A query is read up to its first ${MAX_CLAUSES} words and phrases; the rest were ignored.`);
  if (cut.length) parsed.bounded = [...cut, ...(parsed.bounded ?? [])];
  return parsed;
}

/** The letters and digits a prefix leaf ends with (`auth*` → 4, `"token re"*` → 2). */
function prefixLength(leaf: Leaf): number {
  const word = /([\p{L}\p{N}\p{M}]*)\**$/u.exec(leaf.text.replace(/\*+$/, ''))?.[1] ?? '';
  return [...word.replace(/\p{M}/gu, '')].length;
}

/** Applies QUERY_BOUNDS in place, saying what changed. */
function applyBounds(q: ParsedQuery): void {
  const total = q.clauses.reduce((n, c) => n + (c.kind === 'any' ? c.leaves.length : 1), 0);
  const notes: string[] = [];
  const short: string[] = [];
  const extraPrefixes: string[] = [];
  let prefixes = 0;
  let terms = 0;
  const keep: Clause[] = [];
  for (const c of q.clauses) {
    const leaves = c.kind === 'any' ? c.leaves : [c.leaf];
    const room = QUERY_BOUNDS.maxTerms - terms;
    if (room <= 0) break;
    if (leaves.length > room) (c as { leaves: Leaf[] }).leaves = leaves.slice(0, room);
    for (const leaf of c.kind === 'any' ? c.leaves : [c.leaf]) {
      terms++;
      if (!leaf.prefix) continue;
      if (prefixLength(leaf) < QUERY_BOUNDS.minPrefix) {
        leaf.prefix = false;
        short.push(leaf.text);
      } else if (++prefixes > QUERY_BOUNDS.maxPrefixes) {
        leaf.prefix = false;
        extraPrefixes.push(leaf.text);
      }
    }
    keep.push(c);
  }
  const list = (xs: string[]) => xs.slice(0, 5).join(' ') + (xs.length > 5 ? ' …' : '');
  if (short.length) notes.push(`A prefix needs at least ${QUERY_BOUNDS.minPrefix} letters, so ${list(short)} ${short.length === 1 ? 'was' : 'were'} searched as ${short.length === 1 ? 'a word' : 'words'}.`);
  if (extraPrefixes.length) notes.push(`At most ${QUERY_BOUNDS.maxPrefixes} prefixes are used in one query; ${list(extraPrefixes)} ${extraPrefixes.length === 1 ? 'was' : 'were'} searched as ${extraPrefixes.length === 1 ? 'a word' : 'words'}.`);
  if (terms < total) {
    notes.push(`At most ${QUERY_BOUNDS.maxTerms} words and phrases are used in one query; the rest were ignored.`);
    q.truncated = true;
  }
  q.clauses = keep;
  if (notes.length) q.bounded = notes;
}

/** The words of a query, for highlighting: everything that is not excluded. */
export function highlightLeaves(q: ParsedQuery): Leaf[] {
  const out: Leaf[] = [];
  for (const c of q.clauses) {
    if (c.kind === 'any') out.push(...c.leaves);
    else if (c.kind !== 'not') out.push(c.leaf);
  }
  return out;
}
