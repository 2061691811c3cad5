// Inline #tags through the tools: tag:, the tags argument and filter, the tags
// tool, fields counts and read_note, with Obsidian's nested-tag matching.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { OBSIDIAN_VAULT } from '../test/obsidian-fixture';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith(OBSIDIAN_VAULT, 'vault');
});

const searched = async (args: Record<string, unknown>) => ok(await engine.call('search', args)).results.map((h) => h.path).sort();
const found = async (filters: unknown) => ok(await engine.call('find', { filters })).results.map((r) => r.path).sort();

describe('inline tags are tags', () => {
  it('tag: finds inline tags, and a parent tag finds its nested tags', async () => {
    expect(await searched({ query: 'tag:type' })).toEqual(['Books/Dune.md', 'Books/Emma.md', 'Games/Celeste.md']);
    expect(await searched({ query: 'tag:type/books' })).toEqual(['Books/Dune.md', 'Books/Emma.md']);
    expect(await searched({ query: 'tag:#TYPE/Games' })).toEqual(['Games/Celeste.md']);
    // A prefix of a tag name is not its parent.
    expect(await searched({ query: 'tag:typ' })).toEqual([]);
    expect(await searched({ query: 'tag:type/book' })).toEqual([]);
  });

  it('merges frontmatter and inline tags (case-insensitively)', async () => {
    expect(await searched({ query: 'tag:reading' })).toEqual(['Books/Dune.md']);
    expect(await searched({ query: 'tag:games' })).toEqual(['Games/Celeste.md']);
    expect(await searched({ query: 'tag:進行中' })).toEqual(['Games/Celeste.md']);
    const dune = ok(await engine.call('read_note', { path: 'Books/Dune.md' }));
    expect(dune.tags).toEqual(['reading', 'type/books', 'genre/sf']);
  });

  it('never reads tags from code, comments, links or URLs', async () => {
    for (const t of ['code', 'hidden', 'stillhidden', 'anchor', 'frag', 'y', 'Climbing', 'fenced/tilde', 'escaped', '1984']) {
      expect(await searched({ query: `tag:${t}` }), t).toEqual([]);
    }
    expect(ok(await engine.call('read_note', { path: 'Games/Not a game.md' })).tags).toEqual([]);
  });

  it('the tags argument, the filter language and tag exclusion see the hierarchy', async () => {
    expect(await searched({ query: 'mountain OR desert OR novel', tags: ['genre'] })).toEqual(['Books/Dune.md', 'Games/Celeste.md']);
    expect(await found({ tags: 'type' })).toEqual(['Books/Dune.md', 'Books/Emma.md', 'Games/Celeste.md']);
    expect(await found({ tags: ['type/books', 'classic'] })).toEqual(['Books/Emma.md']);
    expect(await found({ tags: { $in: ['genre/sf', 'games'] } })).toEqual(['Books/Dune.md', 'Games/Celeste.md']);
    expect(await found({ tags: { $nin: ['type'] } })).toEqual(['Games/Not a game.md', 'Journal/2026-11-05.md']);
    expect(await searched({ query: 'tag:type -tag:type/books' })).toEqual(['Games/Celeste.md']);
  });

  it('the tags tool and fields count inline tags', async () => {
    const tags = ok(await engine.call('tags', { vault: 'vault' })).tags;
    expect(tags.find((t) => t.tag === 'type/books')).toEqual({ tag: 'type/books', count: 2 });
    expect(tags.find((t) => t.tag === 'later')).toEqual({ tag: 'later', count: 1 });
    expect(ok(await engine.call('tags', { prefix: '#type/' })).tags.map((t) => t.tag).sort()).toEqual(['type/books', 'type/games']);
    const fields = ok(await engine.call('fields', { vault: 'vault', limit: 100 })).fields;
    const tagField = fields.find((f) => f.key === 'tags')!;
    expect(tagField.notes).toBe(4);
    expect(tagField.values).toContainEqual({ value: 'type/books', count: 2 });
  });
});
