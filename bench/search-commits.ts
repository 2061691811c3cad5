// npm run bench:search-commits -- DIR [DIR2 ...]: the keyword rows of
// bench:search (seekstone-10k, the same 300 sampled queries) through the
// search tool of several checkouts in ONE Node process, interleaved block by
// block, with CPU time per call beside p50/p95. Each DIR is a worktree of
// another commit (git worktree add /tmp/kl-<hash> <hash>; symlink
// node_modules); this checkout is always the last side. Figures measured on
// different days (or machines) are not comparable; this compares code alone.
// Options: --queries N (default 300), --reps N (passes over the queries, default 2),
// --cases text,filter,path,questions (default all four; `questions` is the
// question-length set of bench:search, 8–12 words, repeated up to --queries),
// --compare (before timing, every side answers every query of every case, pages 1
// and 3, and the answers must be identical: hits, snippets, totals; exits 1 if not).
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { readCorpus, KNOWN_CORPORA } from './browser/corpus-node';
import { markdownTable } from './browser/table';
import { summarize, ms } from './browser/stats';
import type { BenchRow } from './browser/scenario';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : argv[i + 1];
};
const flagged = new Set(['--queries', '--reps', '--cases'].flatMap((f) => (argv.includes(f) ? [argv[argv.indexOf(f) + 1]] : [])));
const HERE = resolve(new URL('..', import.meta.url).pathname);
const roots = [...argv.filter((a) => !a.startsWith('--') && !flagged.has(a)).map((d) => resolve(d)), HERE];
const count = Number(opt('queries', '300'));
const reps = Number(opt('reps', '2'));
const CASES: Record<string, Record<string, unknown>> = {
  text: {},
  filter: { filters: { type: 'note' } },
  path: { path_prefix: 'Reference/' },
  questions: {},
};
const CASE_NAMES: Record<string, string> = { text: 'text', filter: 'text + filter {"type":"note"}', path: 'text + path_prefix "Reference/"', questions: 'text, questions of 8–12 words' };
const cases = opt('cases', 'text,filter,path,questions').split(',');

interface Side {
  label: string;
  call: (args: Record<string, unknown>) => Promise<unknown>;
  queries: string[];
}

const commitOf = (dir: string) => execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).toString().trim();
const files = await readCorpus(KNOWN_CORPORA['seekstone-10k']);
const sides: Side[] = [];
for (const root of roots) {
  // Each checkout's own modules (engine, import, SQLite wrapper): its own code end to end.
  const { openMemoryDb } = await import(`${root}/worker/db/open-node.ts`);
  const { createEngine } = await import(`${root}/worker/engine.ts`);
  const { makeCorpus } = await import(`${root}/bench/browser/scenario.ts`);
  const { sampleQueries } = await import(`${root}/bench/lib/queries.ts`);
  const engine = createEngine(await openMemoryDb());
  const c0 = process.cpuUsage();
  await engine.importSource(makeCorpus('seekstone-10k', files).source());
  const c = process.cpuUsage(c0);
  const label = `${commitOf(root)}${root === HERE ? ' (this checkout)' : ''}`;
  process.stderr.write(`${label}: seekstone-10k imported, ${((c.user + c.system) / 1e6).toFixed(1)} s CPU\n`);
  sides.push({ label, call: (args) => engine.call('search', args), queries: sampleQueries(engine, count) });
}
const digest = (qs: string[]) => createHash('sha1').update(qs.join('\n')).digest('hex').slice(0, 10);
const samples = new Set(sides.map((s) => digest(s.queries)));
const sampleNote = samples.size === 1 ? `every side samples the same ${count} queries (sha1 ${[...samples][0]})` : `the sides sample DIFFERENT queries (${sides.map((s) => `${s.label} ${digest(s.queries)}`).join(', ')}); all are timed on the first side's`;
process.stderr.write(`${sampleNote}\n`);
const keywordQueries = sides[0].queries;
const { questionQueries } = await import(`${HERE}/bench/browser/scenarios/search-text.ts`);
const queriesOf = (name: string): string[] => (name === 'questions' ? questionQueries(count) : keywordQueries);

if (argv.includes('--compare')) {
  // Answers are compared, not the time budget: on a loaded machine one side may run out of it (partial) where the other does not.
  const budgets: { bounds: { budgetMs: number }; ms: number }[] = [];
  for (const root of roots) {
    const { QUERY_BOUNDS } = await import(`${root}/worker/search/query-syntax.ts`);
    budgets.push({ bounds: QUERY_BOUNDS, ms: QUERY_BOUNDS.budgetMs });
    QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
  }
  // Everything a caller sees must be the same on every side (elapsed_ms aside).
  let compared = 0;
  const diffs: string[] = [];
  for (const name of cases) {
    const unique = [...new Set(queriesOf(name))];
    for (const q of unique) {
      for (const page of [1, 3]) {
        const args = { query: q, ...CASES[name], ...(page > 1 ? { page } : {}) };
        const answers = await Promise.all(sides.map(async (s) => JSON.stringify(await s.call(args), (k, v) => (k === 'elapsed_ms' ? undefined : v))));
        compared++;
        answers.forEach((a, k) => {
          if (a === answers[0] || diffs.length >= 20) return;
          let at = 0;
          while (a[at] === answers[0][at]) at++;
          const from = Math.max(0, at - 150);
          diffs.push(`${name} page ${page} "${q}", from character ${from}: ${sides[0].label} ${answers[0].slice(from, at + 150)}\n  ${sides[k].label} ${a.slice(from, at + 150)}`);
        });
      }
    }
  }
  process.stderr.write(diffs.length ? `DIFFERENT answers (first ${diffs.length}):\n${diffs.join('\n')}\n` : `${compared} calls (cases ${cases.join(', ')}; pages 1 and 3): identical answers on every side\n`);
  if (diffs.length) process.exit(1);
  for (const b of budgets) b.bounds.budgetMs = b.ms;
}

const BLOCK = 20;
const rows: BenchRow[] = [];
const loadStart = loadavg()[0];
for (const name of cases) {
  const args = CASES[name];
  const queries = queriesOf(name);
  const wall = sides.map(() => [] as number[]);
  const cpu = sides.map(() => 0);
  for (const s of sides) for (const q of queries.slice(0, 30)) await s.call({ query: q, ...args });
  for (let r = 0; r < reps; r++) {
    for (let b = 0; b * BLOCK < queries.length; b++) {
      const block = queries.slice(b * BLOCK, (b + 1) * BLOCK);
      // Which side goes first turns with every block, so load falls on all alike.
      const order = sides.map((_, i) => (i + b + r) % sides.length);
      for (const k of order) {
        const c0 = process.cpuUsage();
        for (const q of block) {
          const t = performance.now();
          await sides[k].call({ query: q, ...args });
          wall[k].push(performance.now() - t);
        }
        const c = process.cpuUsage(c0);
        cpu[k] += (c.user + c.system) / 1000;
      }
    }
  }
  sides.forEach((s, k) => {
    const st = summarize(wall[k]);
    rows.push({ query: CASE_NAMES[name], code: s.label, runs: st.runs, p50_ms: ms(st.p50), p95_ms: ms(st.p95), mean_ms: ms(st.mean), cpu_ms_per_call: Math.round((cpu[k] / st.runs) * 100) / 100 });
  });
}
process.stdout.write(`${markdownTable(rows)}\n\n${sampleNote}; 1-minute load average ${loadStart.toFixed(1)} at the start of the timed part, ${loadavg()[0].toFixed(1)} at its end.\n`);
