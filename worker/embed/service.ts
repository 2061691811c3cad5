// The embedding service the engine holds: a short facade over the
// background queue (queue.ts), the model loader with its query-vector cache
// (model-loader.ts), the status cache (status-cache.ts) and the in-memory
// vector index search scans (index-keeper.ts). Its state is the database
// (which notes are chunked, which hashes have vectors, the model, paused or
// not), so a reload or a worker restart simply resumes.
import type { Db } from '../db/database';
import type { Embedder } from './embedder';
import { activeModel, addModel, knownModels, setActiveModel } from './model-choice';
import { chunkerId, type ModelSpec } from './models';
import { IndexKeeper } from './index-keeper';
import { ModelLoader } from './model-loader';
import { EmbedQueue } from './queue';
import { SpareRunner, type SpareSource } from './spare-runner';
import { StatusCache } from './status-cache';
import type { QueryVector } from './query-vectors';
import type { EmbedServiceOptions } from './service-options';
import { describeStatus, type EmbedState, type EmbedStatus } from './status';
import { getMeta, hasVectors, setMeta, type Counts } from './store';
import type { VectorIndex } from './vector-index';

export type { EmbedState, EmbedStatus } from './status';
export type { EmbedServiceOptions, QueryVector };

const META_PAUSED = 'embed.paused';

export class EmbedService {
  private spec: ModelSpec;
  private readonly keeper: IndexKeeper;
  private readonly cache: StatusCache;
  private readonly loader: ModelLoader;
  private readonly queue: EmbedQueue;
  private state: EmbedState;
  private error: string | null = null;
  /** The queue waits because the user is typing or searching. */
  private yielding = false;
  private generation = 0;
  private lastNotify = 0;
  private deferred: Promise<void> | null = null;
  private modelLoad: { spec: ModelSpec; done: Promise<void> } | null = null;
  /** Set by stop(): the database is about to be closed or replaced, so nothing more reads it or reports on it. */
  private stopped = false;
  private lastStatus: EmbedStatus | null = null;
  /** A change the status listener did not hear during the start-up grace: told once the grace is over. */
  private untold = false;
  private spare: SpareRunner | null = null;
  /** Paused for this run only (the CLI's --no-embed): nothing is stored, so the next run embeds as before. */
  /** Paused for this run only (the CLI's --no-embed, set by pause('run')): embed_resume cannot lift it. */
  pausedForRun = false;

  constructor(readonly db: Db, embedder: Embedder | null, private readonly opts: EmbedServiceOptions = {}) {
    this.keeper = new IndexKeeper(db, { slice: opts.indexSlice, restAfter: () => this.modelLoad?.done });
    this.cache = new StatusCache(db);
    this.loader = new ModelLoader(embedder);
    this.spec = activeModel(db);
    this.state = embedder ? (this.paused ? 'paused' : 'idle') : 'unavailable';
    this.setSpare(opts.spare ?? null);
    this.queue = new EmbedQueue(
      {
        db,
        keeper: this.keeper,
        spec: () => this.spec,
        generation: () => this.generation,
        paused: () => this.paused,
        state: () => this.state,
        setState: (st) => this.setState(st),
        setYielding: (on) => {
          if (on === this.yielding) return;
          this.yielding = on;
          this.notify(true);
        },
        failed: (message) => {
          this.error = message;
          this.setState('error');
        },
        recover: () => {
          this.error = null;
          if (this.state === 'error') this.setState('idle');
        },
        notify: () => this.notify(),
        index: () => this.index(),
        ensureLoaded: () => this.ensureLoaded(),
        embedder: () => this.loader.embedder,
        spare: () => this.spare,
        counts: () => this.currentCounts(),
        dropCounts: () => this.cache.dropCounts(),
      },
      opts,
    );
  }

  get model(): ModelSpec {
    return this.spec;
  }
  get paused(): boolean {
    return this.pausedForRun || getMeta(this.db, META_PAUSED) === '1';
  }
  get available(): boolean {
    return this.loader.embedder !== null;
  }

  /** Connects (or replaces, e.g. after the embed worker restarted) the model runner. */
  setEmbedder(embedder: Embedder | null): void {
    this.loader.setEmbedder(embedder);
    this.queue.restartIfRunning();
    if (!embedder) this.setState('unavailable');
    else if (this.state === 'unavailable' || this.state === 'error') {
      this.error = null;
      this.setState(this.paused ? 'paused' : 'idle');
    }
  }

  /** Connects (or drops) where a second runner comes from; one still open is given back. */
  setSpare(source: SpareSource | null): void {
    this.spare?.close();
    this.spare = source ? new SpareRunner(source) : null;
  }

  models(): ModelSpec[] {
    return knownModels(this.db);
  }

  /** Registers a model from a folder or another hub repository (replacing one of the same id). */
  addModel(spec: ModelSpec): void {
    addModel(this.db, spec);
  }

  status(): EmbedStatus {
    // Stopped: the database may be closed already; the last status is all there is to say.
    if (this.stopped && this.lastStatus) return this.lastStatus;
    // How many passages have vectors is the index's size: it loads in the background first.
    const index = this.keeper.ready(this.spec.id);
    if (!index) this.loadIndexUnlessDeferred();
    const counts = this.currentCounts();
    // While the rest loads, the openings answer hybrid search; a vault complete at this epoch is still complete.
    const known = !index && this.keeper.openingsOnly(this.spec.id) && this.cache.knownComplete(this.spec.id) ? counts.chunks : null;
    const status = describeStatus({
      spec: this.spec,
      state: this.state,
      counts,
      embedded: index ? index.size : known,
      embeddedNotes: index ? index.notes : null,
      indexing: !index,
      paused: this.paused,
      loaded: this.loader.isLoaded(this.spec),
      runtime: this.loader.runtime,
      rate: this.queue.rate,
      download: this.loader.download,
      error: this.error,
      yielding: this.yielding,
    });
    if (index && status.complete && !this.stopped) this.cache.recordComplete(this.spec.id);
    return (this.lastStatus = status);
  }

  isComplete(): boolean {
    // Complete needs the index's size (describeStatus): before the index is in memory the answer is no
    // whatever the counts, and counting 200k passages on a cold page cache held up the first search
    // after a page load (docs/search-text.md, first hit after a load).
    if (!this.stopped && !this.keeper.ready(this.spec.id)) {
      this.loadIndexUnlessDeferred();
      // Once the openings are in, a vault known complete at this epoch answers hybrid already.
      if (!(this.keeper.openingsOnly(this.spec.id) && this.cache.knownComplete(this.spec.id))) return false;
    }
    return this.status().complete;
  }

  /** Whether one vault is fully embedded, though others may not be: a search scoped to it can then run by meaning in full. Checked in SQL, and kept for a moment, since searches come with every keystroke. */
  isCompleteIn(vaultId: number | undefined): boolean {
    const all = this.isComplete();
    if (all || vaultId === undefined || !this.available) return all;
    return this.cache.vaultComplete(vaultId, chunkerId(this.spec), this.spec.id);
  }

  /** Reads the vector index again from the database (after vectors were written behind the service's back). */
  reindex(): Promise<VectorIndex> {
    this.keeper.drop();
    return this.index();
  }

  /** The status once the vector index has loaded (exact counts). */
  async refresh(): Promise<EmbedStatus> {
    await this.index();
    return this.status();
  }

  /** Starts (or keeps running) the background queue unless paused. */
  start(): void {
    if (this.opts.background !== false) this.queue.kick();
  }

  /** Someone is typing or searching: the queue holds back its next batch until they have been quiet for a moment. */
  touch(): void {
    this.queue.touch();
  }

  /** An import is running: the queue waits for it (the user is waiting for the import; embedding can follow). */
  holdFor(work: Promise<unknown>): void {
    this.queue.holdFor(work);
  }

  /** Background work (the vector index's first load, the queue) waits until `until` settles: the engine's first search must not queue behind it. What is asked for explicitly (warm, a search by meaning, index()) still runs. */
  deferBackground(until: Promise<unknown>): void {
    const settled = until.then(() => undefined, () => undefined);
    this.deferred = settled;
    this.queue.holdFor(settled);
    void settled.then(() => {
      if (this.deferred !== settled || this.stopped) return;
      this.deferred = null;
      // Whoever follows the status learns that the index is now loading.
      if (!this.keeper.ready(this.spec.id) && !this.keeper.loadingNow) void this.index().then(() => this.notify(true), () => undefined);
      else if (this.untold) this.notify(true);
    });
  }

  /** Stops for good (the database is closed or replaced): nothing touches the database or reports a status again. */
  stop(): void {
    this.stopped = true;
    this.queue.stop();
    this.spare?.close();
    this.keeper.stop();
    this.generation++;
  }

  /** Pauses the queue: kept in the database until resume() (embed_pause), or for this run only. */
  pause(scope: 'stored' | 'run' = 'stored'): void {
    if (scope === 'run') this.pausedForRun = true;
    else setMeta(this.db, META_PAUSED, '1');
    this.setState('paused');
  }

  /** Lifts the stored pause; a pause for this run (--no-embed) stays, since that run was asked to embed nothing. */
  resume(): void {
    setMeta(this.db, META_PAUSED, null);
    this.error = null;
    this.setState(!this.available ? 'unavailable' : this.paused ? 'paused' : 'idle');
    this.start();
  }

  /** Switches the active model; notes are re-embedded with it in the background. */
  setModel(id: string): EmbedStatus {
    const spec = setActiveModel(this.db, id);
    if (spec.id !== this.spec.id) {
      this.spec = spec;
      this.generation++;
      this.keeper.drop();
      this.loader.forgetQueries();
      this.cache.dropCounts();
      this.queue.resetRate();
      this.error = null;
      if (this.state === 'error') this.setState('idle');
      this.start();
    }
    return this.status();
  }

  /**
   * Loads the vector index and, when it holds any vector, the model, so the
   * first search by meaning after opening does not wait for them: in a vault
   * known to be complete, only the index's openings (hybrid ranks by them;
   * the rest goes on loading). A model that fails to load is left for the
   * search to report.
   */
  async warm(): Promise<EmbedStatus> {
    if (!this.loader.embedder) return this.status();
    // The model (none without vectors) loads in the embed worker while this one reads the index: the longer wait, not the sum.
    const model = hasVectors(this.db, this.spec.id) && !this.loader.isLoaded(this.spec) ? this.loadQuietly() : Promise.resolve();
    const index = await this.openingIndex();
    await model;
    if (index.notes > 0 && !this.loader.isLoaded(this.spec)) await this.loadQuietly();
    // The openings make a search by meaning start at once only in a vault known to be complete (status()):
    // otherwise ready waits for the whole index.
    if (!this.status().ready) await this.index();
    return this.status();
  }

  /**
   * Loads the active model unasked when it has vectors here; under a start-up grace only once the first
   * search has answered (beside it, it slowed that search: docs/benchmarks.md, "model load at open").
   */
  preloadModel(): void {
    if (this.stopped || !this.loader.embedder || this.loader.isLoaded(this.spec) || this.modelLoad?.spec === this.spec) return;
    if (this.deferred) void this.deferred.then(() => this.preloadModel());
    else if (hasVectors(this.db, this.spec.id)) void this.loadQuietly();
  }

  /** Loads the active model; a failure is left for the search that needs it to report. */
  private async loadQuietly(): Promise<void> {
    const before = this.state;
    try {
      await this.ensureLoaded();
    } catch {
      if (this.state === 'loading' || this.state === 'downloading') this.setState(before);
    }
  }

  /** Runs the queue until every note is embedded (or it is paused or fails). */
  async whenIdle(): Promise<EmbedStatus> {
    await this.queue.whenIdle();
    return this.status();
  }

  /** Embeds everything now (unless paused); for the CLI and tests. */
  async runToCompletion(): Promise<EmbedStatus> {
    this.queue.kick();
    return this.whenIdle();
  }

  /** The vector index of the active model: loaded in the background the first time, then kept current. */
  index(): Promise<VectorIndex> {
    if (this.stopped) return Promise.reject(new Error('The embedding service was stopped: its database was closed or replaced.'));
    return this.keeper.get(this.spec.id, this.indexDim());
  }

  /** The active model's index once every note's opening is in it (the rest may still load): enough for hybrid's search by 'opening' (index-keeper.ts). */
  openingIndex(): Promise<VectorIndex> {
    if (this.stopped) return Promise.reject(new Error('The embedding service was stopped: its database was closed or replaced.'));
    return this.keeper.openings(this.spec.id, this.indexDim());
  }

  private indexDim(): number {
    return this.spec.dim || Number(this.db.column('SELECT dim FROM vectors WHERE model = ? LIMIT 1', [this.spec.id])[0] ?? 0) || 1;
  }

  /** Whether the loaded model's tokenizer holds this word whole (true when it did not list its vocabulary). */
  knowsWord(word: string): boolean {
    return this.loader.knowsWord(word);
  }

  /** A query's vector when it needs no model run (cached), or why it cannot have one (language); null otherwise. */
  knownQueryVector(text: string): QueryVector | null {
    return this.loader.knownQueryVector(this.spec, text);
  }

  /** Forgets the query vectors kept so far (benchmarks timing new queries again). */
  forgetQueryVectors(): void {
    this.loader.forgetQueries();
  }

  queryVector(text: string): Promise<QueryVector> {
    return this.loader.queryVector(this.spec, text, () => this.ensureLoaded());
  }

  // ---- internals ----

  /** The index is read in the background once something asks about it, unless the start-up grace holds background work back. */
  private loadIndexUnlessDeferred(): void {
    if (!this.keeper.loadingNow && !this.deferred && !this.stopped) void this.index().then(() => this.notify(true), () => undefined);
  }

  private currentCounts(): Counts {
    return this.cache.counts(chunkerId(this.spec), this.state === 'chunking');
  }

  private setState(s: EmbedState, tell = true): void {
    this.state = s;
    if (tell) this.notify(true);
    else this.untold = true;
  }

  private notify(force = false): void {
    if (!this.opts.onStatus || this.stopped) return;
    if (this.deferred && !force) {
      this.untold = true;
      return;
    }
    this.untold = false;
    const t = performance.now();
    if (!force && t - this.lastNotify < 250) return;
    this.lastNotify = t;
    this.opts.onStatus(this.status());
  }

  /** The active model in the runner; callers meanwhile (warm, a search, the queue) share one load. */
  private ensureLoaded(): Promise<void> {
    const spec = this.spec;
    if (this.modelLoad?.spec === spec) return this.modelLoad.done;
    const done = this.loadModel(spec).finally(() => {
      if (this.modelLoad?.done === done) this.modelLoad = null;
    });
    this.modelLoad = { spec, done };
    return done;
  }

  /** Loads the model, showing loading (or downloading) meanwhile, then the state before. */
  private async loadModel(spec: ModelSpec): Promise<void> {
    if (!this.loader.embedder) throw new Error('no embedder');
    if (this.loader.isLoaded(spec)) return;
    const before = this.state;
    // Loading beside chunking (queue.ts), the state stays 'chunking' (counts refreshed once a second, not per status);
    // a download is shown (its progress is the user's wait). Untold during the start-up grace.
    if (before !== 'chunking' || spec.source.kind === 'hub') this.setState(spec.source.kind === 'hub' ? 'downloading' : 'loading', !this.deferred);
    const dim = await this.loader.load(spec, () => this.notify());
    if (spec !== this.spec) return; // switched meanwhile; the next step loads the new one
    if (!spec.dim) this.spec = { ...spec, dim };
    if (this.state === 'loading' || this.state === 'downloading') this.setState(before === 'paused' ? 'paused' : 'idle', !this.deferred);
  }
}
