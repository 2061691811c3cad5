import { describe, expect, it } from 'vitest';
import { completeTag, tagTokenAt, tagTokensOf } from './query-tags';

describe('tag: completion', () => {
  it('finds the tag being typed, after tag: or after a comma', () => {
    expect(tagTokenAt('auth tag:sec', 12)).toEqual({ start: 9, end: 12, prefix: 'sec' });
    expect(tagTokenAt('tag:a,se more', 8)).toEqual({ start: 6, end: 8, prefix: 'se' });
    expect(tagTokenAt('TAG:', 4)).toEqual({ start: 4, end: 4, prefix: '' });
    expect(tagTokenAt('auth tag:sec', 3)).toBeNull();
    expect(tagTokenAt('tagline', 7)).toBeNull();
    expect(tagTokenAt('tag:x', 2)).toBeNull();
  });

  it('completes in place and adds a space at the end of a token', () => {
    const text = 'auth tag:sec';
    expect(completeTag(text, tagTokenAt(text, 12)!, 'security')).toEqual({ text: 'auth tag:security ', caret: 18 });
    const mid = 'tag:a,se,b x';
    expect(completeTag(mid, tagTokenAt(mid, 8)!, '設計')).toEqual({ text: 'tag:a,設計,b x', caret: 8 });
  });
});

describe('tag: tokens to remove from a query', () => {
  it('lists each token with the query as it reads without it', () => {
    expect(tagTokensOf('auth tag:security')).toEqual([{ token: 'tag:security', without: 'auth' }]);
    expect(tagTokensOf('tag:a OR tag:b notes')).toEqual([
      { token: 'tag:a', without: 'tag:b notes' },
      { token: 'tag:b', without: 'tag:a notes' },
    ]);
    expect(tagTokensOf('x -tag:"two words" AND y')).toEqual([{ token: '-tag:"two words"', without: 'x y' }]);
    expect(tagTokensOf('plain words')).toEqual([]);
  });
});
