// Text-ranking variants for the measurements behind docs/search-text.md:
// searchText() called directly with one option changed at a time.
import type { Db } from '../../worker/db/database';
import type { Engine } from '../../worker/engine';
import { compileQuery, matchExpression, type Analyzer } from '../../worker/search/fts-query';
import { parseQuery } from '../../worker/search/query-syntax';
import { rankWith, type VariantOptions } from './combine-variants';
import type { RankFn } from './harness';

function pathsById(db: Db): Map<number, string> {
  return new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
}

export function textVariant(engine: Engine, opts: VariantOptions): RankFn {
  const paths = pathsById(engine.db);
  return (query) => rankWith(engine.db, parseQuery(query), 100, opts).map((id) => paths.get(id)!);
}

/**
 * All-words-first@10 for a keyword query: of the top 10, the share held by
 * notes containing every query word, relative to how many such notes exist
 * (capped at 10). 1 means no note missing a word sits above one that has them all.
 */
export function allWordsFirst(engine: Engine, query: string, ranked: string[], analyzer?: Analyzer): number | null {
  const c = compileQuery(parseQuery(query), analyzer);
  const and = matchExpression(c, { allOptional: true });
  if (!and || c.optional.length < 2) return null;
  const full = new Set(
    engine.db.column<string>('SELECT e.path FROM fts JOIN entries e ON e.id = fts.rowid WHERE fts MATCH ? LIMIT 1000', [and]),
  );
  const want = Math.min(10, full.size);
  if (!want) return null;
  return ranked.slice(0, want).filter((p) => full.has(p)).length / want;
}
