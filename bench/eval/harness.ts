// Runs a ranking function over a collection's queries and averages the
// metrics. A mode is just `query → ranked note paths`, so text, vector,
// hybrid and experimental variants all plug in the same way.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openMemoryDb, saveDb } from '../../worker/db/open-node';
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
  /** Share of queries that returned no result at all (the no-match sets' metric). */
  empty: number;
  p50ms: number;
  p95ms: number;
}

export interface Loaded {
  engine: Engine;
  importMs: number;
}

/**
 * Imports the collection's corpus into a fresh in-memory database. With
 * --reuse-import the imported database is kept in bench/out/ and loaded from
 * there next time (for repeated experiments; delete it after changing how
 * notes are indexed).
 */
export async function loadCollection(
  c: Collection,
  opts: { engine?: () => import('../../worker/engine').EngineOptions } = {},
): Promise<Loaded> {
  const cache = process.argv.includes('--reuse-import') ? new URL(`../out/import-${c.source.name}.db`, import.meta.url).pathname : null;
  const t0 = performance.now();
  if (cache && existsSync(cache)) {
    const db = await openMemoryDb({ file: cache });
    return { engine: createEngine(db, opts.engine?.() ?? {}), importMs: performance.now() - t0 };
  }
  const db = await openMemoryDb();
  const engine = createEngine(db, opts.engine?.() ?? {});
  const summary = await engine.importSource(c.source);
  if (summary.phase !== 'done') throw new Error(`import of ${c.name} failed: ${summary.error}`);
  if (cache) {
    mkdirSync(dirname(cache), { recursive: true });
    saveDb(db, cache);
  }
  return { engine, importMs: performance.now() - t0 };
}

export async function evaluate(c: Collection, mode: string, rank: RankFn): Promise<EvalRow> {
  const scores = { ndcg: [] as number[], mrr: [] as number[], recall: [] as number[], hit: [] as number[], empty: [] as number[], ms: [] as number[] };
  for (const q of c.queries) {
    const t0 = performance.now();
    const paths = await rank(q.text);
    scores.ms.push(performance.now() - t0);
    scores.empty.push(paths.length === 0 ? 1 : 0);
    // A note that is no judged document keeps its place (with no gain): dropping it would move the judged ones up.
    const ranked = paths.map((p) => c.docKey(p) ?? '');
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
    empty: mean(scores.empty),
    p50ms: percentile(scores.ms, 50),
    p95ms: percentile(scores.ms, 95),
  };
}

const f3 = (x: number) => x.toFixed(3);
/** The mode every table compares with (bench/eval/baseline.ts). */
export const BASELINE_MODE = 'plain-or';

/** Kioku's figure beside the baseline's, as a ratio (– when the baseline is 0). */
function versus(x: number, base: number | undefined): string {
  if (base === undefined) return '–';
  if (base === 0) return x === 0 ? '1.00×' : '–';
  return `${(x / base).toFixed(2)}×`;
}

/**
 * Markdown tables of eval rows: judged collections with each mode's figures
 * and their ratio to the same run's plain-OR baseline; no-match sets with the
 * share of queries that returned nothing. Quality only: latency is
 * bench:search's job.
 */
export function table(rows: EvalRow[], kinds: Record<string, Collection['kind']>): string {
  const base = new Map(rows.filter((r) => r.mode === BASELINE_MODE).map((r) => [r.collection, r]));
  const judged = rows.filter((r) => kinds[r.collection] !== 'no-match');
  const head =
    '| collection | mode | queries | nDCG@10 | MRR@10 | hit@5 | recall@100 | nDCG@10 ÷ plain OR | MRR@10 ÷ plain OR | hit@5 ÷ plain OR |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const lines = judged.map((r) => {
    const b = base.get(r.collection);
    const graded = kinds[r.collection] === 'graded';
    const ratios = r.mode === BASELINE_MODE ? ['–', '–', '–'] : [graded ? versus(r.ndcg10, b?.ndcg10) : '–', versus(r.mrr10, b?.mrr10), versus(r.hit5, b?.hit5)];
    return `| ${r.collection} | ${r.mode} | ${r.queries} | ${graded ? f3(r.ndcg10) : '–'} | ${f3(r.mrr10)} | ${f3(r.hit5)} | ${f3(r.recall100)} | ${ratios.join(' | ')} |`;
  });
  const out = [head, ...lines].join('\n');
  const none = rows.filter((r) => kinds[r.collection] === 'no-match');
  if (!none.length) return out;
  const noneHead = '| collection | mode | queries | share with 0 results |\n|---|---|---:|---:|';
  return `${out}\n\n${[noneHead, ...none.map((r) => `| ${r.collection} | ${r.mode} | ${r.queries} | ${f3(r.empty)} |`)].join('\n')}`;
}
