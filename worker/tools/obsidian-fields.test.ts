// Dataview inline fields and frontmatter text through the tools: typed
// filters, fields with their sources, read_note, the clash reported once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { OBSIDIAN_VAULT } from '../test/obsidian-fixture';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith(OBSIDIAN_VAULT, 'vault');
});

const found = async (filters: unknown) => ok(await engine.call('find', { filters })).results.map((r) => r.path).sort();
const searched = async (query: string) => ok(await engine.call('search', { query })).results.map((h) => h.path).sort();

describe('inline fields', () => {
  it('are typed metadata: numbers, booleans, dates as text, lists, links', async () => {
    expect(await found({ pages: { $gt: 400 } })).toEqual(['Books/Dune.md']);
    expect(await found({ finished: true })).toEqual(['Books/Dune.md']);
    expect(await found({ started: { $gte: '2026-11-01', $lt: '2026-12-01' } })).toEqual(['Books/Dune.md']);
    expect(await found({ themes: ['ecology', 'power'] })).toEqual(['Books/Dune.md']);
    expect(await found({ series: '[[Dune Messiah]]' })).toEqual(['Books/Dune.md']);
    expect(await found({ mood: 'calm', format: 'paperback' })).toEqual(['Books/Dune.md']);
    expect(await found({ author: 'Jane Austen' })).toEqual(['Books/Emma.md']);
  });

  it('lose to the frontmatter on a clash: filters see the frontmatter value, the clash is one problem', async () => {
    expect(await found({ rating: 4 })).toEqual(['Books/Dune.md']);
    expect(await found({ rating: 5 })).toEqual([]);
    const problems = ok(await engine.call('problems', { vault: 'vault' })).problems.filter((p) => p.code === 'field_clash');
    expect(problems.map((p) => [p.path, p.line])).toEqual([['Books/Dune.md', 12]]);
    expect(problems[0].message).toContain('rating');
  });

  it('are shown as find and search columns, typed, the frontmatter winning a clash', async () => {
    // A filter on pages matched Dune; its table column must not then be empty.
    const rows = ok(await engine.call('find', { filters: { pages: { $gt: 400 } }, fields: ['pages', 'finished', 'themes', 'rating', 'mood', 'absent'] })).results;
    expect(rows[0].fields).toEqual({ pages: 412, finished: true, themes: ['ecology', 'religion', 'power'], rating: 4, mood: 'calm', absent: null });
    const emma = ok(await engine.call('find', { filters: { author: 'Jane Austen' }, fields: ['author'] })).results;
    expect(emma[0].fields).toEqual({ author: 'Jane Austen' });
    const hits = ok(await engine.call('search', { query: 'desert planet', fields: ['pages', 'author'] })).results;
    expect(hits.find((h) => h.path === 'Books/Dune.md')?.fields).toEqual({ pages: 412, author: 'Frank Herbert' });
  });

  it('are listed by fields with where their values come from', async () => {
    const fields = ok(await engine.call('fields', { vault: 'vault' })).fields;
    const by = (k: string) => fields.find((f) => f.key === k)!;
    expect(by('pages')).toMatchObject({ notes: 1, types: { number: 1 }, sources: { frontmatter: 0, inline: 1 } });
    expect(by('started').types).toEqual({ date: 1 });
    expect(by('author')).toMatchObject({ notes: 2, sources: { frontmatter: 1, inline: 1 } });
    expect(by('tags').sources).toEqual({ frontmatter: 2, inline: 4 });
    expect(by('rating').sources).toBeUndefined();
  });

  it('are shown by read_note with their line, form and kind, the overridden one marked', async () => {
    const dune = ok(await engine.call('read_note', { path: 'Books/Dune.md' }));
    expect(dune.inline_tags).toEqual(['type/books', 'genre/sf', 'Reading']);
    expect(dune.inline_fields.slice(0, 2)).toEqual([
      { key: 'rating', value: 5, kind: 'number', line: 12, form: 'line', overridden: true },
      { key: 'pages', value: 412, kind: 'number', line: 13, form: 'line' },
    ]);
    expect(dune.inline_fields.find((f) => f.key === 'series')).toMatchObject({ kind: 'link', value: '[[Dune Messiah]]' });
    expect(dune.inline_fields.find((f) => f.key === 'format')).toMatchObject({ form: 'paren', line: 18 });
  });
});

// A user trial on Dataview's example vault: `[task-completion:: `$= …`]` was a field with no value.
describe('inline fields whose value is inline code', () => {
  it('keep the code as their text; a field written inside code or a comment is still none', async () => {
    const engine = await engineWith({
      'Daily.md': [
        'codefield:: `some code`',
        '- [task-completion:: `$= dv.current().done`] today',
        'A `[hidden:: in code]` and %% [secret:: `x`] %% here.',
        '`inline:: code` line',
      ].join('\n'),
    });
    const read = ok(await engine.call('read_note', { path: 'Daily.md' }));
    const byKey = Object.fromEntries(read.inline_fields.map((f: { key: string; value: unknown }) => [f.key, f.value]));
    expect(byKey).toEqual({ codefield: '`some code`', 'task-completion': '`$= dv.current().done`' });
    expect(ok(await engine.call('find', { filters: { 'task-completion': { $exists: true } } })).total).toBe(1);
  });
});

describe('frontmatter values are text', () => {
  it('finds a note by a frontmatter value that its body does not hold', async () => {
    expect(await searched('Herbert')).toEqual(['Books/Dune.md']);
  });
});
