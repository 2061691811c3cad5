import { describe, expect, it } from 'vitest';
import { embedSection } from './embed-section';

const NOTE = `Intro line.

# Top

## First part

Filler.

The key point. ^key-point

## Second part

Second text.

- a listed block ^list-item
- another item

### Deeper

Still inside.

\`\`\`md
## Not a heading
fake ^key-point
\`\`\`

| a |
|---|
| 1 |

^table-id

## Third part

Not part of the second.
`;

describe('embedSection', () => {
  it('embeds the whole body without an anchor', () => {
    expect(embedSection(NOTE, null)).toBe(NOTE);
  });

  it('embeds a heading and what is under it, up to a heading of the same level', () => {
    const s = embedSection(NOTE, 'Second part')!;
    expect(s.startsWith('## Second part')).toBe(true);
    expect(s).toContain('### Deeper');
    expect(s).toContain('Still inside.');
    expect(s).not.toContain('Third part');
    expect(embedSection(NOTE, 'top#second PART')).toBe(s);
    expect(embedSection(NOTE, 'Deeper')!.split('\n')[0]).toBe('### Deeper');
  });

  it('does not take headings from code blocks', () => {
    expect(embedSection(NOTE, 'Not a heading')).toBeNull();
  });

  it('embeds the paragraph or list item a block id ends, or the block above a lone id', () => {
    expect(embedSection(NOTE, '^key-point')).toBe('The key point. ^key-point');
    expect(embedSection(NOTE, '^list-item')).toBe('- a listed block ^list-item');
    expect(embedSection(NOTE, '^table-id')).toBe('| a |\n|---|\n| 1 |');
    expect(embedSection(NOTE, '^missing')).toBeNull();
  });
});
