// Dataview's file.* fields in filters, through the real tools on real SQLite:
// every field, with operators, beside frontmatter, and never answered by a
// frontmatter map that is itself called `file`.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({
    'books/Dune.md': '---\nstatus: read\n---\n#type/books #scifi\n\nSee [[Hyperion]] and [[Missing]].\n',
    'books/Hyperion.md': '#type/books\n\nBack to [[Dune]].\n',
    'games/Dota 2.md': '---\ntags: [games]\nfile:\n  name: not-the-file-name\n  size: 1\n---\nA game. [[Dune]]\n',
    'README.md': 'Top.\n',
    'pic.png': new Uint8Array([1, 2, 3]),
  });
  // Stored modification times (a memory source has none): 2026-11-02 and 2026-10-01 UTC.
  engine.db.run("UPDATE entries SET mtime = 1793577600000 WHERE path LIKE 'books/%'");
  engine.db.run("UPDATE entries SET mtime = 1790812800000 WHERE path NOT LIKE 'books/%'");
});

const find = async (filters: Record<string, unknown>) =>
  (ok(await engine.call('find', { filters, page_size: 50 })) as unknown as { results: { path: string }[] }).results.map((r) => r.path).sort();

describe('file fields', () => {
  it('name (without extension), folder, path and ext', async () => {
    expect(await find({ 'file.name': 'Dota 2' })).toEqual(['games/Dota 2.md']);
    expect(await find({ 'file.name': { $in: ['Dune', 'Hyperion'] } })).toEqual(['books/Dune.md', 'books/Hyperion.md']);
    expect(await find({ 'file.folder': 'books' })).toEqual(['books/Dune.md', 'books/Hyperion.md']);
    expect(await find({ 'file.path': { $contains: 'games/' } })).toEqual(['games/Dota 2.md']);
    expect(await find({ 'file.ext': 'md', 'file.folder': '' })).toEqual(['README.md']);
  });

  it('size and mtime compare as a number and as a UTC date', async () => {
    const sizes = engine.db.all<{ path: string; size: number }>("SELECT path, size FROM entries WHERE kind = 'note' ORDER BY size");
    expect(await find({ 'file.size': { $lte: sizes[0].size } })).toEqual([sizes[0].path]);
    expect(await find({ 'file.mtime': { $gte: '2026-11-01' } })).toEqual(['books/Dune.md', 'books/Hyperion.md']);
    expect(await find({ 'file.mtime': { $lt: '2026-11-01' }, 'file.folder': 'games' })).toEqual(['games/Dota 2.md']);
  });

  it('tags with their parents, etags as written', async () => {
    expect(await find({ 'file.tags': 'type' })).toEqual(['books/Dune.md', 'books/Hyperion.md']);
    expect(await find({ 'file.etags': 'type' })).toEqual([]);
    expect(await find({ 'file.etags': 'type/books' })).toEqual(['books/Dune.md', 'books/Hyperion.md']);
    expect(await find({ 'file.etags': { $in: ['scifi', 'games'] } })).toEqual(['books/Dune.md', 'games/Dota 2.md']);
  });

  it('outlinks and inlinks are counts', async () => {
    expect(await find({ 'file.outlinks': 2 })).toEqual(['books/Dune.md']);
    expect(await find({ 'file.inlinks': { $gte: 2 } })).toEqual(['books/Dune.md']);
    expect(await find({ 'file.inlinks': 0 })).toEqual(['README.md', 'games/Dota 2.md']);
  });

  // Dataview's inlinks are the notes that link here: a note linking twice is one of them.
  it('inlinks count the notes linking, not their links', async () => {
    const e = await engineWith({ 'Target.md': 'Here.\n', 'Twice.md': 'See [[Target]], then [[Target|again]].\n', 'Once.md': '[[Target]]\n' });
    const r = ok(await e.call('find', { filters: { 'file.name': 'Target' }, fields: ['file.inlinks'] })) as unknown as { results: { fields: Record<string, unknown> }[] };
    expect(r.results[0].fields['file.inlinks']).toBe(2);
  });

  it('never collide with a frontmatter map called file, and combine with frontmatter and text', async () => {
    expect(await find({ 'file.name': 'not-the-file-name' })).toEqual([]);
    expect(await find({ 'file.size': 1 })).toEqual([]);
    expect(await find({ file: { $exists: true } })).toEqual(['games/Dota 2.md']);
    expect(await find({ status: 'read', 'file.folder': 'books' })).toEqual(['books/Dune.md']);
    const s = ok(await engine.call('search', { query: 'back', filters: { 'file.inlinks': { $gte: 1 } }, mode: 'text' })) as unknown as { results: { path: string }[] };
    expect(s.results.map((r) => r.path)).toEqual(['books/Hyperion.md']);
  });

  it('are returned by find in fields and sort its rows, a frontmatter map called file left alone', async () => {
    type Row = { path: string; fields: Record<string, unknown> };
    const r = ok(await engine.call('find', { fields: ['file.name', 'file.folder', 'file.size', 'file.mtime', 'file.tags', 'file.etags', 'file.inlinks', 'file.outlinks'], sort: [{ field: 'file.inlinks', order: 'desc' }, { field: 'file.name' }] })) as unknown as { results: Row[] };
    // Ties on inlinks go by name, text compared without case.
    expect(r.results.map((x) => x.path)).toEqual(['books/Dune.md', 'books/Hyperion.md', 'games/Dota 2.md', 'README.md']);
    const dune = r.results[0].fields;
    const size = engine.db.column<number>("SELECT size FROM entries WHERE path = 'books/Dune.md'")[0];
    expect(dune).toEqual({
      'file.name': 'Dune', 'file.folder': 'books', 'file.size': size, 'file.mtime': '2026-11-02T00:00:00',
      'file.tags': ['type', 'type/books', 'scifi'], 'file.etags': ['type/books', 'scifi'], 'file.inlinks': 2, 'file.outlinks': 2,
    });
    expect(r.results[2].fields['file.name']).toBe('Dota 2');
    const bySize = ok(await engine.call('find', { sort: [{ field: 'file.size', order: 'desc' }], fields: ['file.size'] })) as unknown as { results: Row[] };
    const sizes = bySize.results.map((x) => x.fields['file.size'] as number);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const byTags = ok(await engine.call('find', { sort: [{ field: 'file.tags' }], filters: { 'file.folder': 'books' } })) as unknown as { results: Row[] };
    expect(byTags.results).toHaveLength(2);
  });

  it('are returned in search hits\' fields too, never from a frontmatter map called file', async () => {
    const r = ok(await engine.call('search', { query: 'game', mode: 'text', fields: ['file.name', 'file.inlinks', 'file'] })) as unknown as { results: { path: string; fields: Record<string, unknown> }[] };
    expect(r.results.map((h) => [h.path, h.fields])).toEqual([['games/Dota 2.md', { 'file.name': 'Dota 2', 'file.inlinks': 0, file: { name: 'not-the-file-name', size: 1 } }]]);
  });
});

describe('file fields in the fields tool', () => {
  type Listed = { key: string; notes: number; types: Record<string, number>; values: { value: unknown; count: number }[]; distinct: number; operators: string[]; file?: true };
  const listed = async (args: Record<string, unknown> = {}) => (ok(await engine.call('fields', args)) as unknown as { fields: Listed[] }).fields;

  it('are listed beside the frontmatter keys, marked file, with types, counts, values and operators', async () => {
    const all = await listed();
    const byKey = new Map(all.map((f) => [f.key, f]));
    expect(all.filter((f) => f.file).map((f) => f.key).sort()).toEqual(
      ['file.etags', 'file.ext', 'file.folder', 'file.inlinks', 'file.mtime', 'file.name', 'file.outlinks', 'file.path', 'file.size', 'file.tags'],
    );
    expect(byKey.get('file.folder')).toMatchObject({ notes: 4, types: { string: 4 }, distinct: 3, values: [{ value: 'books', count: 2 }, { value: '', count: 1 }, { value: 'games', count: 1 }] });
    expect(byKey.get('file.size')!.types).toEqual({ number: 4 });
    expect(byKey.get('file.size')!.operators).toContain('$gte');
    // Link counts are listed without values: those would cost a lookup over every link for each note.
    expect(byKey.get('file.inlinks')).toMatchObject({ notes: 4, types: { number: 4 }, values: [] });
    expect(byKey.get('file.outlinks')!.operators).toContain('$gt');
    // file.tags is the tags key itself, parent tags and all; the frontmatter map called file is its own key.
    const tags = byKey.get('tags')!;
    expect(byKey.get('file.tags')).toEqual({ ...tags, key: 'file.tags', file: true });
    expect(byKey.get('file.name')!.values.map((v) => v.value)).not.toContain('not-the-file-name');
  });

  it('a prefix of file or file.<name> selects them, with file.tags from the tags key', async () => {
    // The frontmatter map called file has a file.size too: listed, but not filterable (filters read the file field).
    expect((await listed({ prefix: 'file.size' })).map((f) => [f.key, f.file ?? false, f.operators.length > 0])).toEqual([
      ['file.size', false, false],
      ['file.size', true, true],
    ]);
    const underFile = (await listed({ prefix: 'file' })).map((f) => f.key);
    expect(underFile).toContain('file.tags');
    expect(underFile).toContain('file.mtime');
    expect((await listed({ prefix: 'status' })).map((f) => f.key)).toEqual(['status']);
  });
});
