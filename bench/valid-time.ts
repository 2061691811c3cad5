// npm run bench:valid-time: valid-time search latency (issue 13) in Node at
// 10,000 notes with 50,000 observations, beside plain text search of the same
// vault with the same queries in the same run (the baseline). The vault is
// the synthetic one of bench:search (seekstone's prose, bench/lib/synthetic.ts)
// with five observations per note, three in five of them dated with a
// temporal qualifier of every form. Prints the table and writes the
// valid-time section of docs/benchmarks.md.
// Options: --notes N (default 10000), --queries N (default 300), --no-doc,
// --lead-layouts (also times the openings index unmerged and merged, interleaved).
// Target: the text-search targets at 10k, p50 ≤ 2 ms and p95 ≤ 10 ms.
import { existsSync } from 'node:fs';
import { loadavg as loadNow, cpus, totalmem } from 'node:os';
import { KNOWN_CORPORA, readCorpus } from './browser/corpus-node';
import { writeDocSection } from './browser/doc-section';
import { markdownTable } from './browser/table';
import type { BenchRow } from './browser/scenario';
import { loadNote } from './lib/load';
import { sampleQueries } from './lib/queries';
import { SCENARIOS, withObservations } from './lib/observations-vault';
import { sentencesFrom, syntheticVault } from './lib/synthetic';
import { openMemoryDb } from '../worker/db/open-node';
import { createEngine } from '../worker/engine';
import { memorySource } from '../worker/ingest/source';
import { boundsSnapshot } from '../worker/query/valid-time-bounds';

const LOAD_BEFORE = loadNow()[0];
const argv = process.argv.slice(2);
const value = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : argv[i + 1];
};
const NOTES = Number(value('notes', '10000'));
const QUERIES = Number(value('queries', '300'));
const WARMUP = 30;

const seekstone = KNOWN_CORPORA['seekstone-10k'];
if (!existsSync(seekstone)) {
  process.stdout.write(`bench:valid-time skipped: ${seekstone} is not on this machine (the corpora live in ../shared).\n`);
  process.exit(0);
}

const texts = (await readCorpus(seekstone)).map((f) => new TextDecoder().decode(f.bytes));
const sentences = sentencesFrom(texts);
const vault = withObservations(syntheticVault(sentences, NOTES), sentences);
const engine = createEngine(await openMemoryDb());
const t0 = performance.now();
const summary = await engine.importSource(memorySource('bench', vault.files));
const importS = (performance.now() - t0) / 1000;
if (summary.phase !== 'done') throw new Error(`import failed: ${summary.error}`);
const counts = engine.db.get<{ o: number; a: number }>('SELECT (SELECT count(*) FROM observations) AS o, (SELECT count(*) FROM assertions) AS a')!;
const queries = sampleQueries(engine, QUERIES + WARMUP, 3);
// Built once by the first valid-time question after the assertions change: timed apart, outside the rows.
const s0 = performance.now();
boundsSnapshot(engine.db);
const snapshotMs = performance.now() - s0;

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const round = (x: number) => (x >= 10 ? Math.round(x * 10) / 10 : Math.round(x * 100) / 100);
const rows: BenchRow[] = [];
// Taken after the import, so it describes the timed part.
const LOAD_TIMED = loadNow()[0];
for (const s of SCENARIOS) {
  const times: number[] = [];
  let hits = 0;
  let cpu = 0;
  for (let i = 0; i < queries.length; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const r = (await engine.call('search', { ...s.args(queries[i], i), mode: 'text' })) as { isError?: boolean; total?: number; error?: unknown };
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    if (r.isError) throw new Error(`${s.name}: ${JSON.stringify(r.error)}`);
    if (i >= WARMUP) {
      times.push(ms);
      hits += r.total ?? 0;
      cpu += (used.user + used.system) / 1000;
    }
  }
  times.sort((a, b) => a - b);
  const p50 = pct(times, 50);
  const p95 = pct(times, 95);
  rows.push({
    query: s.name,
    runs: times.length,
    mean_hits: round(hits / times.length),
    p50_ms: round(p50),
    p95_ms: round(p95),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
    max_ms: round(times[times.length - 1]),
    cpu_mean_ms: round(cpu / times.length),
    target: s.baseline ? '' : p50 <= 2 && p95 <= 10 ? 'met' : 'NO',
  });
}

const base = rows[0];
for (const r of rows.slice(1)) r.p50_vs_baseline = `${(Number(r.p50_ms) / Number(base.p50_ms)).toFixed(2)}×`;
const table = markdownTable(rows);
const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
const missed = rows.filter((r) => r.target === 'NO');
const verdict = missed.length
  ? `${rows.length - 1 - missed.length} of the ${rows.length - 1} rows beside the baseline meet the text-search target; over it: ${missed.map((r) => `${r.query} (p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms)`).join('; ')}.`
  : `All ${rows.length - 1} rows beside the baseline meet the text-search target (p50 ≤ 2 ms, p95 ≤ 10 ms).`;
const ratios = rows.slice(1).map((r) => Number(r.p50_ms) / Number(base.p50_ms));
const relative = `Beside the baseline of the same run (plain text search, p50 ${base.p50_ms} ms, p95 ${base.p95_ms} ms${Number(base.p50_ms) > 2 ? ', itself over the target on this run' : ''}), the other rows take ${Math.min(...ratios).toFixed(2)}× to ${Math.max(...ratios).toFixed(2)}× its p50.`;
process.stdout.write(`${table}\n\n${verdict}\n${relative}\nMachine: ${machine}\n`);

if (!argv.includes('--no-doc')) {
  writeDocSection(
    'valid-time',
    `## Valid-time search (\`npm run bench:valid-time\`)

A synthetic vault of ${NOTES.toLocaleString('en')} notes (bench:search's, from seekstone's prose) with five
observations each: ${counts.o.toLocaleString('en')} observations, ${counts.a.toLocaleString('en')} of them dated
(ranges with either inclusivity, effective points, months, days and instant
ranges with offsets), imported in ${importS.toFixed(1)} s. Each row times ${QUERIES} queries
(after ${WARMUP} untimed) through the search tool in text mode, in Node on the
in-memory database: parse, scope, ranking, the exact total and a page of 10
hits with snippets (and, with a valid-time argument, each hit's assertions).
Queries are bench:search's (words of a note's title and text, seeded); the
dates step through 2024-2027. The baseline, plain text search over the notes
with the same queries, is measured in the same run.
Without words, a valid-time argument lists the answering observations in
note-path order with the exact total (thousands here). The total comes from
an in-memory snapshot of every assertion's bounds, rebuilt only when the
assertions change (migration 0018 counts their changes;
\`worker/query/valid-time-bounds.ts\`): by binary search (answers = assertions
starting before the window ends minus those ending before it starts), and
under a scope that names few notes (a filter, path_prefix, folder) by testing
the bounds of each note in scope, whose ids are read in one statement. The
page walks notes in path order until it is full (under a scope, testing
each against the notes the count found answering), or, when those are few
or the page far, sorts their answers; only the page is hydrated,
with its assertions in the same statement
(\`worker/search/observation-listing.ts\`). cpu_mean_ms is the process's CPU
time per query, less swayed by other work than wall time. The snapshot of
this vault's assertions took ${snapshotMs.toFixed(0)} ms to build (once, before the rows; after an
import or edit that changes assertions, the first valid-time question pays
it). Where the time of a
row goes, statement by statement: \`npm run bench:valid-time:profile\`.

Target: the text-search target at 10k notes, p50 ≤ 2 ms and p95 ≤ 10 ms.
${verdict}
${relative}

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; the machine was shared with other work
during the run, so the numbers are upper bounds.
${loadNote(LOAD_BEFORE)} When the timed queries began (after the import): ${LOAD_TIMED.toFixed(1)}.

${table}`,
  );
}


// --lead-layouts: the plain text baseline and text + valid_at with the notes'
// openings index as imports left it before they merged it and as they leave
// it now (rank helper; same results), the same queries alternately in blocks
// of 20, CPU time per query. Printed only (docs/benchmarks.md quotes it).
if (argv.includes('--lead-layouts')) {
  const { unmergedLeadCopy } = await import('./browser/scenarios/search-text');
  const { LEAD_INDEX } = await import('../worker/search/rank-sql');
  const segs = unmergedLeadCopy(engine);
  const layouts = [
    { name: `openings index unmerged, ${segs.before} segments (before)`, table: 'fts_lead_unmerged' },
    { name: `openings index merged, ${segs.after} segment (after)`, table: 'fts_lead' },
  ];
  const extra: BenchRow[] = [];
  for (const s of SCENARIOS.slice(0, 3).filter((x) => x.name !== 'text, entity_types observation')) {
    const times = layouts.map(() => [] as number[]);
    const cpu = layouts.map(() => 0);
    for (let b = 0; b * 20 < queries.length; b++) {
      for (const k of b % 2 ? [1, 0] : [0, 1]) {
        LEAD_INDEX.table = layouts[k].table;
        for (let i = b * 20; i < Math.min(queries.length, (b + 1) * 20); i++) {
          const started = performance.now();
          const c0 = process.cpuUsage();
          await engine.call('search', { ...s.args(queries[i], i), mode: 'text' });
          const used = process.cpuUsage(c0);
          if (i >= WARMUP) {
            times[k].push(performance.now() - started);
            cpu[k] += (used.user + used.system) / 1000;
          }
        }
      }
    }
    LEAD_INDEX.table = 'fts_lead';
    layouts.forEach((l, k) => {
      const t = times[k].sort((x, y) => x - y);
      extra.push({ query: `${s.name}, ${l.name}`, runs: t.length, p50_ms: round(pct(t, 50)), p95_ms: round(pct(t, 95)), cpu_mean_ms: round(cpu[k] / t.length) });
    });
  }
  process.stdout.write(`\n${markdownTable(extra)}\n`);
}
