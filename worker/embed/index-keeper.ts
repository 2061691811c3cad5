// Keeps the in-memory vector index of the active model in step with the
// database. The first load reads every note's opening passage first (what
// hybrid search ranks by: a tenth of the rows), then every other vector, in
// slices, yielding between them, so a vault of 200k passages never blocks
// searching and hybrid search need not wait for the whole index; afterwards
// only notes whose chunks changed (the embed_changes log) or that got
// vectors are re-read.
import type { Db } from '../db/database';
import { changedSince, changesKnownSince, epoch, forgetChanges, loadIndexSlice, noteOpening, notesRows, notesWithHashes, readOpenings, rowsWithHashes, type OpeningRow } from './store';
import { VectorIndex } from './vector-index';
import { startupMark } from '../platform/startup-marks';

/** Rows of the first load slice; later slices are sized to take about SLICE_MS. */
const FIRST_SLICE = 2_000;
/**
 * Notes of the first slice of openings: each costs a key lookup or two on
 * pages read from storage at random (2,000 took 1.3 s in Chromium on a busy
 * machine, holding up every call meanwhile), then sized like the rest.
 */
const FIRST_OPENINGS = 200;
/** A load slice's share of the worker before searches get a turn: a query typed meanwhile waits at most about this. */
const SLICE_MS = 40;
/** At most this long the rest of a first load waits for the model (KeeperOptions.restAfter). */
const REST_WAIT_MS = 10_000;
/** More changed notes than this since the index was read: reading it all again is faster. */
const MAX_INCREMENTAL = 5_000;
const NOTHING: ReadonlySet<number> = new Set();

export interface KeeperOptions {
  /** Rows (notes, for the openings) in every load slice instead of sizes tuned to SLICE_MS: tests pause a load between slices. */
  slice?: number;
  /**
   * What the rest of a first load waits for once the openings are in: the
   * model loading (hybrid search needs the openings and the model, not the
   * rest; on two cores the two loads slowed each other to the sum of both).
   */
  restAfter?: () => Promise<unknown> | undefined;
}

export class IndexKeeper {
  private index: VectorIndex | null = null;
  private loading: Promise<VectorIndex> | null = null;
  /** Settles once the loading index holds every note's opening (or the load ended or was dropped). */
  private openingsRead: Promise<void> | null = null;
  /** The loading index's openings reflect the database up to this epoch; -1: not read yet. */
  private openingsEpoch = -1;
  /** Notes that got vectors while a load was under way: re-read when it ends. */
  private pending = new Set<number>();
  /** The database is being closed or replaced: no load starts or goes on. */
  private stopped = false;

  constructor(private readonly db: Db, private readonly opts: KeeperOptions = {}) {
    // Without a loaded index, logged changes are of no use: a first load reads everything anyway.
    forgetChanges(db, epoch(db));
  }

  /** The index when it is loaded and current for this model; null otherwise (then get() loads it). */
  ready(model: string): VectorIndex | null {
    const index = this.index;
    if (!index || this.loading || index.model !== model) return null;
    return this.sync(index) ? index : null;
  }

  get loadingNow(): boolean {
    return this.loading !== null;
  }

  /** The current index of this model, loading or catching up as needed. */
  async get(model: string, dim: number): Promise<VectorIndex> {
    if (this.stopped) throw new Error('The vector index was stopped: its database was closed or replaced.');
    let index = this.index;
    if (!index || index.model !== model || index.dim !== dim || (!this.loading && !this.sync(index))) index = this.start(model, dim);
    return this.loading ?? index;
  }

  /**
   * The index of this model once every note's opening is in it and current,
   * though its other passages may still be loading (then it answers search
   * by 'opening' only: see VectorIndex.passagesLoaded): what hybrid search
   * needs. The whole index when it is loaded.
   */
  openings(model: string, dim: number): Promise<VectorIndex> {
    const whole = this.get(model, dim);
    const index = this.index;
    if (!this.loading || !index) return whole;
    whole.catch(() => undefined); // the caller gets the openings, or this promise when it is returned below
    // Looked at again once read (a model switched meanwhile: that load's answer, as get() gives it).
    if (this.openingsEpoch < 0) return this.openingsRead!.then(() => (!this.index || this.index.model === model ? this.openings(model, dim) : whole));
    return this.syncOpenings(index) ? Promise.resolve(index) : whole;
  }

  /** The index while its openings are read and current but the rest still loads (see openings()); null otherwise. */
  openingsOnly(model: string): VectorIndex | null {
    const index = this.index;
    if (!index || index.model !== model || !this.loading || this.openingsEpoch < 0) return null;
    return this.syncOpenings(index) ? index : null;
  }

  /** After the service wrote vectors or chunks for these notes. */
  changed(entryIds: readonly number[]): void {
    const index = this.index;
    if (!index) return;
    if (this.loading) {
      for (const id of entryIds) this.pending.add(id);
      // Hybrid searches meanwhile read the openings: they see the new vectors at once.
      if (this.openingsEpoch >= 0) this.readOpeningsOf(index, entryIds);
      return;
    }
    // With the notes the log holds (chunking logs the notes it chunks): each read once.
    this.sync(index, entryIds);
  }

  /**
   * After the queue wrote vectors for these passages: the notes holding them
   * gain just those rows. Re-reading each note whole cost a whole-vault run
   * the square of its passages (seekstone-10k: 18 million rows re-read for
   * 224,000 passages embedded in seq order, and as many dead rows to compact).
   * A note not in the index yet, or gaining its first passage (its opening),
   * is read whole, so the opening stays its first passage.
   */
  gained(hashes: readonly string[]): void {
    const index = this.index;
    if (!index) return;
    if (this.loading) return this.changed(notesWithHashes(this.db, hashes));
    const reread = this.sync(index);
    if (!reread) return;
    const whole: number[] = [];
    for (const [id, rows] of rowsWithHashes(this.db, index.model, hashes)) {
      if (reread.has(id)) continue; // read whole just now, these rows with it
      if (!index.has(id) || rows.some((r) => r.first)) whole.push(id);
      else index.addNew(id, rows);
    }
    this.reread(index, whole);
  }

  /** For good: a load under way ends at its next slice without reading the database again. */
  stop(): void {
    this.stopped = true;
    this.drop();
  }

  drop(): void {
    this.index = null;
    this.loading = null;
    this.openingsEpoch = -1;
    this.pending.clear();
  }

  private start(model: string, dim: number): VectorIndex {
    const index = new VectorIndex(model, dim);
    index.passagesLoaded = false;
    this.index = index;
    this.pending.clear();
    this.openingsEpoch = -1;
    let openingsRead = () => {};
    this.openingsRead = new Promise<void>((r) => (openingsRead = r));
    this.loading = this.load(index, openingsRead);
    // Whoever waits for the openings looks again once the load ends, however it ends.
    this.loading.then(openingsRead, openingsRead);
    return index;
  }

  private async load(index: VectorIndex, openingsRead: () => void): Promise<VectorIndex> {
    await null; // start() records this promise before any of the work below
    if (this.index !== index) return index; // dropped or stopped meanwhile
    startupMark('vector index: load start');
    index.epoch = epoch(this.db);
    forgetChanges(this.db, index.epoch);
    // Every note's opening first (search by 'opening', hybrid's, needs nothing else), then the rest.
    const openings: OpeningRow[] = [];
    for (let after = 0, notes = this.opts.slice ?? FIRST_OPENINGS; ; ) {
      const started = performance.now();
      after = readOpenings(this.db, index.model, index.dim, after, notes, openings);
      if (after < 0) break;
      notes = this.nextSlice(notes, performance.now() - started, 50);
      await nextTask();
      if (this.index !== index) return index; // superseded (model switched) or stopped
    }
    // In chunk order, as the passages come: each note gets the slot its first passage would give it
    // (equal scores rank by slot), so answers are the same before and after the rest is read.
    openings.sort((a, b) => a.chunkId - b.chunkId);
    for (const o of openings) index.setOpening(o.entryId, o);
    this.openingsEpoch = index.epoch;
    // Changed while the openings were read: as they are now.
    this.readOpeningsOf(index, [...this.pending]);
    this.syncOpenings(index);
    startupMark('vector index: openings loaded');
    openingsRead();
    const before = this.opts.restAfter?.();
    if (before) {
      // Never long: a model downloading for minutes must not hold the index back.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([before.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, REST_WAIT_MS)))]);
      // Not left pending: in Node a live timer would keep a finished CLI process waiting.
      clearTimeout(timer);
      startupMark('vector index: rest after the model');
      if (this.index !== index) return index; // superseded (model switched) or stopped
    }
    index.reserve(Number(this.db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]));
    for (let after = 0, rows = this.opts.slice ?? FIRST_SLICE; ; ) {
      const started = performance.now();
      after = loadIndexSlice(this.db, index, after, rows);
      if (after < 0) break;
      rows = this.nextSlice(rows, performance.now() - started, 500);
      await nextTask();
      if (this.index !== index) return index; // superseded (model switched) or stopped
    }
    index.regroup();
    index.passagesLoaded = true;
    startupMark('vector index: loaded');
    this.loading = null;
    this.openingsEpoch = -1;
    this.sync(index, [...this.pending]);
    this.pending.clear();
    return index;
  }

  /** The next slice's rows, sized to take about SLICE_MS after one that took `ms`. */
  private nextSlice(rows: number, ms: number, min: number): number {
    if (this.opts.slice) return this.opts.slice;
    // At most twice or half the last size: one slice slowed by another thread says little.
    return Math.round(Math.max(rows / 2, min, Math.min(rows * 2, 50_000, (rows * SLICE_MS) / Math.max(ms, 1))));
  }

  /** These notes' openings as they are now, while the rest loads; re-read whole when the load ends. */
  private readOpeningsOf(index: VectorIndex, entryIds: readonly number[]): void {
    for (const id of entryIds) {
      index.setOpening(id, noteOpening(this.db, index.model, index.dim, id));
      this.pending.add(id);
    }
  }

  /**
   * Applies the changes logged since the openings were read to the openings
   * (the end of the load applies them to the rest); false when there were
   * too many (searches by opening wait for the whole index instead).
   */
  private syncOpenings(index: VectorIndex): boolean {
    const now = epoch(this.db);
    if (now === this.openingsEpoch) return true;
    const ids = changesKnownSince(this.db, this.openingsEpoch) ? changedSince(this.db, this.openingsEpoch, MAX_INCREMENTAL + 1) : null;
    if (!ids || ids.length > MAX_INCREMENTAL) return false;
    this.readOpeningsOf(index, ids);
    this.openingsEpoch = now;
    return true;
  }

  /**
   * Applies logged changes and re-reads `also` (notes that got vectors):
   * the notes read whole, or false when there were too many (the caller reloads).
   */
  private sync(index: VectorIndex, also: readonly number[] = []): ReadonlySet<number> | false {
    const now = epoch(this.db);
    // Every search asks (ready()): nothing to do and nothing allocated when nothing changed.
    if (index.epoch === now && !also.length) return NOTHING;
    const logged = index.epoch === now ? [] : changesKnownSince(this.db, index.epoch) ? changedSince(this.db, index.epoch, MAX_INCREMENTAL + 1) : null;
    if (!logged || logged.length > MAX_INCREMENTAL) {
      this.index = null;
      return false;
    }
    const ids = new Set([...logged, ...also]);
    this.reread(index, [...ids]);
    if (index.epoch !== now) {
      index.epoch = now;
      forgetChanges(this.db, now);
    }
    return ids;
  }

  private reread(index: VectorIndex, entryIds: readonly number[]): void {
    if (!entryIds.length) return;
    for (const [id, rows] of notesRows(this.db, index.model, entryIds)) index.replace(id, rows);
  }
}

function nextTask(): Promise<void> {
  return new Promise((r) => setTimeout(r, 0));
}
