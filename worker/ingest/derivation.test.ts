// Notes stored by an earlier version are read again from their stored text
// when the database opens (the migrations themselves only change tables):
// inline #tags and Dataview fields become filterable, frontmatter values
// searchable, qualifiers become assertions, without importing the folder again.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { ok } from '../test/make-engine';
import { openMemoryDb } from '../db/open-node';
import { migrate, schemaVersion } from '../db/migrate';
import { MIGRATIONS } from '../db/migrations';
import { memorySource } from './source';
import { DERIVATION_VERSION, derivationStale, rederiveIfStale, storedDerivation } from './derivation';
import { FIXED_LEAD_SHAPE, SENTENCE_LEAD_SHAPE, leadText } from '../text/opening';
import { indexText } from '../text/index-text';

describe('the derivation at open', () => {
  it('derives inline tags and fields, frontmatter text and valid time for notes stored at version 4', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 5));
    expect(schemaVersion(db)).toBe(4);
    // What version 4 stored for one note (its import read frontmatter tags only).
    const head = '---\nauthor: Dora\ntags: [x]\n---\n';
    const body = '#games/indie\n\nrating:: 4\n\n- [decision] @effective:2026-07-27 Use Memcached\n- [risk] @effective:yesterday Vague\n';
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
    // The migrations changed tables only: nothing is derived yet.
    expect(db.column("SELECT count(*) FROM fm WHERE src = 'inline'")).toEqual([0]);
    expect(storedDerivation(db)).toBe(0);
    const engine = createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    const paths = async (args: Record<string, unknown>) => ok(await engine.call('search', args)).results.map((r) => r.path);
    expect(await paths({ query: 'tag:games' })).toEqual(['a.md']);
    expect(await paths({ query: 'tag:x' })).toEqual(['a.md']);
    expect(await paths({ query: 'Dora' })).toEqual(['a.md']);
    expect(ok(await engine.call('find', { filters: { rating: 4 } })).total).toBe(1);
    expect(db.get("SELECT src FROM fm WHERE key = 'tags' AND fold = 'games/indie'")).toEqual({ src: 'inline' });
    expect(db.column("SELECT permalink FROM entries WHERE path LIKE '%/c.md' ORDER BY path")).toEqual(['c', 'c']);
    expect(db.column('SELECT code FROM problems')).toEqual(['temporal_qualifier_refused']);
    const at = ok(await engine.call('search', { valid_at: '2026-08-01' })) as unknown as { results: { content: string }[] };
    expect(at.results.map((r) => r.content)).toEqual(['Use Memcached']);
    expect(ok(await engine.call('search', { query: 'memcached', entity_types: ['observation'] })).total).toBe(1);
  });

  it('tells whether opening will re-read the notes (an earlier derivation and notes to read), so the page can say why it waits', async () => {
    const db = await openMemoryDb();
    expect(derivationStale(db)).toBe(false); // new and empty: nothing to re-read
    const engine = createEngine(db);
    await engine.importSource(memorySource('v', { 'a.md': '# A\n\nText.\n' }));
    expect(derivationStale(db)).toBe(false);
    db.run('UPDATE derivation SET version = 6');
    expect(derivationStale(db)).toBe(true);
    rederiveIfStale(db);
    expect(derivationStale(db)).toBe(false);
  });

  it('runs once: an open at the current derivation re-reads nothing, and a forced second run duplicates nothing', async () => {
    const db = await openMemoryDb();
    const engine = createEngine(db);
    await engine.importSource(memorySource('v', { 'a.md': '#t\n- [risk] @effective:yesterday Vague\n- [fact] @2026 Dated\n' }));
    const snapshot = () => ({
      fm: db.all('SELECT key, fold, src FROM fm ORDER BY key, fold'),
      problems: db.column('SELECT code FROM problems ORDER BY code'),
      assertions: db.column('SELECT literal FROM assertions ORDER BY literal'),
      observations: db.column('SELECT content FROM observations ORDER BY content'),
    });
    const before = snapshot();
    expect(before.problems).toEqual(['temporal_qualifier_refused']);
    expect(rederiveIfStale(db)).toBe(false);
    db.run('DELETE FROM derivation');
    expect(rederiveIfStale(db)).toBe(true);
    expect(snapshot()).toEqual(before);
    expect(ok(await engine.call('search', { query: 'tag:t' })).total).toBe(1);
  });

  it('re-reads the knowledge-graph lines and the text indexes when the database is at derivation 3', async () => {
    const db = await openMemoryDb();
    const engine = createEngine(db);
    await engine.importSource(memorySource('v', { 't.md': '# Tasks\n\n- [>] forwarded to Monday\n- [risk] @yesterday The cache was down.\n- [fact] kept\n' }));
    const id = db.column<number>("SELECT id FROM entries WHERE path = 't.md'")[0];
    // What derivation 3 left: the task read as an observation, the bare relative date unreported.
    db.run("INSERT INTO observations (id, entry_id, line, category, content, tags, context) VALUES (999, ?, 3, '>', 'forwarded to Monday', '[]', NULL)", [id]);
    db.run("DELETE FROM problems WHERE code = 'temporal_qualifier_refused'");
    db.run("INSERT INTO fts (rowid, title, headings, body, tags, aliases, path, meta) VALUES (998, 'keptmain', '', '', '', '', '', '')");
    db.run('UPDATE derivation SET version = 3');
    expect(rederiveIfStale(db)).toBe(true);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(db.column('SELECT category FROM observations ORDER BY line')).toEqual(['risk', 'fact']);
    expect(db.column('SELECT line FROM problems WHERE code = ?', ['temporal_qualifier_refused'])).toEqual([4]);
    // The main index is read again from the notes (derivation 7 changed it): the stray row goes.
    expect(db.column("SELECT rowid FROM fts WHERE fts MATCH 'keptmain'")).toEqual([]);
    expect(db.column("SELECT count(*) FROM fts WHERE fts MATCH 'monday'")).toEqual([1]);
  });

  it('re-reads the text indexes when the database is at derivation 1 or 2 (graph and fm rows are re-read too)', async () => {
    const db = await openMemoryDb();
    const engine = createEngine(db);
    const opening = 'A light two-wheeled carriage for a single horse, seen on country roads. '.repeat(4);
    await engine.importSource(memorySource('v', { 'car.md': `# Jaunting car\n\n${opening}\n\nLater text.\n` }));
    const id = db.column<number>("SELECT id FROM entries WHERE path = 'car.md'")[0];
    // What derivation 2 left: openings of 300 characters. A word only there
    // stands in for it; a word only in the main index shows that index is kept.
    db.run('DELETE FROM fts_lead WHERE rowid = ?', [id]);
    db.run("INSERT INTO fts_lead (rowid, lead) VALUES (?, 'stalelead')", [id]);
    db.run("INSERT INTO fts (rowid, title, headings, body, tags, aliases, path, meta) VALUES (999, 'keptmain', '', '', '', '', '', '')");
    db.run("INSERT INTO fm (entry_id, key, pos, t, str, fold) VALUES (?, 'keptfm', -1, 'str', 'v', 'v')", [id]);
    db.run('UPDATE derivation SET version = 2');
    const leadHas = (w: string) => db.column<number>('SELECT rowid FROM fts_lead WHERE fts_lead MATCH ?', [w]);
    expect(rederiveIfStale(db)).toBe(true);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(leadHas('stalelead')).toEqual([]);
    expect(leadHas('carriage')).toEqual([id]);
    expect(leadHas('later')).toEqual([]);
    expect(db.column("SELECT rowid FROM fts WHERE fts MATCH 'keptmain'")).toEqual([]);
    expect(db.column("SELECT rowid FROM fts WHERE fts MATCH 'carriage'")).toEqual([id]);
    // Derivation 8 changed the inline metadata: the stray fm row goes too.
    expect(db.column("SELECT count(*) FROM fm WHERE key = 'keptfm'")).toEqual([0]);
  });

  it('gives a database at derivation 4 (openings of 150 characters as written) the first sentences without asides, and search follows', async () => {
    const db = await openMemoryDb();
    const engine = createEngine(db);
    await engine.importSource(memorySource('v', FLUID_NOTES));
    const top = async (e: typeof engine) => ok(await e.call('search', { query: 'the motion of fluids', mode: 'text' })).results.map((r) => r.path).slice(0, 2);
    const leadHas = (w: string) => db.column<string>('SELECT e.path FROM fts_lead JOIN entries e ON e.id = fts_lead.rowid WHERE fts_lead MATCH ?', [w]);
    // What derivation 4 left: each opening as its first 150 characters, as written; the etymology fills them.
    db.tx(() => {
      db.run('DELETE FROM fts_lead');
      for (const r of db.all<{ id: number; body: string }>('SELECT entry_id AS id, body FROM contents')) db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.id, indexText(leadText(r.body, FIXED_LEAD_SHAPE))]);
      db.run('UPDATE derivation SET version = 4');
    });
    expect(leadHas('fluids')).toEqual([]);
    expect(await top(engine)).toEqual(['Pumps.md', 'Hydrodynamics.md']);
    // Opening the database again (createEngine) re-reads the openings once.
    expect(await top(createEngine(db))).toEqual(['Hydrodynamics.md', 'Pumps.md']);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(leadHas('fluids')).toEqual(['Hydrodynamics.md']);
    expect(leadHas('greek')).toEqual([]);
  });

  it('gives a database at derivation 5 (first sentences in every script) Japanese openings past their first sentence, and leaves English ones', async () => {
    const db = await openMemoryDb();
    const engine = createEngine(db);
    const formula = 'この記事では、Dynamics 365 Human Resources の休暇と欠勤の機能で、従業員とマネージャーが使用できる新しい機能について説明します。';
    await engine.importSource(memorySource('v', { 'ja.md': `${formula}従業員は休暇の購入と売却を要求できます。\n\n本文。`, ...FLUID_NOTES }));
    const leadHas = (w: string) => db.column<string>('SELECT e.path FROM fts_lead JOIN entries e ON e.id = fts_lead.rowid WHERE fts_lead MATCH ?', [w]);
    const english = leadHas('fluids');
    // What derivation 5 left: the first sentence of every note.
    db.tx(() => {
      db.run('DELETE FROM fts_lead');
      for (const r of db.all<{ id: number; body: string }>('SELECT entry_id AS id, body FROM contents')) db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.id, indexText(leadText(r.body, SENTENCE_LEAD_SHAPE))]);
      db.run('UPDATE derivation SET version = 5');
    });
    expect(leadHas('"売却"')).toEqual([]);
    createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(leadHas('"売却"')).toEqual(['ja.md']);
    expect(leadHas('fluids')).toEqual(english);
  });

  it('gives a database at derivation 7 (code in quotes read as prose) no tags, fields or links from that code', async () => {
    const db = await openMemoryDb();
    const engine = createEngine(db);
    const note = '# CSS snippets\n\n> [!example]\n> ```css\n> img { border-color: #ff0000; }\n> colour:: red\n> [[In code]]\n> ```\n> #kept\n';
    await engine.importSource(memorySource('v', { 'CSS snippets.md': note }));
    const id = db.column<number>('SELECT id FROM entries')[0];
    // What derivation 7 read from the quoted block: a tag, a field and a link.
    db.run("UPDATE entries SET tags = '[\"ff0000\",\"kept\"]' WHERE id = ?", [id]);
    db.run("INSERT INTO fm (entry_id, key, pos, t, str, fold, src) VALUES (?, 'tags', 1, 'str', 'ff0000', 'ff0000', 'inline'), (?, 'colour', -1, 'str', 'red', 'red', 'inline')", [id, id]);
    db.run("INSERT INTO relations (entry_id, line, type, target, target_key) VALUES (?, 7, 'links_to', 'In code', 'in code')", [id]);
    db.run('UPDATE derivation SET version = 7');
    const tags = async (e: typeof engine) => ok(await e.call('tags', {})).tags.map((t) => t.tag).sort();
    expect(await tags(engine)).toEqual(['ff0000', 'kept']);
    const reopened = createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(await tags(reopened)).toEqual(['kept']);
    expect(ok(await reopened.call('search', { query: 'tag:ff0000' })).total).toBe(0);
    expect(ok(await reopened.call('find', { filters: { colour: { $exists: true } } })).total).toBe(0);
    expect(db.column('SELECT target FROM relations')).toEqual([]);
    expect(db.column('SELECT tags FROM entries')).toEqual(['["kept"]']);
  });
});

const filler = (w: string, n: number) => Array.from({ length: n }, (_, i) => `${w}${i % 40}`).join(' ');

/** A long note that defines its subject after an etymology, and a short one naming the same words further down. */
const FLUID_NOTES: Record<string, string> = {
  'Hydrodynamics.md': `# Hydrodynamics\n\nHYDRODYNAMICS (Gr. [Greek: hydor], water, [Greek: dynamis], strength, whence the\nname of the older treatises on water-works and engines), the branch of\nhydromechanics which discusses the motion of fluids.\n\n${filler('hydrogen', 300)}`,
  'Pumps.md': `# Pumps\n\nMachines for raising water.\n\n${filler('piston', 100)} Fluids in motion drive them.\n\n${filler('valve', 100)}`,
  ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`other/${i}.md`, `# Other ${i}\n\n${filler(`word${i}x`, 40)}`])),
};
