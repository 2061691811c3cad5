// npm run bench:peers-filters -- --baseline <git ref>: bench:peers' filter-only
// and text + filter rows for Kioku (sqlite-wasm) and its own SQL on native
// SQLite, this checkout beside a baseline commit, in one run. The database
// is imported once (seekstone-10k, this checkout's code: both sides share
// the schema) and stored; each side then opens it in a fresh process
// (bench/peers/filters-child.ts, loading that side's engine), runs
// interleaved with the order alternating. Also checks that both sides give
// the same answers (a digest of every hit list, total and snippet).
// Options: --baseline REF (required; e.g. main), --runs N (default 3),
// --doc (write the peers-filters section of docs/benchmarks.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';
import { latencyQueries, readCorpus } from './peers/corpus';

const LOAD_BEFORE = loadavg()[0];
const STARTED = performance.now();
const argv = process.argv.slice(2);
const value = (name: string, fallback?: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? fallback : argv[i + 1];
};
const BASELINE = value('baseline');
if (!BASELINE) throw new Error('--baseline <git ref> is required (the commit to compare with, e.g. main)');
const RUNS = Number(value('runs', '3'));
const ROOT = new URL('..', import.meta.url).pathname;
const CHILD = join(ROOT, 'bench/peers/filters-child.ts');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const baseCommit = git('rev-parse', '--short', BASELINE);
const headCommit = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';

const corpus = await readCorpus(['seekstone-kw', 'seekstone-nl']);
if (!corpus) {
  process.stdout.write('bench:peers-filters skipped: seekstone-10k in ../shared is not on this machine.\n');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'kioku-peers-filters-'));
const baseTree = join(dir, 'baseline');
git('worktree', 'add', '--quiet', '--detach', baseTree, BASELINE);
symlinkSync(join(ROOT, 'node_modules'), join(baseTree, 'node_modules'));
const cleanUp = () => {
  git('worktree', 'remove', '--force', baseTree);
  rmSync(dir, { recursive: true, force: true });
};

try {
  const queryFile = join(dir, 'queries.json');
  writeFileSync(queryFile, JSON.stringify(latencyQueries(corpus, 300)));
  const image = join(dir, 'seekstone.db');
  process.stderr.write('importing seekstone-10k once …\n');
  const { createEngine } = await import('../worker/engine');
  const { openMemoryDb, saveDb } = await import('../worker/db/open-node');
  const { memorySource } = await import('../worker/ingest/source');
  const engine = createEngine(await openMemoryDb());
  const summary = await engine.importSource(memorySource(corpus.name, corpus.files));
  if (summary.phase !== 'done') throw new Error(`import failed: ${summary.error}`);
  saveDb(engine.db, image);
  engine.db.close();

  type Lat = { p50: number; p95: number; cpu: number };
  type Side = Record<'filter_only' | 'text_filter' | 'ids_filter_only' | 'ids_text_filter', Lat> & { answers: string };
  const results = new Map<string, Side[]>();
  const sides = [
    { name: 'before', tree: baseTree },
    { name: 'after', tree: ROOT },
  ];
  for (let run = 0; run < RUNS; run++) {
    for (const engineName of ['kioku', 'sqlite-native']) {
      for (const side of run % 2 ? [...sides].reverse() : sides) {
        process.stderr.write(`run ${run + 1}/${RUNS}: ${engineName} ${side.name} …\n`);
        const out = execFileSync(process.execPath, ['--import', 'tsx', CHILD, side.tree, engineName, image, queryFile, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
        const key = `${engineName} ${side.name}`;
        results.set(key, [...(results.get(key) ?? []), JSON.parse(out.trim().split('\n').pop()!) as Side]);
      }
    }
  }

  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
  const med = (key: string, row: keyof Side, f: keyof Lat) => median(results.get(key)!.map((r) => (r[row] as Lat)[f]));
  const ROWS: [string, keyof Side][] = [
    ['filter-only', 'filter_only'],
    ['text + filter', 'text_filter'],
    ['filter-only, ranked ids only', 'ids_filter_only'],
    ['text + filter, ranked ids only', 'ids_text_filter'],
  ];
  const rows = ROWS.flatMap(([label, row]) =>
    (['p50', 'p95', 'cpu'] as const).map((f) => {
      const cell = (key: string) => round(med(key, row, f));
      const k0 = cell('kioku before');
      const k1 = cell('kioku after');
      const n1 = cell('sqlite-native after');
      return {
        measure: `${label} ${f === 'cpu' ? 'CPU ms per query' : `${f} ms`}`,
        'kioku before': k0,
        'kioku after': `${k1} (${round(k1 / k0, 2)}×)`,
        'native before': cell('sqlite-native before'),
        'native after': n1,
        'kioku after / native after': `${round(k1 / n1, 2)}×`,
      };
    }),
  );
  const digests = new Set([...results.values()].flat().map((r) => r.answers));
  const same = digests.size === 1;
  const agree = same
    ? `Answers: identical on both sides and both backends (one digest of every timed text + filter answer and 24 filter-only pages, 1–250, with hits, totals and snippets: ${[...digests][0]}).`
    : `Answers DIFFER between sides or backends: digests ${[...results].map(([k, v]) => `${k} ${v.map((r) => r.answers).join('/')}`).join('; ')}.`;
  const table = markdownTable(rows);
  const machine = describeMachine();
  const load = loadNote(LOAD_BEFORE);
  process.stdout.write(`${table}\n\n${agree}\nbefore: ${BASELINE} (${baseCommit}); after: ${headCommit}${dirty ? ' with uncommitted changes' : ''}\nMachine: ${machine}\n${load}\n`);
  if (argv.includes('--doc')) {
    writeDocSection(
      'peers-filters',
      `### Filter-only and text + filter, before and after (\`npm run bench:peers-filters -- --baseline ${BASELINE}\`)

bench:peers' filter rows for Kioku on sqlite-wasm and on native SQLite, the
code before (${baseCommit}) and after (${headCommit}${dirty ? ', uncommitted changes' : ''}) in one run: seekstone-10k
imported once and stored, each side opening it in a fresh Node process
(bench/peers/filters-child.ts), ${RUNS} run(s) with the order of the sides
alternating; medians of the runs. Queries as in bench:peers: filter-only is
60 searches with no text alternating \`type = reference\` (597 notes) and
\`tags\` holding \`history\` (1,982), page of 10 with the exact total;
text + filter puts them on the first 120 keyword queries. The first rows go
through the search tool (hits with titles, tags, snippets, totals), the
"ranked ids only" rows stop at the ranked page of ids. CPU ms per query: the
process's user + system time over the row's queries.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}, in ${Math.round((performance.now() - STARTED) / 60000)} minutes.${Math.max(LOAD_BEFORE, loadavg()[0]) > 2 ? " The machine's 2 cores were shared with other work during the run: every time is an upper bound, and CPU time is the row to compare." : ''}
${load}

${agree}

${table}`,
    );
    process.stdout.write('Wrote the peers-filters section of docs/benchmarks.md.\n');
  }
} finally {
  if (existsSync(baseTree)) cleanUp();
}
