// One factory for engine tests: a real engine over a real (in-memory) SQLite.
import { openMemoryDb } from '../db/open-node';
import { createEngine, type Engine } from '../engine';
import { memorySource } from '../ingest/source';

export async function makeEngine(): Promise<Engine> {
  return createEngine(await openMemoryDb());
}

/** An engine with one vault imported from in-memory files. */
export async function engineWith(files: Record<string, string | Uint8Array>, vault = 'test'): Promise<Engine> {
  const engine = await makeEngine();
  const summary = await engine.importSource(memorySource(vault, files));
  if (summary.phase !== 'done') throw new Error(`import failed: ${summary.error}`);
  return engine;
}

/** Throws when a tool returned an error result; returns the result otherwise. */
export function ok<T>(r: T): Exclude<T, { isError: true }> {
  if (typeof r === 'object' && r !== null && (r as { isError?: boolean }).isError) {
    throw new Error(`tool error: ${JSON.stringify(r)}`);
  }
  return r as Exclude<T, { isError: true }>;
}
