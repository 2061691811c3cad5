// A snippet is placed on the words a reader will see marked. Two flaws found
// on Obsidian's help vault ("Map view" over Introduction to Bases.md showed
// 240 characters with nothing marked, though the note says "views" and
// "Map" in plain sight): the window was anchored on matches inside markup the
// snippet hides (a wiki link's target before its alias, a URL, an HTML tag),
// and matches shown after the window's nominal end were left unmarked.
import { describe, expect, it } from 'vitest';
import { makeSnippet, type HighlightTerm } from './snippet';

const words = (...ws: string[]): HighlightTerm[] => ws.map((text) => ({ text, prefix: false }));

const BASES = [
  'Bases is a core plugin that lets you turn any set of notes into a powerful database.',
  '',
  'The layouts:',
  '- [[Table view|Table]]',
  '\t- Display files as rows with columns that show properties of those files.',
  '- [[List view|List]]',
  '\t- Display files as a list with bulleted or numbered markers.',
  '- [[Cards view|Cards]]',
  '\t- Display files as a grid. Lets you create gallery-like views with images.',
  '- [[Map view|Map]]',
  '\t- Display files as pins on an interactive map.',
].join('\n');

describe('snippets placed on matches a reader sees', () => {
  it('does not anchor the window on words inside hidden link targets', () => {
    const s = makeSnippet(BASES, words('Map', 'view'));
    expect(s).toContain('[views]');
    expect(s).toContain('[Map]');
    expect(s).toContain('[map]');
  });

  it('marks every match it shows, also past the window it was placed on', () => {
    // Markup the snippet drops shortens the visible text, so more of it is shown than the window's length.
    const text = `${'w '.repeat(30)}alpha ${'[[Some long target name here|x]] '.repeat(5)}beta ${'w '.repeat(30)}`;
    const s = makeSnippet(text, words('alpha', 'beta'))!;
    expect(s).toContain('[alpha]');
    expect(s).toContain('[beta]');
  });

  it('ignores matches in URLs and HTML tags when others are in plain text', () => {
    const text = `See [the docs](https://example.com/graph/graph-view) and <span class="graph-view">x</span>. ${'filler '.repeat(40)}The graph view shows links.`;
    const s = makeSnippet(text, words('graph', 'view'))!;
    expect(s).toContain('[graph] [view] shows links');
  });

  it('recognises a link\'s URL that the snippet cuts off, and shows neither it nor a match inside it', () => {
    const text = `alpha ${'w '.repeat(60)}[docs](https://example.com/alpha-guide/${'x'.repeat(200)}) end`;
    const s = makeSnippet(text, words('alpha'))!;
    expect(s.startsWith('[alpha] w w')).toBe(true);
    expect(s).not.toContain('example.com');
  });

  it('drops the bracket of a link whose text the snippet cuts before its URL', () => {
    const text = `Map views need Obsidian 1.10. ${'w '.repeat(105)}The [Maps plugin](obsidian://show-plugin?id=maps) is official.`;
    const s = makeSnippet(text, words('map'), { open: '<', close: '>' })!;
    expect(s).toContain('<Map> views');
    expect(s).not.toContain('[');
  });

  it('still shows the only matches there are when all of them are hidden', () => {
    const s = makeSnippet('Intro text. - [[Map view|Atlas]] more text.', words('map'));
    expect(s).toBe('Intro text. - Atlas more text.');
    expect(makeSnippet('Intro text. - [[Map view|Atlas]] more text.', words('map'), { requireHit: true })).toBeNull();
  });
});

describe('embedded files in snippets', () => {
  it('leaves out the name of an embedded picture, icon or PDF, as Obsidian shows the file itself', () => {
    const text = 'Layouts: ![[lucide-table.svg#icon]] table, ![[bases-map-places.png|300]] and ![[Guide.pdf#page=3]]. A map view shows pins.';
    const s = makeSnippet(text, words('map', 'view'));
    expect(s).toContain('A [map] [view] shows pins.');
    expect(s).not.toMatch(/lucide|places|\.png|\.pdf|page=3/);
    // "map" in bases-map-places.png is hidden: not marked, not where the snippet is placed.
    expect(makeSnippet('![[bases-map-places.png]] Install the plugin.', words('map'), { requireHit: true })).toBeNull();
  });

  it('keeps an embedded note\'s name, which Obsidian shows as the note', () => {
    expect(makeSnippet('See ![[Map view]] for pins.', words('map'))).toBe('See [Map] view for pins.');
  });
});
