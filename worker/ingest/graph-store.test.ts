// The knowledge-graph rows of a note through real imports into real SQLite:
// assertions with their storage keys, the kg_fts rows, and that edits,
// deletions, vault removal and the 0006 migration keep them in step.
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { migrate } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations';
import { memorySource } from './source';
import { engineWith } from '../test/make-engine';
import { createEngine } from '../engine';
import type { Db } from '../db/database';

const CACHE = `---
title: Cache Layer
---
# Cache Layer

- [decision] @effective[2026-06-10,2026-07-27) The cache layer will use Redis. #cache
- [decision] @effective[2026-07-27,) The cache layer will use Memcached.
- [fact] Undated fact (from the review)
- implements [[Queue Layer]]
`;

const assertionRows = (db: Db) =>
  db.all('SELECT o.content, a.kind, a.axis, a.lo, a.hi, a.lo_inc, a.hi_inc, a.literal, a.source_text FROM assertions a JOIN observations o ON o.id = a.observation_id ORDER BY o.line');
const kgCount = (db: Db) => db.get<{ n: number }>("SELECT count(*) AS n FROM kg_fts WHERE kg_fts MATCH 'cache OR layer OR undated OR queue'")!.n;

describe('graph rows', () => {
  it('stores assertions with fixed-width keys and open ends as sort sentinels', async () => {
    const engine = await engineWith({ 'cache.md': CACHE });
    expect(assertionRows(engine.db)).toEqual([
      { content: 'The cache layer will use Redis. #cache', kind: 'effective', axis: 'date', lo: '2026-06-10', hi: '2026-07-27', lo_inc: 1, hi_inc: 0, literal: '[2026-06-10,2026-07-27)', source_text: '@effective[2026-06-10,2026-07-27)' },
      { content: 'The cache layer will use Memcached.', kind: 'effective', axis: 'date', lo: '2026-07-27', hi: '~', lo_inc: 1, hi_inc: 0, literal: '[2026-07-27,)', source_text: '@effective[2026-07-27,)' },
    ]);
  });

  it('indexes every observation and relation for text, by category, tags and context too', async () => {
    const engine = await engineWith({ 'cache.md': CACHE });
    const match = (q: string) => engine.db.column<number>('SELECT rowid FROM kg_fts WHERE kg_fts MATCH ? ORDER BY rowid', [q]);
    const obs = engine.db.column<number>('SELECT id * 2 FROM observations ORDER BY line');
    const rel = engine.db.column<number>("SELECT id * 2 + 1 FROM relations WHERE type = 'implements'");
    expect(match('memcached')).toEqual([obs[1]]);
    expect(match('label:decision')).toEqual([obs[0], obs[1]]);
    expect(match('tags:cache')).toEqual([obs[0]]);
    expect(match('review')).toEqual([obs[2]]);
    expect(match('implements')).toEqual(rel);
    expect(match('note:cache')).toEqual(rel);
  });

  it('replaces the rows when the note changes and removes them with the note and the vault', async () => {
    const engine = await engineWith({ 'cache.md': CACHE, 'other.md': '- [fact] @2026 other layer' });
    expect(kgCount(engine.db)).toBe(5);
    await engine.importSource(memorySource('test', { 'cache.md': CACHE.replace('Redis', 'Valkey'), 'other.md': '- [fact] @2026 other layer' }));
    expect(engine.db.column('SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?', ['redis'])).toEqual([]);
    expect(engine.db.column('SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?', ['valkey'])).toHaveLength(1);
    expect(assertionRows(engine.db)).toHaveLength(3);
    expect(kgCount(engine.db)).toBe(5);

    await engine.importSource(memorySource('test', { 'other.md': '- [fact] @2026 other layer' }));
    expect(kgCount(engine.db)).toBe(1);
    expect(assertionRows(engine.db)).toHaveLength(1);

    await engine.removeVault('test');
    expect(engine.db.get<{ n: number }>("SELECT count(*) AS n FROM kg_fts WHERE kg_fts MATCH 'layer'")!.n).toBe(0);
    expect(engine.db.get<{ n: number }>('SELECT count(*) AS n FROM assertions')!.n).toBe(0);
  });

  it('a database from version 5 is re-read when it opens: qualifiers peeled, assertions, index rows and problems', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 6));
    // As version 4 stored them: the qualifier inside the content, no assertions.
    const vault = db.run("INSERT INTO vaults (name, created_at) VALUES ('old', 1)").lastId;
    const text = CACHE + '- [decision] @effective[2026-08-01,2026-07-01) Backwards\n';
    const head = '---\ntitle: Cache Layer\n---\n';
    const id = db.run("INSERT INTO entries (vault_id, path, folder, name, ext, kind, size, mtime, hash, title) VALUES (?, 'cache.md', '', 'cache.md', 'md', 'note', 1, 1, 'h', 'Cache Layer')", [vault]).lastId;
    db.run('INSERT INTO contents (entry_id, head, body) VALUES (?, ?, ?)', [id, head, text.slice(head.length)]);
    db.run("INSERT INTO observations (entry_id, line, category, content, tags) VALUES (?, 6, 'decision', '@effective[2026-06-10,2026-07-27) The cache layer will use Redis.', '[]')", [id]);

    migrate(db);
    // Migrations change tables only; the re-read of stored notes runs when the engine opens the database.
    expect(db.column('SELECT count(*) FROM assertions')).toEqual([0]);
    createEngine(db);
    expect(db.column('SELECT content FROM observations ORDER BY line')).toEqual([
      'The cache layer will use Redis. #cache', 'The cache layer will use Memcached.', 'Undated fact', '@effective[2026-08-01,2026-07-01) Backwards',
    ]);
    expect(assertionRows(db).map((r) => (r as { literal: string }).literal)).toEqual(['[2026-06-10,2026-07-27)', '[2026-07-27,)']);
    expect(db.column("SELECT rowid FROM kg_fts WHERE kg_fts MATCH 'memcached'")).toHaveLength(1);
    expect(db.all('SELECT code, line FROM problems')).toEqual([{ code: 'temporal_qualifier_refused', line: 10 }]);
  });
});
