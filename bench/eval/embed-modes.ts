// Vector and hybrid in `npm run eval`: the collection's engine gets the
// embedding service (bundled model, Node), and every note is embedded before
// the modes run. Embedding seekstone-10k takes about an hour on 2 cores, so
// for it the vectors of `npm run bench:vector-embed -- --full` are reused
// when present (matched by text hash, as a re-import would); without them
// only the notes the eval ranks are embedded (embed-subset.ts), unless
// --embed-all is given.
import { existsSync } from 'node:fs';
import type { Db } from '../../worker/db/database';
import { openMemoryDb, saveDb } from '../../worker/db/open-node';
import type { Engine, EngineOptions } from '../../worker/engine';
import { nodeEmbedder } from '../../worker/embed/node-embedder';
import { EmbedService } from '../../worker/embed/service';
import { EMBEDDED_DB } from '../vector-embed';
import type { Collection } from './collections';
import { plainOrMode } from './baseline';
import { copyVectors, embedSubset, SUBSET_CACHE, SUBSET_DEPTH } from './embed-subset';
import { toolMode } from './modes';
import { chunkInput } from '../../worker/embed/chunk';
import { cosine, dequantize } from '../../worker/embed/quantize';
import { sharedEmbedder } from '../../worker/embed/testing';

export const MEANING_MODES = ['vector', 'hybrid'];

export function embedOptions(): EngineOptions {
  return { embedder: nodeEmbedder({ offline: true }), background: false, embedding: { maxBatch: 64, targetBatchMs: 1000 } };
}

/**
 * Embeds the notes of a corpus for its collections; false when the vector
 * modes are skipped (with the reason on stderr). seekstone-10k: the whole
 * vault's vectors from bench:vector-embed when present, everything with
 * --embed-all, else the subset the eval ranks (embed-subset.ts).
 */
export async function prepareEmbeddings(engine: Engine, group: readonly Collection[], log: (s: string) => void): Promise<boolean> {
  const embed = engine.embed!;
  const c = group[0];
  const big = c.source.name.startsWith('seekstone') || c.source.root.includes('seekstone');
  if (big && existsSync(EMBEDDED_DB)) {
    const src = await openMemoryDb({ file: EMBEDDED_DB, migrate: false });
    try {
      const rows = src.all<{ model: string; hash: string; dim: number; scale: number; vec: Uint8Array }>('SELECT model, hash, dim, scale, vec FROM vectors');
      engine.db.tx(() => {
        for (const r of rows) engine.db.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) VALUES (?, ?, ?, ?, ?)', [r.model, r.hash, r.dim, r.scale, r.vec]);
      });
      log(`${c.source.name}: reused ${rows.length} vectors from ${EMBEDDED_DB}`);
    } finally {
      src.close();
    }
  } else if (big && !process.argv.includes('--embed-all')) {
    const t0 = performance.now();
    const s = await embedSubset(engine, group, [plainOrMode(engine), toolMode(engine, 'text', { page_size: SUBSET_DEPTH })], log);
    log(`${c.source.name}: embedded the eval's subset, ${s.notes} notes (${s.embedded} passages embedded now, ${s.reused} vectors reused from ${SUBSET_CACHE}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return true;
  }
  // Smaller corpora (Cranfield): with --reuse-import their vectors are kept too, by passage hash.
  const cache = !big && process.argv.includes('--reuse-import') ? new URL(`../out/vectors-${c.source.name}.db`, import.meta.url).pathname : null;
  if (cache && existsSync(cache)) {
    const db = await openMemoryDb({ file: cache, migrate: false });
    log(`${c.source.name}: reused ${copyVectors(db, engine.db, embed.model.id)} vectors from ${cache}`);
    db.close();
  }
  const t0 = performance.now();
  const s = await embed.runToCompletion();
  if (s.error) throw new Error(`embedding ${c.source.name} failed: ${s.error}`);
  log(`${c.source.name}: ${s.chunks_done} passages embedded (${s.chunks_unreadable} in scripts the model cannot read) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (big) await checkReused(engine, log);
  if (cache) {
    const db = await openMemoryDb();
    copyVectors(engine.db, db, embed.model.id);
    saveDb(db, cache);
    db.close();
  }
  return true;
}

/** Reused vectors must be this vault's: every readable passage has one, and a sample re-embedded now matches what is stored. */
async function checkReused(engine: Engine, log: (s: string) => void): Promise<void> {
  const embed = engine.embed!;
  const model = embed.model;
  const db = engine.db;
  const missing = Number(db.column('SELECT COUNT(*) FROM chunks c WHERE c.readable = 1 AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.hash)', [model.id])[0]);
  if (missing) throw new Error(`${missing} passages have no vector for ${model.id}`);
  const index = await embed.index();
  const notes = Number(db.column("SELECT COUNT(DISTINCT c.entry_id) FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 AND e.kind = 'note'")[0]);
  const sample = db.all<{ title: string; heading: string | null; text: string; scale: number; vec: Uint8Array }>(
    `SELECT e.title, c.heading, c.text, v.scale, v.vec FROM chunks c JOIN entries e ON e.id = c.entry_id JOIN vectors v ON v.model = ? AND v.hash = c.hash
     WHERE c.readable = 1 AND c.id % 6007 = 0 LIMIT 24`,
    [model.id],
  );
  const embedder = sharedEmbedder();
  await embedder.load(model);
  const fresh = await embedder.embed(sample.map((r) => chunkInput(r.title, r.heading, r.text)), 'passage');
  const dim = fresh.length / sample.length;
  const cos = sample.map((r, i) => cosine(fresh.subarray(i * dim, (i + 1) * dim), dequantize({ vec: new Int8Array(r.vec.buffer, r.vec.byteOffset, r.vec.byteLength), scale: r.scale })));
  const worst = Math.min(...cos);
  log(`${index.size} passages of ${index.notes} notes in the vector index (${notes} notes have readable passages); ${sample.length} sampled passages re-embedded now: cosine to the stored vector ≥ ${worst.toFixed(4)}`);
  if (index.notes !== notes || worst < 0.99) throw new Error('the reused vectors do not belong to this vault (see the line above)');
}
