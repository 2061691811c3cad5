// One side of `npm run bench:peers-filters`: Kioku's engine from the source
// tree given (this checkout or a baseline one) opens the stored seekstone-10k
// database and times the filter-only and text + filter rows of bench:peers,
// through the search tool and as ranked ids alone. Prints one JSON line,
// with a digest of every answer so both sides can be checked to agree.
//   node --import tsx bench/peers/filters-child.ts <tree> <kioku|sqlite-native> <db image> <queries.json> <scratch dir>
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from '../browser/stats';
import type { QuerySets } from './corpus';

const [tree, engineName, image, queryFile, scratch] = process.argv.slice(2);
const from = (path: string) => import(join(tree, path));
const { createEngine } = await from('worker/engine.ts');
const { openFileDb, openMemoryDb } = await from('worker/db/open-node.ts');
const { buildScope, readScope } = await from('worker/search/scope.ts');
const { boundPrefixExpansion } = await from('worker/search/prefix-bound.ts');
const { parseQuery } = await from('worker/search/query-syntax.ts');
const { rankText } = await from('worker/search/text-mode.ts');

let db;
if (engineName === 'kioku') db = await openMemoryDb({ file: image });
else if (engineName === 'sqlite-native') {
  const file = join(scratch, `native-${process.pid}.db`);
  copyFileSync(image, file);
  db = openFileDb(file);
  process.on('exit', () => ['', '-wal', '-shm'].forEach((s) => rmSync(file + s, { force: true })));
} else throw new Error(`unknown engine ${engineName} (kioku or sqlite-native)`);
const engine = createEngine(db);

type Filter = Record<string, string>;
const FILTERS: Filter[] = [{ type: 'reference' }, { tags: 'history' }];
const pick = (i: number) => FILTERS[i % FILTERS.length];

/** The search tool as bench:peers calls it (page of 10, text mode for text). */
async function tool(query: string, filters: Filter, page = 1): Promise<Record<string, unknown>> {
  const args = { page_size: 10, page, filters, ...(query ? { query, mode: 'text' } : {}) };
  const r = (await engine.call('search', args)) as Record<string, unknown>;
  if (r.isError) throw new Error(`search failed for ${JSON.stringify(args)}: ${JSON.stringify(r.error)}`);
  return r;
}

/** Kioku's ranked page of ids alone, as bench:peers' rankedIds. */
function rankedIds(query: string, filters: Filter): number[] {
  const scope = buildScope(engine.db, readScope({ filters }, query || undefined));
  const parsed = boundPrefixExpansion(engine.db, parseQuery(scope.text));
  return rankText(engine.db, scope, parsed, { offset: 0, limit: 10 }).rows.map((r: { id: number }) => r.id);
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

async function latency(queries: readonly string[], run: (q: string, f: Filter) => unknown) {
  for (let i = 0; i < Math.min(10, queries.length); i++) await run(queries[i], pick(i));
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < queries.length; i++) {
    const t = performance.now();
    await run(queries[i], pick(i));
    ms.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), cpu: round((cpu.user + cpu.system) / 1000 / queries.length) };
}

const queries = JSON.parse(readFileSync(queryFile, 'utf8')) as QuerySets;
const filterOnly = Array.from({ length: 60 }, () => '');
const textFilter = queries.keyword.slice(0, 120);

// The answers, with their timings left out: every timed query, and deeper filter-only pages (other strategies).
const digest = createHash('sha256');
const answer = (r: Record<string, unknown>) => digest.update(JSON.stringify({ ...r, elapsed_ms: undefined }));
for (let i = 0; i < textFilter.length; i++) answer(await tool(textFilter[i], pick(i)));
for (const f of FILTERS) for (const page of [1, 2, 3, 5, 10, 20, 40, 60, 100, 199, 200, 250]) answer(await tool('', f, page));

const out = {
  engine: engineName,
  filter_only: await latency(filterOnly, (q, f) => tool(q, f)),
  text_filter: await latency(textFilter, (q, f) => tool(q, f)),
  ids_filter_only: await latency(filterOnly, rankedIds),
  ids_text_filter: await latency(textFilter, rankedIds),
  answers: digest.digest('hex').slice(0, 16),
};
engine.db.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
