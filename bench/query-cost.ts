// npm run bench:query-cost: the cost of adversarial text queries (issue 11,
// item 8) on seekstone-10k in Node, through the real search tool. Every query
// of the fuzz corpus (bench/lib/fuzz-queries.ts) runs with the query bounds
// on and, as the baseline in the same run, with them off; the worst cases of
// the issue lead the corpus. Options: --queries N (random ones, default 500),
// --no-doc. Target: every query ≤ 200 ms.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { openMemoryDb, saveDb } from '../worker/db/open-node';
import { createEngine } from '../worker/engine';
import { nodeSource } from '../worker/ingest/walk-node';
import { QUERY_BOUNDS } from '../worker/search/query-syntax';
import { writeDocSection } from './browser/doc-section';
import { fuzzQueries } from './lib/fuzz-queries';

const CORPUS = new URL('../../shared/corpora/seekstone-10k', import.meta.url).pathname;
const CACHE = new URL('../.tmp/seekstone-10k.kioku', import.meta.url).pathname;
const argv = process.argv.slice(2);
const n = Number(argv[argv.indexOf('--queries') + 1] || 500) || 500;

if (!existsSync(CORPUS)) {
  process.stdout.write('bench:query-cost skipped: ../shared/corpora/seekstone-10k is not on this machine.\n');
  process.exit(0);
}

const db = await openMemoryDb(existsSync(CACHE) ? { file: CACHE } : {});
const engine = createEngine(db);
if (!existsSync(CACHE)) {
  await engine.importSource(nodeSource(CORPUS, 'seekstone'));
  saveDb(db, CACHE);
}
const notes = db.get<{ n: number }>("SELECT count(*) AS n FROM entries WHERE kind = 'note'")!.n;
const words = db.column<string>('SELECT title FROM entries ORDER BY id LIMIT 3000').flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length > 1);
const queries = fuzzQueries(11, n, words);

interface Run { ms: number[]; errors: number; partial: number; notices: number; worst: { ms: number; query: string } }

async function runAll(bounded: boolean): Promise<Run> {
  QUERY_BOUNDS.enabled = bounded;
  const run: Run = { ms: [], errors: 0, partial: 0, notices: 0, worst: { ms: 0, query: '' } };
  for (const query of queries) {
    const t = performance.now();
    const r = (await engine.call('search', { query, mode: 'text', page_size: 10 })) as { isError?: boolean; partial?: boolean; notice?: string };
    const ms = performance.now() - t;
    run.ms.push(ms);
    if (r.isError) run.errors++;
    if (r.partial) run.partial++;
    if (r.notice) run.notices++;
    if (ms > run.worst.ms) run.worst = { ms, query };
  }
  QUERY_BOUNDS.enabled = true;
  return run;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const load = loadavg()[0];
const bounded = await runAll(true);
const unbounded = await runAll(false);
const row = (name: string, r: Run) =>
  `| ${name} | ${r.ms.length} | ${fmt(pct(r.ms, 50))} | ${fmt(pct(r.ms, 95))} | ${fmt(Math.max(...r.ms))} | ${r.ms.filter((x) => x > 200).length} | ${r.notices} | ${r.partial} | ${r.errors} | \`${JSON.stringify(r.worst.query.slice(0, 40))}\` |`;
const table = [
  '| run | queries | p50 ms | p95 ms | max ms | over 200 ms | with a notice | partial | errors | slowest query (first 40 chars) |',
  '|---|---|---|---|---|---|---|---|---|---|',
  row('bounds on', bounded),
  row('baseline: bounds off', unbounded),
].join('\n');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${load.toFixed(2)} before the run (shared with other work: numbers are upper bounds)`;
process.stdout.write(`${table}\n\n${notes} notes. Machine: ${machine}\n`);
if (!argv.includes('--no-doc')) {
  writeDocSection(
    'query-cost',
    `## Query cost under attack (\`npm run bench:query-cost\`)

${queries.length} text queries (the worst cases of issue 11 first, then ${n} seeded
random ones: one-letter prefixes, OR chains, pasted text, syntax soup, Japanese)
through the search tool in Node on seekstone-10k (${notes} notes), each once with the
query bounds on and, as the baseline in the same run, off. Target: every query
≤ 200 ms.

${table}

Machine: ${machine}.
`,
    new URL('../docs/reliability.md', import.meta.url).pathname,
  );
}
