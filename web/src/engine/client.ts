// The UI's only way into the engine: a comlink proxy over the worker, and a
// typed call() over the tool contract (worker/contract.ts, the one module of
// the engine the UI imports). The UI also starts the embed worker (the model
// runs there, so embedding never blocks searching) and hands the engine
// worker a MessagePort to it; if the embed worker dies it is restarted.
// Start-up (creating the worker, the tab lock, open) is in boot.ts.
import * as Comlink from 'comlink';
import type { EmbedStatus, EngineApi, ImportProgress, ToolArgs, ToolErrorResult, ToolName, ToolOutput } from '../../../worker/contract';

export type { OpenState, ImportProgress, ImportSummary, ToolErrorResult, EmbedStatus } from '../../../worker/contract';

let remote: Comlink.Remote<EngineApi> | undefined;
let workerFailure: Promise<string> | undefined;
let embedWorker: Worker | undefined;
let spareWorker: Worker | undefined;
let embedRestarts = 0;

export function engineApi(): Comlink.Remote<EngineApi> {
  if (!remote) {
    performance.mark('page: engine worker created');
    const worker = new Worker(new URL('../../../worker/entry.worker.ts', import.meta.url), { type: 'module', name: 'kioku-engine' });
    // A worker whose script cannot load or run answers nothing: comlink calls would wait forever.
    workerFailure = new Promise((resolve) => worker.addEventListener('error', (e) => resolve((e as ErrorEvent).message ?? ''), { once: true }));
    remote = Comlink.wrap<EngineApi>(worker);
    // Automation hook, as kiokuImportHandle: bench:first-result reads where start-up spent its time.
    (globalThis as { kiokuStartupMarks?: unknown }).kiokuStartupMarks = startupMarks;
  }
  return remote;
}

/** Resolves (with the browser's message, often empty) if the engine worker reports an error, e.g. its script failed to load. */
export function engineWorkerFailure(): Promise<string> {
  engineApi();
  return workerFailure!;
}

/** Starts the embed worker and connects it to the engine, once (only a tab that owns the database needs it). */
export function startEmbedding(): void {
  if (!embedWorker) startEmbedWorker(engineApi());
}

/** A new embed worker and the port the engine talks to it through. */
function newEmbedWorker(): { worker: Worker; port: MessagePort } {
  const worker = new Worker(new URL('../../../worker/embed/embed.worker.ts', import.meta.url), { type: 'module', name: 'kioku-embed' });
  const channel = new MessageChannel();
  worker.postMessage({ type: 'connect', port: channel.port1 }, [channel.port1]);
  return { worker, port: channel.port2 };
}

/** A second embed worker, started when the engine asks (the user is quiet and a core is idle) and ended when it is done with it. */
const spareEmbedWorker = {
  open(): MessagePort {
    spareWorker?.terminate();
    const { worker, port } = newEmbedWorker();
    spareWorker = worker;
    // Crashed (e.g. out of memory): the engine fails its batch and embeds on with the first worker.
    worker.addEventListener('error', () => {
      worker.terminate();
      if (spareWorker === worker) spareWorker = undefined;
      void engineApi().spareEmbedderFailed();
    });
    return Comlink.transfer(port, [port]);
  },
  close(): void {
    spareWorker?.terminate();
    spareWorker = undefined;
  },
};

function startEmbedWorker(engine: Comlink.Remote<EngineApi>): void {
  const { worker, port } = newEmbedWorker();
  embedWorker = worker;
  void engine.connectEmbedder(Comlink.transfer(port, [port]), Comlink.proxy(spareEmbedWorker));
  embedWorker.addEventListener('error', () => {
    // A crashed model runner (e.g. out of memory) comes back; the queue resumes from the database.
    embedWorker?.terminate();
    if (embedRestarts++ < 3) startEmbedWorker(engine);
  });
}

/**
 * Every start-up mark, the page's and the engine worker's, in ms from this page's time origin
 * (bench:first-result reads it through window.kiokuStartupMarks).
 */
export async function startupMarks(): Promise<{ name: string; t: number }[]> {
  const page = performance.getEntriesByType('mark').map((m) => ({ name: m.name, t: m.startTime }));
  const worker = (await engineApi().startupMarks()).map((m) => ({ name: `worker: ${m.name}`, t: m.at - performance.timeOrigin }));
  return [...page, ...worker].sort((a, b) => a.t - b.t);
}

export function isToolError(v: unknown): v is ToolErrorResult {
  return typeof v === 'object' && v !== null && (v as { isError?: unknown }).isError === true;
}

/** Arguments may be left out only when the tool has no required one. */
type ArgsOf<N extends ToolName> = Record<string, never> extends ToolArgs<N> ? [args?: ToolArgs<N>] : [args: ToolArgs<N>];

/** Calls a tool; the engine answers its result or a tool error, never throws. */
export async function call<N extends ToolName>(name: N, ...[args]: ArgsOf<N>): Promise<ToolOutput<N> | ToolErrorResult> {
  // The first call of each tool is marked (sent, answered): what start-up asks the engine for, and in what order.
  const first = !calledOnce.has(name);
  if (first) calledOnce.add(name), performance.mark(`page: ${name} sent`);
  const r = (await engineApi().call(name, args ?? {})) as ToolOutput<N> | ToolErrorResult;
  if (first) performance.mark(`page: ${name} answered${name === 'search' && !isToolError(r) ? ` (${(r as { mode?: string }).mode})` : ''}`);
  return r;
}
const calledOnce = new Set<string>();

/** Wraps a progress callback so it can cross the worker boundary. */
export function progressProxy(fn: (p: ImportProgress) => void): (p: ImportProgress) => void {
  return Comlink.proxy(fn);
}

/** Tells the engine the user is typing: background embedding waits until they stop (worker/embed/queue.ts). */
export function userTyping(): void {
  void engineApi().userTyping();
}

/** Follows the background embedding; returns a function that stops following. */
export function watchEmbedding(fn: (s: EmbedStatus) => void): () => void {
  const api = engineApi();
  void api.embedStatus().then((s) => s && fn(s));
  const token = api.onEmbedStatus(Comlink.proxy(fn));
  return () => void token.then((id) => api.offEmbedStatus(id));
}
