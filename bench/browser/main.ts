// The benchmark page. Node (bench/browser/chromium.ts) calls
// window.kiokuBench.run(); corpora are fetched here, before any timing, and
// transferred to the worker without copying.
import * as Comlink from 'comlink';
import type { BenchWorkerApi } from './bench.worker';
import type { BenchRow } from './scenario';

const worker = new Worker(new URL('./bench.worker.ts', import.meta.url), { type: 'module', name: 'kioku-bench' });
const remote = Comlink.wrap<BenchWorkerApi>(worker);

async function run(name: string, corpora: string[], options: Record<string, string>): Promise<BenchRow[]> {
  const packs: Record<string, Uint8Array> = {};
  for (const c of corpora) {
    const res = await fetch(`/corpus/${encodeURIComponent(c)}`);
    if (!res.ok) throw new Error(`corpus ${c}: HTTP ${res.status}`);
    packs[c] = new Uint8Array(await res.arrayBuffer());
  }
  const buffers = Object.values(packs).map((p) => p.buffer as ArrayBuffer);
  const cpu = Comlink.proxy(async () => (window.kiokuWorkerCpu ? window.kiokuWorkerCpu() : NaN));
  const memory = Comlink.proxy(async () => (window.kiokuRendererMb ? window.kiokuRendererMb() : NaN));
  return remote.runScenario(name, Comlink.transfer(packs, buffers), options, cpu, memory);
}

declare global {
  interface Window {
    kiokuBench: { run: typeof run; scenarios(): Promise<string[]>; ready: true };
    /** Exposed by bench/browser/chromium.ts: CPU seconds of the worker threads. */
    kiokuWorkerCpu?: () => Promise<number>;
    /** Exposed by bench/browser/chromium.ts: resident MB of the renderer process running the workers. */
    kiokuRendererMb?: () => Promise<number>;
  }
}

window.kiokuBench = { run, scenarios: () => remote.scenarioNames(), ready: true };
