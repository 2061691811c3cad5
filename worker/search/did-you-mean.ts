// "Did you mean": a search that found nothing offers the query with its
// misspelt words replaced by the nearest words the vault holds (typos.ts),
// ready to run.
import type { Db } from '../db/database';
import type { ParsedQuery } from './query-syntax';
import { suggestCorrections, type Correction } from './typos';

export interface DidYouMean {
  /** The query to run instead. */
  query: string;
  corrections: Correction[];
}

export function didYouMean(db: Db, q: ParsedQuery, text: string): DidYouMean | null {
  const words = q.clauses.flatMap((c) => (c.kind === 'word' && !c.leaf.prefix && !c.leaf.quoted ? [c.leaf.text] : []));
  if (!words.length) return null;
  const corrections = suggestCorrections(db, words);
  if (!corrections) return null;
  let query = text;
  for (const c of corrections) {
    const at = new RegExp(`(^|[^\\p{L}\\p{N}])${c.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[^\\p{L}\\p{N}])`, 'iu');
    query = query.replace(at, (_m, lead: string) => lead + c.to);
  }
  return { query, corrections };
}
