// Split from import.test.ts (file size): the problems an import records,
// over real SQLite and real folders.
import { describe, expect, it } from 'vitest';
import { memorySource, type ImportSource } from './source';
import { nodeSource } from './walk-node';
import { makeEngine, ok } from '../test/make-engine';
import { putFile } from '../test/fixtures';
import { found, paths, useTrees } from '../test/import-kit';

const tree = useTrees();

describe('problems: file, what is wrong, what Kioku did', () => {
  it('lists every problem after the import, and keeps the problems of unchanged files on re-import', async () => {
    const root = tree({
      'good.md': '---\ntitle: Good\n---\nfine',
      'broken yaml.md': '---\ntitle: [unclosed\n---\nthe body survives',
      'open.md': '---\ntitle: never closed\n',
      'empty.md': '',
      'latin1.md': new Uint8Array([0x43, 0x61, 0x66, 0xe9]),
      'binary.md': new Uint8Array([0, 1, 2, 3]),
      '重複/a b.md': 'first',
      '重複/a-b.md': 'second',
    });
    const engine = await makeEngine();
    const s = await engine.importSource(nodeSource(root));
    expect(s.phase).toBe('done');
    const list = s.problemList.map((p) => [p.path, p.code]);
    expect(list).toEqual([
      ['binary.md', 'binary_note'],
      ['broken yaml.md', 'frontmatter_invalid'],
      ['empty.md', 'empty_file'],
      ['latin1.md', 'invalid_utf8'],
      ['open.md', 'frontmatter_unterminated'],
      ['重複/a-b.md', 'duplicate_permalink'],
    ]);
    for (const p of s.problemList) {
      expect(p.message.length).toBeGreaterThan(10);
      expect(p.action.length).toBeGreaterThan(10);
    }
    expect(s.problemList.find((p) => p.code === 'duplicate_permalink')).toMatchObject({
      message: 'The permalink "重複/a-b" is already used by 重複/a b.md.',
      action: 'Gave this note the permalink "重複/a-b-1"; the file was not changed.',
    });
    expect(await found(engine, 'survives')).toEqual(['broken yaml.md']);
    expect(engine.db.get("SELECT kind FROM entries WHERE path = 'binary.md'")).toEqual({ kind: 'file' });

    const tool = ok(await engine.call('problems', { vault: 'vault' })) as { total: number; problems: { path: string }[] };
    expect(tool.total).toBe(6);

    // Unchanged: still listed. Fixed: gone.
    putFile(root, 'broken yaml.md', '---\ntitle: Fixed\n---\nthe body survives');
    const again = await engine.importSource(nodeSource(root));
    expect(again.indexed).toBe(1);
    expect(again.problemList.map((p) => p.path)).toEqual(['binary.md', 'empty.md', 'latin1.md', 'open.md', '重複/a-b.md']);
  });

  it('says so when two file names differ only in Unicode normalisation (one path in the index)', async () => {
    const root = tree({ 'cafe\u0301.md': 'decomposed walrus', 'caf\u00e9.md': 'composed narwhal' });
    const engine = await makeEngine();
    const s = await engine.importSource(nodeSource(root));
    expect(await paths(engine)).toEqual(['caf\u00e9.md']);
    expect(s.problemList).toEqual([
      expect.objectContaining({ path: 'caf\u00e9.md', code: 'duplicate_path', message: expect.stringMatching(/Unicode/), action: expect.stringMatching(/rename/i) }),
    ]);
  });

  it('keeps what the index had for a file that cannot be read, and says so', async () => {
    const engine = await makeEngine();
    await engine.importSource(memorySource('v', { 'a.md': 'first version', 'b.md': 'bee' }));
    const flaky: ImportSource = {
      name: 'v',
      root: 'v',
      kind: 'memory',
      async *files() {
        yield { path: 'a.md', size: 5, mtime: 0, read: async () => Promise.reject(new Error('NotReadableError: permission lost')) };
        yield { path: 'b.md', size: 3, mtime: 0, read: async () => new TextEncoder().encode('bee') };
      },
    };
    const s = await engine.importSource(flaky);
    expect(s.phase).toBe('done');
    expect(s.problemList).toEqual([
      {
        path: 'a.md',
        code: 'read_failed',
        message: 'The file could not be read: NotReadableError: permission lost.',
        action: 'Skipped it this time; what the index already had for it is kept. Import again to retry.',
      },
    ]);
    expect(await found(engine, 'first')).toEqual(['a.md']);
  });

  it('imports a 50 MB note: the whole file is kept, a prefix is indexed, and a warning is recorded', async () => {
    const line = 'The quick brown fox jumps over the lazy dog.\n';
    const big = `# Huge\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}needle-at-the-end\n`;
    const engine = await makeEngine();
    const s = await engine.importSource(memorySource('v', { 'huge.md': big, 'small.md': 'fox' }));
    expect(s.phase).toBe('done');
    expect(s.problemList.map((p) => [p.path, p.code])).toEqual([['huge.md', 'note_truncated']]);
    expect(engine.db.get("SELECT length(c.body) AS n, e.truncated FROM contents c JOIN entries e ON e.id = c.entry_id WHERE e.path = 'huge.md'")).toEqual({ n: big.length, truncated: 1 });
    expect(await found(engine, 'fox')).toEqual(['huge.md', 'small.md']);
    expect(await found(engine, 'needle')).toEqual([]);
  });
});
