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
  const uaMemory = Comlink.proxy(embedWorkerMemory);
  return remote.runScenario(name, Comlink.transfer(packs, buffers), options, cpu, memory, uaMemory);
}

/** What performance.measureUserAgentSpecificMemory() attributes to embed workers, and what it calls shared; NaN outside an isolated page. */
async function embedWorkerMemory(): Promise<{ embedMb: number; sharedMb: number }> {
  const measure = (performance as Performance & { measureUserAgentSpecificMemory?: () => Promise<{ breakdown: { bytes: number; types: string[]; attribution: { url: string }[] }[] }> }).measureUserAgentSpecificMemory;
  if (!crossOriginIsolated || !measure) return { embedMb: NaN, sharedMb: NaN };
  let embed = 0;
  let shared = 0;
  for (const b of (await measure.call(performance)).breakdown) {
    if (b.types.includes('Shared')) shared += b.bytes;
    else if (b.attribution.some((a) => /\/embed\.worker[^/]*\.js/.test(a.url))) embed += b.bytes;
  }
  return { embedMb: Math.round(embed / 1e5) / 10, sharedMb: Math.round(shared / 1e5) / 10 };
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
