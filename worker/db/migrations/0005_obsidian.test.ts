// Migration 5 re-reads notes stored by an earlier version: their inline #tags
// and Dataview fields become filterable and their frontmatter values
// searchable, without importing the folder again.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { ok } from '../../test/make-engine';
import { openMemoryDb } from '../open-node';
import { migrate, schemaVersion } from '../migrate';
import { MIGRATIONS } from './index';

describe('migration 0005_obsidian', () => {
  it('derives inline tags and fields, and indexes frontmatter text, for notes stored before it', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 5));
    expect(schemaVersion(db)).toBe(4);
    // What version 4 stored for one note (its import read frontmatter tags only).
    const head = '---\nauthor: Dora\ntags: [x]\n---\n';
    const body = '#games/indie\n\nrating:: 4\n';
    db.run("INSERT INTO vaults (id, name, created_at, import_state) VALUES (1, 'v', 1, 'complete')");
    db.run(
      `INSERT INTO entries (id, vault_id, path, folder, name, ext, kind, size, mtime, hash, title, type, permalink, tags, frontmatter)
       VALUES (1, 1, 'a.md', '', 'a.md', 'md', 'note', 40, 1, 'h', 'a', 'note', 'a', '["x"]', '{"author":"Dora","tags":["x"]}')`,
    );
    db.run('INSERT INTO contents (entry_id, head, body) VALUES (1, ?, ?)', [head, body]);
    db.run("INSERT INTO fm (entry_id, key, pos, t, str, fold) VALUES (1, 'author', -1, 'str', 'Dora', 'dora'), (1, 'tags', 0, 'str', 'x', 'x')");
    db.run("INSERT INTO fts (rowid, title, headings, body, tags, aliases, path) VALUES (1, 'a', '', ?, 'x', '', 'a')", [body]);
    // Two notes declaring one permalink: version 4 suffixed the second and reported it.
    for (const [id, path, permalink] of [[2, 'en/c.md', 'c'], [3, 'ja/c.md', 'c-1']] as const) {
      db.run(
        `INSERT INTO entries (id, vault_id, path, folder, name, ext, kind, size, mtime, hash, title, type, permalink, tags, frontmatter)
         VALUES (?, 1, ?, '', 'c.md', 'md', 'note', 20, 1, 'h', 'c', 'note', ?, '[]', '{"permalink":"c"}')`,
        [id, path, permalink],
      );
      db.run("INSERT INTO contents (entry_id, head, body) VALUES (?, '---\npermalink: c\n---\n', 'text')", [id]);
    }
    db.run("INSERT INTO problems (vault_id, path, code, message, action, at) VALUES (1, 'ja/c.md', 'duplicate_permalink', 'm', 'a', 1)");

    expect(migrate(db, MIGRATIONS.filter((m) => m.version <= 5))).toEqual([5]);
    migrate(db); // and the later ones, which the engine below expects
    const engine = createEngine(db);
    const paths = async (args: Record<string, unknown>) => ok(await engine.call('search', args)).results.map((r) => r.path);
    expect(await paths({ query: 'tag:games' })).toEqual(['a.md']);
    expect(await paths({ query: 'tag:x' })).toEqual(['a.md']);
    expect(await paths({ query: 'Dora' })).toEqual(['a.md']);
    expect(ok(await engine.call('find', { filters: { rating: 4 } })).total).toBe(1);
    expect(db.get("SELECT src FROM fm WHERE key = 'tags' AND fold = 'games/indie'")).toEqual({ src: 'inline' });
    expect(db.column("SELECT permalink FROM entries WHERE path LIKE '%/c.md' ORDER BY path")).toEqual(['c', 'c']);
    expect(db.column('SELECT code FROM problems')).toEqual([]);
  });
});
