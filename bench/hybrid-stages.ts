// Hybrid search stage by stage, on a synthetic vector index of the real size
// (issue 16's hybrid latency): every readable chunk of the imported vault
// gets an int8 vector built from its note's topic cluster, and a synthetic
// query runner places each query near one cluster, so a query has a few
// dozen notes within the similarity gap and the rest below the floor, as
// real queries do. The kernel, the SQL around it, the text side, fusion and
// hydration are the engine's own; only the vectors' values are made up.
// Browser-safe (run by bench/browser/scenarios/hybrid-profile.ts).
import type { Db } from '../worker/db/database';
import type { Embedder } from '../worker/embed/embedder';
import type { EmbedService } from '../worker/embed/service';
import type { NoteSimilarity } from '../worker/embed/vector-index';
import { l2normalize, quantizeInt8 } from '../worker/embed/quantize';
import { writeVectors } from '../worker/embed/store';
import type { Engine } from '../worker/engine';
import { depthFor, fuse, meaningText, NOTE_MEANING, RRF_K, vectorScope, vectorWeight, withPassages } from '../worker/search/hybrid';
import { hydrateHits } from '../worker/search/hits';
import { meaningPlan, vectorCut } from '../worker/search/meaning-criterion';
import { parseQuery } from '../worker/search/query-syntax';
import { buildScope, readScope } from '../worker/search/scope';
import { rankText } from '../worker/search/text-mode';
import { candidateIds, vectorRank } from '../worker/search/vector';
import { withoutStopWords } from '../worker/text/stop-words';
import { rng } from './lib/rng';
import { percentile } from './browser/stats';

/** Topic clusters: about 30 notes each at 10k notes. */
export const CLUSTERS = 300;
const NOTE_SPREAD = 0.7;
const CHUNK_SPREAD = 0.7;
const QUERY_SPREAD = 0.5;

function noise(r: () => number, dim: number, amount: number, into: Float32Array): Float32Array {
  // Uniform components of variance 1/dim: a vector of length ~1 times amount.
  const k = amount * Math.sqrt(3 / dim);
  for (let i = 0; i < dim; i++) into[i] += (r() * 2 - 1) * k;
  return into;
}

export function clusterCenters(dim: number, seed = 16): Float32Array[] {
  const r = rng(seed);
  return Array.from({ length: CLUSTERS }, () => l2normalize(noise(r, dim, 1, new Float32Array(dim))));
}

/** The cluster of a note: its id, spread (consecutive notes are not neighbours). */
export const clusterOf = (entryId: number) => (entryId * 7919) % CLUSTERS;

/** Writes a synthetic vector for every readable chunk's text hash; returns how many. */
export function writeSyntheticVectors(db: Db, model: string, dim: number, centers: Float32Array[]): number {
  const r = rng(7);
  const chunks = db.all<{ entry_id: number; hash: string }>('SELECT entry_id, hash FROM chunks WHERE readable = 1 ORDER BY entry_id, seq');
  let note = -1;
  const base = new Float32Array(dim);
  let batch: { hash: string; vec: Int8Array; scale: number }[] = [];
  for (const c of chunks) {
    if (c.entry_id !== note) {
      note = c.entry_id;
      base.set(centers[clusterOf(note)]);
      noise(r, dim, NOTE_SPREAD, base);
    }
    const v = noise(r, dim, CHUNK_SPREAD, Float32Array.from(base));
    batch.push({ hash: c.hash, ...quantizeInt8(l2normalize(v)) });
    if (batch.length >= 5000) {
      writeVectors(db, model, batch);
      batch = [];
    }
  }
  writeVectors(db, model, batch);
  return chunks.length;
}

/**
 * A query runner that places each query near a cluster: the cluster of the
 * note `target` names for it, else one picked by the text. Deterministic.
 * With `model`, the real model also embeds every query (its time is real).
 */
export function syntheticEmbedder(dim: number, centers: Float32Array[], target: (q: string) => number | undefined, model?: Embedder): Embedder {
  return {
    async load(spec, progress) {
      return model ? { ...(await model.load(spec, progress)), dim } : { id: spec.id, dim, device: 'synthetic', ms: 0 };
    },
    async embed(texts, role) {
      // With the real model beside it, each query costs what embedding it costs; its vector is the synthetic one.
      if (model) await model.embed(texts, role);
      const out = new Float32Array(texts.length * dim);
      texts.forEach((t, i) => {
        let h = 0;
        for (const ch of t) h = (Math.imul(h, 31) + ch.codePointAt(0)!) >>> 0;
        const id = target(t);
        const v = Float32Array.from(centers[id !== undefined ? clusterOf(id) : h % CLUSTERS]);
        out.set(l2normalize(noise(rng(h), dim, QUERY_SPREAD, v)), i * dim);
      });
      return out;
    },
  };
}

const STAGES = [
  'scope + parse',
  'query vector (cached)',
  'index check',
  'meaning plan (FTS probes)',
  'vector candidates (SQL)',
  'vector scan + top notes',
  'text side (depth 200)',
  'fusion',
  'passages (chunk text)',
  'hits + snippets',
] as const;

export type Row = Record<string, string | number>;

const round = (n: number) => (n >= 100 ? Math.round(n) : Math.round(n * 100) / 100);

/**
 * Times hybrid's stages one query at a time (the same steps as
 * worker/search/hybrid.ts byMeaning, each timed), then the whole tool call
 * in hybrid, vector and text mode for the same queries.
 */
export async function profileHybrid(
  engine: Engine,
  queries: readonly string[],
  extraArgs: Record<string, unknown> = {},
  opts: { fresh?: boolean; cpuSeconds?: () => Promise<number>; compare?: boolean } = {},
): Promise<Row[]> {
  const db = engine.db;
  const embed = engine.embed as EmbedService;
  const window = { offset: 0, limit: 10 };
  const times: Record<string, number[]> = Object.fromEntries(STAGES.map((s) => [s, []]));
  const sum: number[] = [];
  const hitCounts: number[] = [];
  const candidateRows: number[] = [];
  const out: Row[] = [];
  const row = (measure: string, samples: number[], cpuMs?: number) =>
    out.push({
      measure,
      p50_ms: round(percentile(samples, 50)),
      p95_ms: round(percentile(samples, 95)),
      mean_ms: round(samples.reduce((a, b) => a + b, 0) / samples.length),
      cpu_ms_per_call: cpuMs === undefined || Number.isNaN(cpuMs) ? '' : round(cpuMs),
    });
  // CPU time of the engine's threads over a loop of calls, per call: far less sensitive to other work on the machine than wall time.
  const cpu = async () => (opts.cpuSeconds ? opts.cpuSeconds() : NaN);
  // Queries not seen before (the caller says): the model embeds each one (in Chromium, the embed worker) during the call.
  if (opts.fresh) {
    // SQLite's pages warmed first (text mode, which embeds nothing): the row then times new queries, not a cold cache.
    for (const q of queries) await engine.call('search', { query: q, mode: 'text', page_size: 10, ...extraArgs });
    // Alternate queries: half searched as the tool does now (the model embeds the query while the text side
    // runs), half embedded first and then searched (the order before 3bb2b89: their sum, not the longer of the two).
    const overlapped: number[] = [];
    const serial: number[] = [];
    let cpuOverlapped = 0;
    let cpuSerial = 0;
    for (let i = 0; i < queries.length; i++) {
      const q = queries[i];
      const c0 = await cpu();
      const t = performance.now();
      if (i % 2 === 0) {
        await engine.call('search', { query: q, mode: 'hybrid', page_size: 10, ...extraArgs });
        overlapped.push(performance.now() - t);
        cpuOverlapped += (await cpu()) - c0;
      } else {
        await embed.queryVector(meaningText(parseQuery(q)));
        await engine.call('search', { query: q, mode: 'hybrid', page_size: 10, ...extraArgs });
        serial.push(performance.now() - t);
        cpuSerial += (await cpu()) - c0;
      }
    }
    row('search tool call, mode hybrid, new query: embedded while the text side runs (every other query)', overlapped, (cpuOverlapped * 1000) / overlapped.length);
    row('search tool call, mode hybrid, new query: embedded first, then searched (the other queries; the order before)', serial, (cpuSerial * 1000) / serial.length);
  }
  for (const q of queries) await embed.queryVector(meaningText(parseQuery(q))); // the cache is what a repeated query meets
  for (let pass = 0; pass < 2; pass++) {
    for (const q of queries) {
      const lap = (() => {
        let t = performance.now();
        return (stage: (typeof STAGES)[number]) => {
          const now = performance.now();
          if (pass === 1) times[stage].push(now - t);
          t = now;
        };
      })();
      const start = performance.now();
      const scope = buildScope(db, readScope({ query: q, ...extraArgs }, q));
      const query = parseQuery(scope.text);
      lap('scope + parse');
      const v = await embed.queryVector(meaningText(query));
      if (!v.ok) throw new Error(v.message);
      lap('query vector (cached)');
      const index = await embed.index();
      lap('index check');
      const plan = meaningPlan(db, query, (w) => embed.knowsWord(w));
      lap('meaning plan (FTS probes)');
      const { condition, reference } = vectorScope(scope, query, plan);
      const ids = candidateIds(db, condition);
      const gapFrom = ids ? (reference ? candidateIds(db, reference) : null) : 'candidates';
      lap('vector candidates (SQL)');
      const cut = vectorCut(embed.model);
      const vec = plan.kind === 'none' ? { hits: [], scored: 0 } : index.search(v.vector, ids, depthFor(window), { ...cut, by: NOTE_MEANING.hybrid, gapFrom });
      lap('vector scan + top notes');
      const text = rankText(db, scope, query, { offset: 0, limit: depthFor(window) });
      lap('text side (depth 200)');
      const fused = vec.hits.length
        ? fuse(text.rows.map((r) => ({ entryId: r.id, score: r.score })), vec.hits, { k: RRF_K, alpha: vectorWeight(meaningText(query)), hasVectors: (id) => index.has(id) })
        : text.rows.map((r) => ({ entryId: r.id, score: r.score }));
      lap('fusion');
      const rows = withPassages(db, fused.slice(0, 10));
      lap('passages (chunk text)');
      const highlight = withoutStopWords(text.compiled.highlight);
      hydrateHits(db, rows, { highlight, markers: ['[', ']'] });
      lap('hits + snippets');
      if (pass === 1) {
        sum.push(performance.now() - start);
        hitCounts.push(vec.scored);
        candidateRows.push(ids ? ids.length : index.notes);
      }
    }
  }
  for (const s of STAGES) row(s, times[s]);
  row('sum of the stages', sum);
  // The whole tool call per mode. With `compare`, hybrid also as it ranked before issue 16's whole-vault
  // measurement (notes by their best passage), alternated with today's rule pass by pass in the same loop.
  const shipped = NOTE_MEANING.hybrid;
  const variants: [string, 'hybrid' | 'vector' | 'text', NoteSimilarity][] = [
    ...(opts.compare && shipped !== 'best' ? [['hybrid, before (notes by best passage)', 'hybrid', 'best'] as [string, 'hybrid', NoteSimilarity]] : []),
    ['hybrid', 'hybrid', shipped],
    ['vector', 'vector', shipped],
    ['text', 'text', shipped],
  ];
  const samples = new Map(variants.map(([label]) => [label, [] as number[]]));
  const cpuMs = new Map(variants.map(([label]) => [label, 0]));
  try {
    for (let pass = 0; pass < 4; pass++) {
      for (const [label, mode, by] of pass % 2 ? [...variants].reverse() : variants) {
        NOTE_MEANING.hybrid = by;
        const c0 = await cpu();
        for (const q of queries) {
          const t = performance.now();
          const r = (await engine.call('search', { query: q, mode, page_size: 10, ...extraArgs })) as { isError?: boolean; error?: unknown };
          if (r.isError) throw new Error(JSON.stringify(r.error));
          // The first pass warms caches (query vectors, SQLite pages): not counted.
          if (pass > 0) samples.get(label)!.push(performance.now() - t);
        }
        if (pass > 0) cpuMs.set(label, cpuMs.get(label)! + ((await cpu()) - c0) * 1000);
      }
    }
  } finally {
    NOTE_MEANING.hybrid = shipped;
  }
  for (const [label, mode] of variants) {
    const xs = samples.get(label)!;
    row(`search tool call, mode ${label}${mode === 'text' ? '' : ', query vector cached'}`, xs, cpuMs.get(label)! / xs.length);
  }
  out.push({ measure: 'vector hits kept per query (p50 / p95)', p50_ms: percentile(hitCounts, 50), p95_ms: percentile(hitCounts, 95), mean_ms: '' });
  out.push({ measure: 'vector candidate notes per query (p50 / p95)', p50_ms: percentile(candidateRows, 50), p95_ms: percentile(candidateRows, 95), mean_ms: '' });
  return out;
}
