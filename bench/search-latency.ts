// `npm run bench:search`: text-search latency through the real tool call
// (ranking, totals and snippets), in Node, on seekstone-10k and on a
// synthetic vault (default 100,000 notes). Prints a Markdown table for
// docs/benchmarks.md. Targets (issue 4): p50 ≤ 2 ms and p95 ≤ 10 ms at 10k,
// the same with a filter, p95 ≤ 50 ms at 100k.
//   npm run bench:search -- --notes 100000 --queries 300
import { openMemoryDb } from '../worker/db/open-node';
import { createEngine, type Engine } from '../worker/engine';
import { memorySource } from '../worker/ingest/source';
import { nodeSource } from '../worker/ingest/walk-node';
import { SHARED, sharedPath } from './eval/collections';
import { percentile } from './eval/metrics';
import { sampleQueries } from './lib/queries';
import { sentencesFrom, syntheticVault } from './lib/synthetic';

function numArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
}

interface Scenario {
  name: string;
  args: Record<string, unknown>;
}

async function measure(engine: Engine, queries: string[], s: Scenario): Promise<string> {
  const one = async (query: string) => {
    const t0 = performance.now();
    const r = (await engine.call('search', { query, ...s.args })) as { isError?: boolean; error?: { message: string } };
    if (r.isError) throw new Error(r.error!.message);
    return performance.now() - t0;
  };
  try {
    for (const q of queries.slice(0, 30)) await one(q); // warm up
  } catch (e) {
    return `| ${s.name} | skipped: ${(e as Error).message} | | | | |`;
  }
  const ms: number[] = [];
  for (const q of queries) ms.push(await one(q));
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  return `| ${s.name} | ${ms.length} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 95).toFixed(2)} | ${mean.toFixed(2)} | ${Math.max(...ms).toFixed(1)} |`;
}

async function run(label: string, engine: Engine, queries: string[], folder: string, prefix: string, filter: Record<string, unknown>): Promise<void> {
  const notes = engine.db.get<{ n: number }>('SELECT count(*) AS n FROM entries')!.n;
  console.log(`\n${label}: ${notes} entries, ${queries.length} queries (e.g. ${queries.slice(0, 4).map((q) => JSON.stringify(q)).join(', ')})\n`);
  console.log('| scenario | queries | p50 ms | p95 ms | mean ms | max ms |\n|---|---:|---:|---:|---:|---:|');
  const scenarios: Scenario[] = [
    { name: 'text, page 1 of 10', args: {} },
    { name: `text + filter ${JSON.stringify(filter)}`, args: { filters: filter } },
    { name: `text + path_prefix "${prefix}"`, args: { path_prefix: prefix } },
    { name: `text + folder "${folder}"`, args: { folder } },
    { name: 'text, page 5 of 10', args: { page: 5 } },
    { name: 'text, page of 100', args: { page_size: 100 } },
  ];
  for (const s of scenarios) console.log(await measure(engine, queries, s));
}

async function main(): Promise<void> {
  const count = numArg('queries', 300);
  const seek = sharedPath('corpora', 'seekstone-10k', 'vault');
  if (!seek) {
    console.log(`skipped: seekstone-10k is not under ${SHARED}`);
    return;
  }
  const e10 = createEngine(await openMemoryDb());
  let t0 = performance.now();
  await e10.importSource(nodeSource(seek, 'seekstone-10k'));
  console.error(`seekstone-10k imported in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await run('seekstone-10k', e10, sampleQueries(e10, count), 'Notes', 'Reference/', { type: 'note' });
  const sentences = sentencesFrom(seek);
  e10.db.close();

  const n = numArg('notes', 100_000);
  if (n > 0) {
    const e100 = createEngine(await openMemoryDb());
    t0 = performance.now();
    await e100.importSource(memorySource(`synthetic-${n}`, syntheticVault(sentences, n)));
    console.error(`synthetic ${n} imported in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await run(`synthetic-${n}`, e100, sampleQueries(e100, count), 'area-3/topic-7', 'area-3/', { status: 'active' });
    e100.db.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
