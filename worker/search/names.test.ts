// Typing a note's name finds that note first. The fixture vault
// (fixtures/named-notes) copies how Obsidian's help vault ranked `sync
// settings`: the note called "Sync settings and selective syncing" came 4th,
// under "Set up Sync", whose title and opening hold the same stems ("settings"
// is "set" to porter) and whose body repeats them, and under notes that say
// "sync" and "settings" often enough for BM25 to saturate, title or not.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createEngine } from '../engine';
import { openMemoryDb } from '../db/open-node';
import { nodeSource } from '../ingest/walk-node';
import { engineWith, ok } from '../test/make-engine';
import { parseQuery } from './query-syntax';
import { searchText } from './text';
import { namedEntries } from './names';

let engine: Engine;
beforeAll(async () => {
  engine = createEngine(await openMemoryDb());
  const summary = await engine.importSource(nodeSource(new URL('./fixtures/named-notes', import.meta.url).pathname, 'named'));
  expect(summary.phase).toBe('done');
});

const top = async (query: string, mode = 'text') =>
  (ok(await engine.call('search', { query, mode })) as unknown as { results: { path: string }[] }).results.map((r) => r.path);
const path = (id: number) => engine.db.get<{ path: string }>('SELECT path FROM entries WHERE id = ?', [id])!.path;
const named = (query: string) => namedEntries(engine.db, parseQuery(query)).map(path).sort();

const SETTINGS = 'Sync/Sync settings and selective syncing.md';

describe('a note the query names', () => {
  it('ranks first when its title or an alias holds the words as typed', async () => {
    expect((await top('sync settings'))[0]).toBe(SETTINGS);
    expect((await top('Selective syncing'))[0]).toBe(SETTINGS);
    expect((await top('settings sync'))[0]).toBe(SETTINGS);
    expect((await top('set up sync'))[0]).toBe('Sync/Set up Sync.md');
  });

  it('ranked below notes holding the same stems before names counted (the defect)', () => {
    const before = searchText(engine.db, { sql: '1', params: [] }, parseQuery('sync settings'), { offset: 0, limit: 10 }, { nameFactor: 1 }).rows.map((r) => path(r.id));
    expect(before[0]).toBe('Sync/Set up Sync.md');
    expect(before.indexOf(SETTINGS)).toBeGreaterThan(0);
  });

  it('is named by its words unstemmed: "Set up Sync" is not named by "settings", nor "Version history" by its body', () => {
    expect(named('sync settings')).toEqual([SETTINGS]);
    // Its alias "Sync history" names it; "sync" alone names every note with Sync in a name.
    expect(named('sync history')).toEqual(['Sync/Version history.md']);
    expect(named('sync')).toEqual(['Sync/Set up Sync.md', SETTINGS, 'Sync/Troubleshoot Sync.md', 'Sync/Version history.md']);
    // Stop words are left out; a quoted phrase must be in the name as written.
    expect(named('the selective syncing')).toEqual([SETTINGS]);
    expect(named('"settings sync"')).toEqual([]);
    // An OR group does not say which words a name must hold.
    expect(named('sync OR settings')).toEqual([]);
  });

  // The Dataview example vault: `vault to do` put "Vault To Do" 4th, under titles that hold "vault" alone.
  it('when some names also hold the query\'s stop words, those alone are named', async () => {
    const e = await engineWith({
      'Vault To Do.md': '- [ ] Weekly notes\n',
      'List all meta data available in your vault.md': 'Depending on the size of your vault, this can take a while. What to do: wait.\n',
      'Search your vault.md': 'Search words across your vault, to do less by hand.\n',
    });
    const names = (q: string) => namedEntries(e.db, parseQuery(q)).map((id) => e.db.get<{ path: string }>('SELECT path FROM entries WHERE id = ?', [id])!.path).sort();
    expect(names('vault to do')).toEqual(['Vault To Do.md']);
    expect(names('vault')).toEqual(['List all meta data available in your vault.md', 'Search your vault.md', 'Vault To Do.md']);
    // No name holds "the": every name holding "vault" counts, as before.
    expect(names('the vault')).toEqual(['List all meta data available in your vault.md', 'Search your vault.md', 'Vault To Do.md']);
    const r = ok(await e.call('search', { query: 'Vault To Do', mode: 'text' })) as unknown as { results: { path: string }[] };
    expect(r.results[0].path).toBe('Vault To Do.md');
  });

  it('changes no candidate: the same notes and total as before', async () => {
    const q = parseQuery('sync settings');
    const page = { offset: 0, limit: 100 };
    const after = searchText(engine.db, { sql: '1', params: [] }, q, page);
    const before = searchText(engine.db, { sql: '1', params: [] }, q, page, { nameFactor: 1 });
    expect(after.total).toBe(before.total);
    expect(after.rows.map((r) => r.id).sort()).toEqual(before.rows.map((r) => r.id).sort());
    // With a scope (one statement with window functions) the order is the same as without.
    const scoped = searchText(engine.db, { sql: '1', params: [] }, q, page, { plan: 'window' });
    expect(scoped.rows.map((r) => r.id)).toEqual(after.rows.map((r) => r.id));
  });
});
