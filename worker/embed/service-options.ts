// What the engine tells its embedding service (service.ts) about how to run:
// in the background or not, how long a batch should take, when the user
// counts as quiet, where a second runner comes from, whom to tell.
import type { SpareSource } from './spare-runner';
import type { EmbedStatus } from './status';

export interface EmbedServiceOptions {
  /** false: never embed on its own (after imports and writes); only runToCompletion() embeds. The CLI's one-shot commands use this. */
  background?: boolean;
  /** Milliseconds one passage batch should take: short batches let queries through quickly. */
  targetBatchMs?: number;
  maxBatch?: number;
  /** Quiet time after the last key press or search before background work resumes (queue.ts QUIET_MS). */
  quietMs?: number;
  /** Quiet time before a second runner joins (queue.ts SPARE_QUIET_MS). */
  spareQuietMs?: number;
  /** Where a second runner comes from, for the queue while the user is quiet (the browser on 2 cores; spare-runner.ts). */
  spare?: SpareSource | null;
  /** Called (throttled) whenever the status changes. */
  onStatus?: (s: EmbedStatus) => void;
  /** Rows in every slice of the vector index's load (tests pause a load between slices; index-keeper.ts). */
  indexSlice?: number;
}
