// What README.md and README.ja.md say about $contains on lists and about the
// fields tool's file fields, checked against the engine: both once said the
// opposite of what it does ("$contains matches substrings anyway", "file
// fields are not listed by the fields tool").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';

const readme = (file: string) => readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8');
const EN = readme('README.md');
const JA = readme('README.ja.md');

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({
    'book.md': '---\ntags: [type/books]\ngenres: [Science, Drama]\nsubtitle: Science fiction\n---\nA book.\n',
    'ctime.md': '---\nfile:\n  ctime: 2024-01-02\n---\nA frontmatter map called file.\n',
  });
});

const found = async (filters: unknown) => ok(await engine.call('find', { filters })).results.map((r) => r.path);

describe('$contains, as the READMEs state it', () => {
  it('on a list matches whole elements, compared as equality compares; on tags, not the nested tags', async () => {
    expect(await found({ tags: { $contains: 'type' } })).toEqual([]);
    expect(await found({ tags: { $contains: 'books' } })).toEqual([]);
    expect(await found({ tags: { $contains: '#TYPE/Books' } })).toEqual(['book.md']);
    expect(await found({ tags: 'type' })).toEqual(['book.md']);
    expect(await found({ genres: { $contains: 'Science' } })).toEqual(['book.md']);
    expect(await found({ genres: { $contains: 'science' } })).toEqual([]);
    expect(await found({ genres: { $contains: 'Sci' } })).toEqual([]);
    // A single string holds it as a substring, ignoring case and width.
    expect(await found({ subtitle: { $contains: 'ＦＩＣＴ' } })).toEqual(['book.md']);
    expect(EN).toContain('`{"tags": {"$contains": "type"}}` does not find `type/books`');
    expect(JA).toContain('`{"tags": {"$contains": "type"}}` は `type/books` に一致しません');
    expect(EN).not.toContain('matches substrings anyway');
    expect(JA).not.toContain('もともと部分文字列に一致し');
  });
});

describe('file fields, as the READMEs state them', () => {
  it('are listed by the fields tool, marked file: true; file.ctime is a frontmatter key', async () => {
    const fields = ok(await engine.call('fields', { prefix: 'file' })).fields;
    expect(fields.find((f) => f.key === 'file.name')).toMatchObject({ file: true, notes: 2 });
    expect(await found({ 'file.ctime': { $gte: '2024-01-01' } })).toEqual(['ctime.md']);
    expect(EN).not.toContain('not listed by the `fields` tool');
    expect(JA).not.toContain('`fields` ツールの一覧には入りません');
    expect(EN).toContain('a `file.<name>` that is not one of them, such as `file.ctime`, is an ordinary frontmatter key');
    expect(JA).toContain('それ以外の `file.<名前>`（`file.ctime` など）は普通のフロントマターのキー');
  });
});
