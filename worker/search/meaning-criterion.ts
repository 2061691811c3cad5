// When a vector hit earns its place (issue 16). A sentence encoder scores
// every note against every query, so "similar enough" has to be decided:
//
// - the absolute floor of the model (ModelSpec.minScore): below it a note is
//   unrelated to any query for this model;
// - a query-relative cut (ModelSpec.maxGap): a note more than that below the
//   best note in scope is not a hit, however many notes clear the floor;
// - one plain word gives an encoder too little to go on (a lone word lands
//   near hundreds of notes): its vector hits must hold the word, so meaning
//   re-ranks the text matches instead of adding notes; so do keywords (a few
//   words, none a stop word: hybrid weighs meaning at 0.05 there, so notes
//   only meaning brings would only pad the tail, dozens in a small vault of
//   similar notes), whose vector hits must hold one of the words when some
//   note holds one;
// - a query whose words no note holds and that the model cannot make a
//   sentence of (every word is outside both the vault's and the model's
//   vocabulary) has no vector hits: nothing for nothing.
// The figures are calibrated per model in docs/embeddings.md.
import type { Db } from '../db/database';
import type { ModelSpec } from '../embed/models';
import { compileQuery } from './fts-query';
import type { ParsedQuery } from './query-syntax';
import type { SqlCondition } from './scope';
import { isStopWord } from '../text/stop-words';

/** Without a calibrated gap a model keeps notes this far below the best. */
export const DEFAULT_MAX_GAP = 0.15;

export interface VectorCut {
  minScore: number;
  maxGap: number;
}

export function vectorCut(spec: Pick<ModelSpec, 'minScore' | 'maxGap'>): VectorCut {
  return { minScore: spec.minScore ?? -Infinity, maxGap: spec.maxGap ?? DEFAULT_MAX_GAP };
}

export type MeaningPlan =
  /** No vector hits at all. */
  | { kind: 'none' }
  /** Vector hits only among notes matching this text condition. */
  | { kind: 'text-agrees'; condition: SqlCondition }
  | { kind: 'free' };

/**
 * What the vector side may add for this query. `known(word)` tells whether
 * the model reads a word as a word of its own vocabulary (not spelt out in
 * fragments).
 */
export function meaningPlan(db: Db, query: ParsedQuery, known: (word: string) => boolean, keywords = false): MeaningPlan {
  const c = compileQuery(query);
  const positive = [...c.required, ...c.optional];
  if (!positive.length) return { kind: 'none' };
  // Stop words are in every vault and every vocabulary: they say nothing about whether the query means something.
  const words = c.highlight.flatMap((h) => h.text.split(/\s+/)).filter((w) => w && !isStopWord(w));
  const meaningful = positive.filter((expr) => !isStopWord(expr.replace(/^"|"\*?$/g, '')));
  const inVault = meaningful.some((expr) => db.get('SELECT 1 AS x FROM fts WHERE fts MATCH ? LIMIT 1', [expr]) !== undefined);
  if (!inVault && !words.some((w) => known(w))) return { kind: 'none' };
  // Stop words beside one word ("the xylophone") leave one word to go on.
  const plain = c.optional.filter((expr) => !isStopWord(expr.replace(/^"|"\*?$/g, '')));
  if (plain.length === 1 && !c.required.length) {
    return { kind: 'text-agrees', condition: { sql: 'e.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)', params: [plain[0]] } };
  }
  // When no note holds any of them, meaning alone answers: "wind speed instrument" still finds the anemometer.
  if (keywords && inVault && plain.length > 1 && !c.required.length) {
    return { kind: 'text-agrees', condition: { sql: 'e.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)', params: [plain.map((e) => `(${e})`).join(' OR ')] } };
  }
  return { kind: 'free' };
}
