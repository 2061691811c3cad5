// performance.measureUserAgentSpecificMemory() in a cross-origin-isolated
// page, split by who holds the bytes: the embed worker's own scope, memory
// Chromium reports as shared between threads, and the whole page. Chromium only.
import type { Page } from '@playwright/test';

export interface UaMemory {
  /** Bytes attributed to the embed worker's scope (embed.worker*.js), MB. */
  embedWorkerMb: number;
  /** Bytes of type "Shared" (SharedArrayBuffers, e.g. a threaded wasm memory), MB. */
  sharedMb: number;
  /** Everything measured: the page, every worker, shared memory, MB. */
  totalMb: number;
}

interface Breakdown {
  bytes: number;
  types: string[];
  attribution: { url: string; scope: string }[];
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

export function splitMemory(breakdown: readonly Breakdown[]): UaMemory {
  let embed = 0;
  let shared = 0;
  let total = 0;
  for (const b of breakdown) {
    total += b.bytes;
    if (b.types.includes('Shared')) shared += b.bytes;
    else if (b.attribution.some((a) => /\/embed\.worker[^/]*\.js/.test(a.url))) embed += b.bytes;
  }
  return { embedWorkerMb: mb(embed), sharedMb: mb(shared), totalMb: mb(total) };
}

export async function memoryOf(page: Page): Promise<UaMemory> {
  const breakdown = (await page.evaluate('performance.measureUserAgentSpecificMemory().then((r) => r.breakdown)')) as Breakdown[];
  return splitMemory(breakdown);
}
