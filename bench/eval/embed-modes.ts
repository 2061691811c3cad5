// Vector and hybrid in `npm run eval`: the collection's engine gets the
// embedding service (bundled model, Node), and every note is embedded before
// the modes run. Embedding seekstone-10k takes about an hour on 2 cores, so
// for it the vectors of `npm run bench:vector-embed -- --full` are reused
// when present (matched by text hash, as a re-import would); without them the
// vector modes skip that collection unless --embed-all is given.
import { existsSync } from 'node:fs';
import type { Db } from '../../worker/db/database';
import { openMemoryDb } from '../../worker/db/open-node';
import type { Engine } from '../../worker/engine';
import { nodeEmbedder } from '../../worker/embed/node-embedder';
import { EmbedService } from '../../worker/embed/service';
import { EMBEDDED_DB } from '../vector-embed';
import type { Collection } from './collections';

export const MEANING_MODES = ['vector', 'hybrid'];

export function embedServices(db: Db): { embed: EmbedService } {
  return { embed: new EmbedService(db, nodeEmbedder({ offline: true }), { background: false, maxBatch: 64, targetBatchMs: 1000 }) };
}

/** Embeds the collection's notes; false when it is skipped (with the reason on stderr). */
export async function prepareEmbeddings(engine: Engine, c: Collection, log: (s: string) => void): Promise<boolean> {
  const embed = engine.ctx.services.embed as EmbedService;
  const big = c.source.name === 'seekstone' || c.source.root.includes('seekstone');
  if (big && existsSync(EMBEDDED_DB)) {
    const src = await openMemoryDb({ file: EMBEDDED_DB, migrate: false });
    try {
      const rows = src.all<{ model: string; hash: string; dim: number; scale: number; vec: Uint8Array }>('SELECT model, hash, dim, scale, vec FROM vectors');
      engine.db.tx(() => {
        for (const r of rows) engine.db.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) VALUES (?, ?, ?, ?, ?)', [r.model, r.hash, r.dim, r.scale, r.vec]);
      });
      log(`${c.name}: reused ${rows.length} vectors from ${EMBEDDED_DB}`);
    } finally {
      src.close();
    }
  } else if (big && !process.argv.includes('--embed-all')) {
    log(`${c.name}: vector and hybrid skipped (embedding seekstone takes about an hour; run npm run bench:vector-embed -- --full first, or pass --embed-all)`);
    return false;
  }
  const t0 = performance.now();
  const s = await embed.runToCompletion();
  if (s.error) throw new Error(`embedding ${c.name} failed: ${s.error}`);
  log(`${c.name}: ${s.chunks_done} passages embedded (${s.chunks_unreadable} in scripts the model cannot read) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}
