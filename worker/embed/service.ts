// The embedding service the engine holds: a background queue that chunks
// notes and embeds their chunks with the active model, the in-memory vector
// index search scans, and query embedding. Its state is the database (which
// notes are chunked, which hashes have vectors, the model, paused or not), so
// a reload or a worker restart simply resumes.
import type { Db } from '../db/database';
import { writeLane } from '../db/lane';
import type { Embedder, LoadProgress } from './embedder';
import { activeModel, addModel, knownModels, setActiveModel } from './model-choice';
import { chunkerId, type ModelSpec } from './models';
import { quantizeInt8 } from './quantize';
import { IndexKeeper } from './index-keeper';
import { StatusCache } from './status-cache';
import { QueryVectors, type QueryVector } from './query-vectors';
import { describeStatus, type EmbedState, type EmbedStatus } from './status';
import {
  chunkNotes, chunksToEmbed, collectGarbage, getMeta, notesToChunk, notesWithHashes, setMeta, START, writeVectors, type Counts, type Cursor,
} from './store';
import type { VectorIndex } from './vector-index';

export type { EmbedState, EmbedStatus } from './status';

export interface EmbedServiceOptions {
  /** false: never embed on its own (after imports); only runToCompletion() embeds. The CLI uses this. */
  background?: boolean;
  /** Milliseconds one passage batch should take: short batches let queries through quickly. */
  targetBatchMs?: number;
  maxBatch?: number;
  /** Called (throttled) whenever the status changes. */
  onStatus?: (s: EmbedStatus) => void;
}

export type { QueryVector };

const META_PAUSED = 'embed.paused';
const CHUNK_SLICE = 40;
const CHUNK_SLICE_MS = 30;
/** Quiet time after a search before the next batch starts. */
const QUIET_MS = 300;

export class EmbedService {
  private spec: ModelSpec;
  private embedder: Embedder | null;
  private readonly keeper: IndexKeeper;
  private state: EmbedState;
  private error: string | null = null;
  private device: string | null = null;
  private download: EmbedStatus['download'] = null;
  private readonly cache: StatusCache;
  private running: Promise<void> | null = null;
  private generation = 0;
  private loadedId: string | null = null;
  /** Whole words of the loaded model's vocabulary (null: it did not say). */
  private vocabulary: Set<string> | null = null;
  private msPerChunk: number | null = null;
  private rate: number | null = null;
  private batch = 8;
  private readonly queries = new QueryVectors();
  private lastNotify = 0;
  private stopped = false;
  private lastActivity = -Infinity;
  private restart = false;
  private readonly holds = new Set<Promise<void>>();

  constructor(readonly db: Db, embedder: Embedder | null, private readonly opts: EmbedServiceOptions = {}) {
    this.embedder = embedder;
    this.keeper = new IndexKeeper(db);
    this.cache = new StatusCache(db);
    this.batch = Math.min(this.batch, opts.maxBatch ?? 64);
    this.spec = activeModel(db);
    this.state = embedder ? (this.paused ? 'paused' : 'idle') : 'unavailable';
  }

  get model(): ModelSpec {
    return this.spec;
  }
  get paused(): boolean {
    return getMeta(this.db, META_PAUSED) === '1';
  }
  get available(): boolean {
    return this.embedder !== null;
  }

  /** Connects (or replaces, e.g. after the embed worker restarted) the model runner. */
  setEmbedder(embedder: Embedder | null): void {
    this.embedder = embedder;
    this.loadedId = null;
    this.queries.clear();
    // A run still waiting on the old runner fails; the queue then starts again with this one.
    if (this.running) this.restart = true;
    if (!embedder) this.setState('unavailable');
    else if (this.state === 'unavailable' || this.state === 'error') {
      this.error = null;
      this.setState(this.paused ? 'paused' : 'idle');
    }
  }

  models(): ModelSpec[] {
    return knownModels(this.db);
  }

  /** Registers a model from a folder or another hub repository (replacing one of the same id). */
  addModel(spec: ModelSpec): void {
    addModel(this.db, spec);
  }

  status(): EmbedStatus {
    // How many passages have vectors is the index's size: it loads in the background first.
    const index = this.keeper.ready(this.spec.id);
    if (!index && !this.keeper.loadingNow) void this.index().then(() => this.notify(true), () => undefined);
    return describeStatus({
      spec: this.spec,
      state: this.state,
      counts: this.currentCounts(),
      embedded: index ? index.size : null,
      paused: this.paused,
      device: this.device,
      rate: this.rate,
      download: this.download,
      error: this.error,
    });
  }

  isComplete(): boolean {
    return this.status().complete;
  }

  /**
   * Whether one vault is fully embedded, though others may not be: a search
   * scoped to it can then run by meaning in full. Checked in SQL, and kept
   * for a moment, since searches come with every keystroke.
   */
  isCompleteIn(vaultId: number | undefined): boolean {
    const all = this.isComplete();
    if (all || vaultId === undefined || !this.embedder) return all;
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
    if (this.opts.background !== false) this.kick();
  }

  private kick(): void {
    if (this.running || !this.embedder || this.stopped || this.paused) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.restart) {
        this.restart = false;
        this.error = null;
        if (this.state === 'error') this.setState('idle');
        this.kick();
      }
    });
  }

  /**
   * Someone is searching: the queue holds back its next batch for a moment,
   * so on a machine with few cores the model does not compete with the
   * searches of a user who is typing.
   */
  touch(): void {
    this.lastActivity = performance.now();
  }

  /** An import is running: the queue waits for it (the user is waiting for the import; embedding can follow). */
  holdFor(work: Promise<unknown>): void {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.holds.add(done);
    void done.then(() => this.holds.delete(done));
  }

  /** Stops for good (the database is being closed or replaced). */
  stop(): void {
    this.stopped = true;
    this.generation++;
  }

  pause(): void {
    setMeta(this.db, META_PAUSED, '1');
    this.setState('paused');
  }

  resume(): void {
    setMeta(this.db, META_PAUSED, null);
    this.error = null;
    this.setState(this.embedder ? 'idle' : 'unavailable');
    this.start();
  }

  /** Switches the active model; notes are re-embedded with it in the background. */
  setModel(id: string): EmbedStatus {
    const spec = setActiveModel(this.db, id);
    if (spec.id !== this.spec.id) {
      this.spec = spec;
      this.generation++;
      this.keeper.drop();
      this.queries.clear();
      this.cache.dropCounts();
      this.rate = null;
      this.msPerChunk = null;
      this.error = null;
      if (this.state === 'error') this.setState('idle');
      this.start();
    }
    return this.status();
  }

  /** Runs the queue until every note is embedded (or it is paused or fails). */
  async whenIdle(): Promise<EmbedStatus> {
    while (this.running) await this.running;
    return this.status();
  }

  /** Embeds everything now (unless paused); for the CLI and tests. */
  async runToCompletion(): Promise<EmbedStatus> {
    this.kick();
    return this.whenIdle();
  }

  /** The vector index of the active model: loaded in the background the first time, then kept current. */
  index(): Promise<VectorIndex> {
    const dim = this.spec.dim || Number(this.db.column('SELECT dim FROM vectors WHERE model = ? LIMIT 1', [this.spec.id])[0] ?? 0) || 1;
    return this.keeper.get(this.spec.id, dim);
  }

  /** Whether the loaded model's tokenizer holds this word whole (true when it did not list its vocabulary). */
  knowsWord(word: string): boolean {
    return this.vocabulary === null || this.vocabulary.has(word.normalize('NFKC').toLowerCase());
  }

  queryVector(text: string): Promise<QueryVector> {
    return this.queries.vector(this.spec, this.embedder, () => this.ensureLoaded(), text);
  }

  // ---- internals ----

  private currentCounts(): Counts {
    return this.cache.counts(chunkerId(this.spec), this.state === 'chunking');
  }

  private setState(s: EmbedState): void {
    this.state = s;
    this.notify(true);
  }

  private notify(force = false): void {
    if (!this.opts.onStatus) return;
    const t = performance.now();
    if (!force && t - this.lastNotify < 250) return;
    this.lastNotify = t;
    this.opts.onStatus(this.status());
  }

  private async ensureLoaded(): Promise<void> {
    if (!this.embedder) throw new Error('no embedder');
    if (this.loadedId === this.spec.id) return;
    const spec = this.spec;
    const before = this.state;
    this.setState(spec.source.kind === 'hub' ? 'downloading' : 'loading');
    try {
      const info = await this.embedder.load(spec, (p: LoadProgress) => {
        if (p.phase === 'download') this.download = { ...(p.file ? { file: p.file } : {}), loaded: p.loaded, total: p.total, progress: Math.round(p.progress * 10) / 10 };
        this.notify();
      });
      if (spec !== this.spec) return; // switched meanwhile; the next step loads the new one
      this.loadedId = spec.id;
      this.device = info.device;
      this.vocabulary = info.words?.length ? new Set(info.words) : null;
      this.download = null;
      if (!spec.dim) this.spec = { ...spec, dim: info.dim };
      if (this.state === 'loading' || this.state === 'downloading') this.setState(before === 'paused' ? 'paused' : 'idle');
    } catch (e) {
      this.download = null;
      const where = spec.source.kind === 'hub' ? ' Connect to the internet once to download it, or switch back to the bundled model.' : '';
      throw new Error(`${(e as Error)?.message ?? e}${where}`);
    }
  }

  private async loop(): Promise<void> {
    const gen = () => this.generation;
    let cursor: Cursor = START;
    let rescanned = false;
    let myGen = gen();
    try {
      // Progress counts come from the index: have it loaded (in slices) before starting.
      await this.index();
      for (;;) {
        while (this.holds.size && !this.stopped) await Promise.race(this.holds);
        if (this.stopped) return;
        if (this.paused) {
          this.setState('paused');
          return;
        }
        if (myGen !== gen()) {
          myGen = gen();
          cursor = START;
          rescanned = false;
        }
        const spec = this.spec;
        const chunker = chunkerId(spec);

        const notes = notesToChunk(this.db, chunker, CHUNK_SLICE);
        if (notes.length) {
          if (this.state !== 'chunking') this.setState('chunking');
          // Small transactions, about CHUNK_SLICE_MS each, so searches run in between.
          const sliceStart = performance.now();
          let done = 0;
          while (done < notes.length && performance.now() - sliceStart < CHUNK_SLICE_MS) {
            const part = notes.slice(done, done + 8);
            await this.ownChange(part.map((n) => n.id), () => chunkNotes(this.db, part, spec, chunker));
            done += part.length;
          }
          this.notify();
          await sleep(0); // lets queued messages (searches) run between slices
          continue;
        }

        const pending = chunksToEmbed(this.db, spec.id, cursor, this.batch);
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
        while (performance.now() - this.lastActivity < QUIET_MS && !this.stopped) await sleep(QUIET_MS / 3);
        await this.ensureLoaded();
        if (myGen !== gen()) continue;
        if (this.state !== 'embedding') this.setState('embedding');

        const unique = [...new Map(pending.map((c) => [c.hash, c.input])).entries()];
        const started = performance.now();
        const flat = await this.embedder!.embed(unique.map(([, input]) => input), 'passage');
        const ms = performance.now() - started;
        if (this.stopped) return;
        if (myGen !== gen()) continue; // the model changed while this batch ran: its vectors belong to the old one
        const dim = flat.length / unique.length;
        const rows = unique.map(([hash], i) => ({ hash, ...quantizeInt8(flat.subarray(i * dim, (i + 1) * dim)) }));
        // Every note with one of these passages gains a vector, not only those in this batch (duplicates share one).
        const entries = notesWithHashes(this.db, rows.map((r) => r.hash));
        await this.ownChange(entries, () => writeVectors(this.db, spec.id, rows));
        const last = pending[pending.length - 1];
        cursor = { seq: last.seq, id: last.id };
        this.tune(ms, unique.length);
        this.notify();
      }
      this.cache.dropCounts(); // exact counts at the end (duplicate passages share one vector)
      await this.gc();
      this.setState('idle');
    } catch (e) {
      this.error = (e as Error)?.message ?? String(e);
      this.setState('error');
    }
  }

  /** A change the service makes itself, in the database's write lane; the index re-reads just these notes. */
  private async ownChange(entryIds: number[], change: () => unknown): Promise<void> {
    await writeLane(this.db).run(change);
    this.keeper.changed(entryIds);
  }

  /** Sizes the next batch so it takes about targetBatchMs, and tracks the rate. */
  private tune(ms: number, n: number): void {
    const per = ms / Math.max(1, n);
    this.msPerChunk = this.msPerChunk === null ? per : this.msPerChunk * 0.7 + per * 0.3;
    this.rate = 1000 / this.msPerChunk;
    const target = this.opts.targetBatchMs ?? 400;
    this.batch = Math.max(2, Math.min(this.opts.maxBatch ?? 64, Math.round(target / this.msPerChunk)));
  }

  /** Only once everything is embedded with the active model: until then the old model's vectors may still be wanted back. */
  private async gc(): Promise<void> {
    const c = this.currentCounts();
    const index = this.keeper.ready(this.spec.id);
    if (index && c.chunkedNotes >= c.notes && index.size >= c.chunks) await writeLane(this.db).run(() => collectGarbage(this.db, this.spec.id));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
