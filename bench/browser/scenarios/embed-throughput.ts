// Embedding throughput of the app's embed worker in Chromium (issue 17):
// ONNX Runtime wasm threads, passages per run (batch size), passages of
// similar length batched together (by the model's token counts, as the
// queue does) or in vault order, and the three model files, side by side in
// one run. --opt set=first: every note's first passage (the queue's first
// phase) beside the ordinary sample, sort windows, threads and ONNX Runtime
// session options. Each configuration gets a
// fresh embed worker (ONNX Runtime reads its thread count once). Run by
// npm run bench:embed-chromium, which serves the page cross-origin isolated.
import { defineScenario, type BenchRow } from '../scenario';
import { remoteEmbedder, type RemoteEmbedder } from '../../../worker/embed/remote';
import { BUILTIN_MODELS, chunkerId, USE_LITE_Q8_ID, type ModelSpec } from '../../../worker/embed/models';
import { chunkNotes, notesToChunk } from '../../../worker/embed/store';
import { chunkInput } from '../../../worker/embed/chunk';
import { byLength } from '../../../worker/embed/batching';
import { WINDOW_BATCHES, WINDOW_PASSAGES } from '../../../worker/embed/queue';
import { paddedTokens } from '../../lib/padding';
import type { OrtBuild } from '../../../worker/embed/ort-build';

interface Config {
  threads: number;
  batch: number;
  order: 'vault' | 'by length';
  dtype: 'q8' | 'fp32' | 'int8';
  /** Whether ONNX Runtime's idle threads spin (its default); matters with 2 threads or more. */
  spin?: boolean;
  /** Embed workers running side by side, one ONNX Runtime session each, taking batches from one list (default 1). */
  workers?: number;
  /** Which passages: the spread sample of all of them (default) or every note's first passage, as the queue takes them first. */
  passages?: 'sample' | 'first';
  /** Batches read at once and sorted by length (default WINDOW_BATCHES, the queue's). */
  window?: number;
  /** Further ONNX Runtime session options, by name (SESSIONS). */
  session?: keyof typeof SESSIONS;
  /** ONNX Runtime's wasm build (default: the worker's own choice). */
  build?: OrtBuild;
}

/** ONNX Runtime Web session options tried beside its defaults (memory pattern and arena on, sequential execution, every graph optimisation). */
const SESSIONS = {
  'no memory pattern': { enableMemPattern: false },
  'no memory arena': { enableCpuMemArena: false },
  'parallel execution': { executionMode: 'parallel' },
  'basic graph optimisation': { graphOptimizationLevel: 'basic' },
} as const;

/** First passages are read in runs of this many (one window of the queue's, batches of 16), spread over the vault. */
const FIRST_RUN = 16 * WINDOW_BATCHES;

/** Batches of `size` in vault order, or 'by length' as the queue forms them: windows of WINDOW_BATCHES batches, each sorted by the model's token counts. */
async function batches(texts: readonly string[], size: number, order: Config['order'], embedder: RemoteEmbedder, windowBatches = WINDOW_BATCHES): Promise<string[][]> {
  const out: string[][] = [];
  if (order === 'vault') {
    for (let i = 0; i < texts.length; i += size) out.push(texts.slice(i, i + size));
    return out;
  }
  const window = size * windowBatches;
  for (let i = 0; i < texts.length; i += window) {
    const part = texts.slice(i, i + window);
    out.push(...byLength(part, await embedder.tokenCounts!(part), size));
  }
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
    const base = BUILTIN_MODELS.find((m) => m.id === USE_LITE_Q8_ID)!;
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
    // set=window: the app's batch size in the browser (about 8 passages, ~150 ms) with the queue's window before and after issue 17's third pass.
    const firstSet = ctx.options.set === 'first' || ctx.options.set === 'window' || (ctx.options.set === 'workers' && !!ctx.options.first);
    // Every note's first passage in the queue's order (seq 0, then chunk id): runs of FIRST_RUN taken at evenly spread places.
    const firstAll = firstSet
      ? db
          .all<{ title: string; heading: string | null; text: string }>(
            'SELECT e.title, c.heading, c.text FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 AND c.seq = 0 ORDER BY c.id',
          )
          .map((c) => chunkInput(c.title, c.heading, c.text))
      : [];
    const runs = Math.ceil(Number(ctx.options.first ?? 384) / FIRST_RUN);
    const firsts = Array.from({ length: runs }, (_, r) => firstAll.slice(Math.floor((r * firstAll.length) / runs), Math.floor((r * firstAll.length) / runs) + FIRST_RUN)).flat();
    const passagesOf = (c: Config) => (c.passages === 'first' ? firsts : sample);
    const cores = navigator.hardwareConcurrency;
    const threadCounts = [...new Set([1, 2, Math.max(1, cores - 1), cores])].sort((a, b) => a - b);
    const files: Config['dtype'][] = ctx.options.files === 'q8' ? ['q8'] : ['q8', 'fp32', 'int8'];
    const q8 = (c: Partial<Config>): Config => ({ threads: 1, batch: 16, order: 'vault', dtype: 'q8', ...c });
    // --opt batches=2,4,8,16: only the default file by length at those batch sizes (how small a batch may be).
    const onlyBatches = ctx.options.batches ? ctx.options.batches.split(',').map(Number) : null;
    const int8 = (c: Partial<Config>) => q8({ dtype: 'int8', order: 'by length', ...c });
    // set=workers: the app's browser batch (8, sorted in windows of 256 passages) on one worker and one thread, one worker and two threads, two workers with one each.
    const workersSet = (passages: Config['passages']) => [int8({ batch: 8, window: WINDOW_PASSAGES / 8, passages }), int8({ batch: 8, window: WINDOW_PASSAGES / 8, passages, threads: 2 }), int8({ batch: 8, window: WINDOW_PASSAGES / 8, passages, workers: 2 })];
    // set=build: ONNX Runtime's two wasm builds at the app's browser batch: 1 and 2 threads, and two workers of one thread (the app while nobody types).
    const buildSet = (['webgpu', 'cpu'] as const).flatMap((build) => [{ threads: 1 }, { threads: 2 }, { threads: 1, workers: 2 }].map((c) => int8({ batch: 8, window: WINDOW_PASSAGES / 8, build, ...c })));
    const configs: Config[] = ctx.options.set === 'build' ? buildSet : ctx.options.set === 'workers' ? [...workersSet('sample'), ...(ctx.options.first ? workersSet('first') : [])] : ctx.options.set === 'window' ? [
      int8({ batch: 8, window: 4 }),
      int8({ batch: 8, window: WINDOW_PASSAGES / 8 }),
      int8({ passages: 'first', batch: 8, window: 4 }),
      int8({ passages: 'first', batch: 8, window: WINDOW_PASSAGES / 8 }),
    ] : firstSet ? [
      int8({}),
      int8({ passages: 'first' }),
      int8({ window: 16 }),
      int8({ passages: 'first', window: 16 }),
      int8({ threads: 2 }),
      int8({ passages: 'first', threads: 2 }),
      int8({ passages: 'first', batch: 32 }),
      ...Object.keys(SESSIONS).map((session) => int8({ session: session as Config['session'] })),
    ] : onlyBatches ? onlyBatches.map((batch) => q8({ dtype: 'int8', batch, order: 'by length' })) : [
      q8({}),
      ...threadCounts.filter((t) => t > 1).map((threads) => q8({ threads })),
      ...[8, 32].map((batch) => q8({ batch })),
      q8({ order: 'by length' }),
      ...(files.includes('fp32') ? [q8({ dtype: 'fp32' })] : []),
      ...(files.includes('int8') ? [q8({ dtype: 'int8' }), q8({ dtype: 'int8', threads: 2 }), q8({ dtype: 'int8', threads: 2, spin: false }), ...[8, 32].map((batch) => q8({ dtype: 'int8', batch, order: 'by length' })), q8({ dtype: 'int8', order: 'by length' }), q8({ dtype: 'int8', order: 'by length', workers: 2 })] : []),
    ];
    // The model's token counts of both passage sets, for the tokens each configuration feeds it (padding included).
    const tokens = new Map<readonly string[], Map<string, number>>();
    if (firstSet) {
      const worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
      const channel = new MessageChannel();
      worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
      const counter = remoteEmbedder(channel.port2);
      await counter.load({ ...base, id: 'use-lite-int8', dtype: 'int8' });
      for (const set of [sample, firsts, firstAll]) {
        const counts = await counter.tokenCounts!(set);
        tokens.set(set, new Map(set.map((t, i) => [t, Math.min(base.maxTokens, counts[i])])));
      }
      counter.close();
      worker.terminate();
      const all = [...tokens.get(firstAll)!.values()];
      const realAll = firstAll.reduce((s, t) => s + tokens.get(firstAll)!.get(t)!, 0);
      ctx.log(`every note's first passage: ${firstAll.length}, mean ${(realAll / firstAll.length).toFixed(1)} tokens; fed/real at batch 16, windows 0/1/4/16/64: ${[0, 1, 4, 16, 64].map((w) => (paddedTokens(firstAll.map((t) => tokens.get(firstAll)!.get(t)!), 16, w) / realAll).toFixed(3)).join(' / ')} (${all.length} distinct)`);
    }
    const rounds = Number(ctx.options.rounds ?? 2);
    const rates = new Map<Config, number[]>();
    const cpuRates = new Map<Config, number[]>();
    const workerMb = new Map<Config, number[]>();
    const loadMs = new Map<Config, number[]>();
    const uaMb = new Map<Config, number[]>();
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const rows: BenchRow[] = [];
    // Rounds interleave the configurations, so a change in the machine's load falls on all of them.
    for (let round = 0; round < rounds; round++) for (const c of configs) {
      // The renderer's memory before this worker exists (the previous one has been given back), then its peak while this one embeds.
      await sleep(500);
      const rss0 = await ctx.memoryMb();
      let peak = rss0;
      const sampler = setInterval(() => void ctx.memoryMb().then((mb) => (peak = Math.max(peak, mb))), 250);
      const workerT0 = performance.now();
      const started = Array.from({ length: c.workers ?? 1 }, () => {
        const worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
        const channel = new MessageChannel();
        worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
        return { worker, embedder: remoteEmbedder(channel.port2) };
      });
      const embedder = started[0].embedder;
      try {
        const spec: ModelSpec = c.dtype === 'q8' ? base : { ...base, id: `use-lite-${c.dtype}`, dtype: c.dtype };
        let info!: Awaited<ReturnType<RemoteEmbedder['load']>>;
        for (const { embedder: e } of started) {
          await e.requestThreads(c.threads, c.spin ?? true, c.session ? { ...SESSIONS[c.session] } : {}, c.build);
          info = await e.load(spec);
          // From the worker's start to a loaded, probed model (the first worker's).
          if (e === embedder) loadMs.set(c, [...(loadMs.get(c) ?? []), performance.now() - workerT0]);
          await e.embed(sample.slice(0, c.batch), 'passage'); // warm-up: first-run allocations
        }
        const cpu0 = await ctx.cpuSeconds();
        const t0 = performance.now();
        // Sorting is timed: the queue pays for the token counts too.
        const texts = passagesOf(c);
        const work = await batches(texts, c.batch, c.order, embedder, c.window);
        let next = 0;
        await Promise.all(started.map(async ({ embedder: e }) => {
          while (next < work.length) await e.embed(work[next++], 'passage');
        }));
        const ms = performance.now() - t0;
        // CPU seconds of the page's workers (the embed worker and ONNX Runtime's threads): far steadier than wall time on a shared machine.
        const cpu = (await ctx.cpuSeconds()) - cpu0;
        peak = Math.max(peak, await ctx.memoryMb());
        workerMb.set(c, [...(workerMb.get(c) ?? []), peak - rss0]);
        // While the workers still hold everything they used: their own heaps and buffers, plus what is shared between threads.
        const ua = await ctx.embedWorkerMemory?.();
        uaMb.set(c, [...(uaMb.get(c) ?? []), ua ? ua.embedMb + ua.sharedMb : NaN]);
        rates.set(c, [...(rates.get(c) ?? []), texts.length / (ms / 1000)]);
        // A worker of the previous configuration that exits meanwhile takes its CPU time out of the sum: such a round counts as unknown.
        cpuRates.set(c, [...(cpuRates.get(c) ?? []), cpu > 0 ? texts.length / cpu : NaN]);
        ctx.log(`${JSON.stringify(c)}: ${(texts.length / (ms / 1000)).toFixed(1)} chunks/s, ${(texts.length / cpu).toFixed(1)} per CPU-second`);
        const counted = tokens.get(texts);
        const fed = counted ? work.reduce((s, b) => s + b.length * Math.max(...b.map((t) => counted.get(t)!)), 0) : null;
        const real = counted ? texts.reduce((s, t) => s + counted.get(t)!, 0) : null;
        if (round < rounds - 1) continue;
        const all = rates.get(c)!;
        const cpuKnown = cpuRates.get(c)!.filter((x) => x > 0);
        const rate = Math.round(Math.max(...all) * 10) / 10;
        if (ctx.options.set === 'build') {
          const loads = loadMs.get(c)!;
          rows.push({
            ort_build: c.build === 'webgpu' ? 'asyncify (WebGPU-capable, before)' : 'plain (CPU)',
            workers: c.workers ?? 1,
            threads: c.threads,
            batch: c.batch,
            chunks: texts.length,
            load_ms_median: Math.round([...loads].sort((a, b) => a - b)[Math.floor(loads.length / 2)]),
            load_rounds: loads.map((x) => x.toFixed(0)).join(' / '),
            chunks_per_s: rate,
            rounds: all.map((x) => x.toFixed(1)).join(' / '),
            chunks_per_cpu_s: cpuKnown.length ? Math.round(Math.max(...cpuKnown) * 10) / 10 : null,
            cpu_rounds: cpuRates.get(c)!.map((x) => x.toFixed(1)).join(' / '),
            embed_worker_ua_mb: uaMb.get(c)!.map((x) => x.toFixed(0)).join(' / '),
          });
          continue;
        }
        if (firstSet) {
          rows.push({
            passages: c.passages === 'first' ? `first passages (${runs} runs of ${FIRST_RUN})` : 'spread sample',
            workers: c.workers ?? 1,
            threads: c.threads,
            batch: c.batch,
            window: c.window ?? WINDOW_BATCHES,
            session: c.session ?? 'defaults',
            chunks: texts.length,
            mean_tokens: real === null ? null : Math.round((real / texts.length) * 10) / 10,
            fed_per_real: fed === null || real === null ? null : Math.round((fed / real) * 1000) / 1000,
            chunks_per_s: rate,
            rounds: all.map((x) => x.toFixed(1)).join(' / '),
            chunks_per_cpu_s: cpuKnown.length ? Math.round(Math.max(...cpuKnown) * 10) / 10 : null,
            cpu_rounds: cpuRates.get(c)!.map((x) => x.toFixed(1)).join(' / '),
            // All of seekstone's passages, or all of its first passages (the queue's first phase), at the best round's rate.
            extrapolated_min: Math.round(((c.passages === 'first' ? firstAll.length : total) / rate / 60) * 10) / 10,
            extrapolated_min_cpu: cpuKnown.length ? Math.round(((c.passages === 'first' ? firstAll.length : total) / Math.max(...cpuKnown) / 60) * 10) / 10 : null,
            embed_worker_ua_mb: uaMb.get(c)!.map((x) => x.toFixed(0)).join(' / '),
          });
          continue;
        }
        rows.push({
          host: ctx.host,
          isolated: String(crossOriginIsolated),
          workers: c.workers ?? 1,
          threads: c.threads,
          spinning: c.threads > 1 ? String(c.spin ?? true) : '',
          threads_used: `${info.threads ?? '?'} (${info.threadReason ?? '?'})`,
          batch: c.batch,
          order: c.order,
          model: { q8: 'int8 weights, DequantizeLinear (model_quantized.onnx, the earlier default)', fp32: 'float32 (model.onnx, not shipped)', int8: 'int8 compute, MatMulInteger (model_int8.onnx, the default)' }[c.dtype],
          chunks: sample.length,
          chunks_per_s: rate,
          rounds: all.map((x) => x.toFixed(1)).join(' / '),
          chunks_per_cpu_s: cpuKnown.length ? Math.round(Math.max(...cpuKnown) * 10) / 10 : null,
          whole_vault_min: Math.round((total / rate / 60) * 10) / 10,
          // Resident memory the embed worker added to the renderer, at its peak (model, ONNX Runtime's wasm memory, its threads).
          embed_worker_rss_mb: workerMb.get(c)!.map((x) => x.toFixed(0)).join(' / '),
          // What measureUserAgentSpecificMemory attributes to the embed worker(s), plus memory it reports as shared between threads.
          embed_worker_ua_mb: uaMb.get(c)!.map((x) => x.toFixed(0)).join(' / '),
        });
      } catch (e) {
        rows.push({ host: ctx.host, isolated: String(crossOriginIsolated), threads: c.threads, batch: c.batch, order: c.order, model: c.dtype, error: String((e as Error)?.message ?? e).slice(0, 200) });
      } finally {
        clearInterval(sampler);
        for (const { worker, embedder: e } of started) {
          e.close();
          worker.terminate();
        }
      }
    }
    return rows;
  },
});
