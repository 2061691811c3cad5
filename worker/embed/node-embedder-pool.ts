// The Node embedder on several cores (the kioku CLI): one embedder thread per
// core, each running the model on one ONNX Runtime thread, and every batch of
// passages split between them. Small matrix products split badly across
// ONNX Runtime's own threads (docs/benchmarks.md, "Node: data parallel");
// separate batches on separate threads do not wait for each other.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Embedder, LoadedModel, LoadProgress, Role } from './embedder';
import type { ModelSpec } from './models';
import type { NodeEmbedderOptions } from './node-embedder';

/** What the pool asks of a thread (sent with an id, which the reply repeats). */
export type PoolRequest =
  | { op: 'load'; spec: ModelSpec; progress: boolean }
  | { op: 'embed'; texts: string[]; role: Role }
  | { op: 'tokens'; texts: string[] };
export interface PoolReply {
  id: number;
  value?: unknown;
  error?: string;
  progress?: LoadProgress;
}

/** Fewer passages than this a thread are not split further: a run's fixed cost would outweigh the gain. */
export const MIN_PASSAGES_PER_THREAD = 4;

/**
 * `texts` in `k` contiguous slices of about equal length in characters (the
 * model's work grows with a text's tokens), so the threads finish together.
 * The queue hands over passages sorted by length: contiguous slices pad
 * little, and equal counts gave the slice of longer passages ~8% more tokens
 * on seekstone (batches of 16), the other thread waiting meanwhile.
 */
export function splitByLength(texts: readonly string[], k: number): string[][] {
  if (k <= 1 || texts.length <= 1) return [texts.slice()];
  const total = texts.reduce((sum, t) => sum + t.length, 0);
  const out: string[][] = [];
  let start = 0;
  let sum = 0;
  for (let i = 0; i < texts.length - 1 && out.length < k - 1; i++) {
    sum += texts[i].length;
    const share = (total * (out.length + 1)) / k;
    const needed = k - 1 - out.length;
    // Cut after text i when the next one would sit mostly past this slice's share, keeping a text for every slice to come.
    const left = texts.length - (i + 1);
    if (left === needed || (left > needed && sum + texts[i + 1].length / 2 > share)) {
      out.push(texts.slice(start, i + 1));
      start = i + 1;
    }
  }
  out.push(texts.slice(start));
  return out;
}

/**
 * Passages one ONNX run embeds, on average, at most: runs of 32 cost 15–25% more
 * CPU a passage than runs of 8 or 16 on seekstone (their activations outgrow
 * the cache, and longer batches pad more), and the CLI's queue hands over
 * batches of up to 64 (docs/benchmarks.md, "Node ≥ 400").
 */
export const MAX_PASSAGES_PER_RUN = 16;

/**
 * The ONNX runs a batch is embedded in, in order, for `threads` threads
 * (thread i takes runs i, i + threads, …): one a thread with at least
 * MIN_PASSAGES_PER_THREAD passages each, more (a multiple of the threads)
 * when a thread's share would exceed MAX_PASSAGES_PER_RUN, all of about
 * equal characters (a run's cost and memory follow its tokens), so the
 * threads finish together.
 */
export function runsOf(texts: readonly string[], threads: number): string[][] {
  const split = Math.min(threads, Math.floor(texts.length / MIN_PASSAGES_PER_THREAD) || 1);
  if (split < threads) return splitByLength(texts, split);
  const perThread = Math.ceil(texts.length / MAX_PASSAGES_PER_RUN / threads);
  return splitByLength(texts, perThread * threads);
}

const BOOT = new URL('./node-embed-thread-boot.mjs', import.meta.url);
const ENTRY = new URL('./node-embed-thread.ts', import.meta.url).href;

/** One embedder thread: requests in, replies out; it keeps the process alive only while it owes a reply. */
class EmbedThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<number, { done: (v: unknown) => void; fail: (e: Error) => void; progress?: (p: LoadProgress) => void }>();
  /** The model this thread has loaded; a thread started again loads it before anything else. */
  spec: ModelSpec | null = null;

  constructor(private readonly options: NodeEmbedderOptions) {}

  request<T>(req: PoolRequest, progress?: (p: LoadProgress) => void): Promise<T> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<T>((done, fail) => {
      this.waiting.set(id, { done: done as (v: unknown) => void, fail, progress });
      worker.ref();
      worker.postMessage({ ...req, id });
    });
  }

  stop(): Promise<number> | undefined {
    const w = this.worker;
    this.worker = null;
    this.spec = null;
    return w?.terminate();
  }

  private start(): Worker {
    const w = new Worker(BOOT, { workerData: { entry: ENTRY, options: this.options } });
    w.on('message', (r: PoolReply) => {
      const job = this.waiting.get(r.id);
      if (!job) return;
      if (r.progress) return job.progress?.(r.progress);
      this.waiting.delete(r.id);
      if (!this.waiting.size) w.unref();
      if (r.error !== undefined) job.fail(new Error(r.error));
      else job.done(r.value);
    });
    // A thread that died fails what it owed; the next request starts a new one.
    const died = (e: Error) => {
      if (this.worker === w) this.worker = null;
      this.spec = null;
      for (const job of this.waiting.values()) job.fail(e);
      this.waiting.clear();
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`The embedder thread stopped (exit code ${code}).`)));
    w.unref();
    this.worker = w;
    return w;
  }
}

export interface NodeEmbedderPool extends Embedder {
  readonly threads: number;
  /** Ends the threads (tests; the CLI's process ends without it, since idle threads do not hold it). */
  close(): Promise<void>;
}

export function nodeEmbedderPool(opts: NodeEmbedderOptions & { workers?: number } = {}): NodeEmbedderPool {
  const { workers, threads: _ignored, ...options } = opts;
  const n = Math.max(1, Math.floor(workers ?? availableParallelism()));
  const pool = Array.from({ length: n }, () => new EmbedThread(options));
  let spec: ModelSpec | null = null;

  const ready = async (t: EmbedThread) => {
    if (spec && t.spec?.id !== spec.id) {
      t.spec = spec;
      await t.request({ op: 'load', spec, progress: false });
    }
  };
  const embedOn = async (t: EmbedThread, texts: string[], role: Role) => {
    await ready(t);
    return t.request<Float32Array>({ op: 'embed', texts, role });
  };

  return {
    threads: n,
    async load(s, onProgress) {
      spec = s;
      const loads = pool.map((t, i) => {
        t.spec = s;
        return t.request<LoadedModel>({ op: 'load', spec: s, progress: i === 0 && !!onProgress }, i === 0 ? onProgress : undefined);
      });
      const [first] = await Promise.all(loads);
      return first;
    },
    async embed(texts, role) {
      const runs = runsOf(texts, n);
      if (runs.length === 1) return embedOn(pool[0], texts, role);
      // Every run is sent at once: a thread with two runs starts its second without waiting for a reply.
      const parts = await Promise.all(runs.map((part, i) => embedOn(pool[i % n], part, role)));
      const out = new Float32Array(parts.reduce((sum, p) => sum + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    },
    async tokenCounts(texts) {
      // Counting is tokenising: split like a batch, so the queue's counting pass keeps every thread busy too.
      const slices = splitByLength(texts, Math.min(n, Math.floor(texts.length / MIN_PASSAGES_PER_THREAD) || 1));
      const parts = await Promise.all(
        slices.map(async (part, i) => {
          await ready(pool[i]);
          return pool[i].request<number[]>({ op: 'tokens', texts: part });
        }),
      );
      return parts.flat();
    },
    async close() {
      await Promise.all(pool.map((t) => t.stop()));
    },
  };
}
