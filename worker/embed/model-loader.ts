// The model side of EmbedService (service.ts): the connected model runner,
// which model it has loaded (and on which device, with which vocabulary),
// download progress, and the cache of query vectors. Loading happens once
// per model; a new runner (the embed worker restarted) or another model
// starts over.
import type { Embedder, LoadedModel, LoadProgress } from './embedder';
import type { EmbedStatus } from './status';
import type { ModelSpec } from './models';
import { QueryVectors, type QueryVector } from './query-vectors';
import { startupMark } from '../platform/startup-marks';

export class ModelLoader {
  private runner: Embedder | null;
  private loadedId: string | null = null;
  private words: Set<string> | null = null;
  private readonly queries = new QueryVectors();
  /** Where the loaded model runs (e.g. "wasm") and on how many threads, as the runner reported it. */
  runtime: Pick<LoadedModel, 'device' | 'threads' | 'threadReason'> | null = null;
  /** Progress of a model download under way, for the status. */
  download: EmbedStatus['download'] = null;

  constructor(runner: Embedder | null) {
    this.runner = runner;
  }

  get embedder(): Embedder | null {
    return this.runner;
  }

  /** A new runner (or none): nothing is loaded in it yet, and cached query vectors may be of another build. */
  setEmbedder(runner: Embedder | null): void {
    this.runner = runner;
    this.loadedId = null;
    this.queries.clear();
  }

  /** The active model changed: query vectors of the old one are of no use. */
  forgetQueries(): void {
    this.queries.clear();
  }

  isLoaded(spec: ModelSpec): boolean {
    return this.loadedId === spec.id;
  }

  /**
   * Loads `spec` into the runner; returns its vector size. A failure says
   * what to do for a hub model (it must be downloaded once).
   */
  async load(spec: ModelSpec, onProgress: () => void): Promise<number> {
    if (!this.runner) throw new Error('no embedder');
    startupMark('model: load start');
    try {
      const info = await this.runner.load(spec, (p: LoadProgress) => {
        if (p.phase === 'download') this.download = { ...(p.file ? { file: p.file } : {}), loaded: p.loaded, total: p.total, progress: Math.round(p.progress * 10) / 10 };
        onProgress();
      });
      this.loadedId = spec.id;
      startupMark('model: loaded');
      this.runtime = { device: info.device, threads: info.threads, threadReason: info.threadReason };
      this.words = info.words?.length ? new Set(info.words) : null;
      return info.dim;
    } catch (e) {
      const where = spec.source.kind === 'hub' ? ' Connect to the internet once to download it, or switch back to the bundled model.' : '';
      throw new Error(`${(e as Error)?.message ?? e}${where}`);
    } finally {
      this.download = null;
    }
  }

  /** Whether the loaded model's tokenizer holds this word whole (true when it did not list its vocabulary). */
  knowsWord(word: string): boolean {
    return this.words === null || this.words.has(word.normalize('NFKC').toLowerCase());
  }

  /** The refusal or the cached vector of a query, without running the model (null: it must run). */
  knownQueryVector(spec: ModelSpec, text: string): QueryVector | null {
    return this.queries.known(spec, text);
  }

  /** The query's vector with `spec`; `ensure` loads the model first when it is not loaded. */
  queryVector(spec: ModelSpec, text: string, ensure: () => Promise<void>): Promise<QueryVector> {
    return this.queries.vector(spec, this.runner, () => (this.isLoaded(spec) ? null : ensure()), text);
  }
}
