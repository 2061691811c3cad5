// Filter latency: filter-only searches and find calls (bench/filters-queries.ts)
// over each corpus handed in and over a synthetic vault generated in the
// worker (--opt synthetic=N notes, default 100000; 0 skips it). Targets
// (issue 3): p95 ≤ 5 ms at 10k notes, ≤ 30 ms at 100k.
import { D365_QUERIES, SEEKSTONE_QUERIES, SYNTHETIC_QUERIES, type BenchQuery } from '../../filters-queries';
import { syntheticVault } from '../../filters-synthetic';
import { memorySource } from '../../../worker/ingest/source';
import type { Engine } from '../../../worker/engine';
import { defineScenario, type BenchContext, type BenchRow } from '../scenario';
import { ms, summarize, timeRuns } from '../stats';

const QUERIES: Record<string, BenchQuery[]> = { 'seekstone-10k': SEEKSTONE_QUERIES, 'd365-ja': D365_QUERIES };

export default defineScenario({
  description: 'Filter-only search and find latency (p50/p95) per corpus and on a synthetic vault.',
  defaultCorpora: [],
  async run(ctx) {
    const rows: BenchRow[] = [];
    const runs = Number(ctx.options.runs ?? 50);
    for (const name of ctx.corpora) {
      const engine = await ctx.reset();
      const s = await engine.importSource(ctx.corpus(name).source());
      if (s.phase !== 'done') throw new Error(`import of ${name} ended with ${s.phase}: ${s.error ?? ''}`);
      rows.push(...(await timeQueries(ctx, engine, name, QUERIES[name] ?? [], runs)));
    }
    const n = Number(ctx.options.synthetic ?? 100_000);
    if (n > 0) {
      const engine = await ctx.reset();
      const t = performance.now();
      const s = await engine.importSource(memorySource('synthetic', syntheticVault(n)));
      if (s.phase !== 'done') throw new Error(`synthetic import ended with ${s.phase}: ${s.error ?? ''}`);
      ctx.log(`${ctx.host} synthetic: ${s.notes} notes imported in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      rows.push(...(await timeQueries(ctx, engine, `synthetic-${n / 1000}k`, SYNTHETIC_QUERIES, runs)));
    }
    return rows;
  },
});

async function timeQueries(ctx: BenchContext, engine: Engine, corpus: string, queries: BenchQuery[], runs: number): Promise<BenchRow[]> {
  const notes = engine.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM entries WHERE kind = 'note'")!.n;
  const target = notes > 20_000 ? 30 : 5;
  const rows: BenchRow[] = [];
  for (const q of queries) {
    const first = (await engine.call(q.tool, q.args)) as { total?: number; isError?: boolean; error?: unknown };
    if (first.isError) throw new Error(`${corpus} / ${q.name}: ${JSON.stringify(first.error)}`);
    const s = summarize(await timeRuns(() => engine.call(q.tool, q.args), { runs, warmup: 3 }));
    rows.push({
      host: ctx.host,
      corpus,
      notes,
      query: q.name,
      tool: q.tool,
      matches: first.total ?? 0,
      p50_ms: ms(s.p50),
      p95_ms: ms(s.p95),
      target_ms: target,
      met: s.p95 <= target ? 'yes' : 'NO',
    });
    const r = rows[rows.length - 1];
    ctx.log(`${ctx.host} ${corpus} ${q.name}: ${r.matches} matches, p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms`);
  }
  ctx.log(`${ctx.host} ${corpus}: ${rows.filter((r) => r.met === 'NO').length} of ${rows.length} queries over target`);
  return rows;
}
