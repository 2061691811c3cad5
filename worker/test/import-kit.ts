// What the import tests share: folders written for one test and removed
// after it, and short questions to ask an engine about what it imported.
import { afterEach, expect } from 'vitest';
import type { Engine } from '../engine';
import type { ImportSource } from '../ingest/source';
import { makeEngine, ok } from './make-engine';
import { removeTree, writeTree } from './fixtures';

/** A writer of temporary folders, each removed after the test that wrote it. */
export function useTrees(): (files: Record<string, string | Uint8Array>, name?: string) => string {
  const trees: string[] = [];
  afterEach(() => {
    for (const t of trees.splice(0)) removeTree(t);
  });
  return (files, name = 'vault') => {
    const root = writeTree(files, name);
    trees.push(root);
    return root;
  };
}

/** The paths of every entry (of one vault), sorted. */
export async function paths(engine: Engine, vault?: string): Promise<string[]> {
  const sql = vault
    ? 'SELECT e.path FROM entries e JOIN vaults v ON v.id = e.vault_id WHERE v.name = ? ORDER BY e.path'
    : 'SELECT path FROM entries ORDER BY path';
  return engine.db.column<string>(sql, vault ? [vault] : []);
}

/** The paths a text search finds, sorted. */
export async function found(engine: Engine, query: string): Promise<string[]> {
  const r = ok(await engine.call('search', { query, page_size: 100 })) as { results: { path: string }[] };
  return r.results.map((h) => h.path).sort();
}

/** An engine whose database is a clean import of `source` (for comparisons). */
export async function cleanImport(source: ImportSource): Promise<Engine> {
  const engine = await makeEngine();
  const s = await engine.importSource(source);
  expect(s.phase).toBe('done');
  return engine;
}
