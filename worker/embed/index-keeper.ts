// Keeps the in-memory vector index of the active model in step with the
// database. The first load reads every vector in slices, yielding between
// them, so a vault of 200k passages never blocks searching; afterwards only
// notes whose chunks changed (the embed_changes log) or that got vectors are
// re-read.
import type { Db } from '../db/database';
import { changedSince, changesKnownSince, epoch, forgetChanges, loadIndexSlice, noteRows } from './store';
import { VectorIndex } from './vector-index';
import { startupMark } from '../platform/startup-marks';

/** Rows of the first load slice; later slices are sized to take about SLICE_MS. */
const FIRST_SLICE = 2_000;
/** A load slice's share of the worker before searches get a turn: a query typed meanwhile waits at most about this. */
const SLICE_MS = 40;
/** More changed notes than this since the index was read: reading it all again is faster. */
const MAX_INCREMENTAL = 5_000;

export class IndexKeeper {
  private index: VectorIndex | null = null;
  private loading: Promise<VectorIndex> | null = null;
  /** Notes that got vectors while a load was under way: re-read when it ends. */
  private pending = new Set<number>();
  /** The database is being closed or replaced: no load starts or goes on. */
  private stopped = false;

  constructor(private readonly db: Db) {
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

  /** After the service wrote vectors or chunks for these notes. */
  changed(entryIds: readonly number[]): void {
    const index = this.index;
    if (!index) return;
    if (this.loading) {
      for (const id of entryIds) this.pending.add(id);
      return;
    }
    if (!this.sync(index)) return;
    for (const id of entryIds) index.replace(id, noteRows(this.db, index.model, id));
  }

  /** For good: a load under way ends at its next slice without reading the database again. */
  stop(): void {
    this.stopped = true;
    this.drop();
  }

  drop(): void {
    this.index = null;
    this.loading = null;
    this.pending.clear();
  }

  private start(model: string, dim: number): VectorIndex {
    const index = new VectorIndex(model, dim);
    this.index = index;
    this.pending.clear();
    this.loading = this.load(index);
    return index;
  }

  private async load(index: VectorIndex): Promise<VectorIndex> {
    await null; // start() records this promise before any of the work below
    if (this.index !== index) return index; // dropped or stopped meanwhile
    startupMark('vector index: load start');
    index.epoch = epoch(this.db);
    forgetChanges(this.db, index.epoch);
    index.reserve(Number(this.db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]));
    for (let after = 0, rows = FIRST_SLICE; ; ) {
      const started = performance.now();
      after = loadIndexSlice(this.db, index, after, rows);
      if (after < 0) break;
      const ms = performance.now() - started;
      // At most twice or half the last size: one slice slowed by another thread says little.
      rows = Math.round(Math.max(rows / 2, 500, Math.min(rows * 2, 50_000, (rows * SLICE_MS) / Math.max(ms, 1))));
      await new Promise((r) => setTimeout(r, 0));
      if (this.index !== index) return index; // superseded (model switched) or stopped
    }
    index.regroup();
    startupMark('vector index: loaded');
    this.loading = null;
    if (this.sync(index)) {
      for (const id of this.pending) index.replace(id, noteRows(this.db, index.model, id));
    }
    this.pending.clear();
    return index;
  }

  /** Applies logged changes; false when there were too many (the caller reloads). */
  private sync(index: VectorIndex): boolean {
    const now = epoch(this.db);
    if (index.epoch === now) return true;
    const ids = changesKnownSince(this.db, index.epoch) ? changedSince(this.db, index.epoch, MAX_INCREMENTAL + 1) : null;
    if (!ids || ids.length > MAX_INCREMENTAL) {
      this.index = null;
      return false;
    }
    for (const id of ids) index.replace(id, noteRows(this.db, index.model, id));
    index.epoch = now;
    forgetChanges(this.db, now);
    return true;
  }
}
