// Which ONNX Runtime build the embed worker starts. The browser's side (an
// adapter, the file's fetch) is given as functions: this machine has no
// WebGPU adapter, so e2e/semantic.spec.ts checks the CPU build in Chromium.
import { describe, expect, it } from 'vitest';
import { chooseOrtBuild, devicesFor } from './ort-build';

const env = (gpu: boolean, reachable: boolean, requested?: 'cpu' | 'webgpu') => {
  const asked: string[] = [];
  return {
    asked,
    requested,
    hasWebGpu: async () => (asked.push('adapter'), gpu),
    webGpuBuildReachable: async () => (asked.push('fetch'), reachable),
  };
};

describe('chooseOrtBuild', () => {
  it('starts the CPU build where no WebGPU adapter exists, without fetching the WebGPU build', async () => {
    const e = env(false, true);
    expect(await chooseOrtBuild(e)).toBe('cpu');
    expect(e.asked).toEqual(['adapter']);
  });

  it('starts the WebGPU build where an adapter exists and its file can be had', async () => {
    expect(await chooseOrtBuild(env(true, true))).toBe('webgpu');
  });

  it('falls back to the precached CPU build when the WebGPU build cannot be fetched (offline, never fetched)', async () => {
    const e = env(true, false);
    expect(await chooseOrtBuild(e)).toBe('cpu');
    expect(e.asked).toEqual(['adapter', 'fetch']);
  });

  it("keeps a benchmark's choice without asking the browser", async () => {
    const e = env(true, true, 'cpu');
    expect(await chooseOrtBuild(e)).toBe('cpu');
    expect(e.asked).toEqual([]);
  });
});

describe('devicesFor', () => {
  it('offers WebGPU only on the WebGPU build, to a model that wants it', () => {
    expect(devicesFor('webgpu', true)).toEqual(['webgpu', 'wasm']);
    expect(devicesFor('webgpu', false)).toEqual(['wasm']);
    // The CPU build has no WebGPU backend: a GPU model runs on the wasm kernels.
    expect(devicesFor('cpu', true)).toEqual(['wasm']);
  });
});
