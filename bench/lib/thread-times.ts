// CPU time and run-queue wait of a Chromium profile's threads, from Linux's
// /proc/<pid>/task/<tid>/schedstat (ns on a CPU, ns runnable but waiting for
// one). The wait is what tells CPU starvation apart from work: a page's main
// thread whose long tasks are mostly wait was ready to run but had no core.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Seconds per thread kind (the thread's name, e.g. CrRendererMain, DedicatedWorker thread), summed over the profile's processes. */
export type ThreadTimes = Record<string, { cpu: number; wait: number }>;

/** One reading of every thread of the profile's renderers, by process and thread id: a thread's times are only compared with its own. */
export type ThreadReadings = Map<string, { name: string; cpu: number; wait: number }>;

export function threadTimes(profile: string): ThreadReadings {
  const out: ThreadReadings = new Map();
  if (!existsSync('/proc/self/task')) return out;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)) continue;
      // Only renderers: the browser and utility processes share the profile's path but not the page's work.
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          // The renderer's main thread carries the executable's name: called by its role instead.
          const name = tid === pid ? 'CrRendererMain' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
          const [cpu, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
          out.set(`${pid}/${tid}`, { name, cpu: cpu / 1e9, wait: wait / 1e9 });
        } catch {
          // the thread ended while we looked
        }
      }
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/**
 * What each thread kind spent between two readings: every thread alive at
 * the second, less its own first reading (none for a thread started since).
 * A thread that ended in between is left out: its time until it ended is
 * lost (an undercount), where summing by name before and after made the sum
 * drop by all the time it had ever spent (a second embed worker ended when
 * typing began read as -37 CPU seconds).
 */
export function threadTimesSince(before: ThreadReadings, after: ThreadReadings): ThreadTimes {
  const out: ThreadTimes = {};
  for (const [id, t] of after) {
    const b = before.get(id);
    const o = (out[t.name] ??= { cpu: 0, wait: 0 });
    o.cpu += t.cpu - (b?.cpu ?? 0);
    o.wait += t.wait - (b?.wait ?? 0);
  }
  return out;
}
