// A second model runner for the background queue (queue.ts): on 2 cores the
// app runs the model on one thread so a core stays free for the page and the
// engine; while the user neither types nor searches, that core can embed
// too. Two runners of one thread each embed more passages per second than
// one runner on two threads (docs/benchmarks.md, "Two embed workers"). The
// runner is opened only when the queue wants it, loaded with the active
// model, and given back (its memory with it) once it has not been used for a
// while or the queue is done.
import type { Embedder } from './embedder';
import type { ModelSpec } from './models';

/** Where a second runner comes from: the page starts a second embed worker; Node, a second embedder. */
export interface SpareSource {
  open(): Promise<Embedder>;
  /** Ends the runner open() gave (the embed worker is terminated). */
  close(runner: Embedder): void;
}

/** After this long unused, the second runner is given back. */
export const SPARE_IDLE_MS = 30_000;

export class SpareRunner {
  private runner: Embedder | null = null;
  private loadedId: string | null = null;
  /** The load in flight, so a second ready() (the queue warming it, then taking batches) waits for it instead of loading again. */
  private loading: { id: string; done: Promise<void> } | null = null;
  private opening: Promise<Embedder | null> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** A runner that failed to open or load is not tried again until the next connect (it would fail the same way). */
  private broken = false;
  private failures = 0;
  /** Moves on every close(): a runner that finishes opening after one is given straight back. */
  private epoch = 0;

  constructor(private readonly source: SpareSource, private readonly idleMs = SPARE_IDLE_MS) {}

  /** Whether a runner is open now (for the status). */
  get isOpen(): boolean {
    return this.runner !== null;
  }

  /** The second runner with `spec` loaded, opened if need be; null if it cannot be had. */
  async ready(spec: ModelSpec): Promise<Embedder | null> {
    if (this.broken) return null;
    this.holdOpen();
    const epoch = this.epoch;
    try {
      const runner = this.runner ?? (await (this.opening ??= this.open()));
      if (!runner) return null;
      if (this.loadedId !== spec.id) {
        if (this.loading?.id !== spec.id) {
          const done = runner.load(spec).then(() => undefined);
          this.loading = { id: spec.id, done };
        }
        await this.loading.done;
        // Ended while it loaded: a runner given back is not used.
        if (this.epoch !== epoch) return null;
        this.loading = null;
        this.loadedId = spec.id;
      }
      return runner;
    } catch {
      // Ended meanwhile (interrupt, close): not a broken runner.
      if (this.epoch !== epoch) return null;
      this.broken = true;
      this.close();
      return null;
    }
  }

  /** The runner failed a batch (its worker died): it is closed; a later ready() opens a new one, once. */
  failed(): void {
    this.broken = ++this.failures >= 2;
    this.close();
  }

  /** How many times a runner was given back: a batch that fails after one was ended on purpose, not by a broken runner. */
  get openings(): number {
    return this.epoch;
  }

  /** The user is back: a runner open or opening is ended now, so its core (batch or model load) is the page's again; not a failure. */
  interrupt(): void {
    if (this.runner || this.opening) this.close();
  }

  /** Not needed for now: given back after idleMs unless used again. */
  idle(): void {
    this.holdOpen();
    if (this.runner || this.opening) this.idleTimer = setTimeout(() => this.close(), this.idleMs);
  }

  /** Given back now (the queue is done, stopped, or the runner failed). */
  close(): void {
    this.holdOpen();
    const runner = this.runner;
    this.runner = null;
    this.loadedId = null;
    this.loading = null;
    this.opening = null;
    this.epoch++;
    if (runner) this.source.close(runner);
  }

  private holdOpen(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async open(): Promise<Embedder | null> {
    const epoch = this.epoch;
    const runner = await this.source.open();
    // Closed while it opened: give it straight back.
    if (this.epoch !== epoch) {
      this.source.close(runner);
      return null;
    }
    this.opening = null;
    this.runner = runner;
    return runner;
  }
}
