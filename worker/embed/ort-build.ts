// Which of ONNX Runtime Web's wasm builds the embed worker starts. Both run
// the same CPU kernels; the asyncify build (27 MB) also carries the WebGPU
// backend, but in the app on a 2-core machine it started the model seconds
// later and embedded slower than the plain SIMD-threaded build (14 MB)
// (docs/benchmarks.md, "ONNX Runtime's two builds"). ONNX Runtime starts its
// wasm once per worker, so the choice is made once, before the first model:
// the WebGPU build only where a WebGPU adapter exists and its file can be
// had (it is not precached: a machine without an adapter never needs it).

export type OrtBuild = 'cpu' | 'webgpu';

export interface OrtBuildEnv {
  /** A benchmark's choice; the app never sets it. */
  requested?: OrtBuild;
  /** Whether the browser offers a WebGPU adapter. */
  hasWebGpu(): Promise<boolean>;
  /** Whether the WebGPU build's wasm can be fetched (from the network or the service worker's cache). */
  webGpuBuildReachable(): Promise<boolean>;
}

export async function chooseOrtBuild(env: OrtBuildEnv): Promise<OrtBuild> {
  if (env.requested) return env.requested;
  if (!(await env.hasWebGpu())) return 'cpu';
  // Offline before the WebGPU build was ever fetched: the CPU build, precached, still embeds.
  return (await env.webGpuBuildReachable()) ? 'webgpu' : 'cpu';
}

/** The devices a model may try, best first, on the build the worker started. */
export function devicesFor(build: OrtBuild, wantsGpu: boolean): ('webgpu' | 'wasm')[] {
  return build === 'webgpu' && wantsGpu ? ['webgpu', 'wasm'] : ['wasm'];
}
