import { describe, expect, it } from 'vitest';
import { COMMIT_DELAY_MS, commitDelay } from './commit-timing';

describe('when the query box searches its draft', () => {
  it('waits for a pause after a typed letter or a deleted one', () => {
    expect(commitDelay('', 'a', false)).toBe(COMMIT_DELAY_MS);
    expect(commitDelay('auth desig', 'auth design', false)).toBe(COMMIT_DELAY_MS);
    expect(commitDelay('auth design', 'auth desig', false)).toBe(COMMIT_DELAY_MS);
  });
  it('searches a pasted or dropped query at once', () => {
    expect(commitDelay('', 'battering ram', false)).toBe(0);
    expect(commitDelay('auth ', 'auth tag:security', false)).toBe(0);
  });
  it('searches nothing while an input method is composing, whatever the text', () => {
    expect(commitDelay('', 'けんさく', true)).toBeNull();
    expect(commitDelay('け', 'けん', true)).toBeNull();
  });
});
