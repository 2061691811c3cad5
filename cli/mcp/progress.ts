// notifications/progress for one tool call, when the client sent a progress
// token: while the call waits for the start-up import (files read of files
// found) and while it runs during the start-up embedding (passages embedded of
// all; embedding never makes a call wait, search ranks by text meanwhile).
// The protocol wants the progress value to grow with each notification, so a
// value that does not is not sent, and a call that waited for the import and
// then runs during the embedding counts on from where the import stopped.

export interface Progress {
  done: number;
  total: number;
  message: string;
}

export type ProgressSource = () => Progress | null;

type Notify = (n: { method: 'notifications/progress'; params: { progressToken: string | number; progress: number; total?: number; message?: string } }) => Promise<void>;

const EVERY_MS = 250;

export class CallProgress {
  private last = -Infinity;
  /** Added to the current phase's values (0, or past the previous phase's last value). */
  private base = 0;
  constructor(
    private readonly token: string | number | undefined,
    private readonly notify: Notify,
  ) {}

  get wanted(): boolean {
    return this.token !== undefined;
  }

  send(p: Progress | null): void {
    if (!p || this.token === undefined) return;
    const progress = this.base + p.done;
    if (!(progress > this.last)) return;
    this.last = progress;
    void this.notify({ method: 'notifications/progress', params: { progressToken: this.token, progress, ...(p.total > 0 ? { total: this.base + p.total } : {}), message: p.message } }).catch(() => undefined);
  }

  /** Reports from source now and every 250 ms until stop is called. */
  follow(source: ProgressSource | undefined): () => void {
    if (!this.wanted || !source) return () => undefined;
    this.base = this.last === -Infinity ? 0 : this.last + 1;
    this.send(source());
    const timer = setInterval(() => this.send(source()), EVERY_MS);
    return () => clearInterval(timer);
  }
}

/** Waits for the import (or the call's cancellation), reporting its progress meanwhile. */
export async function waitForImport(ready: Promise<void>, signal: AbortSignal, progress: CallProgress, source: ProgressSource | undefined): Promise<void> {
  let settled = false;
  void ready.then(
    () => (settled = true),
    () => (settled = true),
  );
  await Promise.resolve();
  if (settled || !progress.wanted) return ready;
  const stop = progress.follow(source);
  try {
    await Promise.race([ready, new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }))]);
  } finally {
    stop();
  }
}
