// Three ways to make Japanese words findable inside sentences, compared on
// d365-finops-ja (docs/search-text.md):
// - bigram:    the engine's scheme (worker/text/index-text.ts): CJK runs as
//              overlapping bigrams under unicode61.
// - segmenter: CJK runs cut into dictionary words by Intl.Segmenter, at
//              index and query time, under unicode61.
// - trigram:   FTS5's trigram tokenizer over the normalised text; queries
//              shorter than three characters cannot use it and fall back to
//              scanning the note text.
// All three normalise (NFKC, lower case) and split queries typed without
// spaces into words the same way, so only the index differs.
import type { Db } from '../../worker/db/database';
import { bigramAnalyzer, quotePhrase, type Analyzer } from '../../worker/search/fts-query';
import { parseQuery } from '../../worker/search/query-syntax';
import { compileQuery } from '../../worker/search/fts-query';
import { searchText } from '../../worker/search/text';
import { FTS_TOKENIZE } from '../../worker/text/fts-row';
import { CJK_RUN, hasCjk, indexText, normalizeText } from '../../worker/text/index-text';
import { segmentWords } from '../../worker/text/segment';

export interface JaScheme {
  name: string;
  tokenize: string;
  prepare(s: string): string;
  /** Ranked entry ids for a query (top `limit`), optionally within one entry (findability checks). */
  rank(db: Db, query: string, limit: number, onlyId?: number): number[];
}

const LATIN = /[^\p{L}\p{N}\p{M}]+/u;

function scope(onlyId?: number) {
  return onlyId === undefined ? { sql: '1', params: [] } : { sql: 'e.id = ?', params: [onlyId] };
}

function viaSearchText(analyzer: Analyzer) {
  return (db: Db, query: string, limit: number, onlyId?: number) =>
    searchText(db, scope(onlyId), parseQuery(query), { offset: 0, limit }, { analyzer }).rows.map((r) => r.id);
}

export const bigram: JaScheme = {
  name: 'bigram',
  tokenize: FTS_TOKENIZE,
  prepare: indexText,
  rank: viaSearchText(bigramAnalyzer),
};

let wordSegmenter: Intl.Segmenter | null = null;
function dictionaryWords(run: string): string[] {
  wordSegmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  return [...wordSegmenter.segment(run)].map((s) => s.segment).filter((s) => s.trim());
}

function segmentedText(s: string): string {
  const n = normalizeText(s);
  return hasCjk(n) ? n.replace(CJK_RUN, (run) => ` ${dictionaryWords(run).join(' ')} `) : n;
}

const segmenterAnalyzer: Analyzer = {
  leaf(leaf) {
    const tokens = segmentedText(leaf.text).split(LATIN).filter(Boolean);
    return tokens.length ? quotePhrase(tokens, leaf.prefix) : null;
  },
  words: bigramAnalyzer.words,
};

export const segmenter: JaScheme = {
  name: 'segmenter',
  tokenize: FTS_TOKENIZE,
  prepare: segmentedText,
  rank: viaSearchText(segmenterAnalyzer),
};

/** Trigram leaves: the normalised text as one substring phrase; null when under 3 characters. */
const trigramAnalyzer: Analyzer = {
  leaf(leaf) {
    const n = normalizeText(leaf.text).trim();
    return Array.from(n).length >= 3 ? quotePhrase([n], false) : null;
  },
  words: bigramAnalyzer.words,
};

export const trigram: JaScheme = {
  name: 'trigram',
  tokenize: 'trigram remove_diacritics 1',
  prepare: normalizeText,
  rank(db, query, limit, onlyId) {
    const c = compileQuery(parseQuery(query), bigramAnalyzer);
    const words = c.highlight.map((h) => normalizeText(h.text).trim()).filter(Boolean);
    const short = words.filter((w) => Array.from(w).length < 3);
    if (!short.length) return viaSearchText(trigramAnalyzer)(db, query, limit, onlyId);
    // Fallback: scan titles and bodies for every word; more words, title hits, shorter notes first.
    const score = words.map(() => '(instr(lower(e.title), ?) > 0) * 2 + (instr(lower(c.body), ?) > 0)').join(' + ');
    const params = words.flatMap((w) => [w, w]);
    const where = onlyId === undefined ? '' : 'AND e.id = ?';
    return db.column<number>(
      `SELECT e.id FROM entries e JOIN contents c ON c.entry_id = e.id WHERE (${score}) > 0 ${where}
       ORDER BY (${score}) DESC, length(c.body) LIMIT ?`,
      [...params, ...(onlyId === undefined ? [] : [onlyId]), ...params, limit],
    );
  },
};

export const JA_SCHEMES = [bigram, segmenter, trigram];
