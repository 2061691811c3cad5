// What the embedding status reads often and computes slowly, kept for a
// moment: passage counts (counting 200k chunks is not free, and chunking
// changes them constantly) and whether one vault is fully embedded (searches
// ask with every keystroke). Part of EmbedService (service.ts).
import type { Db } from '../db/database';
import { writeLane } from '../db/lane';
import { counts, epoch, getMeta, setMeta, vaultEmbedded, type Counts } from './store';

/**
 * "model epoch" when the last whole vector index found every passage
 * embedded. It stays true while the epoch stays (new or changed passages
 * grow it; vectors of the model are only ever added): the next opening knows
 * the vault is complete from the index's openings alone, before the rest is
 * read (index-keeper.ts), without counting every passage's vector (seconds).
 */
const META_COMPLETE = 'embed.complete_at';

/** How long a vault's "fully embedded" answer is reused. */
const VAULT_CHECK_MS = 2000;

export class StatusCache {
  private counted: Counts | null = null;
  private countedEpoch = -1;
  private countedAt = 0;
  private readonly vaultChecks = new Map<number, { complete: boolean; at: number }>();
  private recorded: string | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Counts from the database when notes changed since the last count; while
   * the queue is chunking they are refreshed at most once a second.
   */
  counts(chunker: string, chunking: boolean): Counts {
    const now = epoch(this.db);
    const stale = !this.counted || this.countedEpoch !== now;
    if (stale && (!this.counted || !chunking || performance.now() - this.countedAt > 1000)) {
      this.counted = counts(this.db, chunker);
      this.countedEpoch = now;
      this.countedAt = performance.now();
    }
    return this.counted!;
  }

  /** Forget the counts (the model changed, or exact counts are wanted). */
  dropCounts(): void {
    this.counted = null;
  }

  /** Whether the vault is fully embedded, checked in SQL at most every two seconds. */
  vaultComplete(vaultId: number, chunker: string, model: string): boolean {
    const now = performance.now();
    const held = this.vaultChecks.get(vaultId);
    if (held && now - held.at < VAULT_CHECK_MS) return held.complete;
    const complete = vaultEmbedded(this.db, vaultId, chunker, model);
    this.vaultChecks.set(vaultId, { complete, at: now });
    return complete;
  }

  /** Whether a whole index found every passage embedded with this model at the current epoch. */
  knownComplete(model: string): boolean {
    return getMeta(this.db, META_COMPLETE) === `${model} ${epoch(this.db)}`;
  }

  /** The whole index finds every passage embedded: remembered for the next opening, once per epoch. */
  recordComplete(model: string): void {
    const key = `${model} ${epoch(this.db)}`;
    if (this.recorded === key) return;
    this.recorded = key;
    if (getMeta(this.db, META_COMPLETE) === key) return;
    // Only a shortcut for the next opening: a failed write costs that opening the wait for the whole index.
    void writeLane(this.db)
      .run(() => setMeta(this.db, META_COMPLETE, key))
      .catch(() => undefined);
  }
}
