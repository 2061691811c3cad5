// bench/out/seekstone-synthetic.db: seekstone-10k imported and chunked in
// Node, every passage given a synthetic vector (bench/hybrid-stages.ts), for
// benchmarks that need a fully "embedded" vault before the real one
// (npm run bench:vector-embed -- --full, hours) exists. Built on demand by
// bench/first-result.ts.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openMemoryDb, saveDb } from '../worker/db/open-node';
import { createEngine } from '../worker/engine';
import { chunkerId } from '../worker/embed/models';
import { chunkNotes, notesToChunk } from '../worker/embed/store';
import { nodeSource } from '../worker/ingest/walk-node';
import { clusterCenters, syntheticEmbedder, writeSyntheticVectors } from './hybrid-stages';
import { SEEKSTONE } from './vector-embed';

export async function buildSyntheticDb(file: string): Promise<void> {
  const db = await openMemoryDb();
  const centers = clusterCenters(512);
  const engine = createEngine(db, { embedder: syntheticEmbedder(512, centers, () => undefined), background: false });
  const embed = engine.embed!;
  embed.pause();
  await engine.importSource(nodeSource(SEEKSTONE, 'seekstone'));
  const spec = embed.model;
  const chunker = chunkerId(spec);
  for (let notes = notesToChunk(db, chunker, 200); notes.length; notes = notesToChunk(db, chunker, 200)) chunkNotes(db, notes, spec, chunker);
  writeSyntheticVectors(db, spec.id, 512, centers);
  embed.resume();
  mkdirSync(dirname(file), { recursive: true });
  saveDb(db, file);
  db.close();
}
