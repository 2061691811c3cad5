// Hybrid search stage by stage on seekstone-10k. With the corpus
// `seekstone-vectors` (npm run bench:hybrid-profile packs the whole vault's
// real vectors, bench/out/seekstone-embedded.db, when it exists) the vectors
// are the model's and so is every query vector; without it, a synthetic
// vector index of the real size (bench/hybrid-stages.ts), so it runs where no
// embedded vault exists. Options: --opt set=<prefix> runs one query set;
// --opt compare=0 leaves out hybrid as it ranked before (notes by best passage).
import { createEngine } from '../../../worker/engine';
import { chunkerId } from '../../../worker/embed/models';
import { chunkNotes, notesToChunk } from '../../../worker/embed/store';
import { clusterCenters, profileHybrid, syntheticEmbedder, writeSyntheticVectors } from '../../hybrid-stages';
import semantic from '../../seekstone-semantic.json';
import questions from '../../eval/data/seekstone-nl-queries.json';
import { defineScenario, type BenchRow } from '../scenario';
import { remoteEmbedder } from '../../../worker/embed/remote';
import type { Embedder } from '../../../worker/embed/embedder';
import { unpackVectors } from '../../vector-pack';
import type { Db } from '../../../worker/db/database';

function writeRealVectors(db: Db, bytes: Uint8Array): number {
  let n = 0;
  let batch: { model: string; hash: string; dim: number; scale: number; vec: Uint8Array }[] = [];
  const flush = () =>
    db.tx(() => {
      for (const v of batch) db.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) VALUES (?, ?, ?, ?, ?)', [v.model, v.hash, v.dim, v.scale, v.vec]);
      batch = [];
    });
  for (const v of unpackVectors(bytes)) {
    batch.push(v);
    n++;
    if (batch.length >= 5000) flush();
  }
  flush();
  return n;
}

export default defineScenario({
  description: 'Hybrid search stage by stage over seekstone-10k, real vectors when seekstone-vectors is handed in, else synthetic ones (bench/hybrid-stages.ts).',
  defaultCorpora: ['seekstone-10k'],
  async run(ctx) {
    const base = await ctx.reset();
    const db = base.db;
    const dim = 512;
    const real = ctx.corpora.includes('seekstone-vectors');
    const centers = clusterCenters(dim);
    const byTitle = new Map<string, number>();
    const targets = new Map<string, number>();
    // In Chromium the app's embed worker runs the real model (beside the synthetic vectors, so a new query costs its real embedding time).
    let model: (Embedder & { close(): void }) | undefined;
    let worker: Worker | undefined;
    if (ctx.host === 'chromium') {
      worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
      const channel = new MessageChannel();
      worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
      model = remoteEmbedder(channel.port2);
    }
    if (real && !model) return [{ host: ctx.host, measure: 'real vectors need the embed worker: run in Chromium', p50_ms: '', p95_ms: '', mean_ms: '' }];
    const engine = createEngine(db, {
      embedder: real ? model! : syntheticEmbedder(dim, centers, (q) => targets.get(q), model),
      background: false,
    });
    const embed = engine.embed!;
    embed.pause();
    let t = performance.now();
    await engine.importSource(ctx.corpus('seekstone-10k').source('seekstone'));
    ctx.log(`${ctx.host}: imported in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const spec = embed.model;
    const chunker = chunkerId(spec);
    t = performance.now();
    for (let notes = notesToChunk(db, chunker, 200); notes.length; notes = notesToChunk(db, chunker, 200)) chunkNotes(db, notes, spec, chunker);
    const rows = real ? writeRealVectors(db, ctx.corpus('seekstone-vectors').files[0].bytes) : writeSyntheticVectors(db, spec.id, dim, centers);
    ctx.log(`${ctx.host}: chunked and ${rows} ${real ? 'real' : 'synthetic'} vectors written in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const index = await embed.reindex();
    ctx.log(`${ctx.host}: index of ${index.size} rows, ${index.simd ? 'SIMD' : 'JS'} kernel`);
    for (const r of db.all<{ id: number; title: string }>("SELECT id, title FROM entries WHERE kind = 'note'")) byTitle.set(r.title.toLowerCase(), r.id);
    // The benchmark's own queries (bench/vector-measure.ts): the hand-written paraphrases and 60 note titles; and the eval's questions.
    const titles = db.column<string>("SELECT title FROM entries WHERE kind = 'note' AND id % 97 = 0 LIMIT 60");
    const queries = [...semantic.queries.map((s) => s.q), ...titles.map((x) => x.toLowerCase())];
    for (const s of semantic.queries) targets.set(s.q, byTitle.get(s.title.toLowerCase())!);
    for (const x of titles) targets.set(x.toLowerCase(), byTitle.get(x.toLowerCase())!);
    const out: BenchRow[] = [];
    const sets: [string, string[], Record<string, unknown>][] = [
      ['paraphrases + titles', queries, {}],
      ['paraphrases only (42)', semantic.queries.map((s) => s.q), {}],
      ...(real ? [['questions (seekstone-nl, 88)', questions.queries.map((q) => q.query), {}] as [string, string[], Record<string, unknown>]] : []),
      ['paraphrases + titles, tags: history', queries, { tags: ['history'] }],
    ];
    try {
      if (model) await embed.queryVector('warm up the model');
      for (const [set, qs, args] of sets) {
        if (ctx.options.set && !set.startsWith(ctx.options.set)) continue;
        ctx.log(`${ctx.host}: profiling ${set}`);
        const rows = await profileHybrid(engine, qs, args, { fresh: set === sets[0][0], cpuSeconds: () => ctx.cpuSeconds(), compare: ctx.options.compare !== '0' });
        for (const r of rows) out.push({ host: ctx.host, vectors: real ? 'real' : 'synthetic', queries: set, ...r });
      }
    } finally {
      model?.close();
      worker?.terminate();
    }
    return out;
  },
});
