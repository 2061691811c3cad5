// A note's stored text read back from real SQLite equals the file, byte for byte.
import { describe, expect, it } from 'vitest';
import { engineWith } from '../test/make-engine';
import { readContents } from './contents';

const enc = (s: string) => new TextEncoder().encode(s);
const BOM = [0xef, 0xbb, 0xbf];

describe('readContents', () => {
  it('gives head + body equal to the file, a leading BOM included (sqlite-wasm drops it from text values)', async () => {
    const files = {
      'fm.md': new Uint8Array([...BOM, ...enc('---\ntitle: B\n---\nbody\n')]),
      'plain.md': new Uint8Array([...BOM, ...enc('no frontmatter\n')]),
      'none.md': enc('---\na: 1\n---\n\uFEFFbody starting with U+FEFF\n'),
      'empty.md': new Uint8Array([]),
    };
    const { db } = await engineWith(files);
    for (const [path, bytes] of Object.entries(files)) {
      const id = db.get<{ id: number }>('SELECT id FROM entries WHERE path = ?', [path])!.id;
      const c = readContents(db, id)!;
      expect(enc(c.head + c.body), path).toEqual(bytes);
    }
    expect(readContents(db, 9999)).toBeUndefined();
  });
});
