// The whole seekstone-10k vault's vectors (bench/out/seekstone-embedded.db,
// from npm run bench:vector-embed -- --full) packed into one file for the
// Chromium benchmarks, which hand it in as the corpus `seekstone-vectors`.
// Node only. Repacked when the database is newer than the pack.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { openMemoryDb } from '../../worker/db/open-node';
import { EMBEDDED_DB } from '../vector-embed';
import type { StoredVector } from '../vector-measure';
import { packVectors } from '../vector-pack';

export const VECTORS_DIR = new URL('../out/seekstone-vectors/', import.meta.url).pathname;

/** The folder holding the packed vectors, or null when the embedded vault does not exist. */
export async function packedVectors(): Promise<string | null> {
  if (!existsSync(EMBEDDED_DB)) return null;
  const file = `${VECTORS_DIR}vectors.bin`;
  if (existsSync(file) && statSync(file).mtimeMs > statSync(EMBEDDED_DB).mtimeMs) return VECTORS_DIR;
  const src = await openMemoryDb({ file: EMBEDDED_DB, migrate: false });
  try {
    mkdirSync(VECTORS_DIR, { recursive: true });
    writeFileSync(file, packVectors(src.all<StoredVector>('SELECT model, hash, dim, scale, vec FROM vectors')));
  } finally {
    src.close();
  }
  return VECTORS_DIR;
}
