import { describe, expect, it } from 'vitest';
import { pack, unpack, packedSource } from './pack';
import { markdownTable } from './table';
import { percentile } from './stats';

describe('corpus packs', () => {
  it('round-trips paths, mtimes and exact bytes, including empty and Japanese-named files', async () => {
    const files = [
      { path: 'a.md', mtime: 1, bytes: new TextEncoder().encode('# A\n') },
      { path: 'フォルダ/設計 メモ.md', mtime: 2, bytes: new Uint8Array([0xff, 0x00, 0x10]) },
      { path: 'empty.md', mtime: 3, bytes: new Uint8Array() },
    ];
    const back = unpack(pack(files));
    expect(back.map((f) => [f.path, f.mtime, [...f.bytes]])).toEqual(files.map((f) => [f.path, f.mtime, [...f.bytes]]));
    const seen: string[] = [];
    for await (const f of packedSource('v', back).files()) seen.push(`${f.path}:${f.size}:${(await f.read()).length}`);
    expect(seen).toEqual(['a.md:4:4', 'フォルダ/設計 メモ.md:3:3', 'empty.md:0:0']);
  });

  it('refuses a blob that is not a pack', () => {
    expect(() => unpack(new TextEncoder().encode('SQLite format 3\0'))).toThrow(/not a Kioku corpus pack/);
  });
});

describe('bench helpers', () => {
  it('computes nearest-rank percentiles', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
  });

  it('right-aligns numeric columns in the Markdown table', () => {
    expect(markdownTable([{ a: 'x', n: 1.5 }, { a: 'long', n: 10 }])).toBe(
      ['| a    |   n |', '| ---- | --: |', '| x    | 1.5 |', '| long |  10 |'].join('\n'),
    );
  });
});

describe('docs/benchmarks.md sections', () => {
  it('replaces only its own section and appends a missing one', async () => {
    const { replaceSection } = await import('./doc-section');
    const doc = '# B\n\n<!-- a:start -->\nold a\n<!-- a:end -->\n\n<!-- b:start -->\nb\n<!-- b:end -->\n';
    const once = replaceSection(doc, 'a', 'new a');
    expect(once).toBe('# B\n\n<!-- a:start -->\nnew a\n<!-- a:end -->\n\n<!-- b:start -->\nb\n<!-- b:end -->\n');
    expect(replaceSection(once, 'c', 'c')).toBe(`${once.trimEnd()}\n\n<!-- c:start -->\nc\n<!-- c:end -->\n`);
  });
});
