// Valid-time search latency (issue 13) at 10,000 notes with 50,000
// observations, beside plain text search of the same vault with the same
// queries in the same run (the baseline): the rows of
// bench/lib/observations-vault.ts, through the search tool in text mode, in
// Chromium's engine worker on OPFS (and in Node with --both).
// The rows run interleaved, block by block (every row over the same 20
// queries, the order rotating), so load on a shared machine falls on all of
// them alike; CPU time is read per block.
// Options (--opt): vault=seekstone|synthetic|both (default seekstone),
// notes=N (synthetic, default 10000), queries=N (default 300),
// rows=a,b (substrings of row names; the baseline always runs),
// profile=1 (statement by statement instead of the latency table),
// lead-layouts=1 (also the openings index unmerged and merged),
// listing-walks=1 (also the scoped rows without words with the page walked
// in SQL against the answering notes, before, and by note ids, after),
// id-reads=1 (also the scoped rows with the ids in scope split from their
// string with notesEstimate a statement of its own, before, and parsed
// character by character with it read alongside, after).
import type { SqlValue } from '../../../worker/db/database';
import type { Engine } from '../../../worker/engine';
import { memorySource } from '../../../worker/ingest/source';
import { LEAD_INDEX } from '../../../worker/search/rank-sql';
import { boundsSnapshot } from '../../../worker/query/valid-time-bounds';
import { LISTING_PLAN } from '../../../worker/search/observation-listing';
import { observationsVault, validTimeRows, VAULT_KINDS, type ObservationsVaultKind, type ValidTimeRow } from '../../lib/observations-vault';
import { sampleQueries } from '../../lib/queries';
import { profileStatements } from '../../lib/statement-profile';
import { defineScenario, type BenchContext, type BenchRow } from '../scenario';
import { ms, summarize } from '../stats';
import { unmergedLeadCopy } from './search-text';

const WARMUP = 30;
const BLOCK = 20;

/** One thing timed: a row's arguments, the openings index it ranks with (lead layouts) and whether listings walk by path (default: the live ones). */
interface Variant {
  name: string;
  row: ValidTimeRow;
  lead?: string;
  pathWalk?: boolean;
  parsedIds?: boolean;
}

interface Timed {
  variant: Variant;
  samples: number[];
  cpuSeconds: number;
  hits: number;
}

async function call(engine: Engine, v: Variant, q: string, i: number): Promise<{ ms: number; total: number }> {
  LEAD_INDEX.table = v.lead ?? 'fts_lead';
  LISTING_PLAN.pathWalk = v.pathWalk ?? true;
  LISTING_PLAN.parsedIds = v.parsedIds ?? true;
  const t = performance.now();
  const r = (await engine.call('search', { ...v.row.args(q, i), mode: 'text' })) as { isError?: boolean; total?: number; error?: unknown };
  const took = performance.now() - t;
  if (r.isError) throw new Error(`${v.name}: ${JSON.stringify(r.error)}`);
  return { ms: took, total: r.total ?? 0 };
}

/** Every variant over the same queries, interleaved block by block with the order rotating. */
async function timeInterleaved(ctx: BenchContext, engine: Engine, variants: Variant[], queries: string[]): Promise<Timed[]> {
  const timed = variants.map((variant): Timed => ({ variant, samples: [], cpuSeconds: 0, hits: 0 }));
  for (const v of variants) for (let i = 0; i < WARMUP; i++) await call(engine, v, queries[i % queries.length], i);
  for (let b = 0; b * BLOCK < queries.length; b++) {
    for (let k = 0; k < timed.length; k++) {
      const t = timed[(k + b) % timed.length];
      const c0 = await ctx.cpuSeconds();
      for (let i = b * BLOCK; i < Math.min(queries.length, (b + 1) * BLOCK); i++) {
        const r = await call(engine, t.variant, queries[i], i);
        t.samples.push(r.ms);
        t.hits += r.total;
      }
      t.cpuSeconds += (await ctx.cpuSeconds()) - c0;
    }
  }
  return timed;
}

const round = (x: number) => (x >= 10 ? Math.round(x * 10) / 10 : Math.round(x * 100) / 100);

function latencyRows(ctx: BenchContext, vault: string, timed: Timed[]): BenchRow[] {
  const base = timed[0];
  const baseS = summarize(base.samples);
  const baseCpu = (base.cpuSeconds * 1000) / base.samples.length;
  return timed.map((t) => {
    const s = summarize(t.samples);
    const cpu = (t.cpuSeconds * 1000) / t.samples.length;
    const isBase = t === base;
    return {
      host: ctx.host,
      vault,
      query: t.variant.name,
      runs: s.runs,
      mean_hits: round(t.hits / s.runs),
      p50_ms: ms(s.p50),
      p95_ms: ms(s.p95),
      mean_ms: ms(s.mean),
      max_ms: ms(s.max),
      cpu_ms_per_call: round(cpu),
      target: isBase || t.variant.row.reference || t.variant.lead || t.variant.pathWalk !== undefined || t.variant.parsedIds !== undefined ? '' : s.p50 <= 2 && s.p95 <= 10 ? 'met' : 'NO',
      p50_vs_baseline: isBase ? '' : `${(s.p50 / baseS.p50).toFixed(2)}×`,
      cpu_vs_baseline: isBase ? '' : `${(cpu / baseCpu).toFixed(2)}×`,
    };
  });
}

/** Statement by statement, one row after the other (not interleaved: the split, not the total, is the point). */
async function profileRows(ctx: BenchContext, engine: Engine, vault: string, rows: ValidTimeRow[], queries: string[]): Promise<BenchRow[]> {
  const profile = profileStatements(engine.db);
  const out: BenchRow[] = [];
  for (const row of rows) {
    const v: Variant = { name: row.name, row };
    for (let i = 0; i < WARMUP; i++) await call(engine, v, queries[i], i);
    profile.start();
    const samples: number[] = [];
    const c0 = await ctx.cpuSeconds();
    for (let i = 0; i < queries.length; i++) samples.push((await call(engine, v, queries[i], i)).ms);
    const cpu = (((await ctx.cpuSeconds()) - c0) * 1000) / queries.length;
    profile.stop();
    const n = queries.length;
    const s = summarize(samples);
    const spent = profile.spent();
    const sql = spent.reduce((a, e) => a + e.ms, 0) / n;
    out.push({ host: ctx.host, vault, query: row.name, part: `whole call: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, CPU ${round(cpu)}`, ms_per_call: round(s.mean), calls_per_call: '' });
    out.push({ host: ctx.host, vault, query: row.name, part: 'JavaScript (the call less its statements)', ms_per_call: round(s.mean - sql), calls_per_call: '' });
    for (const e of spent.slice(0, 6)) out.push({ host: ctx.host, vault, query: row.name, part: e.sql, ms_per_call: round(e.ms / n), calls_per_call: round(e.calls / n) });
  }
  return out;
}

/** The valid-time condition of a captured kg_fts ranking statement, and the place of its parameters. */
function probeOf(sql: string): { at: number; end: number; first: number; count: number } | null {
  const at = sql.indexOf(' AND EXISTS (SELECT 1 FROM assertions');
  if (at < 0) return null;
  let depth = 0;
  let end = at + ' AND EXISTS '.length;
  for (; end < sql.length; end++) {
    if (sql[end] === '(') depth++;
    else if (sql[end] === ')' && --depth === 0) break;
  }
  const count = (sql.slice(at, end + 1).match(/\?/g) ?? []).length;
  return { at, end: end + 1, first: (sql.slice(0, at).match(/\?/g) ?? []).length, count };
}

/**
 * The ranking statement of "text + valid_at" taken apart (--opt profile=1):
 * as it runs; without the valid-time probe (every matching observation
 * ranked); counting the matches that pass the probe (no ranking); counting
 * the matches alone. Their differences are the probe's cost, valid time's
 * own, and the ranking's (bm25, the all-words set, the window and sort).
 */
async function decomposeRanking(ctx: BenchContext, engine: Engine, vault: string, row: ValidTimeRow, queries: string[]): Promise<BenchRow[]> {
  const db = engine.db;
  const captured: { sql: string; params: SqlValue[] }[] = [];
  const all = db.all.bind(db);
  db.all = ((sql: string, params?: SqlValue[]) => {
    if (sql.startsWith('SELECT rowid, rank, full')) captured.push({ sql: sql.replace(/\s+/g, ' '), params: params ?? [] });
    return all(sql, params);
  }) as typeof db.all;
  try {
    for (let i = 0; i < queries.length; i++) await call(engine, { name: row.name, row }, queries[i], i);
  } finally {
    db.all = all;
  }
  const statements = captured.filter((c) => probeOf(c.sql));
  const without = (c: { sql: string; params: SqlValue[] }) => {
    const p = probeOf(c.sql)!;
    const params = [...c.params];
    params.splice(p.first, p.count);
    return { sql: c.sql.slice(0, p.at) + c.sql.slice(p.end), params };
  };
  // The FROM … WHERE of the ranked items (after the all-words set's own FROM kg_fts).
  const inner = (sql: string) => sql.slice(sql.indexOf(' FROM kg_fts WHERE kg_fts MATCH ? AND (kg_fts.rowid & 1)'), sql.lastIndexOf(') ORDER BY'));
  const variants: [string, (c: { sql: string; params: SqlValue[] }) => { sql: string; params: SqlValue[] }][] = [
    ['ranking statement as it runs', (c) => c],
    ['ranking statement without the valid-time probe', without],
    ['count of the matches passing the probe (no ranking)', (c) => ({ sql: `SELECT count(*) AS n${inner(c.sql)}`, params: c.params.slice(c.sql.includes('kg_fts.rowid IN (SELECT rowid FROM kg_fts') ? 1 : 0, -2) })],
    ['count of the matches', (c) => {
      const w = without(c);
      return { sql: `SELECT count(*) AS n${inner(w.sql)}`, params: w.params.slice(w.sql.includes('kg_fts.rowid IN (SELECT rowid FROM kg_fts') ? 1 : 0, -2) };
    }],
  ];
  const out: BenchRow[] = [];
  const times = variants.map(() => ({ ms: 0, cpu: 0 }));
  // Interleaved a statement at a time in blocks, CPU per block.
  for (let b = 0; b * BLOCK < statements.length; b++) {
    for (let k = 0; k < variants.length; k++) {
      const v = (k + b) % variants.length;
      const c0 = await ctx.cpuSeconds();
      for (const c of statements.slice(b * BLOCK, (b + 1) * BLOCK)) {
        const x = variants[v][1](c);
        const t = performance.now();
        all(x.sql, x.params);
        times[v].ms += performance.now() - t;
      }
      times[v].cpu += (await ctx.cpuSeconds()) - c0;
    }
  }
  variants.forEach(([name], v) => {
    out.push({ host: ctx.host, vault, query: `${row.name}: ${statements.length} statements`, part: name, ms_per_call: round(times[v].ms / statements.length), calls_per_call: `CPU ${round((times[v].cpu * 1000) / statements.length)}` });
  });
  return out;
}

async function runVault(ctx: BenchContext, kind: ObservationsVaultKind): Promise<BenchRow[]> {
  const decoder = new TextDecoder();
  const texts = Object.fromEntries(ctx.corpus('seekstone-10k').files.map((f) => [f.path, decoder.decode(f.bytes)]));
  const notes = Number(ctx.options.notes ?? 10_000);
  const vault = kind.name === 'seekstone' ? 'seekstone-10k + observations' : `synthetic-${notes} + observations`;
  const built = observationsVault(kind, texts, notes);
  const engine = await ctx.reset();
  const t0 = performance.now();
  const summary = await engine.importSource(memorySource(kind.name, built.files));
  if (summary.phase !== 'done') throw new Error(`import failed: ${summary.error}`);
  const counts = engine.db.get<{ n: number; o: number; a: number }>(
    "SELECT (SELECT count(*) FROM entries WHERE kind = 'note') AS n, (SELECT count(*) FROM observations) AS o, (SELECT count(*) FROM assertions) AS a",
  )!;
  ctx.log(`${ctx.host} ${vault}: ${counts.n} notes, ${counts.o} observations, ${counts.a} dated, imported in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Built once by the first valid-time question after the assertions change: timed apart, outside the rows.
  const s0 = performance.now();
  boundsSnapshot(engine.db);
  ctx.log(`${ctx.host} ${vault}: snapshot of the assertions' bounds built in ${(performance.now() - s0).toFixed(0)} ms`);

  const queries = sampleQueries(engine, Number(ctx.options.queries ?? 300), 3);
  const wanted = (ctx.options.rows ?? '').split(',').filter(Boolean);
  const rows = validTimeRows(kind).filter((r) => r.baseline || !wanted.length || wanted.some((w) => r.name.includes(w)));
  if (ctx.options.profile) {
    const valid = rows.find((r) => r.name === 'text + valid_at');
    return [...(await profileRows(ctx, engine, vault, rows, queries)), ...(valid ? await decomposeRanking(ctx, engine, vault, valid, queries) : [])];
  }

  const variants: Variant[] = rows.map((row) => ({ name: row.name, row }));
  if (ctx.options['lead-layouts']) {
    const segs = unmergedLeadCopy(engine);
    for (const row of rows.filter((r) => r.baseline || r.name === 'text + valid_at')) {
      variants.push({ name: `${row.name}, openings index unmerged, ${segs.before} segments`, row, lead: 'fts_lead_unmerged' });
      variants.push({ name: `${row.name}, openings index merged, ${segs.after} segment${segs.after === 1 ? '' : 's'}`, row, lead: 'fts_lead' });
    }
  }
  if (ctx.options['listing-walks']) {
    for (const row of rows.filter((r) => !r.text && /filter|path_prefix/.test(r.name))) {
      variants.push({ name: `${row.name}, page walked in SQL against the answering notes (before)`, row, pathWalk: false });
      variants.push({ name: `${row.name}, page walked by note ids in path order (after)`, row, pathWalk: true });
    }
  }
  if (ctx.options['id-reads']) {
    for (const row of rows.filter((r) => /filter|path_prefix/.test(r.name))) {
      variants.push({ name: `${row.name}, ids in scope split from their string (before)`, row, parsedIds: false });
      variants.push({ name: `${row.name}, ids in scope parsed character by character (after)`, row, parsedIds: true });
    }
  }
  try {
    return latencyRows(ctx, vault, await timeInterleaved(ctx, engine, variants, queries));
  } finally {
    LEAD_INDEX.table = 'fts_lead';
    LISTING_PLAN.pathWalk = true;
    LISTING_PLAN.parsedIds = true;
  }
}

export default defineScenario({
  description: 'Valid-time search at 10,000 notes with 50,000 observations (seekstone-10k, or synthetic), every row beside plain text search in the same run, interleaved, with CPU per call.',
  defaultCorpora: ['seekstone-10k'],
  async run(ctx) {
    const which = ctx.options.vault ?? 'seekstone';
    const kinds = which === 'both' ? [VAULT_KINDS.seekstone, VAULT_KINDS.synthetic] : [VAULT_KINDS[which as ObservationsVaultKind['name']]];
    if (kinds.some((k) => !k)) throw new Error(`--opt vault=${which}: use seekstone, synthetic or both`);
    const out: BenchRow[] = [];
    for (const kind of kinds) out.push(...(await runVault(ctx, kind)));
    return out;
  },
});
