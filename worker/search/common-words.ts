// Which words of a query are common (found in more than COMMON_NOTES notes):
// such a word scores but does not select candidates when rarer words are
// asked for too (text.ts). Counting stops at the cap, so a common word costs
// no more to count than a rare one.
import type { Db } from '../db/database';

/**
 * Above this many notes a word is common whatever the vault's size. 2,000
 * rather than 5,000: the same or better ranking on every collection, and a
 * third fewer candidates to score for questions (docs/search-text.md).
 */
export const COMMON_NOTES = 2000;

/**
 * How many notes match each FTS5 expression, counting up to `cap` for each.
 * `oneStatement`: every count in one statement (the same counts; one
 * round trip into SQLite instead of one per word, and the stop-word check of
 * text.ts reads them instead of matching again).
 */
export function cappedCounts(db: Db, exprs: readonly string[], cap: number, oneStatement: boolean): number[] {
  if (!exprs.length) return [];
  const one = '(SELECT count(*) FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?))';
  if (!oneStatement) return exprs.map((e) => db.get<{ n: number }>('SELECT count(*) AS n FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?)', [e, cap])!.n);
  const row = db.get<Record<string, number>>(`SELECT ${exprs.map((_, i) => `${one} AS c${i}`).join(', ')}`, exprs.flatMap((e) => [e, cap]))!;
  return exprs.map((_, i) => row[`c${i}`]);
}

/** How many entries the database holds, estimated as max(id) in O(log n). */
export function entriesEstimate(db: Db): number {
  return db.get<{ n: number | null }>('SELECT max(id) AS n FROM entries')!.n ?? 0;
}

/**
 * The cap distinctive() counts to, or null when there is nothing to tell
 * apart (fewer than two words, or every note would be under the limit).
 */
export function commonLimit(db: Db, optional: readonly string[], share: number, cap: number): number | null {
  if (optional.length < 2) return null;
  const n = entriesEstimate(db);
  const limit = Math.max(1, Math.min(cap, Math.floor(n * share)));
  return limit >= n ? null : limit;
}

/**
 * The optional clauses that are not common. A clause is common when it
 * matches more than `share` of all notes or more than `cap` notes (in
 * a large vault a word shared by thousands of notes says little, and
 * listing every note that shares only it costs time linear in their number).
 * A clause that matches no note is not rare. Empty when there is
 * nothing to tell apart. `read`: commonLimit() and the clauses' counts up
 * to it + 1, when the caller has read them already.
 */
export function distinctive(db: Db, optional: string[], share: number, cap: number, oneStatement: boolean, read?: { limit: number | null; counts: number[] }): string[] {
  const limit = read ? read.limit : commonLimit(db, optional, share, cap);
  if (limit === null) return [];
  const hits = read?.counts ?? cappedCounts(db, optional, limit + 1, oneStatement);
  // A word found nowhere is not rarer: it selects nothing, so the others must select.
  const rare = optional.filter((_, i) => hits[i] > 0 && hits[i] <= limit);
  return rare.length < optional.length ? rare : [];
}
