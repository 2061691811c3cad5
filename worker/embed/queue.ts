// The background queue of EmbedService (service.ts): chunks notes, then
// embeds their passages with the active model, in batches sized to take
// about targetBatchMs (on a second runner too while the user has long been
// quiet), every write in the database's write lane. It waits
// while an import runs and while the user types or searches (until quietMs
// after the last key or search: on a few cores the model's thread starves the
// page's main thread, docs/embeddings.md), starts over when the model
// changes, and stops on pause. Its progress lives in the database, so a
// restart resumes where it stopped.
import { writeLane } from '../db/lane';
import type { Embedder } from './embedder';
import { chunkerId } from './models';
import { quantizeInt8 } from './quantize';
import { byLength, tokenLengths } from './batching';
import { backlogOf, chunkNotes, chunksToEmbed, collectGarbage, needVectors, notesToChunk, START, writeVectors, type Cursor } from './store';
import { BULK_NOTES, chunkIndexesIn, dropChunkIndexes, restoreChunkIndexes } from './bulk-chunking';
import type { QueueHost, QueueOptions } from './queue-host';

export type { QueueHost, QueueOptions };

const CHUNK_SLICE = 40;
const CHUNK_SLICE_MS = 30;
/**
 * Quiet time after the last key press or search before the next batch starts:
 * longer than the gaps between a typist's keys and words, so a query being
 * typed is not interleaved with batches (bench:embed-typing, docs/benchmarks.md).
 */
export const QUIET_MS = 1000;
/**
 * Quiet time before a second runner joins, on the core otherwise kept for the
 * page: longer than a pause to read a query's hits, so that core is free when
 * the user types again.
 */
export const SPARE_QUIET_MS = 5000;
/** Batches read at once and regrouped by length, at least (more: less padding, but a later first passage for some notes). */
export const WINDOW_BATCHES = 4;
/**
 * Passages read at once and regrouped by length, at least: the browser's
 * batches of ~150 ms hold about 8 passages, and four of them fed the model
 * 9.5% more tokens than the passages have (seekstone, first passages), a
 * window of 256 about 1.7% (bench:embed-padding, docs/benchmarks.md "embed-first17").
 */
export const WINDOW_PASSAGES = 256;

/** One window of batches, shared by the runners taking them in turn. */
interface LaneRun {
  parts: [string, string][][];
  next: number;
  /** The model changed under a batch: the window is read again. */
  changed: boolean;
  gen: number;
  model: string;
}

export class EmbedQueue {
  private running: Promise<void> | null = null;
  private restart = false;
  private stopped = false;
  private lastActivity = -Infinity;
  private readonly holds = new Set<Promise<void>>();
  private batch: number;
  private msPerChunk: number | null = null;
  /** Chunks or vectors changed (or the model did) since vectors were last collected. */
  private gcDue = false;
  /** Passages per second over the last batches (null before the first), both runners' when two run. */
  rate: number | null = null;
  /** Runners embedding now: 2 while the second one takes batches too. */
  lanes = 1;
  /** The second runner is being readied or takes batches: a key or search ends it (touch). */
  private spareActive = false;
  /** The second runner loads the model while chunking goes on (warmSpare): a key or search ends it too. */
  private spareWarming = false;
  /** The second runner's last batch (settled when none is in flight). */
  private spareBatch: Promise<void> = Promise.resolve();

  constructor(private readonly host: QueueHost, private readonly opts: QueueOptions = {}) {
    this.batch = Math.min(8, opts.maxBatch ?? 64);
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Runs the queue unless it runs already, is stopped or paused, or has no runner. */
  kick(): void {
    if (this.running || !this.host.embedder() || this.stopped || this.host.paused()) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.restart) {
        this.restart = false;
        this.host.recover();
        this.kick();
      }
    });
  }

  /** The runner changed: a run still waiting on the old one fails, then the queue starts again. */
  restartIfRunning(): void {
    if (this.running) this.restart = true;
  }

  /** Someone is typing or searching: the next batch waits for a quiet moment (few cores: the model must not compete with typing). */
  touch(): void {
    this.lastActivity = performance.now();
    // The second runner's core is the page's again at once: a batch or a model load running there kept keys waiting.
    if (this.spareActive || this.spareWarming) this.host.spare?.()?.interrupt();
  }

  /** Whether a key press or search came within the quiet time. */
  get userActive(): boolean {
    return performance.now() - this.lastActivity < (this.opts.quietMs ?? QUIET_MS);
  }

  /** Waits while the user is active, saying so in the status; returns at once otherwise. */
  private async yieldToUser(): Promise<void> {
    if (!this.userActive || this.stopped) return;
    // "Waiting" means no batch runs: the second runner's batch in flight ends first.
    await this.spareBatch;
    this.host.setYielding(true);
    try {
      const quiet = this.opts.quietMs ?? QUIET_MS;
      while (this.userActive && !this.stopped) await sleep(Math.max(10, this.lastActivity + quiet - performance.now()));
    } finally {
      this.host.setYielding(false);
    }
  }

  /** An import is running: the queue waits for it. */
  holdFor(work: Promise<unknown>): void {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.holds.add(done);
    void done.then(() => this.holds.delete(done));
  }

  stop(): void {
    this.stopped = true;
  }

  /** A new model: its speed is not the old one's. */
  resetRate(): void {
    this.rate = null;
    this.msPerChunk = null;
  }

  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    const host = this.host;
    const db = host.db;
    let cursor: Cursor = START;
    let rescanned = false;
    let myGen = host.generation();
    // The model loads (in the embed worker) while the rest is chunked (here), once a passage needs it.
    let loadStarted = false;
    // The chunks' indexes are looked at once chunking ends, and first of all: a tab closed during a bulk run left them dropped.
    let indexDue = true;
    try {
      // Held work first (an import, the engine's start-up): not even the index loads meanwhile.
      while (this.holds.size && !this.stopped) await Promise.race(this.holds);
      if (this.stopped) return;
      // Progress counts come from the index: have it loaded (in slices) before starting.
      await host.index();
      for (;;) {
        while (this.holds.size && !this.stopped) await Promise.race(this.holds);
        if (this.stopped) return;
        if (host.paused()) {
          // Paused during a bulk run: the indexes come back now, not when the queue resumes (the counts need them).
          if (await writeLane(db).run(() => restoreChunkIndexes(db))) host.dropCounts();
          host.setState('paused');
          return;
        }
        if (myGen !== host.generation()) {
          myGen = host.generation();
          cursor = START;
          rescanned = false;
          this.gcDue = true; // another model: the old one's vectors go once this one is complete
        }
        const spec = host.spec();
        const chunker = chunkerId(spec);

        const notes = notesToChunk(db, chunker, CHUNK_SLICE);
        if (notes.length) {
          if (host.state() !== 'chunking') host.setState('chunking');
          indexDue = true;
          // A large backlog is chunked without the secondary indexes, built once at the end (bulk-chunking.ts).
          if (chunkIndexesIn(db) && backlogOf(db, chunker, BULK_NOTES)) await writeLane(db).run(() => dropChunkIndexes(db));
          // One transaction of about CHUNK_SLICE_MS, so searches run in between. One, not several: each
          // commit syncs the journal and the file, which in the browser's storage costs more than the chunking.
          await this.yieldToUser();
          const until = performance.now() + CHUNK_SLICE_MS;
          let done = 0;
          await this.ownChange(
            () => notes.slice(0, done).map((n) => n.id),
            () => (done = chunkNotes(db, notes, spec, chunker, until)),
          );
          if (!loadStarted && needVectors(db, spec.id, notes.slice(0, done).map((n) => n.id))) {
            loadStarted = true;
            // A bulk run will want the second runner as soon as embedding starts: it loads once the first has (bulk-chunking.ts).
            const bulk = !chunkIndexesIn(db);
            // Failures surface where the load is awaited, before the first batch.
            void host.ensureLoaded().then(() => (bulk ? this.warmSpare(myGen) : undefined), () => undefined);
          }
          host.notify();
          await sleep(0); // lets queued messages (searches) run between slices
          continue;
        }

        if (indexDue) {
          indexDue = false;
          // Counts taken without the order index counted every chunk as readable.
          if (await writeLane(db).run(() => restoreChunkIndexes(db))) host.dropCounts();
        }
        // Scanning every passage for one without a vector costs seconds at 200k: not when the index holds them all.
        if (cursor === START && this.allEmbedded(spec.id)) break;
        // A window of several batches, embedded in batches of similar length: each ONNX run pads to its longest passage.
        const pending = chunksToEmbed(db, spec.id, cursor, Math.max(WINDOW_PASSAGES, this.batch * WINDOW_BATCHES));
        if (!pending.length) {
          if (cursor !== START && !rescanned) {
            // Chunks can appear behind the cursor (a note changed meanwhile): look once more from the start.
            cursor = START;
            rescanned = true;
            continue;
          }
          break;
        }
        rescanned = false;
        await this.yieldToUser();
        await host.ensureLoaded();
        const runner = host.embedder()!;
        let changed = false;
        const unique = [...new Map(pending.map((c) => [c.hash, c.input])).entries()];
        const inputs = unique.map(([, input]) => input);
        const lengths = await tokenLengths(runner, inputs);
        const parts = byLength(unique, lengths, this.batch);
        const run: LaneRun = { parts, next: 0, changed: false, gen: myGen, model: spec.id };
        // A second runner joins (on the core kept for the page) once the user has been quiet for longer.
        let spareLane: Promise<void> | null = null;
        while (run.next < parts.length && !run.changed) {
          await this.yieldToUser();
          await host.ensureLoaded();
          if (this.stopped) return;
          // Paused meanwhile (perhaps while it waited for the user): not one more batch.
          if (myGen !== host.generation() || host.paused()) {
            changed = true;
            break;
          }
          if (!spareLane && parts.length - run.next > 1 && this.spareWanted) spareLane = this.spareLane(run).finally(() => (spareLane = null));
          if (run.next >= parts.length) break;
          if (host.state() !== 'embedding') host.setState('embedding');
          // The model changed while this batch ran: its vectors belong to the old one.
          if (!(await this.embedPart(host.embedder()!, parts[run.next++], run))) changed = true;
        }
        await spareLane;
        if (this.stopped) return;
        // Changed, or a batch the second runner failed is left: this window is read again.
        if (changed || run.changed || run.next < parts.length) continue;
        const last = pending[pending.length - 1];
        cursor = { seq: last.seq, id: last.id };
      }
      host.dropCounts(); // exact counts at the end (duplicate passages share one vector)
      await this.gc();
      host.setState('idle');
    } catch (e) {
      // Stopped: the database was closed under a step; nothing to report.
      if (!this.stopped) host.failed((e as Error)?.message ?? String(e));
    } finally {
      // Done, paused, stopped or failed: the second runner's memory goes back now.
      host.spare?.()?.close();
    }
  }

  /**
   * Opens the second runner and loads the model into it while the rest of a
   * large backlog is chunked, so it takes batches from the first window
   * (without: ~10 s at one runner's rate on seekstone-10k while it loaded,
   * docs/benchmarks.md). It stays open for the queue; a key ends it (touch).
   */
  private async warmSpare(gen: number): Promise<void> {
    const host = this.host;
    const spare = host.spare?.();
    if (!spare || this.stopped || !this.spareWanted || gen !== host.generation() || host.paused() || host.state() !== 'chunking') return;
    this.spareWarming = true;
    try {
      await spare.ready(host.spec());
    } finally {
      this.spareWarming = false;
    }
  }

  /** Whether a second runner should embed now: it has one, and the user has been quiet for spareQuietMs. */
  private get spareWanted(): boolean {
    return !!this.host.spare?.() && performance.now() - this.lastActivity >= (this.opts.spareQuietMs ?? SPARE_QUIET_MS);
  }

  /** The second runner takes batches of the same window until the user is back, the window is done or something changed. */
  private async spareLane(run: LaneRun): Promise<void> {
    const host = this.host;
    const spare = host.spare?.();
    if (!spare) return;
    this.spareActive = true;
    const runner = await spare.ready(host.spec());
    const opened = spare.openings;
    if (!runner) return void (this.spareActive = false);
    this.lanes = 2;
    try {
      while (run.next < run.parts.length && !run.changed && !this.stopped && this.spareWanted && run.gen === host.generation() && !host.paused()) {
        const part = run.parts[run.next++];
        let ok: boolean;
        const batch = this.embedPart(runner, part, run);
        this.spareBatch = batch.then(() => undefined, () => undefined);
        try {
          ok = await batch;
        } catch {
          // Ended because the user came back, or failed (its worker died): the batch goes back to the main one.
          run.parts.push(part);
          if (spare.openings === opened) spare.failed();
          return;
        }
        if (!ok) run.changed = true;
      }
    } finally {
      this.lanes = 1;
      this.spareActive = false;
      spare.idle();
    }
  }

  /** Embeds one batch on `runner` and writes its vectors; false when the model changed meanwhile (the vectors are dropped). */
  private async embedPart(runner: Embedder, part: [string, string][], run: LaneRun): Promise<boolean> {
    const started = performance.now();
    const flat = await runner.embed(part.map(([, input]) => input), 'passage');
    const ms = performance.now() - started;
    if (this.stopped || run.gen !== this.host.generation()) return false;
    const dim = flat.length / part.length;
    const rows = part.map(([hash], i) => ({ hash, ...quantizeInt8(flat.subarray(i * dim, (i + 1) * dim)) }));
    this.gcDue = true;
    await writeLane(this.host.db).run(() => writeVectors(this.host.db, run.model, rows));
    // Every note with one of these passages gains a vector, not only those in this batch (duplicates share one).
    this.host.keeper.gained(rows.map((r) => r.hash));
    this.tune(ms, part.length);
    this.host.notify();
    return true;
  }

  /** Whether every readable passage has a vector of the model (fresh counts against the loaded index). */
  private allEmbedded(model: string): boolean {
    const index = this.host.keeper.ready(model);
    if (!index) return false;
    this.host.dropCounts();
    return index.size >= this.host.counts().chunks;
  }

  /** Chunks the queue writes itself, in the database's write lane; the index re-reads just these notes. */
  private async ownChange(entryIds: () => number[], change: () => unknown): Promise<void> {
    this.gcDue = true;
    await writeLane(this.host.db).run(change);
    this.host.keeper.changed(entryIds());
  }

  /** Sizes the next batch so it takes about targetBatchMs, and tracks the rate. */
  private tune(ms: number, n: number): void {
    const per = ms / Math.max(1, n);
    this.msPerChunk = this.msPerChunk === null ? per : this.msPerChunk * 0.7 + per * 0.3;
    this.rate = (1000 / this.msPerChunk) * this.lanes;
    const target = this.opts.targetBatchMs ?? 400;
    this.batch = Math.max(2, Math.min(this.opts.maxBatch ?? 64, Math.round(target / this.msPerChunk)));
  }

  /** Only once everything is embedded with the active model: until then the old model's vectors may still be wanted back. */
  private async gc(): Promise<void> {
    // Collecting scans every vector (about a second at 200k passages): only after a run that changed something.
    if (!this.gcDue) return;
    const c = this.host.counts();
    const spec = this.host.spec();
    const index = this.host.keeper.ready(spec.id);
    if (!index || c.chunkedNotes < c.notes || index.size < c.chunks) return;
    this.gcDue = false;
    await writeLane(this.host.db).run(() => collectGarbage(this.host.db, spec.id));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
