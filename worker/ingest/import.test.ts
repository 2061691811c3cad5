// The import over real SQLite and real folders: what lands in the database,
// incremental re-import, crashes and cancellation, problems.
import { describe, expect, it } from 'vitest';
import { renameSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { openMemoryDb, loadBytes } from '../db/open-node';
import type { Db } from '../db/database';
import { createEngine, type Engine } from '../engine';
import { importVault, type ImportProgress } from './import';
import { memorySource, type ImportSource } from './source';
import { nodeSource } from './walk-node';
import { makeEngine, ok } from '../test/make-engine';
import { checkIntegrity, logicalDump } from '../test/dump';
import { generatedNotes, putFile } from '../test/fixtures';
import { cleanImport, found, paths, useTrees } from '../test/import-kit';

const tree = useTrees();

describe('importing a folder', () => {
  it('imports notes and other files, skipping tool folders and dot-files, with "/" paths that keep their extension', async () => {
    const root = tree({
      'Home.md': '# Home\n[[specs/Auth Design]]',
      'specs/Auth Design.md': '---\ntitle: Auth design\ntags: [auth]\n---\nOAuth flow',
      '設計/認証 フロー.md': '---\ntitle: 認証フロー\n---\n認証の設計',
      'assets/diagram.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      'docs/Spec.PDF': new Uint8Array([0x25, 0x50, 0x44, 0x46]),
      'board.canvas': '{"nodes":[]}',
      '.obsidian/workspace.md': 'tool state',
      '.git/HEAD.md': 'ref',
      '.trash/old.md': 'deleted',
      'node_modules/pkg/readme.md': 'dependency',
      '.hidden/secret.md': 'dot folder',
      '.DS_Store': 'x',
      'sub/.gitignore': 'x',
    });
    const engine = await makeEngine();
    const s = await engine.importSource(nodeSource(root));
    expect(s).toMatchObject({ phase: 'done', vault: 'vault', notes: 3, files: 3, found: 6, indexed: 6, problems: 0 });
    expect(await paths(engine)).toEqual(['Home.md', 'assets/diagram.png', 'board.canvas', 'docs/Spec.PDF', 'specs/Auth Design.md', '設計/認証 フロー.md']);

    const pdf = engine.db.get('SELECT kind, name, ext, folder, size, title, frontmatter, tags FROM entries WHERE path = ?', ['docs/Spec.PDF']);
    expect(pdf).toEqual({ kind: 'file', name: 'Spec.PDF', ext: 'pdf', folder: 'docs', size: 4, title: 'Spec.PDF', frontmatter: null, tags: null });
    expect(engine.db.get('SELECT mtime FROM entries WHERE path = ?', ['Home.md'])).toEqual({ mtime: expect.any(Number) });

    const note = ok(await engine.call('read_note', { path: '設計/認証 フロー.md' })) as { title: string; body: string; path: string };
    expect(note).toMatchObject({ path: '設計/認証 フロー.md', title: '認証フロー', body: '認証の設計' });
    expect(await found(engine, 'OAuth')).toEqual(['specs/Auth Design.md']);
    expect(await found(engine, '設計')).toEqual(['設計/認証 フロー.md']);
    expect(await found(engine, 'diagram')).toEqual(['assets/diagram.png']);
    checkIntegrity(engine.db);
  });

  it('follows symbolic links to notes and folders, once each, and never loops (outside the vault only when asked)', async () => {
    const outside = tree({ 'target.md': 'linked zebra note', 'dir/inner.md': 'inner yak note' }, 'outside');
    const root = tree({ 'plain.md': 'plain', 'sub/real.md': 'real quagga note' });
    symlinkSync(join(outside, 'target.md'), join(root, 'link.md'));
    symlinkSync(join(outside, 'dir'), join(root, 'linkdir'));
    symlinkSync(join(root, 'sub'), join(root, 'sub-again')); // the same folder twice
    symlinkSync(root, join(root, 'sub', 'loop')); // a cycle
    symlinkSync(join(root, 'nowhere.md'), join(root, 'dangling.md'));
    const engine = await makeEngine();
    const s = await engine.importSource(nodeSource(root, undefined, { followExternalLinks: true }));
    expect(s.phase).toBe('done');
    expect(await paths(engine)).toEqual(['link.md', 'linkdir/inner.md', 'plain.md', 'sub/real.md']);
    expect(await found(engine, 'zebra')).toEqual(['link.md']);
    const strict = await makeEngine();
    const t = await strict.importSource(nodeSource(root));
    expect(await paths(strict)).toEqual(['plain.md', 'sub/real.md']);
    expect(t.problemList.map((p) => `${p.path} ${p.code}`).sort()).toEqual(['dangling.md symlink_dangling', 'link.md symlink_outside', 'linkdir symlink_outside', 'sub/loop symlink_loop']);
  });

  it('names the vault after the folder unless named otherwise, and keeps vaults side by side', async () => {
    const a = tree({ 'a.md': 'alpha' }, 'Work Notes');
    const b = tree({ 'b.md': 'beta' }, 'home');
    const engine = await makeEngine();
    await engine.importSource(nodeSource(a));
    await engine.importSource(nodeSource(b), { vault: 'Personal' });
    const v = ok(await engine.call('vaults')) as { vaults: { name: string; notes: number; import_state: string }[] };
    expect(v.vaults.map((x) => [x.name, x.notes, x.import_state])).toEqual([
      ['Personal', 1, 'complete'],
      ['Work Notes', 1, 'complete'],
    ]);
    expect(await engine.removeVault('Personal')).toBe(true);
    expect(await found(engine, 'beta')).toEqual([]);
    expect(await found(engine, 'alpha')).toEqual(['a.md']);
    checkIntegrity(engine.db);
  });

  it('can leave the text index merge until just after the import has returned', async () => {
    const engine = await makeEngine();
    const automerge = () => engine.db.get<{ v: number }>("SELECT v FROM fts_config WHERE k = 'automerge'")?.v;
    const s = await engine.importSource(memorySource('v', generatedNotes(600)), { deferIndexTidy: true, batchSize: 100 });
    expect(s.phase).toBe('done');
    expect(automerge()).toBe(0); // merging is still off: the merge has not run yet
    expect(await found(engine, 'token599')).toEqual(['people/note 599.md']); // but the vault is searchable
    await engine.idle();
    expect(automerge()).toBe(4);
    checkIntegrity(engine.db);
  });

  it('reports progress through the phases with growing counts', async () => {
    const engine = await makeEngine();
    const seen: ImportProgress[] = [];
    const s = await engine.importSource(memorySource('p', generatedNotes(30)), { batchSize: 7, onProgress: (p) => seen.push(p) });
    expect(s.phase).toBe('done');
    const phases = seen.map((p) => p.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases).toEqual(['scanning', 'removing', 'indexing', 'optimizing', 'done']);
    const processed = seen.map((p) => p.processed);
    expect(processed).toEqual([...processed].sort((x, y) => x - y));
    expect(seen.at(-1)).toMatchObject({ found: 30, processed: 30, indexed: 30, unchanged: 0 });
    expect(seen.every((p) => p.vault === 'p')).toBe(true);
  });
});

describe('re-importing the same folder', () => {
  it('adds, changes, deletes and renames; skips unchanged files by content hash; ends as a clean import would', async () => {
    const root = tree({
      'a.md': '---\nstatus: draft\n---\nold text about apples',
      'b.md': 'to be deleted, bananas',
      'd.md': '---\npermalink: keep-me\n---\nrenamed cherries',
      'f.md': 'untouched figs',
      'img.png': new Uint8Array([1, 2, 3]),
    });
    const engine = await makeEngine();
    expect((await engine.importSource(nodeSource(root))).indexed).toBe(5);
    const idOf = (p: string) => engine.db.get<{ id: number }>('SELECT id FROM entries WHERE path = ?', [p])?.id;
    const fId = idOf('f.md');

    putFile(root, 'a.md', '---\nstatus: done\n---\nnew text about apricots');
    rmSync(join(root, 'b.md'));
    putFile(root, 'c.md', 'added dates');
    renameSync(join(root, 'd.md'), join(root, 'e.md'));
    utimesSync(join(root, 'f.md'), new Date(2030, 0, 1), new Date(2030, 0, 1)); // touched, same bytes

    const s = await engine.importSource(nodeSource(root));
    expect(s).toMatchObject({ phase: 'done', found: 5, indexed: 3, unchanged: 2, removed: 2, problems: 0, notes: 4, files: 1 });
    expect(await paths(engine)).toEqual(['a.md', 'c.md', 'e.md', 'f.md', 'img.png']);
    expect(idOf('f.md')).toBe(fId);
    expect(await found(engine, 'apples')).toEqual([]);
    expect(await found(engine, 'apricots')).toEqual(['a.md']);
    expect(await found(engine, 'bananas')).toEqual([]);
    expect(await found(engine, 'cherries')).toEqual(['e.md']);
    expect(engine.db.column("SELECT f.str FROM fm f JOIN entries e ON e.id = f.entry_id WHERE e.path = 'a.md' AND f.key = 'status'")).toEqual(['done']);
    // The renamed note takes back its permalink: the old entry is gone before the new one is written.
    expect(engine.db.get("SELECT permalink FROM entries WHERE path = 'e.md'")).toEqual({ permalink: 'keep-me' });

    // The touched file's new date is kept; everything equals a fresh import of the folder.
    expect(engine.db.get("SELECT mtime FROM entries WHERE path = 'f.md'")).toEqual({ mtime: new Date(2030, 0, 1).getTime() });
    expect(logicalDump(engine.db)).toEqual(logicalDump((await cleanImport(nodeSource(root))).db));
    checkIntegrity(engine.db);
  });

  // Permalinks derived from two paths can clash (a declared one may be shared: see obsidian-links.test.ts).
  it('gives a note back its own permalink when the note that held it is deleted', async () => {
    const root = tree({ 'a b.md': 'A', 'a-b.md': 'B', 'c.md': 'links to [[a-b]]' });
    const engine = await makeEngine();
    await engine.importSource(nodeSource(root));
    expect(engine.db.get("SELECT permalink FROM entries WHERE path = 'a-b.md'")).toEqual({ permalink: 'a-b-1' });
    rmSync(join(root, 'a b.md'));
    const s = await engine.importSource(nodeSource(root));
    expect(s).toMatchObject({ phase: 'done', removed: 1, problems: 0 });
    expect(engine.db.get("SELECT permalink FROM entries WHERE path = 'a-b.md'")).toEqual({ permalink: 'a-b' });
    expect(ok(await engine.call('read_note', { path: 'c.md' })).relations[0].resolved).toMatchObject({ path: 'a-b.md' });
    expect(logicalDump(engine.db)).toEqual(logicalDump((await cleanImport(nodeSource(root))).db));
  });

  it('leaves a note with an unsaved edit as it is when its permalink is freed', async () => {
    const root = tree({ 'a b.md': 'A', 'a-b.md': 'B' });
    const engine = await makeEngine();
    await engine.importSource(nodeSource(root));
    ok(await engine.call('write_note', { path: 'a-b.md', body: 'edited in Kioku' }));
    rmSync(join(root, 'a b.md'));
    expect((await engine.importSource(nodeSource(root))).phase).toBe('done');
    expect(ok(await engine.call('read_note', { path: 'a-b.md' }))).toMatchObject({ body: 'edited in Kioku', unsaved_to_disk: true });
  });

  it('takes a file with the same size and date as unchanged without reading it, unless asked to verify', async () => {
    const engine = await makeEngine();
    const reads: string[] = [];
    const source = (text: string, mtime: number): ImportSource => ({
      name: 'v',
      root: 'v',
      kind: 'memory',
      async *files() {
        const bytes = new TextEncoder().encode(text);
        yield { path: 'n.md', size: bytes.length, mtime, read: async () => (reads.push(text), bytes) };
      },
    });
    await engine.importSource(source('first', 1000));
    // Same size and date: not read, even though the content differs.
    expect(await engine.importSource(source('fir5t', 1000))).toMatchObject({ unchanged: 1, indexed: 0 });
    expect(reads).toEqual(['first']);
    expect(await found(engine, 'first')).toEqual(['n.md']);
    // Another date: read, and the content hash decides.
    expect(await engine.importSource(source('fir5t', 2000))).toMatchObject({ unchanged: 0, indexed: 1 });
    expect(await found(engine, 'fir5t')).toEqual(['n.md']);
    // verifyAll reads everything.
    expect(await engine.importSource(source('f1rst', 2000), { verifyAll: true })).toMatchObject({ unchanged: 0, indexed: 1 });
    expect(reads).toEqual(['first', 'fir5t', 'f1rst']);
  });

  it('a second unchanged import writes nothing', async () => {
    const engine = await makeEngine();
    const source = memorySource('v', generatedNotes(12));
    await engine.importSource(source);
    const before = logicalDump(engine.db);
    const s = await engine.importSource(source);
    expect(s).toMatchObject({ phase: 'done', indexed: 0, unchanged: 12, removed: 0 });
    expect(logicalDump(engine.db)).toEqual(before);
  });

  it('does not delete anything when listing the folder fails half-way', async () => {
    const engine = await makeEngine();
    await engine.importSource(memorySource('v', { 'a.md': 'a', 'b.md': 'b' }));
    const broken: ImportSource = {
      name: 'v',
      root: 'v',
      kind: 'memory',
      async *files() {
        yield { path: 'a.md', size: 1, mtime: 0, read: async () => new TextEncoder().encode('a') };
        throw new Error('The folder was disconnected');
      },
    };
    const s = await engine.importSource(broken);
    expect(s).toMatchObject({ phase: 'failed', error: 'The folder was disconnected' });
    expect(await paths(engine)).toEqual(['a.md', 'b.md']);
  });
});

describe('crashes and cancellation leave a consistent database that the next import completes', () => {
  const files = generatedNotes(60);

  it('a crash after some batches: whole files only, then a re-import equals a clean import', async () => {
    const db = await openMemoryDb();
    let onDisk: Uint8Array | null = null;
    const s = await importVault(db, memorySource('v', files), {
      batchSize: 10,
      afterBatch: (committed) => {
        if (committed === 30) {
          onDisk = db.exportBytes(); // what storage holds when the worker is killed here
          throw new Error('worker killed');
        }
      },
    });
    expect(s).toMatchObject({ phase: 'failed', error: 'worker killed' });

    // Reopen what was on disk.
    const reopened = await openMemoryDb();
    loadBytes(reopened, onDisk!);
    checkIntegrity(reopened);
    expect(reopened.get("SELECT import_state FROM vaults WHERE name = 'v'")).toEqual({ import_state: 'importing' });
    const kept = reopened.column<string>('SELECT path FROM entries ORDER BY path');
    expect(kept).toEqual(Object.keys(files).slice(0, 30).sort());
    // Every kept note is whole: contents, frontmatter rows, relations, observations.
    expect(reopened.get(`SELECT
        (SELECT COUNT(*) FROM contents) AS contents, (SELECT COUNT(DISTINCT entry_id) FROM fm) AS fm,
        (SELECT COUNT(DISTINCT entry_id) FROM relations) AS rel, (SELECT COUNT(DISTINCT entry_id) FROM observations) AS obs`)).toEqual({ contents: 30, fm: 30, rel: 30, obs: 30 });

    const engine = createEngine(reopened);
    const again = await engine.importSource(memorySource('v', files), { batchSize: 10 });
    expect(again).toMatchObject({ phase: 'done', unchanged: 30, indexed: 30, notes: 60 });
    const clean = await cleanImport(memorySource('v', files));
    expect(logicalDump(reopened)).toEqual(logicalDump(clean.db));
    checkIntegrity(reopened);
  });

  it('a failure in the middle of a batch rolls the whole batch back', async () => {
    const db = await openMemoryDb();
    let inserts = 0;
    // Fail on the 25th note's entry row: inside the third batch of ten.
    const failing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'run') {
          return (sql: string, params?: never) => {
            if (sql.startsWith('INSERT INTO entries') && ++inserts === 25) throw new Error('disk I/O error');
            return target.run(sql, params);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const s = await importVault(failing, memorySource('v', files), { batchSize: 10 });
    expect(s).toMatchObject({ phase: 'failed', error: expect.stringMatching(/^Writing to storage failed \(disk I\/O error\): the storage for Kioku is most likely full/) });
    checkIntegrity(db);
    expect(db.column<string>('SELECT path FROM entries ORDER BY path')).toEqual(Object.keys(files).slice(0, 20).sort());
    expect(db.get('SELECT COUNT(*) AS n FROM contents')).toEqual({ n: 20 });
    const engine = createEngine(db);
    expect(await engine.importSource(memorySource('v', files))).toMatchObject({ phase: 'done', unchanged: 20, indexed: 40 });
    expect(logicalDump(db)).toEqual(logicalDump((await cleanImport(memorySource('v', files))).db));
  });

  it('cancel stops after the current batch; the vault is marked unfinished until a re-import completes it', async () => {
    const engine = await makeEngine();
    let batches = 0;
    const s = await engine.importSource(memorySource('v', files), {
      batchSize: 15,
      afterBatch: () => void batches++,
      isCancelled: () => batches >= 2,
    });
    expect(s).toMatchObject({ phase: 'cancelled', processed: 30, found: 60, notes: 30 });
    const v = ok(await engine.call('vaults')) as { vaults: { import_state: string }[] };
    expect(v.vaults[0].import_state).toBe('importing');
    checkIntegrity(engine.db);

    const again = await engine.importSource(memorySource('v', files));
    expect(again).toMatchObject({ phase: 'done', unchanged: 30, indexed: 30 });
    expect(logicalDump(engine.db)).toEqual(logicalDump((await cleanImport(memorySource('v', files))).db));
  });

  it('cancel while listing writes nothing', async () => {
    const engine = await makeEngine();
    await engine.importSource(memorySource('v', { 'keep.md': 'x' }));
    const s = await engine.importSource(memorySource('v', generatedNotes(250)), { isCancelled: () => true });
    expect(s.phase).toBe('cancelled');
    expect(await paths(engine)).toEqual(['keep.md']);
  });
});
