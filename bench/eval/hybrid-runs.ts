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
  /** Candidate notes by their best passage's similarity (the engine's kernel), best first, no cut (empty for plans none and language). */
  vector: { id: number; score: number; chunkId: number }[];
  /** The same by their opening passage's similarity. */
  vectorOpening: { id: number; score: number; chunkId: number }[];
  /** For plan free: every note's best passage similarity and its opening passage's (seq 0), by entry id (float, not the kernel's int16 query). */
  best?: Float32Array;
  opening?: Float32Array;
}

/** Every passage's vector, for similarities the engine's index does not report (a note's opening passage). */
interface AllRows {
  vecs: Int8Array;
  scales: Float32Array;
  entry: Int32Array;
  seq: Int32Array;
  dim: number;
  maxId: number;
}

function allRows(engine: Engine): AllRows {
  const db = engine.db;
  const model = (engine.embed as EmbedService).model;
  const n = Number(db.column('SELECT COUNT(*) FROM chunks c JOIN vectors v ON v.model = ? AND v.hash = c.hash', [model.id])[0]);
  const dim = model.dim;
  const out: AllRows = { vecs: new Int8Array(n * dim), scales: new Float32Array(n), entry: new Int32Array(n), seq: new Int32Array(n), dim, maxId: 0 };
  let i = 0;
  for (const r of db.all<{ entry_id: number; seq: number; scale: number; vec: Uint8Array }>('SELECT c.entry_id, c.seq, v.scale, v.vec FROM chunks c JOIN vectors v ON v.model = ? AND v.hash = c.hash', [model.id])) {
    out.vecs.set(new Int8Array(r.vec.buffer, r.vec.byteOffset, dim), i * dim);
    out.scales[i] = r.scale;
    out.entry[i] = r.entry_id;
    out.seq[i] = r.seq;
    out.maxId = Math.max(out.maxId, r.entry_id);
    i++;
  }
  return out;
}

function similarities(rows: AllRows, q: ArrayLike<number>): { best: Float32Array; opening: Float32Array } {
  const best = new Float32Array(rows.maxId + 1).fill(-Infinity);
  const opening = new Float32Array(rows.maxId + 1).fill(-Infinity);
  const qf = Float64Array.from(q);
  const { vecs, dim } = rows;
  for (let r = 0; r < rows.entry.length; r++) {
    let s = 0;
    for (let i = 0, o = r * dim; i < dim; i++) s += qf[i] * vecs[o + i];
    s *= rows.scales[r];
    const e = rows.entry[r];
    if (s > best[e]) best[e] = s;
    if (rows.seq[r] === 0) opening[e] = s;
  }
  return { best, opening };
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
  const rows = process.argv.includes('--passages') ? allRows(engine) : null;
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
        runs.push({ ...base, plan: 'language', vector: [], vectorOpening: [] });
        continue;
      }
      const plan = meaningPlan(db, query, (w) => embed.knowsWord(w));
      if (plan.kind === 'none') {
        runs.push({ ...base, plan: 'none', vector: [], vectorOpening: [] });
        continue;
      }
      const scoped = vectorCondition(scope, query);
      const condition = plan.kind === 'text-agrees' ? (scoped ? { sql: `(${scoped.sql}) AND (${plan.condition.sql})`, params: [...scoped.params, ...plan.condition.params] } : plan.condition) : scoped;
      const hits = index.search(v.vector, candidateIds(db, condition), MAX_VECTOR_DEPTH).hits;
      const openings = index.search(v.vector, candidateIds(db, condition), MAX_VECTOR_DEPTH, { by: 'opening' }).hits;
      const listed = (list: typeof hits) => list.map((h) => ({ id: h.entryId, score: h.score, chunkId: h.chunkId }));
      const ids = candidateIds(db, condition);
      const sims = rows ? similarities(rows, v.vector) : null;
      if (sims && ids) {
        // Only the candidates (scope, the plan's text condition) have a similarity, as in the engine.
        const keep = new Set(ids);
        for (const a of [sims.best, sims.opening]) for (let id = 0; id < a.length; id++) if (!keep.has(id)) a[id] = -Infinity;
      }
      runs.push({ ...base, plan: plan.kind, vector: listed(hits), vectorOpening: listed(openings), ...(sims ?? {}) });
    }
  }
  const paths = new Map(db.all<{ id: number; path: string }>('SELECT id, path FROM entries').map((r) => [r.id, r.path]));
  const passages = new Map(
    db.all<{ id: number; n: number }>('SELECT c.entry_id AS id, COUNT(*) AS n FROM chunks c JOIN vectors v ON v.hash = c.hash AND v.model = ? GROUP BY c.entry_id', [embed.model.id]).map((r) => [r.id, r.n]),
  );
  return { runs, index, paths, passages };
}
