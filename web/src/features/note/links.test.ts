import { describe, expect, it } from 'vitest';
import { linkedNotes, linkingNotes, relationLabel } from './links';

const res = (path: string) => ({ vault: 'v', path, title: path.replace(/\.md$/, '') });

describe('note link lists', () => {
  it('lists each linked note once, with its types and how many links', () => {
    const groups = linkedNotes([
      { type: 'links_to', target: 'Advanced formatting syntax', context: null, line: 3, resolved: res('Advanced formatting syntax.md') },
      { type: 'links_to', target: 'advanced formatting syntax', context: null, line: 9, resolved: res('Advanced formatting syntax.md') },
      { type: 'implements', target: 'Advanced formatting syntax', context: null, line: 12, resolved: res('Advanced formatting syntax.md') },
      { type: 'links_to', target: 'Missing', context: null, line: 4, resolved: null },
      { type: 'links_to', target: 'missing', context: null, line: 5, resolved: null },
    ]);
    expect(groups.map((g) => [g.first.target, g.types, g.count])).toEqual([
      ['Advanced formatting syntax', ['links_to', 'implements'], 3],
      ['Missing', ['links_to'], 2],
    ]);
  });

  it('lists each note that links here once', () => {
    const groups = linkingNotes([
      { type: 'links_to', vault: 'v', path: 'a.md', title: 'A', line: 1 },
      { type: 'links_to', vault: 'v', path: 'a.md', title: 'A', line: 7 },
      { type: 'links_to', vault: 'w', path: 'a.md', title: 'A', line: 1 },
    ]);
    expect(groups.map((g) => [g.first.vault, g.count])).toEqual([['v', 2], ['w', 1]]);
  });

  it('says relation types in words', () => {
    const known = (t: string) => ({ links_to: 'links to' })[t];
    expect(relationLabel('links_to', known)).toBe('links to');
    expect(relationLabel('depends_on-soft', known)).toBe('depends on soft');
  });
});
