import { describe, expect, it } from 'vitest';
import { planThreads } from './threads';

describe('planThreads', () => {
  it('uses one thread when the page is not cross-origin isolated, whatever the cores', () => {
    expect(planThreads({ isolated: false, cores: 16 })).toEqual({ threads: 1, reason: 'not_isolated' });
    expect(planThreads({ isolated: false, cores: 16, requested: 4 })).toEqual({ threads: 1, reason: 'not_isolated' });
  });

  it('leaves one core for the UI and the engine when isolated', () => {
    expect(planThreads({ isolated: true, cores: 8 })).toEqual({ threads: 7, reason: 'cores' });
    expect(planThreads({ isolated: true, cores: 3 })).toEqual({ threads: 2, reason: 'cores' });
  });

  it('says why there is one thread on two cores or fewer, or an unknown count', () => {
    expect(planThreads({ isolated: true, cores: 2 })).toEqual({ threads: 1, reason: 'few_cores' });
    expect(planThreads({ isolated: true, cores: 1 })).toEqual({ threads: 1, reason: 'few_cores' });
    expect(planThreads({ isolated: true, cores: undefined })).toEqual({ threads: 1, reason: 'few_cores' });
  });

  it('takes a requested count (benchmarks) only in an isolated page', () => {
    expect(planThreads({ isolated: true, cores: 2, requested: 2 })).toEqual({ threads: 2, reason: 'requested' });
  });
});
