// The embed worker: runs the embedding model (transformers.js over ONNX
// Runtime Web) in its own thread, so embedding never blocks searching. The
// engine worker talks to it through a MessagePort the UI hands to both.
// ONNX Runtime's wasm is served by the app itself, never from a CDN; the
// bundled model comes from the app's origin, folder models from OPFS.
import * as Comlink from 'comlink';
import cpuWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import cpuMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import gpuWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import gpuMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import type { Embedder } from './embedder';
import type { ModelSpec } from './models';
import { OPFS_MODEL_PREFIX, opfsModelResponse, saveModelFolder, deleteModelFolder, type FolderFile } from './opfs-models';
import { createTransformersEmbedder } from './transformers-embedder';
import { planThreads, threadPoolOptions, type ThreadPlan } from './threads';
import { chooseOrtBuild, devicesFor, type OrtBuild } from './ort-build';

type Transformers = typeof import('@huggingface/transformers');
let lib: Promise<Transformers> | undefined;
/** Set by a benchmark before the first load; the app never sets it. */
let requestedThreads: number | undefined;
/** Benchmarks only: whether ONNX Runtime's idle threads spin (its default). */
let spinning = true;
/** Benchmarks only: further ONNX Runtime session options (memory arena, memory pattern, execution mode). */
let extraSession: Record<string, unknown> = {};
/** Benchmarks only: which ONNX Runtime build to start (else chosen by chooseOrtBuild). */
let requestedBuild: OrtBuild | undefined;
let plan: ThreadPlan | undefined;
let build: OrtBuild = 'cpu';

const href = (url: string) => new URL(url, self.location.href).href;

/** Whether the WebGPU build's wasm can be had. The service worker keeps what it fetches (from its own copy of the body), so this copy is dropped unread. */
async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    void res.body?.cancel().catch(() => undefined);
    return res.ok;
  } catch {
    return false;
  }
}

function loadLib(): Promise<Transformers> {
  lib ??= Promise.all([
    import('@huggingface/transformers'),
    chooseOrtBuild({ requested: requestedBuild, hasWebGpu, webGpuBuildReachable: () => reachable(href(gpuWasmUrl)) }),
  ]).then(([t, chosen]) => {
    build = chosen;
    const onnx = t.env.backends.onnx;
    if (onnx.wasm) {
      onnx.wasm.wasmPaths = build === 'webgpu' ? { wasm: href(gpuWasmUrl), mjs: href(gpuMjsUrl) } : { wasm: href(cpuWasmUrl), mjs: href(cpuMjsUrl) };
      // Threads need SharedArrayBuffer, so cross-origin isolation (COOP/COEP from the host or the service worker);
      // ONNX Runtime reads the count once, when its wasm starts.
      plan = planThreads({ isolated: self.crossOriginIsolated === true, cores: navigator.hardwareConcurrency, requested: requestedThreads });
      onnx.wasm.numThreads = plan.threads;
      onnx.wasm.proxy = false;
    }
    t.env.logLevel = t.LogLevel.ERROR;
    const plainFetch = globalThis.fetch.bind(globalThis);
    t.env.fetch = (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      return url.includes(OPFS_MODEL_PREFIX) ? opfsModelResponse(url) : plainFetch(input, init);
    };
    return t;
  });
  return lib;
}

let adapter: Promise<boolean> | undefined;
function hasWebGpu(): Promise<boolean> {
  adapter ??= (async () => {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    if (!gpu) return false;
    try {
      return (await gpu.requestAdapter()) !== null;
    } catch {
      return false;
    }
  })();
  return adapter;
}

const embedder: Embedder = createTransformersEmbedder({
  lib: loadLib,
  async locate(spec, { env }) {
    switch (spec.source.kind) {
      case 'bundled':
        env.allowLocalModels = true;
        env.allowRemoteModels = false;
        // The service worker already keeps the app's files offline; no second copy in the Cache API.
        env.useBrowserCache = false;
        // A path, not a full URL: transformers.js only checks local files for paths (fetch resolves it against this origin).
        env.localModelPath = `${import.meta.env.BASE_URL}models/`;
        return spec.source.path;
      case 'hub':
        env.allowLocalModels = false;
        env.allowRemoteModels = true;
        // Downloaded once, then read from the Cache API: works offline afterwards.
        env.useBrowserCache = true;
        return spec.source.repo;
      case 'folder':
        env.allowLocalModels = true;
        env.allowRemoteModels = false;
        env.useBrowserCache = false;
        return `${OPFS_MODEL_PREFIX}${spec.source.name}`;
    }
  },
  threads: () => plan ?? { threads: 1, reason: 'not_isolated' },
  sessionOptions: () => ({ ...threadPoolOptions({ spinning }), ...extraSession }),
  async devices(spec) {
    // Only models with float weights for the GPU use it; int8 graphs run on the wasm CPU kernels.
    return devicesFor(build, !!spec.gpuDtype && (await hasWebGpu()));
  },
});

const api = {
  load: (spec: ModelSpec, onProgress?: Parameters<Embedder['load']>[1]) => embedder.load(spec, onProgress),
  async embed(texts: string[], role: 'query' | 'passage'): Promise<Float32Array> {
    const v = await embedder.embed(texts, role);
    return Comlink.transfer(v, [v.buffer as ArrayBuffer]);
  },
  tokenCounts: (texts: string[]): Promise<number[]> => embedder.tokenCounts!(texts),
  /** Benchmarks only: the thread count (and ONNX Runtime build) to use, before the first load (ONNX Runtime starts its wasm once). */
  requestThreads(n: number, spin = true, session: Record<string, unknown> = {}, ortBuild?: OrtBuild): boolean {
    if (lib) return false;
    requestedThreads = n;
    spinning = spin;
    extraSession = session;
    requestedBuild = ortBuild;
    return true;
  },
  saveModelFolder: (name: string, files: FolderFile[]) => saveModelFolder(name, files),
  deleteModelFolder: (name: string) => deleteModelFolder(name),
};

export type EmbedWorkerApi = typeof api;

// The UI sends one port per engine worker (a new one after either restarts).
self.addEventListener('message', (e: MessageEvent) => {
  if (e.data?.type === 'connect' && e.data.port instanceof MessagePort) Comlink.expose(api, e.data.port);
});
