// States how busy the machine was around a benchmark, so a reader can judge
// its wall times. The figure is the 1-minute load average, a trailing
// average: at the start it still carries the tail of any run just before, and
// at the end it includes the benchmark's own work (one or two of the 2 cores).
import { loadavg } from 'node:os';

export function loadNote(before: number): string {
  const after = loadavg()[0];
  return `1-minute load average ${before.toFixed(1)} when the run started and ${after.toFixed(1)} when it ended (a trailing average that includes the benchmark's own work and the tail of anything run just before; on 2 cores, much above 2 means other work competed for the CPU and p95 especially is noisy).`;
}
