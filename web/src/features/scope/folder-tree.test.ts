import { describe, expect, it } from 'vitest';
import { buildFolderTree } from './folder-tree';

describe('folder tree', () => {
  it('nests folders, counts subtrees and gives each node its path_prefix', () => {
    const tree = buildFolderTree([
      { folder: '', notes: 2 },
      { folder: 'specs/auth', notes: 3 },
      { folder: 'specs', notes: 1 },
      { folder: 'specs-archive', notes: 4 },
      { folder: '日記/2026', notes: 5 },
    ]);
    expect(tree.notes).toBe(15);
    const names = tree.children.map((c) => [c.name, c.prefix, c.notes]);
    expect(names).toEqual([
      ['specs', 'specs/', 4],
      ['specs-archive', 'specs-archive/', 4],
      ['日記', '日記/', 5],
    ]);
    expect(tree.children[0].children[0]).toMatchObject({ name: 'auth', prefix: 'specs/auth/', notes: 3 });
    expect(tree.children[2].children[0]).toMatchObject({ prefix: '日記/2026/', notes: 5 });
  });
});
