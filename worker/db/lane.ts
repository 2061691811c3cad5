// The one write lane of a database. Every write goes through it, one at a
// time: tool writes, each batch of an import or re-sync, vault removal, the
// embedding queue's bookkeeping, the model switch. A long job takes the lane
// step by step (an import once per batch), so other writes get in between
// and a job re-reads, inside its step, what another write may have changed.
// Reads never enter the lane; they wait at most for the synchronous part of
// one step (one batch's transaction).
import type { Db } from './database';

export interface WriteLane {
  /** Runs `work` after every write queued before it. A step must not queue another step (it would wait for itself). */
  run<T>(work: () => T | Promise<T>): Promise<T>;
  /** Resolves once nothing is queued or running. */
  idle(): Promise<void>;
}

const lanes = new WeakMap<Db, WriteLane>();

/** The lane of this database (one per open database, shared by everyone who writes to it). */
export function writeLane(db: Db): WriteLane {
  let lane = lanes.get(db);
  if (!lane) {
    lane = makeLane();
    lanes.set(db, lane);
  }
  return lane;
}

function makeLane(): WriteLane {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => T | Promise<T>): Promise<T> {
      const step = tail.then(work);
      // A failed step fails its caller only; the lane goes on.
      tail = step.catch(() => undefined);
      return step;
    },
    idle() {
      const at = tail;
      return at.then(() => (tail === at ? undefined : this.idle()));
    },
  };
}
