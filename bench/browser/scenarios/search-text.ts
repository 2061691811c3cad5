// Text-search latency through the real tool call (ranking, exact totals,
// snippets): seekstone-10k, and a synthetic vault built from its prose
// (--opt notes=100000). Queries are sampled from the vault itself.
import { memorySource } from '../../../worker/ingest/source';
import type { Engine } from '../../../worker/engine';
import { sampleQueries } from '../../lib/queries';
import { sentencesFrom, syntheticVault } from '../../lib/synthetic';
import { defineScenario, type BenchRow, type BenchContext } from '../scenario';
import { ms, summarize } from '../stats';
import questionFile from '../../eval/data/seekstone-nl-queries.json';
import semantic from '../../seekstone-semantic.json';
import { TEXT_PLAN } from '../../../worker/search/text';
import { LEAD_INDEX, LEAD_WEIGHT } from '../../../worker/search/rank-sql';
import { createLeadTableSql } from '../../../worker/text/fts-row';
import { FIXED_LEAD_SHAPE, leadText } from '../../../worker/text/opening';
import { MAX_INDEXED_CHARS } from '../../../worker/ingest/note';
import { indexText } from '../../../worker/text/index-text';

/**
 * Question-length queries (8–12 words) for their own row (issue 16): the
 * project's hand-written questions and descriptions of seekstone notes,
 * repeated in order up to `count`.
 */
export function questionQueries(count: number): string[] {
  const all = [...questionFile.queries.map((q) => q.query), ...semantic.queries.map((q) => q.q)];
  const long = all.filter((q) => {
    const n = q.trim().split(/\s+/).length;
    return n >= 8 && n <= 12;
  });
  return Array.from({ length: count }, (_, i) => long[i % long.length]);
}

interface Case {
  name: string;
  args: Record<string, unknown>;
}

async function timeCases(ctx: BenchContext, engine: Engine, vault: string, cases: Case[], queries: string[]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of cases) {
    const call = async (query: string) => {
      const t = performance.now();
      const r = (await engine.call('search', { query, ...c.args })) as { isError?: boolean; error?: { message: string } };
      if (r.isError) throw new Error(`${c.name}: ${r.error!.message}`);
      return performance.now() - t;
    };
    for (const q of queries.slice(0, 30)) await call(q);
    const samples: number[] = [];
    for (const q of queries) samples.push(await call(q));
    const s = summarize(samples);
    ctx.log(`${ctx.host} ${vault} ${c.name}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms`);
    rows.push({ host: ctx.host, vault, query: c.name, runs: s.runs, p50_ms: ms(s.p50), p95_ms: ms(s.p95), mean_ms: ms(s.mean), max_ms: ms(s.max) });
  }
  return rows;
}

/**
 * Before and after the statements of issue 16's latency work (TEXT_PLAN),
 * the same queries alternately, block by block, so that a shared machine's
 * load falls on both alike. Results are the same either way (text-lean.test.ts).
 */
async function timePlans(ctx: BenchContext, engine: Engine, vault: string, label: string, queries: string[]): Promise<BenchRow[]> {
  const plans = [
    { name: `${label}: statements before the latency work (same results)`, lean: false },
    { name: `${label}: after`, lean: true },
  ];
  const samples = plans.map(() => [] as number[]);
  const cpu = plans.map(() => 0);
  const call = async (query: string, lean: boolean) => {
    TEXT_PLAN.lean = lean;
    const t = performance.now();
    const r = (await engine.call('search', { query })) as { isError?: boolean; error?: { message: string } };
    if (r.isError) throw new Error(`${label}: ${r.error!.message}`);
    return performance.now() - t;
  };
  try {
    for (const q of queries.slice(0, 30)) for (const p of plans) await call(q, p.lean);
    // Blocks of BLOCK queries, each run under both plans in turn (which goes first alternates):
    // wall time per call, and the engine's CPU time per block (CPU time is what load inflates least).
    for (let b = 0; b * BLOCK < queries.length; b++) {
      const block = queries.slice(b * BLOCK, (b + 1) * BLOCK);
      for (const k of b % 2 ? [1, 0] : [0, 1]) {
        const c0 = await ctx.cpuSeconds();
        for (const q of block) samples[k].push(await call(q, plans[k].lean));
        cpu[k] += (await ctx.cpuSeconds()) - c0;
      }
    }
  } finally {
    TEXT_PLAN.lean = true;
  }
  return plans.map((p, k) => {
    const s = summarize(samples[k]);
    const cpuMs = Math.round((cpu[k] * 1000 * 100) / s.runs) / 100;
    ctx.log(`${ctx.host} ${vault} ${p.name}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, CPU ${cpuMs} ms/call`);
    return { host: ctx.host, vault, query: p.name, runs: s.runs, p50_ms: ms(s.p50), p95_ms: ms(s.p95), mean_ms: ms(s.mean), max_ms: ms(s.max), cpu_ms_per_call: cpuMs };
  });
}

/** Queries per block of the interleaved comparison. */
const BLOCK = 20;

/**
 * The openings' index as imports left it before they merged it (rank helper,
 * issue 16 latency): the same rows in `fts_lead_unmerged`, written in commits
 * of 2,000 notes (an import's batch) with FTS5's default automerge and never
 * optimized. Returns its segment count beside the merged index's.
 */
export function unmergedLeadCopy(engine: Engine): { before: number; after: number } {
  const db = engine.db;
  db.exec('DROP TABLE IF EXISTS fts_lead_unmerged');
  db.exec(createLeadTableSql().replace('fts_lead', 'fts_lead_unmerged'));
  for (let after = 0; ; ) {
    const rows = db.all<{ id: number; kind: string; body: string | null }>(
      'SELECT e.id, e.kind, substr(c.body, 1, ?) AS body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id WHERE e.id > ? ORDER BY e.id LIMIT 2000',
      [MAX_INDEXED_CHARS, after],
    );
    if (!rows.length) break;
    db.tx(() => {
      for (const r of rows) db.run('INSERT INTO fts_lead_unmerged (rowid, lead) VALUES (?, ?)', [r.id, indexText(r.kind === 'file' || r.body === null ? '' : leadText(r.body))]);
    });
    after = rows[rows.length - 1].id;
  }
  const segs = (t: string) => db.get<{ n: number }>(`SELECT count(DISTINCT segid) AS n FROM ${t}_idx`)!.n;
  return { before: segs('fts_lead_unmerged'), after: segs('fts_lead') };
}

/** One side of an interleaved comparison of openings: the table ranked with, and its weight (LEAD_WEIGHT when unset). */
interface LeadSide {
  name: string;
  table: string;
  weight?: number;
}

/** The openings' index unmerged (before) and merged (after, what imports leave now); the answers are the same (worker/ingest/fts-maintenance.test.ts). */
function layoutSides(label: string, segs: { before: number; after: number }): LeadSide[] {
  return [
    { name: `${label}: openings index unmerged, ${segs.before} segments (before)`, table: 'fts_lead_unmerged' },
    { name: `${label}: openings index merged, ${segs.after} segment${segs.after === 1 ? '' : 's'} (after)`, table: 'fts_lead' },
  ];
}

/**
 * The openings as fts_lead held them before they became first sentences
 * without asides (issue 16 §1): 150 characters as written, in
 * `fts_lead_fixed`, merged like the index imports leave, scored at 0.3.
 */
export function fixedLeadCopy(engine: Engine): void {
  const db = engine.db;
  db.exec('DROP TABLE IF EXISTS fts_lead_fixed');
  db.exec(createLeadTableSql().replace('fts_lead', 'fts_lead_fixed'));
  db.tx(() => {
    const rows = db.all<{ id: number; kind: string; body: string | null }>('SELECT e.id, e.kind, substr(c.body, 1, ?) AS body FROM entries e LEFT JOIN contents c ON c.entry_id = e.id', [MAX_INDEXED_CHARS]);
    for (const r of rows) db.run('INSERT INTO fts_lead_fixed (rowid, lead) VALUES (?, ?)', [r.id, indexText(r.kind === 'file' || r.body === null ? '' : leadText(r.body, FIXED_LEAD_SHAPE))]);
  });
  db.exec("INSERT INTO fts_lead_fixed(fts_lead_fixed) VALUES('optimize')");
}

function shapeSides(label: string): LeadSide[] {
  return [
    { name: `${label}: openings of 150 characters as written, weight 0.3 (before)`, table: 'fts_lead_fixed', weight: 0.3 },
    { name: `${label}: openings the first sentence without asides, weight ${LEAD_WEIGHT} (after)`, table: 'fts_lead' },
  ];
}

/**
 * Two ways of holding or scoring the openings, the same queries alternately
 * block by block (so a shared machine's load falls on both alike), with the
 * engine's CPU time per call.
 */
async function timeLeadSides(ctx: BenchContext, engine: Engine, vault: string, label: string, queries: string[], sides: LeadSide[]): Promise<BenchRow[]> {
  const samples = sides.map(() => [] as number[]);
  const cpu = sides.map(() => 0);
  const call = async (query: string, side: LeadSide) => {
    LEAD_INDEX.table = side.table;
    LEAD_INDEX.weight = side.weight;
    const t = performance.now();
    const r = (await engine.call('search', { query })) as { isError?: boolean; error?: { message: string } };
    if (r.isError) throw new Error(`${label}: ${r.error!.message}`);
    return performance.now() - t;
  };
  try {
    for (const q of queries.slice(0, 30)) for (const side of sides) await call(q, side);
    for (let b = 0; b * BLOCK < queries.length; b++) {
      const block = queries.slice(b * BLOCK, (b + 1) * BLOCK);
      for (const k of b % 2 ? [1, 0] : [0, 1]) {
        const c0 = await ctx.cpuSeconds();
        for (const q of block) samples[k].push(await call(q, sides[k]));
        cpu[k] += (await ctx.cpuSeconds()) - c0;
      }
    }
  } finally {
    LEAD_INDEX.table = 'fts_lead';
    LEAD_INDEX.weight = undefined;
  }
  return sides.map((l, k) => {
    const s = summarize(samples[k]);
    const cpuMs = Math.round((cpu[k] * 1000 * 100) / s.runs) / 100;
    ctx.log(`${ctx.host} ${vault} ${l.name}: p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, CPU ${cpuMs} ms/call`);
    return { host: ctx.host, vault, query: l.name, runs: s.runs, p50_ms: ms(s.p50), p95_ms: ms(s.p95), mean_ms: ms(s.mean), max_ms: ms(s.max), cpu_ms_per_call: cpuMs };
  });
}

export default defineScenario({
  description: 'Text search latency (tool call with snippets) on seekstone-10k and a synthetic vault: text, text + filter, text + path_prefix, text + folder; on seekstone-10k also questions of 8–12 words.',
  defaultCorpora: ['seekstone-10k'],
  async run(ctx) {
    const corpus = ctx.corpus('seekstone-10k');
    const count = Number(ctx.options.queries ?? 300);
    const rows: BenchRow[] = [];

    let engine = await ctx.reset();
    const t = performance.now();
    await engine.importSource(corpus.source());
    ctx.log(`${ctx.host} seekstone-10k imported in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    rows.push(
      ...(await timeCases(ctx, engine, 'seekstone-10k', [
        { name: 'text', args: {} },
        { name: 'text + filter {"type":"note"}', args: { filters: { type: 'note' } } },
        { name: 'text + path_prefix "Reference/"', args: { path_prefix: 'Reference/' } },
        { name: 'text + folder "Notes"', args: { folder: 'Notes' } },
      ], sampleQueries(engine, count))),
      ...(await timeCases(ctx, engine, 'seekstone-10k', [{ name: 'text, questions of 8–12 words', args: {} }], questionQueries(count))),
    );
    if (ctx.options.lead !== '0') {
      const segs = unmergedLeadCopy(engine);
      ctx.log(`${ctx.host} openings index: ${segs.before} segments unmerged, ${segs.after} merged`);
      rows.push(...(await timeLeadSides(ctx, engine, 'seekstone-10k', 'questions of 8–12 words, interleaved', questionQueries(count), layoutSides('questions of 8–12 words, interleaved', segs))));
      rows.push(...(await timeLeadSides(ctx, engine, 'seekstone-10k', 'text, interleaved', sampleQueries(engine, count), layoutSides('text, interleaved', segs))));
      engine.db.exec('DROP TABLE fts_lead_unmerged');
    }
    if (ctx.options.shapes !== '0') {
      // Issue 16 §1: openings of 150 characters as written at 0.3 (before) against first sentences without asides (after).
      fixedLeadCopy(engine);
      rows.push(...(await timeLeadSides(ctx, engine, 'seekstone-10k', 'questions of 8–12 words, interleaved', questionQueries(count), shapeSides('questions of 8–12 words, interleaved'))));
      rows.push(...(await timeLeadSides(ctx, engine, 'seekstone-10k', 'text, interleaved', sampleQueries(engine, count), shapeSides('text, interleaved'))));
      engine.db.exec('DROP TABLE fts_lead_fixed');
    }
    if (ctx.options.plans !== '0') {
      rows.push(...(await timePlans(ctx, engine, 'seekstone-10k', 'questions of 8–12 words, interleaved', questionQueries(count))));
      rows.push(...(await timePlans(ctx, engine, 'seekstone-10k', 'text, interleaved', sampleQueries(engine, count))));
    }
    // The baseline in the same run: the same questions with the openings index
    // emptied, i.e. ranked as before issue 16 (plus one lookup that finds nothing).
    engine.db.tx(() => engine.db.run('DELETE FROM fts_lead'));
    rows.push(...(await timeCases(ctx, engine, 'seekstone-10k', [{ name: 'baseline: questions of 8–12 words, openings not scored (before issue 16)', args: {} }], questionQueries(count))));

    const notes = Number(ctx.options.notes ?? 0);
    if (notes > 0) {
      const decoder = new TextDecoder();
      const sentences = sentencesFrom(corpus.files.map((f) => decoder.decode(f.bytes)));
      engine = await ctx.reset();
      const t2 = performance.now();
      await engine.importSource(memorySource(`synthetic-${notes}`, syntheticVault(sentences, notes)));
      ctx.log(`${ctx.host} synthetic-${notes} imported in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
      rows.push(
        ...(await timeCases(ctx, engine, `synthetic-${notes}`, [
          { name: 'text', args: {} },
          { name: 'text + filter {"status":"active"}', args: { filters: { status: 'active' } } },
          { name: 'text + path_prefix "area-3/"', args: { path_prefix: 'area-3/' } },
          { name: 'text + folder "area-3/topic-7"', args: { folder: 'area-3/topic-7' } },
        ], sampleQueries(engine, count))),
      );
      if (ctx.options.lead !== '0') {
        const segs = unmergedLeadCopy(engine);
        ctx.log(`${ctx.host} synthetic-${notes} openings index: ${segs.before} segments unmerged, ${segs.after} merged`);
        rows.push(...(await timeLeadSides(ctx, engine, `synthetic-${notes}`, 'text, interleaved', sampleQueries(engine, count), layoutSides('text, interleaved', segs))));
        engine.db.exec('DROP TABLE fts_lead_unmerged');
      }
    }
    return rows;
  },
});
