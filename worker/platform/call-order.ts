// The order the engine worker starts the calls that reach it. A call's first
// part runs synchronously (SQLite is synchronous), so calls that arrive while
// one runs wait in arrival order. Right after the app opens, the page sends
// its bookkeeping calls (tags, vaults, embed_status…), 100–200 ms each on a
// cold database, and a query typed then waited behind all of them.
//
// Calls now start through this queue: after each start one task is let by,
// so the calls that arrived meanwhile are queued, then the next is chosen. A
// search goes before the calls queued ahead of it that change nothing it
// reads; any other call, and a search behind a write, keeps its place.

export interface CallRules {
  /** The user waits on this call (a search). */
  urgent(tool: string): boolean;
  /** An urgent call may start before this one (it changes nothing a search reads). */
  passable(tool: string): boolean;
}

interface Waiting {
  tool: string;
  start(): void;
}

export class CallOrder {
  private readonly queue: Waiting[] = [];
  private choosing = false;

  /** `hop` runs its argument in a later task (after messages that arrived before it). */
  constructor(
    private readonly rules: CallRules,
    private readonly hop: (next: () => void) => void,
  ) {}

  /** Starts `work` now if nothing else is starting, else when its turn comes; its answer either way. */
  run<T>(tool: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        tool,
        start: () => {
          try {
            work().then(resolve, reject);
          } catch (e) {
            reject(e);
          }
        },
      });
      if (!this.choosing) this.startNext();
    });
  }

  private startNext(): void {
    const i = nextCall(this.queue.map((w) => w.tool), this.rules);
    if (i < 0) {
      this.choosing = false;
      return;
    }
    this.choosing = true;
    const [call] = this.queue.splice(i, 1);
    call.start();
    this.hop(() => this.startNext());
  }
}

/** Which queued call starts next (-1: none): the first urgent one with only passable calls before it, else the oldest. */
export function nextCall(queued: readonly string[], rules: CallRules): number {
  if (!queued.length) return -1;
  for (let i = 0; i < queued.length; i++) {
    if (rules.urgent(queued[i])) return i;
    if (!rules.passable(queued[i])) break;
  }
  return 0;
}

/** A hop through a message channel: after the messages already waiting for the worker, without a timer's clamping. */
export function messageHop(): (next: () => void) => void {
  const channel = new MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  // Node (the engine host in tests): a listening port would keep the process alive.
  (channel.port1 as { unref?: () => void }).unref?.();
  return (next) => {
    waiting.push(next);
    channel.port2.postMessage(0);
  };
}
