// The app page as bench:embed-typing drives it: a typist entering queries key
// by key, the embedding panel's pause and resume, the passages embedded so
// far, and what the page and its threads recorded meanwhile (long tasks, slow
// key events, CPU time and run-queue wait per thread, optionally a trace).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startTrace } from './cdp-trace';
import { threadTimes, threadTimesSince, type ThreadTimes } from './thread-times';
import { describeTasks, longTasks } from './trace-tasks';
import { markdownFiles, waitForServer } from './seekstone-files';

/** What a user types: questions and keywords, each key a search. */
export const QUERIES = ['how do tides work', 'siege engine', 'what did the harbour trade in winter', 'river crossing'];
/** A typist at about 8 keys a second. */
export const KEY_GAP_MS = 120;

/** Every k-th note of `vault` (spread over its folders), copied with its relative path under `dir`. */
export function sampleVault(vault: string, dir: string, notes: number): string {
  const files = markdownFiles(vault);
  const every = Math.max(1, Math.floor(files.length / notes));
  const out = join(dir, 'seekstone-sample');
  for (const f of files.filter((_, i) => i % every === 0).slice(0, notes)) {
    const to = join(out, relative(vault, f));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(f, to);
  }
  return out;
}

export { waitForServer };

// A string, not a function: tsx's transform would add helpers the page does not have.
export const OBSERVERS = `(() => {
  window.__perf = { long: [], events: [], ticks: 0, yielding: 0 };
  // How much of the time the panel says the queue waits for the user (builds without the note never do).
  setInterval(() => { window.__perf.ticks++; if (document.querySelector('[data-testid="embed-yielding"]')) window.__perf.yielding++; }, 100);
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.long.push(e.duration); }).observe({ type: 'longtask' });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name.startsWith('key') || e.name === 'input' || e.name === 'beforeinput') window.__perf.events.push({ name: e.name, duration: e.duration, delay: e.processingStart - e.startTime });
  }).observe({ type: 'event', durationThreshold: 16 });
})();`;

export const embedded = async (page: Page) => Number((await page.locator('[data-testid="embed-status"] progress').first().getAttribute('value').catch(() => null)) ?? NaN);
export const embedState = (page: Page) => page.getByTestId('embed-status').getAttribute('data-state');

export interface Phase {
  long: number[];
  events: { name: string; duration: number; delay: number }[];
  passages: number;
  seconds: number;
  /** CPU seconds of the page's workers. */
  cpu: number;
  /** Share of the phase the panel said the queue waits for the user (0 to 1). */
  yielding: number;
  threads: ThreadTimes;
}

export interface Where {
  context: BrowserContext;
  page: Page;
  profile: string;
}

/** Runs `act` on the page and returns what the page and its threads did meanwhile; with `trace`, a trace of it is written there and its long tasks explained on stderr. */
export async function recordPhase(w: Where, act: () => Promise<void>, trace?: { dir: string; name: string }): Promise<Phase> {
  const tracer = trace ? await startTrace(w.context, w.page) : null;
  const threads0 = threadTimes(w.profile);
  await w.page.evaluate('window.__perf.long.length = 0; window.__perf.events.length = 0; window.__perf.ticks = 0; window.__perf.yielding = 0;');
  const before = await embedded(w.page);
  const t0 = Date.now();
  await act();
  const seconds = (Date.now() - t0) / 1000;
  const threads = threadTimesSince(threads0, threadTimes(w.profile));
  // The workers' CPU, each thread against its own earlier reading (a worker ended meanwhile is left out).
  const cpu = Object.entries(threads).reduce((sum, [name, t]) => sum + (name.startsWith('DedicatedWorker') ? t.cpu : 0), 0);
  if (tracer && trace) {
    const events = await tracer.stop();
    mkdirSync(trace.dir, { recursive: true });
    writeFileSync(join(trace.dir, `${trace.name}.json`), JSON.stringify({ traceEvents: events }));
    console.error(`${trace.name}: long tasks of the main thread (wall/CPU ms of each part):\n${describeTasks(longTasks(events)) || '(none)'}`);
  }
  const perf = (await w.page.evaluate('window.__perf')) as { long: number[]; events: Phase['events']; ticks: number; yielding: number };
  return { long: [...perf.long], events: [...perf.events], passages: (await embedded(w.page)) - before, seconds, cpu, threads, yielding: perf.ticks ? perf.yielding / perf.ticks : 0 };
}

/**
 * Time spent reading the hits of one query before typing the next: longer
 * than the queue's quiet time after typing (worker/embed/queue.ts QUIET_MS),
 * so background embedding resumes between queries and each new query starts
 * while a batch may be running, as for a user who reads before typing again.
 */
export const READ_MS = 2000;

/** Types every query key by key, reading the hits of each for `readMs`. */
export async function typeQueries(page: Page, readMs = READ_MS): Promise<void> {
  const box = page.getByRole('searchbox');
  for (const q of QUERIES) {
    await box.fill('');
    await box.click();
    for (const ch of q) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page.getByTestId('hit').first().waitFor({ timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(readMs);
  }
}

export async function setPaused(page: Page, paused: boolean): Promise<void> {
  const panel = page.getByTestId('embed-status');
  const toggle = panel.getByRole('button', { name: paused ? 'Pause' : 'Resume' });
  if (!(await toggle.isVisible())) return; // already so
  await toggle.click();
  await panel.getByRole('button', { name: paused ? 'Resume' : 'Pause' }).waitFor();
  if (!paused) await page.waitForTimeout(1500); // let the queue take its next batch
}

/** The main thread's and the workers' CPU time and wait for a core, in seconds. */
export function describeThreads(t: ThreadTimes): string {
  const f = (name: string) => (t[name] ? `${t[name].cpu.toFixed(2)} CPU / ${t[name].wait.toFixed(2)} waiting` : '—');
  return `main thread ${f('CrRendererMain')}, workers ${f('DedicatedWorker')}`;
}
