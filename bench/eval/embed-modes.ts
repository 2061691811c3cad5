// Vector and hybrid in `npm run eval`: the collection's engine gets the
// embedding service (bundled model, Node), and every note is embedded before
// the modes run. Embedding seekstone-10k takes about an hour on 2 cores, so
// for it the vectors of `npm run bench:vector-embed -- --full` are reused
// when present (matched by text hash, as a re-import would); without them
// only the notes the eval ranks are embedded (embed-subset.ts), unless
// --embed-all is given.
import { existsSync } from 'node:fs';
import type { Db } from '../../worker/db/database';
import { openMemoryDb } from '../../worker/db/open-node';
import type { Engine, EngineOptions } from '../../worker/engine';
import { nodeEmbedder } from '../../worker/embed/node-embedder';
import { EmbedService } from '../../worker/embed/service';
import { EMBEDDED_DB } from '../vector-embed';
import type { Collection } from './collections';
import { plainOrMode } from './baseline';
import { embedSubset, SUBSET_CACHE, SUBSET_DEPTH } from './embed-subset';
import { toolMode } from './modes';

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
  const t0 = performance.now();
  const s = await embed.runToCompletion();
  if (s.error) throw new Error(`embedding ${c.source.name} failed: ${s.error}`);
  log(`${c.source.name}: ${s.chunks_done} passages embedded (${s.chunks_unreadable} in scripts the model cannot read) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}
