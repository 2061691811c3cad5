// How many threads ONNX Runtime's wasm backend may use. Threads need
// SharedArrayBuffer, which a page only has when it is cross-origin isolated
// (COOP same-origin + COEP require-corp); one core is left for the UI and
// the engine. Pure, so the rule is tested without a browser.

/** Why the model runs on that many threads (shown, translated, in the embedding panel). */
export type ThreadReason =
  /** Isolated: one thread per core but one. */
  | 'cores'
  /** Isolated, but with two cores or fewer there is no core to spare. */
  | 'few_cores'
  /** The page is not cross-origin isolated (the host sends no COOP/COEP and no service worker added them yet). */
  | 'not_isolated'
  /** A benchmark set the count. */
  | 'requested'
  /** Not the wasm backend (WebGPU, Node): the count does not apply. */
  | 'not_wasm';

export interface ThreadPlan {
  threads: number;
  reason: ThreadReason;
}

export function planThreads(env: { isolated: boolean; cores: number | undefined; requested?: number }): ThreadPlan {
  if (!env.isolated) return { threads: 1, reason: 'not_isolated' };
  const cores = env.cores && env.cores > 0 ? Math.floor(env.cores) : 1;
  if (env.requested && env.requested >= 1) return { threads: Math.floor(env.requested), reason: 'requested' };
  const spare = Math.max(1, cores - 1);
  return { threads: spare, reason: spare > 1 ? 'cores' : 'few_cores' };
}

/**
 * ONNX Runtime session options for its intra-op thread pool. By default its
 * threads spin while waiting for work; on a machine whose cores are busy with
 * other work that spinning takes CPU from it and from the model's own threads
 * (Node, 2 threads, a shared 2-core machine: 1.5x the CPU per passage, and no
 * faster; docs/benchmarks.md, "Embedding: threads, spinning and memory").
 */
export function threadPoolOptions(opts: { threads?: number; spinning: boolean }): Record<string, unknown> {
  return {
    ...(opts.threads && opts.threads >= 1 ? { intraOpNumThreads: Math.floor(opts.threads), interOpNumThreads: 1 } : {}),
    ...(opts.spinning ? {} : { extra: { session: { intra_op: { allow_spinning: '0' } } } }),
  };
}

/**
 * Whether the background queue may use a second embed worker (one thread)
 * while the user is quiet: when the model gets one thread though the device
 * has a second core, which is then idle. Two workers of one thread embed more
 * per second than one of two threads on 2 cores (docs/benchmarks.md, "Two
 * embed workers"); with more cores the model has their threads already.
 */
export function spareWorkerWanted(env: { isolated: boolean; cores: number | undefined }): boolean {
  return (env.cores ?? 1) >= 2 && planThreads(env).threads === 1;
}
