// CPU time and run-queue wait of a Chromium profile's threads, from Linux's
// /proc/<pid>/task/<tid>/schedstat (ns on a CPU, ns runnable but waiting for
// one). The wait is what tells CPU starvation apart from work: a page's main
// thread whose long tasks are mostly wait was ready to run but had no core.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Seconds per thread kind (the thread's name, e.g. CrRendererMain, DedicatedWorker thread), summed over the profile's processes. */
export type ThreadTimes = Record<string, { cpu: number; wait: number }>;

export function threadTimes(profile: string): ThreadTimes {
  const out: ThreadTimes = {};
  if (!existsSync('/proc/self/task')) return out;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)) continue;
      // Only renderers: the browser and utility processes share the profile's path but not the page's work.
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        // The renderer's main thread carries the executable's name: called by its role instead.
        const name = tid === pid ? 'CrRendererMain' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const [cpu, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
        const t = (out[name] ??= { cpu: 0, wait: 0 });
        t.cpu += cpu / 1e9;
        t.wait += wait / 1e9;
      }
    } catch {
      // the process or thread ended while we looked
    }
  }
  return out;
}

/** What each thread kind spent between two readings. */
export function threadTimesSince(before: ThreadTimes, after: ThreadTimes): ThreadTimes {
  const out: ThreadTimes = {};
  for (const [name, t] of Object.entries(after)) {
    const b = before[name] ?? { cpu: 0, wait: 0 };
    out[name] = { cpu: t.cpu - b.cpu, wait: t.wait - b.wait };
  }
  return out;
}
