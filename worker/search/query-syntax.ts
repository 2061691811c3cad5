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
  /** Input was cut at MAX_QUERY_CHARS or MAX_CLAUSES. */
  truncated: boolean;
}

/** Longer input is cut (a pasted page is not a query). */
export const MAX_QUERY_CHARS = 2000;
/** At most this many clauses are used; later ones are ignored. */
export const MAX_CLAUSES = 32;

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
  return { clauses, truncated };
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
