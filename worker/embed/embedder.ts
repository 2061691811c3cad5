// What the engine needs from whoever runs the model: load a model, turn texts
// into unit vectors. In the browser this is the embed worker on the other end
// of a MessagePort; in Node (CLI, tests) the same implementation runs
// in-process. Arguments and results are plain, cloneable data.
import type { ModelSpec } from './models';
import type { ThreadReason } from './threads';

export type Role = 'query' | 'passage';

export interface LoadProgress {
  /** 'download' while files arrive (from the hub or a folder), 'loading' while the session starts. */
  phase: 'download' | 'loading';
  file?: string;
  loaded: number;
  total: number;
  /** 0-100 over all files. */
  progress: number;
}

export interface LoadedModel {
  id: string;
  dim: number;
  device: string;
  /** Milliseconds the load took. */
  ms: number;
  /** Threads of ONNX Runtime's wasm backend and why that many (absent where the host does not choose: Node). */
  threads?: number;
  threadReason?: ThreadReason;
  /**
   * The words the model's tokenizer holds whole (lower case), when it says:
   * a query made only of words outside it and outside the vault means
   * nothing to the model (worker/search/meaning-criterion.ts).
   */
  words?: string[];
}

export interface Embedder {
  /** Loads (or keeps) the model; the spec says where its files are and how to read its output. */
  load(spec: ModelSpec, onProgress?: (p: LoadProgress) => void): Promise<LoadedModel>;
  /** Unit vectors, one row of `dim` per text, in one flat array. Queries jump ahead of queued passages. */
  embed(texts: string[], role: Role): Promise<Float32Array>;
  /**
   * How many tokens the model's tokenizer makes of each text, so the queue can
   * put texts of similar length in one run (every run pads to its longest).
   * Optional: without it the queue goes by characters, a poorer guess.
   */
  tokenCounts?(texts: string[]): Promise<number[]>;
}

/** Runs jobs one at a time; high-priority jobs (queries) go before waiting low-priority ones (passages). */
export class JobQueue {
  private waiting: { high: boolean; run: () => Promise<unknown>; done: (v: unknown) => void; fail: (e: unknown) => void }[] = [];
  private busy = false;

  push<T>(high: boolean, run: () => Promise<T>): Promise<T> {
    return new Promise<T>((done, fail) => {
      const job = { high, run, done: done as (v: unknown) => void, fail };
      if (high) {
        const i = this.waiting.findIndex((j) => !j.high);
        if (i < 0) this.waiting.push(job);
        else this.waiting.splice(i, 0, job);
      } else this.waiting.push(job);
      void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.busy) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.busy = true;
    try {
      job.done(await job.run());
    } catch (e) {
      job.fail(e);
    } finally {
      this.busy = false;
      void this.next();
    }
  }
}
