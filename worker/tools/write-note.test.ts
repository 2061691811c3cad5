import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { createEngine, type Engine } from '../engine';
import { nodeSource } from '../ingest/walk-node';
import { nodeDisk } from '../platform/write-back-node';
import { engineWith, ok } from '../test/make-engine';
import { fileNameForTitle, newNotePath } from './write-note';

const NOTE = '---\ntitle: Auth design\nstatus: draft\ntags: [security]\n---\n# Auth design\n\nWe use OAuth tokens.\n';

async function err(p: Promise<unknown>): Promise<{ code: string; message: string; path?: string; details?: { line?: number } }> {
  const r = (await p) as { isError?: boolean; error: { code: string; message: string; path?: string; details?: { line?: number } } };
  if (!r?.isError) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
}

async function titlesFor(engine: Engine, query: string): Promise<string[]> {
  const r = ok(await engine.call('search', { query }));
  return r.results.map((h) => h.title);
}

describe('write_note in the index (no folder access)', () => {
  it('replaces the body, re-indexes at once and keeps the change as unsaved', async () => {
    const engine = await engineWith({ 'specs/auth.md': NOTE, 'other.md': 'Unrelated text.' });
    expect(await titlesFor(engine, 'OAuth')).toEqual(['Auth design']);
    const r = ok(await engine.call('write_note', { path: 'specs/auth.md', body: '# Auth design\n\nWe moved to passkeys.\n' }));
    expect(r).toMatchObject({ path: 'specs/auth.md', saved_to_disk: false, unsaved_to_disk: true, disk: { status: 'no_folder_access' } });
    expect(await titlesFor(engine, 'OAuth')).toEqual([]);
    expect(await titlesFor(engine, 'passkeys')).toEqual(['Auth design']);
    const note = ok(await engine.call('read_note', { path: 'specs/auth.md' }));
    expect(note.frontmatter_raw).toBe('---\ntitle: Auth design\nstatus: draft\ntags: [security]\n---\n');
    expect(note.body).toBe('# Auth design\n\nWe moved to passkeys.\n');
    expect(note.unsaved_to_disk).toBe(true);
    const unsaved = ok(await engine.call('unsaved_changes', {}));
    expect(unsaved.notes.map((n) => [n.path, n.exists_on_disk])).toEqual([['specs/auth.md', true]]);
  });

  it('replaces the frontmatter from YAML text, keeping comments, and updates title and tags', async () => {
    const engine = await engineWith({ 'a.md': NOTE });
    ok(await engine.call('write_note', { path: 'a.md', frontmatter_text: '# reviewed\ntitle: Login flow\nstatus: done\ntags: [auth, 設計]\n' }));
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(note.frontmatter).toEqual({ title: 'Login flow', status: 'done', tags: ['auth', '設計'] });
    expect(note.frontmatter_raw).toContain('# reviewed');
    expect(note.title).toBe('Login flow');
    expect(note.body).toBe('# Auth design\n\nWe use OAuth tokens.\n');
    expect(ok(await engine.call('tags', {})).tags.map((t) => t.tag).sort()).toEqual(['auth', '設計']);
    expect(await titlesFor(engine, 'Login')).toEqual(['Login flow']);
  });

  it('writes a frontmatter object as YAML, and {} removes the block', async () => {
    const engine = await engineWith({ 'a.md': NOTE });
    ok(await engine.call('write_note', { path: 'a.md', frontmatter: { status: 'in-progress', confidence: 0.8, schema: { version: 2 } } }));
    let note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(note.frontmatter).toEqual({ status: 'in-progress', confidence: 0.8, schema: { version: 2 } });
    ok(await engine.call('write_note', { path: 'a.md', frontmatter: {} }));
    note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(note.frontmatter_raw).toBe('');
    expect(note.frontmatter).toEqual({});
  });

  it('refuses invalid YAML with the line, and changes nothing', async () => {
    const engine = await engineWith({ 'a.md': NOTE });
    const e = await err(engine.call('write_note', { path: 'a.md', frontmatter_text: 'title: ok\nstatus: [open\nowner: me\n' }));
    expect(e.code).toBe('invalid_argument');
    expect(e.path).toBe('frontmatter_text');
    expect(e.details?.line).toBeGreaterThanOrEqual(2);
    expect(e.message).toMatch(/line \d+ of the frontmatter/);
    const dup = await err(engine.call('write_note', { path: 'a.md', frontmatter_text: 'a: 1\nb: 2\na: 3\n' }));
    expect(dup.details?.line).toBe(3);
    const notMap = await err(engine.call('write_note', { path: 'a.md', frontmatter_text: '- just\n- a list\n' }));
    expect(notMap.message).toMatch(/key: value/);
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(note.frontmatter).toMatchObject({ status: 'draft' });
    expect(note.unsaved_to_disk).toBe(false);
  });

  it('reports whole-text errors at the file line, and an unclosed block', async () => {
    const engine = await engineWith({ 'a.md': NOTE });
    const e = await err(engine.call('write_note', { path: 'a.md', text: '---\ntitle: x\nbad: [1\n---\nbody' }));
    expect(e.path).toBe('text');
    expect(e.details?.line).toBeGreaterThanOrEqual(3);
    const open = await err(engine.call('write_note', { path: 'a.md', text: '---\ntitle: x\nbody without end' }));
    expect(open.message).toMatch(/never closed/);
  });

  it('refuses a stale write (expected_modified) and non-notes', async () => {
    const engine = await engineWith({ 'a.md': NOTE, 'pic.png': new Uint8Array([1, 2, 3]) });
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    ok(await engine.call('write_note', { path: 'a.md', body: 'first', expected_modified: note.modified }));
    const stale = await err(engine.call('write_note', { path: 'a.md', body: 'second', expected_modified: note.modified }));
    expect(stale.code).toBe('conflict');
    expect(ok(await engine.call('read_note', { path: 'a.md' })).body).toBe('first');
    expect((await err(engine.call('write_note', { path: 'pic.png', body: 'x' }))).message).toMatch(/not a Markdown note/);
    expect((await err(engine.call('write_note', { path: 'a.md' }))).message).toMatch(/Nothing to write/);
    expect((await err(engine.call('write_note', { path: 'nope.md', body: 'x' }))).code).toBe('not_found');
  });

  it('keeps a body that starts with a rule (---) and a paragraph as body text', async () => {
    const engine = await engineWith({ 'a.md': 'plain' });
    ok(await engine.call('write_note', { path: 'a.md', body: '---\nA paragraph between two rules.\n---\ntext' }));
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect(note.body).toBe('---\nA paragraph between two rules.\n---\ntext');
    expect(note.frontmatter).toEqual({});
  });

  // Agents written for Basic Memory send the whole note, frontmatter included, as `content`.
  it('reads a body (content) that opens with a frontmatter block as the whole note', async () => {
    const engine = await engineWith({ 'books/b.md': '---\nauthor: Ann\n---\nOld text.\n' });
    ok(await engine.call('write_note', { path: 'books/b.md', content: '---\nauthor: Zed Z\ntotalPages: 999\n---\n# B\n\nNew text.\n' }));
    const note = ok(await engine.call('read_note', { path: 'books/b.md' }));
    expect(note.frontmatter).toEqual({ author: 'Zed Z', totalPages: 999 });
    expect(note.body).toBe('# B\n\nNew text.\n');
    expect(ok(await engine.call('find', { filters: { totalPages: 999 } })).results.map((h) => h.path)).toEqual(['books/b.md']);

    ok(await engine.call('create_note', { path: 'books/c.md', content: '---\nauthor: Lee\ntotalPages: 120\n---\nA short one.\n' }));
    const created = ok(await engine.call('read_note', { path: 'books/c.md' }));
    expect(created.frontmatter).toEqual({ author: 'Lee', totalPages: 120 });
    expect(created.body).toBe('A short one.\n');
    expect(ok(await engine.call('find', { filters: { totalPages: { $gt: 100 } } })).results.map((h) => h.path).sort()).toEqual(['books/b.md', 'books/c.md']);
  });

  it('refuses a body whose opening block looks like fields but is not YAML, or comes with frontmatter too', async () => {
    const engine = await engineWith({ 'a.md': '---\nstatus: draft\n---\nkeep me\n' });
    const bad = await err(engine.call('write_note', { path: 'a.md', content: '---\nstatus: [open\n---\ntext' }));
    // The error names the argument as the caller spelt it.
    expect(bad).toMatchObject({ code: 'invalid_argument', path: 'content' });
    expect(bad.message).toMatch(/frontmatter at the start of body/);
    const both = await err(engine.call('write_note', { path: 'a.md', body: '---\nstatus: done\n---\ntext', frontmatter: { status: 'open' } }));
    expect(both).toMatchObject({ code: 'invalid_argument', path: 'body' });
    // Nothing was written.
    const note = ok(await engine.call('read_note', { path: 'a.md' }));
    expect([note.frontmatter, note.body]).toEqual([{ status: 'draft' }, 'keep me\n']);
  });
});

describe('create_note', () => {
  it('creates a note from folder and title, indexed at once, kept through a re-import', async () => {
    const engine = await engineWith({ 'a.md': NOTE });
    const r = ok(await engine.call('create_note', { folder: 'ideas', title: '検索の設計', body: 'Offline sync ideas', frontmatter: { status: 'draft' } }));
    expect(r).toMatchObject({ vault: 'test', path: 'ideas/検索の設計.md', title: '検索の設計', unsaved_to_disk: true });
    expect(await titlesFor(engine, 'sync')).toEqual(['検索の設計']);
    const note = ok(await engine.call('read_note', { path: 'ideas/検索の設計.md' }));
    expect(note.frontmatter).toEqual({ title: '検索の設計', status: 'draft' });
    expect(ok(await engine.call('unsaved_changes', {})).notes[0]).toMatchObject({ path: 'ideas/検索の設計.md', exists_on_disk: false });
    expect(ok(await engine.call('folders', { vault: 'test' })).folders).toEqual([
      { vault: 'test', folder: '', notes: 1, files: 0 },
      { vault: 'test', folder: 'ideas', notes: 1, files: 0 },
    ]);
  });

  it('refuses an existing path (case-insensitively) and bad paths with the rule', async () => {
    const engine = await engineWith({ 'Notes/A.md': 'x' });
    expect((await err(engine.call('create_note', { path: 'notes/a.md', body: 'y' }))).code).toBe('conflict');
    const bad: [string, RegExp][] = [
      ['/abs.md', /vault-relative/],
      ['a/../b.md', /"\." and "\.\."/],
      ['a//b.md', /empty folder name/],
      ['.hidden/x.md', /hidden/],
      ['x.txt', /end with \.md/],
      ['a:b.md', /cannot contain/],
      ['', /empty/],
    ];
    for (const [path, rule] of bad) {
      const e = await err(engine.call('create_note', { path, body: 'x' }));
      expect([path, e.code, e.path]).toEqual([path, 'invalid_argument', 'path']);
      expect(e.message).toMatch(rule);
    }
  });

  it('needs a vault when there are several, and something to name the note by', async () => {
    const engine = await engineWith({ 'a.md': 'x' }, 'one');
    await engine.importSource((await import('../ingest/source')).memorySource('two', { 'b.md': 'y' }));
    expect((await err(engine.call('create_note', { path: 'c.md' }))).message).toMatch(/Several vaults/);
    expect((await err(engine.call('create_note', { vault: 'two' }))).message).toMatch(/Give path/);
    ok(await engine.call('create_note', { vault: 'two', path: 'c.md', body: 'hello' }));
    expect(ok(await engine.call('read_note', { vault: 'two', path: 'c.md' })).body).toBe('hello');
  });

  it('derives safe file names from titles', () => {
    expect(fileNameForTitle('Q3: plan / review?')).toBe('Q3 plan review.md');
    expect(fileNameForTitle('...')).toBe('Untitled.md');
    expect(newNotePath('  会議/2026-05-01.md ')).toBe('会議/2026-05-01.md');
  });
});

describe('writing to the folder on disk', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function diskEngine(files: Record<string, string>) {
    dir = mkdtempSync(join(tmpdir(), 'kioku-write-'));
    for (const [p, text] of Object.entries(files)) {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), text);
    }
    const disk = nodeDisk({ vault: dir });
    const engine = createEngine(await openMemoryDb(), { disk });
    const summary = await engine.importSource(nodeSource(dir, 'vault'));
    expect(summary.phase).toBe('done');
    return { engine, disk };
  }

  it('writes the edited file, marks it clean, and a re-import finds it unchanged', async () => {
    const { engine } = await diskEngine({ 'specs/auth.md': NOTE });
    const r = ok(await engine.call('write_note', { path: 'specs/auth.md', frontmatter_text: 'title: Auth design\nstatus: done\n' }));
    expect(r).toMatchObject({ saved_to_disk: true, unsaved_to_disk: false, disk: { status: 'written' } });
    expect(readFileSync(join(dir, 'specs/auth.md'), 'utf8')).toBe('---\ntitle: Auth design\nstatus: done\n---\n# Auth design\n\nWe use OAuth tokens.\n');
    const again = await engine.importSource(nodeSource(dir, 'vault'));
    expect([again.indexed, again.unchanged]).toEqual([0, 1]);
    expect(ok(await engine.call('unsaved_changes', {})).total).toBe(0);
  });

  it('keeps a byte-order mark when the edited note is written back', async () => {
    const { engine } = await diskEngine({ 'bom.md': '\uFEFF---\ntitle: BOM\n---\nold body\n' });
    ok(await engine.call('write_note', { path: 'bom.md', body: 'new body\n' }));
    const bytes = readFileSync(join(dir, 'bom.md'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('---\ntitle: BOM\n---\nnew body\n');
  });

  // The note editor sends a body that opens with a --- block as the whole text (NoteEditor.tsx): a user trial lost the BOM there.
  it('keeps the byte-order mark whatever the edit replaces: the whole text, the frontmatter, or all of it', async () => {
    const { engine } = await diskEngine({ 'bom.md': '\uFEFF---\ntitle: BOM\n---\nold body\n', 'plain-bom.md': '\uFEFFno frontmatter\n' });
    const bytes = (p: string) => readFileSync(join(dir, p));
    const text = (p: string) => bytes(p).subarray(3).toString('utf8');
    const marked = (p: string) => [...bytes(p).subarray(0, 3)];
    ok(await engine.call('write_note', { path: 'bom.md', text: '---\ntitle: BOM\n---\n---\nkey: value\n---\nbody\n' }));
    expect(marked('bom.md')).toEqual([0xef, 0xbb, 0xbf]);
    expect(text('bom.md')).toBe('---\ntitle: BOM\n---\n---\nkey: value\n---\nbody\n');
    ok(await engine.call('write_note', { path: 'bom.md', frontmatter_text: 'title: New\n' }));
    expect(marked('bom.md')).toEqual([0xef, 0xbb, 0xbf]);
    expect(text('bom.md').startsWith('---\ntitle: New\n---\n')).toBe(true);
    ok(await engine.call('write_note', { path: 'bom.md', frontmatter: {} }));
    expect(marked('bom.md')).toEqual([0xef, 0xbb, 0xbf]);
    // A BOM sent with the text is not doubled.
    ok(await engine.call('write_note', { path: 'bom.md', text: '\uFEFFagain\n' }));
    expect(bytes('bom.md').toString('utf8')).toBe('\uFEFFagain\n');
    // A note without frontmatter, given a body that opens with a --- block: still body text after the BOM.
    ok(await engine.call('write_note', { path: 'plain-bom.md', body: '---\n\nA rule, then text.\n' }));
    expect(bytes('plain-bom.md').toString('utf8')).toBe('\uFEFF---\n---\n---\n\nA rule, then text.\n');
    const read = ok(await engine.call('read_note', { path: 'plain-bom.md' }));
    expect(read.frontmatter).toEqual({});
  });

  it('refuses to edit a note that is not valid UTF-8, leaving the file untouched', async () => {
    const { engine } = await diskEngine({ 'a.md': 'x' });
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]); // "café" in Latin-1
    writeFileSync(join(dir, 'latin.md'), latin1);
    await engine.importSource(nodeSource(dir, 'vault'));
    const e = await err(engine.call('write_note', { path: 'latin.md', body: 'replaced' }));
    expect(e).toMatchObject({ code: 'unsupported', path: 'path' });
    expect(e.message).toContain('UTF-8');
    expect(readFileSync(join(dir, 'latin.md'))).toEqual(latin1);
  });

  it('creates new files and folders on disk', async () => {
    const { engine } = await diskEngine({ 'a.md': 'x' });
    ok(await engine.call('create_note', { path: 'new/deep/b.md', body: 'fresh' }));
    expect(readFileSync(join(dir, 'new/deep/b.md'), 'utf8')).toBe('fresh');
  });

  it('never overwrites a file changed on disk; a re-sync keeps the edit; overwrite resolves it', async () => {
    const { engine } = await diskEngine({ 'a.md': 'original' });
    writeFileSync(join(dir, 'a.md'), 'edited elsewhere');
    const r = ok(await engine.call('write_note', { path: 'a.md', body: 'edited in kioku' }));
    expect(r.disk.status).toBe('changed_on_disk');
    expect(r.unsaved_to_disk).toBe(true);
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toBe('edited elsewhere');

    const resync = await engine.importSource(nodeSource(dir, 'vault'));
    expect(resync.problemList.map((p) => p.code)).toContain('edit_kept');
    expect(ok(await engine.call('read_note', { path: 'a.md' })).body).toBe('edited in kioku');

    const wb = ok(await engine.call('write_back', { vault: 'vault' }));
    expect(wb).toMatchObject({ written: 0, remaining: 1 });
    const forced = ok(await engine.call('write_back', { vault: 'vault', overwrite: true }));
    expect(forced).toMatchObject({ written: 1, remaining: 0 });
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toBe('edited in kioku');
  });

  it('writes unsaved notes back once the folder opens, and a re-import never deletes them meanwhile', async () => {
    const { engine, disk } = await diskEngine({ 'a.md': 'one' });
    disk.set('vault', null);
    ok(await engine.call('create_note', { path: 'later.md', body: 'made offline' }));
    ok(await engine.call('write_note', { path: 'a.md', body: 'two' }));
    const resync = await engine.importSource(nodeSource(dir, 'vault'));
    expect(resync.removed).toBe(0);
    expect(ok(await engine.call('read_note', { path: 'later.md' })).body).toBe('made offline');
    expect(existsSync(join(dir, 'later.md'))).toBe(false);

    disk.set('vault', dir);
    const wb = ok(await engine.call('write_back', {}));
    expect(wb).toMatchObject({ written: 2, remaining: 0 });
    expect(readFileSync(join(dir, 'later.md'), 'utf8')).toBe('made offline');
    expect(readFileSync(join(dir, 'a.md'), 'utf8')).toBe('two');
  });
});
