// What the embedding queue (queue.ts) is given: the service it works for
// (QueueHost) and its tuning (QueueOptions).
import type { Db } from '../db/database';
import type { Embedder } from './embedder';
import type { IndexKeeper } from './index-keeper';
import type { ModelSpec } from './models';
import type { SpareRunner } from './spare-runner';
import type { EmbedState } from './status';
import type { Counts } from './store';
import type { VectorIndex } from './vector-index';

/** What the queue reads from and tells the service it runs for. */
export interface QueueHost {
  readonly db: Db;
  readonly keeper: IndexKeeper;
  /** The active model now (it may change while a batch runs). */
  spec(): ModelSpec;
  /** Moves on every model switch and on stop: work of an older generation is dropped. */
  generation(): number;
  paused(): boolean;
  state(): EmbedState;
  setState(s: EmbedState): void;
  /** The queue waits (true) or resumes (false) because the user is typing or searching. */
  setYielding(on: boolean): void;
  /** The queue failed: the message is the status's error. */
  failed(message: string): void;
  /** A new try after a failure: the error is forgotten. */
  recover(): void;
  notify(): void;
  index(): Promise<VectorIndex>;
  /** Loads the active model into the runner, if it is not yet. */
  ensureLoaded(): Promise<void>;
  embedder(): Embedder | null;
  /** A second runner the queue may use while the user is quiet (the browser on 2 cores), if any. */
  spare?(): SpareRunner | null;
  counts(): Counts;
  dropCounts(): void;
}

export interface QueueOptions {
  targetBatchMs?: number;
  maxBatch?: number;
  /** Quiet time after the last key press or search before work resumes (QUIET_MS). */
  quietMs?: number;
  /** Quiet time before the second runner, if any, joins (SPARE_QUIET_MS). */
  spareQuietMs?: number;
}
