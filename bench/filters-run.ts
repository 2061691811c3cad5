// Times a list of tool calls against one engine: a few warm-up calls, then
// `iterations` timed calls each, reporting p50/p95. Runs unchanged in Node and
// inside the browser worker.
import type { BenchQuery } from './filters-queries';

export interface BenchRow {
  corpus: string;
  host: string;
  query: string;
  tool: string;
  matches: number;
  p50: number;
  p95: number;
}

export type Call = (tool: string, args: Record<string, unknown>) => Promise<unknown>;

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function timeQueries(call: Call, queries: BenchQuery[], opts: { corpus: string; host: string; iterations: number; warmup?: number }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const q of queries) {
    let result: { total?: number; isError?: boolean; error?: unknown } = {};
    for (let i = 0; i < (opts.warmup ?? 3); i++) result = (await call(q.tool, q.args)) as typeof result;
    if (result.isError) throw new Error(`${opts.corpus} / ${q.name}: ${JSON.stringify(result.error)}`);
    const times: number[] = [];
    for (let i = 0; i < opts.iterations; i++) {
      const t = performance.now();
      await call(q.tool, q.args);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({ corpus: opts.corpus, host: opts.host, query: q.name, tool: q.tool, matches: result.total ?? 0, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return rows;
}

export function markdownTable(rows: BenchRow[], target: (r: BenchRow) => number): string {
  const out = ['| corpus | host | query | tool | matches | p50 ms | p95 ms | target p95 |', '|---|---|---|---|---:|---:|---:|---:|'];
  for (const r of rows) {
    const t = target(r);
    const mark = r.p95 <= t ? '' : ' ✗';
    out.push(`| ${r.corpus} | ${r.host} | ${r.query} | ${r.tool} | ${r.matches} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)}${mark} | ${t} |`);
  }
  return out.join('\n');
}
