// resolve_links and the kept copies of pictures, over a real engine and SQLite.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { openMemoryDb } from '../db/open-node';
import { attachmentKeeper, readAttachment } from '../ingest/attachments';
import { memorySource } from '../ingest/source';
import { engineWith, ok } from '../test/make-engine';
import type { ReadNoteResult } from './read-note';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const VAULT = {
  'Home.md': '# Home\n',
  'notes/Plan.md': '---\ntitle: The plan\n---\nSee ![[cat.png]].\n',
  'notes/sub/Deep.md': 'deep\n',
  'notes/cat.png': PNG,
  'img/cat.png': PNG,
  'img/dog photo.png': PNG,
  'img/Plan.md': 'An other note named Plan.\n',
  'a/b/shared.png': PNG,
  'x/a/b/shared.png': PNG,
};

async function resolve(from: string, links: string[]) {
  const e = await engineWith(VAULT, 'v');
  const r = ok(await e.call('resolve_links', { from, links, vault: 'v' }));
  return r.links.map((l) => l.resolved?.path ?? null);
}

describe('resolve_links', () => {
  it('resolves as Obsidian does: relative, from the root, same folder first, then the shortest path', async () => {
    expect(await resolve('notes/Plan.md', ['cat.png', 'img/cat.png', './cat.png', '../img/cat.png', 'dog photo.png', 'dog%20photo.png'])).toEqual([
      'notes/cat.png', 'img/cat.png', 'notes/cat.png', 'img/cat.png', 'img/dog photo.png', 'img/dog photo.png',
    ]);
    expect(await resolve('Home.md', ['cat.png', 'Plan', 'plan', 'notes/Plan', 'Deep', 'sub/Deep#Heading', 'b/shared.png', 'Plan|alias'])).toEqual([
      'img/cat.png', 'img/Plan.md', 'img/Plan.md', 'notes/Plan.md', 'notes/sub/Deep.md', 'notes/sub/Deep.md', 'a/b/shared.png', 'img/Plan.md',
    ]);
  });

  it('prefers the copy that shares the most folders with the note (en/ and ja/ help vaults)', async () => {
    const e = await engineWith({ 'en/Linking/Embed.md': 'x', 'en/Attachments/pic.jpg': PNG, 'ja/Attachments/pic.jpg': PNG, 'ja/リンク/埋め込み.md': 'x' }, 'help');
    const from = async (note: string) => ok(await e.call('resolve_links', { from: note, links: ['pic.jpg'] })).links[0].resolved?.path;
    expect(await from('en/Linking/Embed.md')).toBe('en/Attachments/pic.jpg');
    expect(await from('ja/リンク/埋め込み.md')).toBe('ja/Attachments/pic.jpg');
  });

  it('falls back to titles, and never leaves the vault', async () => {
    expect(await resolve('Home.md', ['The plan', 'nothing.png', '../Home', '../../etc/passwd', '#Heading', ''])).toEqual([
      'notes/Plan.md', null, null, null, null, null,
    ]);
  });

  it('refuses a call without links, naming the argument', async () => {
    const e = await engineWith(VAULT, 'v');
    expect(await e.call('resolve_links', { from: 'Home.md' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'links' } });
    expect(await e.call('resolve_links', { from: 'Nope.md', links: [] })).toMatchObject({ isError: true, error: { code: 'not_found', path: 'from' } });
  });
});

describe('kept copies of pictures', () => {
  it('keeps pictures and PDFs of sources that ask for it, not other files, and drops them with the vault', async () => {
    const e = createEngine(await openMemoryDb());
    await e.importSource(memorySource('drop', { 'a.md': 'x', 'p.png': PNG, 'd.pdf': new Uint8Array([37, 80, 68, 70]), 's.ogg': PNG }, 'files', { keepsCopies: true }));
    const png = readAttachment(e.db, 'drop', 'p.png');
    expect(png).toMatchObject({ ok: true, type: 'image/png' });
    expect([...(png as { bytes: Uint8Array }).bytes]).toEqual([...PNG]);
    expect(readAttachment(e.db, 'drop', 'd.pdf')).toMatchObject({ ok: true, type: 'application/pdf' });
    expect(readAttachment(e.db, 'drop', 's.ogg')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(readAttachment(e.db, 'drop', 'nope.png')).toMatchObject({ ok: false, reason: 'not_found' });
    await e.removeVault('drop');
    expect(e.db.get('SELECT COUNT(*) AS n FROM attachments')).toEqual({ n: 0 });
  });

  it('keeps nothing for sources read again later (folder handles, Node)', async () => {
    const e = await engineWith({ 'p.png': PNG }, 'h');
    expect(readAttachment(e.db, 'h', 'p.png')).toMatchObject({ ok: false, reason: 'not_kept' });
  });

  it('replaces a changed copy, removes a deleted one, and copies pictures imported before copies were kept', async () => {
    const e = createEngine(await openMemoryDb());
    const files = (png: Uint8Array) => ({ 'p.png': png, 'q.png': PNG });
    // An older import kept nothing: the next one reads the unchanged picture again to keep it.
    await e.importSource(memorySource('drop', files(PNG), 'files'));
    expect(readAttachment(e.db, 'drop', 'p.png')).toMatchObject({ ok: false, reason: 'not_kept' });
    await e.importSource(memorySource('drop', files(PNG), 'files', { keepsCopies: true }));
    expect(readAttachment(e.db, 'drop', 'p.png')).toMatchObject({ ok: true });
    const changed = new Uint8Array([...PNG, 9]);
    await e.importSource(memorySource('drop', files(changed), 'files', { keepsCopies: true }));
    expect([...(readAttachment(e.db, 'drop', 'p.png') as { bytes: Uint8Array }).bytes]).toEqual([...changed]);
    await e.importSource(memorySource('drop', { 'q.png': PNG }, 'files', { keepsCopies: true }));
    expect(e.db.get('SELECT COUNT(*) AS n FROM attachments')).toEqual({ n: 1 });
  });

  it('stops at the caps and says why', async () => {
    const e = createEngine(await openMemoryDb());
    await e.importSource(memorySource('drop', { 'a.png': PNG }, 'files', { keepsCopies: true }));
    const id = (p: string) => e.db.get<{ id: number }>('SELECT id FROM entries WHERE path = ?', [p])!.id;
    const keeper = attachmentKeeper(e.db, 1, { file: 20, vault: 15 });
    keeper.keep(id('a.png'), 'png', new Uint8Array(30));
    expect(readAttachment(e.db, 'drop', 'a.png')).toMatchObject({ ok: false });
    keeper.keep(id('a.png'), 'png', new Uint8Array(12));
    expect(keeper.hasRoom()).toBe(true);
    keeper.keep(id('a.png'), 'png', new Uint8Array(16));
    expect(keeper.hasRoom()).toBe(true);
    expect(readAttachment(e.db, 'drop', 'a.png')).toMatchObject({ ok: false });
  });
});

describe('Open in Obsidian', () => {
  it('links notes of folders with .obsidian/ to Obsidian, by folder name and path without .md', async () => {
    const e = createEngine(await openMemoryDb());
    await e.importSource(memorySource('My Vault', { '.obsidian/app.json': '{}', 'Daily notes/2026 plan.md': 'x' }));
    await e.importSource(memorySource('plain', { 'n.md': 'x' }));
    const a = ok(await e.call('read_note', { vault: 'My Vault', path: 'Daily notes/2026 plan.md' })) as ReadNoteResult;
    expect(a.obsidian_uri).toBe('obsidian://open?vault=My%20Vault&file=Daily%20notes%2F2026%20plan');
    const b = ok(await e.call('read_note', { vault: 'plain', path: 'n.md' })) as ReadNoteResult;
    expect(b.obsidian_uri).toBeNull();
    // .obsidian/ itself is not imported.
    expect(e.db.get("SELECT COUNT(*) AS n FROM entries WHERE path LIKE '.obsidian/%'")).toEqual({ n: 0 });
  });
});
