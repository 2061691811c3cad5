// A note found by its frontmatter shows the value that matched. The Dataview
// example vault: "books about cyborgs" ranked books_1 first (booktopics:
// Cyborgs), but its snippet was the body ("This is an example book
// excerpt"), which says nothing of cyborgs; "dystopia" showed a body with no
// word marked at all. Real engine, real SQLite.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { frontmatterLine } from './frontmatter-snippet';

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {
    'books/books_1.md': '---\nauthor: Dora D\nbooktopics:\n  - lost earth\n  - Cyborgs\ngenres: [Science-Fiction, Dystopia]\ntotalPages: 431\nread: true\n---\n#type/books\n\nThis is an example book excerpt. Whatever.\n',
    'books/books_2.md': '---\nauthor: Ann B\ngenres: [Romance]\n---\nThis is an example book excerpt about a cyborg uprising.\n',
    'people/Ann.md': '---\naliases: [Annie Baker]\n---\nWrites books.\n',
    'notes/plain.md': '# Plain\n\nNothing in the frontmatter here; the word dystopia is in the body.\n',
    // Found only through its tag, by the stem it shares with the query (a UI trial: `engine` found #engineering).
    'places/Helsingfors.md': '---\ntags: [engineering, history]\n---\n# Helsingfors\n\nA harbour town with a cathedral and a market square by the sea.\n',
  };
  for (let i = 0; i < 8; i++) files[`books/more${i}.md`] = `---\ngenres: [Essay]\n---\nAnother book ${i}.\n`;
  engine = await engineWith(files, 'fm-snippet');
});

async function snippetOf(query: string, path: string): Promise<string> {
  const r = ok(await engine.call('search', { query, mode: 'text', limit: 20, snippet_markers: ['<b>', '</b>'] })) as { results: { path: string; snippet: string }[] };
  const hit = r.results.find((h) => h.path === path);
  expect(hit, `${path} among the hits for "${query}"`).toBeDefined();
  return hit!.snippet;
}

describe('a note found by a frontmatter value shows it', () => {
  it('one word found only in the frontmatter: the field that holds it, marked', async () => {
    const s = await snippetOf('dystopia', 'books/books_1.md');
    expect(s).toContain('genres: Science-Fiction, <b>Dystopia</b>');
  });

  it('the rarer word in the frontmatter outweighs the common one in the body', async () => {
    const s = await snippetOf('books about cyborgs', 'books/books_1.md');
    expect(s).toContain('booktopics: lost earth, <b>Cyborgs</b>');
  });

  it('a body that shows the words keeps its snippet', async () => {
    expect(await snippetOf('cyborg uprising', 'books/books_2.md')).toContain('<b>cyborg</b> <b>uprising</b>');
    expect(await snippetOf('dystopia', 'notes/plain.md')).toContain('the word <b>dystopia</b> is in the body');
  });

  it('a note found only through a tag shows the tag, marked', async () => {
    expect(await snippetOf('engine', 'places/Helsingfors.md')).toBe('tags: <b>engineering</b>, history');
  });

  it('an alias that found the note is shown', async () => {
    expect(await snippetOf('annie', 'people/Ann.md')).toContain('aliases: <b>Annie</b> Baker');
  });
});

describe('frontmatterLine', () => {
  it('keys and values on one line; title, tags, booleans and nulls left out; nested maps by dotted key', () => {
    expect(frontmatterLine({ title: 'T', tags: ['a'], author: 'Dora', pages: 431, done: true, none: null, series: { name: 'Dune', n: 2 }, empty: '' })).toBe(
      'author: Dora · pages: 431 · series.name: Dune · series.n: 2',
    );
  });
});
