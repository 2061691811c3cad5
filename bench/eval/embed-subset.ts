// Hybrid and vector modes on seekstone-10k without embedding the whole vault
// (about an hour on 2 quiet cores, far more on a shared machine): only the
// text candidates are embedded — the top SUBSET_DEPTH of the plain-OR
// baseline and of text mode for every query of the collections being run —
// and of each only its first SUBSET_PASSAGES passages, which is what a vault
// still embedding has (the queue embeds every note's first passage before any
// note's second). Judged notes get no vectors unless they are candidates, so
// the meaning side cannot be handed the answer. The other notes have no
// vectors: hybrid ranks them by text (as for any note not embedded yet) and
// vector mode never returns them. So hybrid here is text's candidates
// re-ranked by meaning (conservative: it cannot find what text misses), and
// vector mode ranks only candidates (optimistic: fewer distractors);
// docs/benchmarks.md says so. Vectors are kept in bench/out/ by passage hash,
// so a later run embeds only new candidates.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Db } from '../../worker/db/database';
import { openMemoryDb, saveDb } from '../../worker/db/open-node';
import type { Engine } from '../../worker/engine';
import { chunkerId } from '../../worker/embed/models';
import { quantizeInt8 } from '../../worker/embed/quantize';
import type { EmbedService } from '../../worker/embed/service';
import { chunkNotes, chunksToEmbed, START, writeVectors, type PendingNote } from '../../worker/embed/store';
import { sharedEmbedder } from '../../worker/embed/testing';
import type { Collection } from './collections';
import type { RankFn } from './harness';

export const SUBSET_CACHE = new URL('../out/seekstone-subset-vectors.db', import.meta.url).pathname;
/** Candidates per query and ranking that get vectors. */
export const SUBSET_DEPTH = 10;
/** Passages embedded per candidate (from its start). */
export const SUBSET_PASSAGES = 1;

interface StoredVector {
  model: string;
  hash: string;
  dim: number;
  scale: number;
  vec: Uint8Array;
}

/** The entry ids to embed: each ranking's top SUBSET_DEPTH per query. */
async function wanted(engine: Engine, collections: readonly Collection[], rankings: readonly RankFn[]): Promise<number[]> {
  const paths = new Set<string>();
  for (const c of collections) {
    for (const q of c.queries) {
      for (const rank of rankings) for (const p of (await rank(q.text)).slice(0, SUBSET_DEPTH)) paths.add(p);
    }
  }
  return engine.db
    .all<{ id: number; path: string }>("SELECT id, path FROM entries WHERE kind = 'note'")
    .filter((r) => paths.has(r.path))
    .map((r) => r.id);
}

/** Copies one model's vectors between databases (kept by passage hash). */
export function copyVectors(from: Db, to: Db, model: string): number {
  const rows = from.all<StoredVector>('SELECT model, hash, dim, scale, vec FROM vectors WHERE model = ?', [model]);
  to.tx(() => {
    for (const r of rows) to.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) VALUES (?, ?, ?, ?, ?)', [r.model, r.hash, r.dim, r.scale, r.vec]);
  });
  return rows.length;
}

/** Chunks and embeds the subset; returns how many notes and passages have vectors. */
export async function embedSubset(engine: Engine, collections: readonly Collection[], rankings: readonly RankFn[], log: (s: string) => void): Promise<{ notes: number; embedded: number; reused: number }> {
  const embed = engine.embed!;
  const spec = embed.models().find((m) => m.id === embed.status().model.id)!;
  const ids = await wanted(engine, collections, rankings);
  const db = engine.db;
  const notes = ids.map((id) => db.get<PendingNote>('SELECT e.id, e.title, c.body FROM entries e JOIN contents c ON c.entry_id = e.id WHERE e.id = ?', [id])!);
  const chunker = chunkerId(spec);
  for (let i = 0; i < notes.length; i += 64) chunkNotes(db, notes.slice(i, i + 64), spec, chunker);

  const cache = await openMemoryDb(existsSync(SUBSET_CACHE) ? { file: SUBSET_CACHE, migrate: false } : {});
  const reused = copyVectors(cache, db, spec.id);
  const embedder = sharedEmbedder();
  await embedder.load(spec);
  let embedded = 0;
  const t0 = performance.now();
  const save = () => {
    copyVectors(db, cache, spec.id);
    mkdirSync(dirname(SUBSET_CACHE), { recursive: true });
    saveDb(cache, SUBSET_CACHE);
  };
  for (;;) {
    const pending = chunksToEmbed(db, spec.id, START, 64).filter((c) => c.seq < SUBSET_PASSAGES);
    if (!pending.length) break;
    const unique = [...new Map(pending.map((c) => [c.hash, c.input])).entries()];
    const flat = await embedder.embed(unique.map(([, input]) => input), 'passage');
    const dim = flat.length / unique.length;
    writeVectors(db, spec.id, unique.map(([hash], i) => ({ hash, ...quantizeInt8(flat.subarray(i * dim, (i + 1) * dim)) })));
    embedded += unique.length;
    if (embedded % 512 < 64) {
      log(`  ${embedded} passages embedded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      save();
    }
  }
  if (embedded) save();
  cache.close();
  return { notes: notes.length, embedded, reused };
}
