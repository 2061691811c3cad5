// Turns user text into a safe FTS5 MATCH expression. Every term is emitted as
// one quoted FTS5 string, so no user input can produce an FTS5 syntax error.
import { CJK_RUN, cjkQueryTokens, normalizeText } from '../text/index-text';

/** One searchable unit: a word, or a CJK run that must appear as a phrase. */
export interface Term {
  text: string;
  /** The FTS5 expression for this term (a quoted token or phrase, maybe a prefix). */
  fts: string;
}

const LATIN_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;

/**
 * The index tokens of a piece of query text, in order, and whether the last
 * one must be matched as a prefix (a lone CJK character, or a `*` query).
 */
export function queryTokens(text: string): { tokens: string[]; prefix: boolean } {
  const norm = normalizeText(text);
  const tokens: string[] = [];
  let prefix = false;
  let last = 0;
  const latin = (s: string) => {
    for (const t of s.split(LATIN_SPLIT)) if (t) tokens.push(t);
  };
  for (const m of norm.matchAll(CJK_RUN)) {
    latin(norm.slice(last, m.index));
    const q = cjkQueryTokens(m[0]);
    tokens.push(...q.tokens);
    prefix = q.prefix;
    last = m.index! + m[0].length;
  }
  const tail = norm.slice(last);
  latin(tail);
  if (tail.split(LATIN_SPLIT).some(Boolean)) prefix = false;
  return { tokens, prefix };
}

/** One FTS5 phrase for a word or quoted phrase; null when it has no tokens. */
export function phraseExpression(text: string, wantPrefix = false): string | null {
  const { tokens, prefix } = queryTokens(text);
  if (!tokens.length) return null;
  const body = `"${tokens.join(' ').replace(/"/g, '""')}"`;
  return prefix || wantPrefix ? `${body}*` : body;
}

export function plainTerms(text: string): Term[] {
  const out: Term[] = [];
  for (const word of text.split(/\s+/)) {
    const fts = phraseExpression(word);
    if (fts) out.push({ text: word, fts });
  }
  return out;
}
