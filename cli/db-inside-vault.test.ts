// `kioku index DIR --db DIR/notes.kioku` keeps its database inside the folder
// it indexes: an attack trial saw the database and its -wal and -shm files
// indexed as files of the vault, and three of them "indexed" again at every re-sync.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { removeTree, writeTree } from '../worker/test/fixtures';

const ROOT = new URL('..', import.meta.url).pathname;
const kioku = (args: string[]) => spawnSync(process.execPath, [join(ROOT, 'cli/kioku.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

let vault: string;
beforeAll(() => {
  vault = writeTree({ 'a.md': '# A\n', 'sub/b.md': '# B\n' }, 'db-inside');
});
afterAll(() => removeTree(vault));

describe('a database kept inside the vault it indexes', () => {
  it('is not indexed, nor are its journals, and a re-sync finds nothing new', () => {
    const db = join(vault, 'notes.kioku');
    const first = JSON.parse(kioku(['index', vault, '--db', db, '--no-embed', '-q']).stdout);
    expect(first.found).toBe(2);
    const again = JSON.parse(kioku(['index', vault, '--db', db, '--no-embed', '-q']).stdout);
    expect([again.found, again.indexed]).toEqual([2, 0]);
    const files = JSON.parse(kioku(['call', 'find', '{}', '--db', db, '--no-embed', '-q']).stdout).results.map((r: { path: string }) => r.path).sort();
    expect(files).toEqual(['a.md', 'sub/b.md']);
  });
});
