import { describe, expect, it } from 'vitest';
import { planThreads, spareWorkerWanted } from './threads';

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

describe('spareWorkerWanted', () => {
  it('wants a second one-thread worker only where the model gets one thread and a second core exists', () => {
    expect(spareWorkerWanted({ isolated: true, cores: 2 })).toBe(true);
    expect(spareWorkerWanted({ isolated: false, cores: 8 })).toBe(true);
    expect(spareWorkerWanted({ isolated: true, cores: 1 })).toBe(false);
    expect(spareWorkerWanted({ isolated: true, cores: undefined })).toBe(false);
    expect(spareWorkerWanted({ isolated: true, cores: 4 })).toBe(false);
  });
});
