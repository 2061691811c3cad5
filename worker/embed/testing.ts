// Test and benchmark helpers: a real engine over real SQLite with the real
// embedding model (the bundled int8 USE-lite from public/models).
import { openMemoryDb } from '../db/open-node';
import type { Db } from '../db/database';
import { createEngine, type Engine } from '../engine';
import { memorySource } from '../ingest/source';
import type { Embedder } from './embedder';
import { nodeEmbedder, type NodeEmbedderOptions } from './node-embedder';
import type { EmbedService, EmbedServiceOptions } from './service';

let shared: Embedder | undefined;

/** One embedder per test process: loading the model costs ~0.2 s. */
export function sharedEmbedder(): Embedder {
  shared ??= nodeEmbedder({ offline: true });
  return shared;
}

export interface EmbedEngine extends Engine {
  embed: EmbedService;
}

export function engineOn(db: Db, opts: { embedder?: Embedder | null; service?: EmbedServiceOptions } = {}): EmbedEngine {
  const { background, ...embedding } = opts.service ?? {};
  const engine = createEngine(db, { embedder: opts.embedder === undefined ? sharedEmbedder() : opts.embedder, background, embedding });
  return engine as EmbedEngine;
}

/** Waits for the import (and the embedding it starts in the background) to finish. */
export async function settle(engine: EmbedEngine) {
  await engine.idle();
  return engine.embed.whenIdle();
}

/** An engine with one vault imported and (unless told otherwise) fully embedded. */
export async function embeddedEngine(
  files: Record<string, string>,
  opts: { vault?: string; embed?: boolean; embedder?: Embedder | null; service?: EmbedServiceOptions; node?: NodeEmbedderOptions } = {},
): Promise<EmbedEngine> {
  const engine = engineOn(await openMemoryDb(), { embedder: opts.embedder, service: opts.service });
  const summary = await engine.importSource(memorySource(opts.vault ?? 'test', files));
  if (summary.phase !== 'done') throw new Error(`import failed: ${summary.error}`);
  if (opts.embed !== false) {
    const status = await engine.embed.runToCompletion();
    if (status.error) throw new Error(`embedding failed: ${status.error}`);
  }
  return engine;
}
