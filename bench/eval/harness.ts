// Runs a ranking function over a collection's queries and averages the
// metrics. A mode is just `query → ranked note paths`, so text, vector,
// hybrid and experimental variants all plug in the same way.
import { openMemoryDb } from '../../worker/db/open-node';
import { createEngine, type Engine } from '../../worker/engine';
import type { Collection } from './collections';
import { hitAt, mean, mrrAt, ndcgAt, percentile, recallAt } from './metrics';

/** Ranked vault-relative paths, best first (up to 100). */
export type RankFn = (query: string) => Promise<string[]> | string[];

export interface EvalRow {
  collection: string;
  mode: string;
  queries: number;
  ndcg10: number;
  mrr10: number;
  recall100: number;
  hit5: number;
  p50ms: number;
  p95ms: number;
}

export interface Loaded {
  engine: Engine;
  importMs: number;
}

export async function loadCollection(c: Collection, opts: { services?: Record<string, unknown> } = {}): Promise<Loaded> {
  const engine = createEngine(await openMemoryDb(), { services: opts.services });
  const t0 = performance.now();
  const summary = await engine.importSource(c.source);
  if (summary.phase !== 'done') throw new Error(`import of ${c.name} failed: ${summary.error}`);
  return { engine, importMs: performance.now() - t0 };
}

export async function evaluate(c: Collection, mode: string, rank: RankFn): Promise<EvalRow> {
  const scores = { ndcg: [] as number[], mrr: [] as number[], recall: [] as number[], hit: [] as number[], ms: [] as number[] };
  for (const q of c.queries) {
    const t0 = performance.now();
    const paths = await rank(q.text);
    scores.ms.push(performance.now() - t0);
    const ranked = paths.map((p) => c.docKey(p)).filter((k): k is string => k !== null);
    scores.ndcg.push(ndcgAt(ranked, q.gains, 10));
    scores.mrr.push(mrrAt(ranked, q.gains, 10));
    scores.recall.push(recallAt(ranked, q.gains, 100));
    scores.hit.push(hitAt(ranked, q.gains, 5));
  }
  return {
    collection: c.name,
    mode,
    queries: c.queries.length,
    ndcg10: mean(scores.ndcg),
    mrr10: mean(scores.mrr),
    recall100: mean(scores.recall),
    hit5: mean(scores.hit),
    p50ms: percentile(scores.ms, 50),
    p95ms: percentile(scores.ms, 95),
  };
}

const f3 = (x: number) => x.toFixed(3);

/** A Markdown table of eval rows; graded collections show nDCG, known-item sets hit@5. Quality only: latency is bench:search's job. */
export function table(rows: EvalRow[], kinds: Record<string, 'graded' | 'known-item'>): string {
  const head = '| collection | mode | queries | nDCG@10 | MRR@10 | recall@100 | hit@5 |\n|---|---|---:|---:|---:|---:|---:|';
  const lines = rows.map((r) => {
    const graded = kinds[r.collection] === 'graded';
    return `| ${r.collection} | ${r.mode} | ${r.queries} | ${graded ? f3(r.ndcg10) : '–'} | ${f3(r.mrr10)} | ${f3(r.recall100)} | ${graded ? '–' : f3(r.hit5)} |`;
  });
  return [head, ...lines].join('\n');
}
