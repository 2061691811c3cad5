// One engine, one fresh process: `bench/peers.ts` starts this file once per
// engine and run (`build`), and once more to open the stored index cold
// (`cold`). It prints one JSON line of measurements on stdout.
//   node --expose-gc --import tsx bench/peers/child.ts build <engine> <run> <dir> <queries.json> [no-quality]
//   node --expose-gc --import tsx bench/peers/child.ts cold <engine> <dir>
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { evaluate } from '../eval/harness';
import { percentile } from '../browser/stats';
import { QUALITY_SETS, readCorpus, type QuerySets } from './corpus';
import { PEERS, type PeerFilter, type PeerIndex } from './engines';

const [mode, engineName, ...rest] = process.argv.slice(2);
const peer = PEERS[engineName];
if (!peer) throw new Error(`unknown engine ${engineName} (known: ${Object.keys(PEERS).join(', ')})`);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const MB = 2 ** 20;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const log = (s: string) => process.stderr.write(`  ${engineName}: ${s}\n`);

/**
 * Median and 95th percentile of each query's time (ms) over `queries`, after
 * a few untimed, and the mean CPU time per query (this process's user +
 * system time: less sensitive than wall time to other work on the machine).
 * `ids`: Kioku's ranked page of ids alone (PeerIndex.rankedIds); a peer's
 * search already returns just that, so its figures serve for both rows.
 */
async function latency(index: PeerIndex, queries: readonly string[], filter?: (i: number) => PeerFilter | undefined, ids = false) {
  const run = ids && index.rankedIds ? async (q: string, f?: PeerFilter) => index.rankedIds!(q, 10, f) : (q: string, f?: PeerFilter) => index.search(q, 10, f);
  for (let i = 0; i < Math.min(10, queries.length); i++) await run(queries[i], filter?.(i));
  const ms: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < queries.length; i++) {
    const t = performance.now();
    await run(queries[i], filter?.(i));
    ms.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  return { p50: round(percentile(ms, 50), 3), p95: round(percentile(ms, 95), 3), cpu: round((cpu.user + cpu.system) / 1000 / queries.length, 3) };
}

/** The text and filter rows, with the tool's answer (`ids` false) or Kioku's ranked ids alone. */
async function queryRows(index: PeerIndex, queries: QuerySets, ids: boolean) {
  return {
    keyword: await latency(index, queries.keyword, undefined, ids),
    question: await latency(index, queries.question, undefined, ids),
    filter_only: await latency(index, Array.from({ length: 60 }, () => ''), pickFilter, ids),
    text_filter: await latency(index, queries.keyword.slice(0, 120), pickFilter, ids),
  };
}

const FILTERS: PeerFilter[] = [{ type: 'reference' }, { tag: 'history' }];
const pickFilter = (i: number) => FILTERS[i % FILTERS.length];

async function build(run: number, dir: string, queryFile: string, withQuality: boolean) {
  const rssStart = process.memoryUsage().rss;
  let corpus = await readCorpus(['seekstone-kw', 'seekstone-nl', 'seekstone-paraphrase']);
  if (!corpus) throw new Error('seekstone-10k is not in ../shared');
  const queries = JSON.parse(readFileSync(queryFile, 'utf8')) as QuerySets;
  const file = join(dir, `${engineName}.index`);
  gc();
  const t0 = performance.now();
  const index = await peer.build(corpus.name, corpus.files, file);
  const buildMs = performance.now() - t0;
  log(`built in ${(buildMs / 1000).toFixed(1)} s`);
  const judged = corpus.judged;
  corpus = null;
  gc();
  const mem = process.memoryUsage();
  const out: Record<string, unknown> = {
    engine: engineName,
    run,
    build_s: round(buildMs / 1000),
    rss_mb: round((mem.rss - rssStart) / MB, 0),
    heap_mb: round((mem.heapUsed + mem.external) / MB, 0),
    ...(await queryRows(index, queries, false)),
  };
  if (index.rankedIds) out.ids = await queryRows(index, queries, true);
  out.disk_mb = round(index.store(file) / MB, 1);
  log('queried and stored');
  if (run === 0 && withQuality) {
    // Quality does not change between runs: measured once, with each engine's defaults, page of 100.
    const quality: Record<string, { hit5: number; mrr10: number; queries: number }> = {};
    const rank = (ix: PeerIndex) => (q: string) => ix.search(q, 100);
    for (const c of judged) quality[c.name] = pick(await evaluate(c, engineName, rank(index)));
    for (const name of QUALITY_SETS.filter((n) => !judged.some((c) => c.name === n))) {
      const other = await readCorpus([name]);
      if (!other) continue;
      log(`quality on ${name}`);
      const ix = await peer.build(other.name, other.files, join(dir, `${engineName}-${name}.index`));
      for (const c of other.judged) quality[c.name] = pick(await evaluate(c, engineName, rank(ix)));
      ix.close();
    }
    out.quality = quality;
  }
  index.close();
  return out;
}

const pick = (r: { hit5: number; mrr10: number; queries: number }) => ({ hit5: round(r.hit5, 3), mrr10: round(r.mrr10, 3), queries: r.queries });

async function cold(dir: string) {
  const t0 = performance.now();
  const index = await peer.open(join(dir, `${engineName}.index`));
  const opened = performance.now();
  const hits = await index.search('haldane', 10);
  const done = performance.now();
  index.close();
  return { engine: engineName, cold_ms: round(done - t0, 1), open_ms: round(opened - t0, 1), first_query_ms: round(done - opened, 1), first_hits: hits.length };
}

const result = mode === 'build' ? await build(Number(rest[0]), rest[1], rest[2], rest[3] !== 'no-quality') : await cold(rest[0]);
process.stdout.write(`${JSON.stringify(result)}\n`);
