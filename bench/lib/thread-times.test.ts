// Per-thread CPU deltas: bench:embed-typing's "paused" phase read -37 CPU
// seconds for the workers when the second embed worker ended as typing began,
// because times were summed by thread name before and after.
import { describe, expect, it } from 'vitest';
import { threadTimesSince, type ThreadReadings } from './thread-times';

const reading = (rows: [string, string, number, number][]): ThreadReadings => new Map(rows.map(([id, name, cpu, wait]) => [id, { name, cpu, wait }]));

describe('threadTimesSince', () => {
  it('a thread that ended is left out, never subtracted from the others', () => {
    const before = reading([['1/10', 'DedicatedWorker', 5, 1], ['1/11', 'DedicatedWorker', 40, 2], ['1/1', 'CrRendererMain', 3, 1]]);
    const after = reading([['1/10', 'DedicatedWorker', 6.5, 1.5], ['1/1', 'CrRendererMain', 4, 1.25]]);
    const d = threadTimesSince(before, after);
    expect(d.DedicatedWorker.cpu).toBeCloseTo(1.5);
    expect(d.DedicatedWorker.wait).toBeCloseTo(0.5);
    expect(d.CrRendererMain.cpu).toBeCloseTo(1);
  });

  it('a thread started since counts all its time', () => {
    const d = threadTimesSince(reading([['1/10', 'DedicatedWorker', 5, 0]]), reading([['1/10', 'DedicatedWorker', 5, 0], ['1/12', 'DedicatedWorker', 2, 0.1]]));
    expect(d.DedicatedWorker.cpu).toBeCloseTo(2);
  });
});
