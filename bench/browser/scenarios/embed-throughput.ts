// Embedding throughput of the app's embed worker in Chromium (issue 17):
// ONNX Runtime wasm threads, passages per run (batch size), passages of
// similar length batched together or in vault order, and the int8 file
// beside the float32 one, side by side in one run. Each configuration gets a
// fresh embed worker (ONNX Runtime reads its thread count once). Run by
// npm run bench:embed-chromium, which serves the page cross-origin isolated.
import { defineScenario, type BenchRow } from '../scenario';
import { remoteEmbedder } from '../../../worker/embed/remote';
import { BUILTIN_MODELS, chunkerId, type ModelSpec } from '../../../worker/embed/models';
import { chunkNotes, notesToChunk } from '../../../worker/embed/store';
import { chunkInput } from '../../../worker/embed/chunk';

interface Config {
  threads: number;
  batch: number;
  order: 'vault' | 'by length';
  dtype: 'q8' | 'fp32' | 'int8';
}

/** Batches of `size` in the given order; 'by length' sorts the sample first, as a length-aware queue would. */
function batches(texts: readonly string[], size: number, order: Config['order']): string[][] {
  const list = order === 'by length' ? [...texts].sort((a, b) => a.length - b.length) : [...texts];
  const out: string[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export default defineScenario({
  description: 'Embedding throughput by thread count, batch size, batch order and model file in the embed worker (run by npm run bench:embed-chromium).',
  defaultCorpora: ['seekstone-10k'],
  async run(ctx) {
    if (ctx.host !== 'chromium') return [{ host: ctx.host, config: 'Chromium only', chunks_per_s: null }];
    const engine = await ctx.reset();
    const db = engine.db;
    ctx.log('importing seekstone-10k');
    await engine.importSource(ctx.corpus('seekstone-10k').source('seekstone'));
    const base = BUILTIN_MODELS[0];
    const chunker = chunkerId(base);
    ctx.log('chunking');
    for (let notes = notesToChunk(db, chunker, 200); notes.length; notes = notesToChunk(db, chunker, 200)) chunkNotes(db, notes, base, chunker);
    const total = Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]);
    const n = Number(ctx.options.sample ?? 192);
    const every = Math.max(1, Math.floor(total / n));
    const sample = db
      .all<{ title: string; heading: string | null; text: string }>(
        `SELECT e.title, c.heading, c.text FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 AND c.id % ${every} = 0 LIMIT ${n}`,
      )
      .map((c) => chunkInput(c.title, c.heading, c.text));
    const cores = navigator.hardwareConcurrency;
    const threadCounts = [...new Set([1, 2, Math.max(1, cores - 1), cores])].sort((a, b) => a - b);
    const files: Config['dtype'][] = ctx.options.files === 'q8' ? ['q8'] : ['q8', 'fp32', 'int8'];
    const configs: Config[] = [
      ...threadCounts.map((threads) => ({ threads, batch: 16, order: 'vault' as const, dtype: 'q8' as const })),
      ...[1, 32].map((batch) => ({ threads: 1, batch, order: 'vault' as const, dtype: 'q8' as const })),
      { threads: 1, batch: 16, order: 'by length', dtype: 'q8' },
      ...files.filter((f) => f !== 'q8').flatMap((dtype) => [1, 2].map((threads) => ({ threads, batch: 16, order: 'vault' as const, dtype }))),
    ];
    const rounds = Number(ctx.options.rounds ?? 2);
    const rates = new Map<Config, number[]>();
    const rows: BenchRow[] = [];
    // Rounds interleave the configurations, so a change in the machine's load falls on all of them.
    for (let round = 0; round < rounds; round++) for (const c of configs) {
      const worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
      const channel = new MessageChannel();
      worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
      const embedder = remoteEmbedder(channel.port2);
      try {
        await embedder.requestThreads(c.threads);
        const spec: ModelSpec = c.dtype === 'q8' ? base : { ...base, id: `use-lite-${c.dtype}`, dtype: c.dtype };
        const info = await embedder.load(spec);
        const work = batches(sample, c.batch, c.order);
        await embedder.embed(work[0], 'passage'); // warm-up: first-run allocations
        const t0 = performance.now();
        for (const b of work) await embedder.embed(b, 'passage');
        const ms = performance.now() - t0;
        rates.set(c, [...(rates.get(c) ?? []), sample.length / (ms / 1000)]);
        ctx.log(`${JSON.stringify(c)}: ${(sample.length / (ms / 1000)).toFixed(1)} chunks/s`);
        if (round < rounds - 1) continue;
        const all = rates.get(c)!;
        const rate = Math.round(Math.max(...all) * 10) / 10;
        rows.push({
          host: ctx.host,
          isolated: String(crossOriginIsolated),
          threads: c.threads,
          threads_used: `${info.threads ?? '?'} (${info.threadReason ?? '?'})`,
          batch: c.batch,
          order: c.order,
          model: { q8: 'int8 weights, DequantizeLinear (model_quantized.onnx, shipped)', fp32: 'float32 (model.onnx)', int8: 'int8 compute, MatMulInteger (model_int8.onnx)' }[c.dtype],
          chunks: sample.length,
          chunks_per_s: rate,
          rounds: all.map((x) => x.toFixed(1)).join(' / '),
          whole_vault_min: Math.round((total / rate / 60) * 10) / 10,
        });
      } catch (e) {
        rows.push({ host: ctx.host, isolated: String(crossOriginIsolated), threads: c.threads, batch: c.batch, order: c.order, model: c.dtype, error: String((e as Error)?.message ?? e).slice(0, 200) });
      } finally {
        embedder.close();
        worker.terminate();
      }
    }
    return rows;
  },
});
