// The note view shows an observation's #tags as buttons, so its text leaves them out.
import { describe, expect, it } from 'vitest';
import { observationText } from './observation-text';

describe('observationText', () => {
  it('drops the tags shown as buttons, wherever they are in the text', () => {
    expect(observationText('The cache layer will use Redis. #storage', ['storage'])).toBe('The cache layer will use Redis.');
    expect(observationText('#infra Use #cache/redis now', ['infra', 'cache/redis'])).toBe('Use now');
    expect(observationText('設計を承認 #同期', ['同期'])).toBe('設計を承認');
  });

  it('keeps what is not one of its tags: issue numbers, anchors, other text', () => {
    expect(observationText('Fixed in PR#12 and C#, see #storage', ['storage'])).toBe('Fixed in PR#12 and C#, see');
    expect(observationText('No tags here', [])).toBe('No tags here');
  });
});
