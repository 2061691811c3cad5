// Which notes the query names: a note whose title or one of its aliases
// holds every word of the query as typed. The index stems words
// (porter: "settings" is "set"), and FTS5's BM25 adds a column's weight to a
// word's count before saturating it, so a note that says "sync" and "set"
// dozens of times scores as high as the note called "Sync settings and
// selective syncing", and "Set up Obsidian Sync" matched the same stems in its
// title. Names are read from `entries` and compared word for word, unstemmed;
// text.ts scores the notes found here higher (rank-sql.ts, NAME_FACTOR).
import type { Db } from '../db/database';
import { aliasesOf } from '../ingest/standard-keys';
import type { Frontmatter } from '../ingest/frontmatter';
import { CJK_RUN, indexText } from '../text/index-text';
import { isStopWord } from '../text/stop-words';
import { bigramAnalyzer, queryTokens, type Analyzer } from './fts-query';
import type { ParsedQuery } from './query-syntax';

/** One word of the query (or a quoted phrase) as index tokens; `prefix`: its last token is a prefix. */
interface NameWord {
  tokens: string[];
  prefix: boolean;
  /** The FTS5 string that finds it, stemmed: the names it picks are a superset of those that hold it as typed. */
  expr: string;
}

/**
 * Above this many names holding every word (stemmed) the query names no
 * note: a word in hundreds of titles ("daily") singles none of them out, and
 * reading them all would cost more than the ranking.
 */
export const MAX_NAMED = 500;

const WORD_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;

/**
 * The words a name must hold: plain words (stop words left out, unless the
 * query has nothing else) and quoted phrases (their words adjacent, in order);
 * `stops`, the stop words left out, which a name holding them too is closer to.
 * Null when there are none, or when an OR group leaves "every word" undefined.
 */
function nameWords(query: ParsedQuery, analyzer: Analyzer): { words: NameWord[]; stops: NameWord[] } | null {
  const typed: { text: string; prefix: boolean; stop: boolean }[] = [];
  for (const c of query.clauses) {
    if (c.kind === 'any') return null;
    if (c.kind === 'phrase') typed.push({ text: c.leaf.text, prefix: c.leaf.prefix, stop: false });
    if (c.kind !== 'word') continue;
    const { words } = analyzer.words(c.leaf.text);
    words.forEach((w, i) => typed.push({ text: w, prefix: c.leaf.prefix && i === words.length - 1, stop: isStopWord(w) }));
  }
  const informative = typed.some((t) => !t.stop);
  const toWords = (list: typeof typed): NameWord[] => {
    const out: NameWord[] = [];
    for (const t of list) {
      const { tokens, prefix } = queryTokens(t.text);
      const expr = analyzer.leaf({ text: t.text, quoted: false, prefix: t.prefix });
      if (tokens.length && expr) out.push({ tokens, prefix: prefix || t.prefix, expr });
    }
    return out;
  };
  const words = toWords(informative ? typed.filter((t) => !t.stop) : typed);
  return words.length ? { words, stops: informative ? toWords(typed.filter((t) => t.stop)) : [] } : null;
}

/** Whether `name` holds the word's tokens as a run, unstemmed (the last as a prefix when the word is one). */
function holds(name: string[], w: NameWord): boolean {
  const n = w.tokens.length;
  for (let i = 0; i + n <= name.length; i++) {
    let j = 0;
    while (j < n && (j === n - 1 && w.prefix ? name[i + j].startsWith(w.tokens[j]) : name[i + j] === w.tokens[j])) j++;
    if (j === n) return true;
  }
  return false;
}

function tokensOf(name: string): string[] {
  return indexText(name).split(WORD_SPLIT).filter(Boolean);
}

/**
 * The ids of the entries the query names, in any vault (the ranking's
 * candidates are already in scope). Only with the index's own tokenisation:
 * evaluations that swap the analyzer rank as they did.
 */
export function namedEntries(db: Db, query: ParsedQuery, analyzer: Analyzer = bigramAnalyzer): number[] {
  if (analyzer !== bigramAnalyzer) return [];
  const asked = nameWords(query, analyzer);
  if (!asked) return [];
  const { words, stops } = asked;
  // Notes whose title and aliases hold every word stemmed: a superset of the named ones.
  const match = `{title aliases} : (${words.map((w) => w.expr).join(' AND ')})`;
  const ids = db.column<number>('SELECT rowid FROM fts WHERE fts MATCH ? LIMIT ?', [match, MAX_NAMED + 1]);
  if (!ids.length || ids.length > MAX_NAMED) return [];
  const rows = db.all<{ id: number; title: string; aliased: number }>(
    `SELECT e.id, e.title, EXISTS (SELECT 1 FROM fm WHERE fm.entry_id = e.id AND fm.key IN ('aliases', 'alias') AND fm.t IN ('str', 'num', 'bool')) AS aliased
     FROM entries e WHERE e.id IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(ids)],
  );
  // Words the index holds as typed (CJK bigrams, digits: porter leaves them be) found in a
  // note's only name, its title, need no second look (tokenising hundreds of Japanese titles costs milliseconds).
  const asTyped = words.every((w) => w.tokens.every((t) => UNSTEMMED.test(t.replace(CJK_RUN, ''))));
  const named: number[] = [];
  // Of those, the ones whose name also holds the query's stop words ("Vault To Do" for `vault to do`,
  // beside "…in your vault"): when there are any, they alone are named.
  const whole: number[] = [];
  for (const r of rows) {
    if (asTyped && !r.aliased && !stops.length) {
      named.push(r.id);
      continue;
    }
    const names = [r.title];
    // The aliases the index's aliases column holds (fts-row.ts).
    if (r.aliased) names.push(...aliasesOf(JSON.parse(db.get<{ fm: string }>('SELECT frontmatter AS fm FROM entries WHERE id = ?', [r.id])!.fm) as Frontmatter));
    const tokens = names.map(tokensOf).filter((t) => words.every((w) => holds(t, w)));
    if (!tokens.length) continue;
    named.push(r.id);
    if (stops.length && tokens.some((t) => stops.every((w) => holds(t, w)))) whole.push(r.id);
  }
  return whole.length ? whole : named;
}

/** What is left of a token once its CJK characters are taken out, when the index holds it unstemmed: digits or nothing. */
const UNSTEMMED = /^\p{N}*$/u;
