// What hybrid search fuses, computed once per query so that fusion variants
// can be compared in milliseconds (bench/eval/hybrid-fusion.ts): the text
// ranking to a generous depth, and every candidate note's best passage
// similarity without any cut, plus the meaning plan (meaning-criterion.ts).
// The engine's own steps (worker/search/hybrid.ts byMeaning), taken apart.
import type { Engine } from '../../worker/engine';
import type { EmbedService } from '../../worker/embed/service';
import type { VectorIndex } from '../../worker/embed/vector-index';
import { meaningText, vectorCondition } from '../../worker/search/hybrid';
import { meaningPlan } from '../../worker/search/meaning-criterion';
import { boundPrefixExpansion } from '../../worker/search/prefix-bound';
import { parseQuery } from '../../worker/search/query-syntax';
import { buildScope, readScope } from '../../worker/search/scope';
import { rankText } from '../../worker/search/text-mode';
import { candidateIds } from '../../worker/search/vector';
import type { Collection, JudgedQuery } from './collections';

/** Deepest text ranking a variant may read. */
export const MAX_TEXT_DEPTH = 400;
/** Most vector hits a variant may read (before its cut). */
export const MAX_VECTOR_DEPTH = 1000;

export interface QueryRun {
  collection: string;
  query: JudgedQuery;
  /** What the model reads of the query. */
  words: string;
  /** The text ranking, best first, to MAX_TEXT_DEPTH. */
  text: { id: number; score: number }[];
  textTotal: number;
  plan: 'none' | 'text-agrees' | 'free' | 'language';
  /** Candidate notes by their best passage's similarity, best first, no cut (empty for plans none and language). */
  vector: { id: number; score: number; chunkId: number }[];
}

export interface Runs {
  runs: QueryRun[];
  index: VectorIndex;
  /** Entry id → vault-relative path. */
  paths: Map<number, string>;
  /** Entry id → how many passages it has with vectors. */
  passages: Map<number, number>;
}

/** Runs every query of the collections once, on an engine whose notes are embedded. */
export async function gatherRuns(engine: Engine, collections: readonly Collection[]): Promise<Runs> {
  const db = engine.db;
  const embed = engine.embed as EmbedService;
  const index = await embed.index();
  const runs: QueryRun[] = [];
  for (const c of collections) {
    for (const q of c.queries) {
      const scope = buildScope(db, readScope({ query: q.text }, q.text));
      const query = boundPrefixExpansion(db, parseQuery(scope.text));
      const words = meaningText(query);
      const text = rankText(db, scope, query, { offset: 0, limit: MAX_TEXT_DEPTH });
      const base = { collection: c.name, query: q, words, text: text.rows.map((r) => ({ id: r.id, score: r.score })), textTotal: text.total };
      const v = words ? await embed.queryVector(words) : null;
      if (!v || !v.ok) {
        runs.push({ ...base, plan: 'language', vector: [] });
        continue;
      }
      const plan = meaningPlan(db, query, (w) => embed.knowsWord(w));
      if (plan.kind === 'none') {
        runs.push({ ...base, plan: 'none', vector: [] });
        continue;
      }
      const scoped = vectorCondition(scope, query);
      const condition = plan.kind === 'text-agrees' ? (scoped ? { sql: `(${scoped.sql}) AND (${plan.condition.sql})`, params: [...scoped.params, ...plan.condition.params] } : plan.condition) : scoped;
      const hits = index.search(v.vector, candidateIds(db, condition), MAX_VECTOR_DEPTH).hits;
      runs.push({ ...base, plan: plan.kind, vector: hits.map((h) => ({ id: h.entryId, score: h.score, chunkId: h.chunkId })) });
    }
  }
  const paths = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
  const passages = new Map(
    db.all<{ id: number; n: number }>('SELECT c.entry_id AS id, COUNT(*) AS n FROM chunks c JOIN vectors v ON v.hash = c.hash AND v.model = ? GROUP BY c.entry_id', [embed.model.id]).map((r) => [r.id, r.n]),
  );
  return { runs, index, paths, passages };
}
