// The bound on prefix expansion (issue 11, item 8). FTS5 has no prefix
// index here, so `con*` is answered by merging the postings of every indexed
// word it starts (944 words on seekstone-10k), and every statement of a
// search that names it merges them again: four such prefixes cost 350 ms of
// CPU though each has 3 letters. Before searching, each prefix's words are
// counted in FTS5's vocabulary (a range seek, stopped past the limit); once
// a query's prefixes would start more than QUERY_BOUNDS.maxPrefixWords words
// in all, the next prefix is searched as the word itself, and the notice
// says so.
import type { Db } from '../db/database';
import { porterStem } from '../text/porter';
import { queryTokens } from './fts-query';
import { QUERY_BOUNDS, type Leaf, type ParsedQuery } from './query-syntax';

const VOCAB = 'temp.kioku_fts_vocab';
const withVocab = new WeakSet<Db>();

/** The vocabulary of the `fts` table as rows (term, doc, cnt), made once per connection in its temp schema. */
function vocabulary(db: Db): boolean {
  if (withVocab.has(db)) return true;
  try {
    db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS ${VOCAB} USING fts5vocab(main, 'fts', 'row')`);
  } catch {
    // Without it the other bounds (prefix length and count, the time budget) still hold.
    return false;
  }
  withVocab.add(db);
  return true;
}

/**
 * The index term a prefix leaf's last word is matched against: FTS5's porter
 * tokenizer stems query prefixes too (`his*` is looked up as `hi*`), and
 * remove_diacritics folds accents. Null when the leaf has no Latin or digit word to expand.
 */
export function prefixTerm(leaf: Leaf): string | null {
  const { tokens } = queryTokens(leaf.text);
  const last = tokens[tokens.length - 1];
  if (!last) return null;
  const folded = last.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return porterStem(folded);
}

/** How many indexed words start with `term`, counting at most `limit + 1`. */
function wordsStarting(db: Db, term: string, limit: number): number {
  return db.get<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${VOCAB} WHERE term >= ? AND term < ? LIMIT ?)`, [term, `${term}\u{10FFFF}`, limit + 1])!.n;
}

/** Turns the prefixes past the expansion bound into words, in place, adding to `q.bounded`. */
export function boundPrefixExpansion(db: Db, q: ParsedQuery): ParsedQuery {
  if (!QUERY_BOUNDS.enabled) return q;
  const prefixed = q.clauses.flatMap((c) => (c.kind === 'any' ? c.leaves : [c.leaf])).filter((l) => l.prefix);
  if (!prefixed.length || !vocabulary(db)) return q;
  const max = QUERY_BOUNDS.maxPrefixWords;
  let used = 0;
  const cut: string[] = [];
  const seen = new Map<string, number>();
  for (const leaf of prefixed) {
    const term = prefixTerm(leaf);
    if (term === null) continue;
    // The same prefix twice is one expansion (the compiled query keeps it once).
    const known = seen.get(term);
    if (known !== undefined) {
      if (known < 0) leaf.prefix = false;
      continue;
    }
    const n = wordsStarting(db, term, max - used);
    if (used + n > max) {
      leaf.prefix = false;
      cut.push(leaf.text);
      seen.set(term, -1);
    } else {
      used += n;
      seen.set(term, n);
    }
  }
  if (cut.length) {
    const list = cut.slice(0, 5).join(' ') + (cut.length > 5 ? ' …' : '');
    const one = cut.length === 1;
    (q.bounded ??= []).push(`The prefixes of one query may start at most ${max} indexed words in all; ${list} ${one ? 'starts' : 'start'} more, so ${one ? 'it was' : 'they were'} searched as ${one ? 'a word' : 'words'}.`);
  }
  return q;
}
