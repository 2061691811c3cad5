// npx tsx bench/first-result-profile.ts — where the engine worker's CPU goes
// between two of its start-up marks, for bench:first-result's page load
// (issue 16): Chromium's sampling profiler (trace category
// disabled-by-default-v8.cpu_profiler) over fresh loads of /?q=…, self time
// per function summed over the loads, plus V8's own trace events (module
// compile, wasm lazy compilation) on the worker's thread. The window is
// between two worker marks, placed on the trace's clock through a page mark
// that is in both (a User Timing mark in the trace, and in startupMarks).
// Also: the steps between the worker's marks in the window (wall, CPU, idle,
// wasm lazy compilation). A build with source maps (npx vite build
// --sourcemap true) gets its functions named by source file and line.
// Options: --dir DIR (a built app, default dist), --db FILE (default the
// synthetic database), --profile DIR (a Chromium profile kept between runs:
// the vault is restored only when the profile is new; one per build, since
// each is served from the same origin), --runs N (default 3), --from MARK
// --to MARK (default "search ahead: start" / "search ahead: end"), --top N
// (functions listed, default 40), --stacks TEXT, --query Q,
// --chromium-args "A B". LAZY_DETAIL=1 lists each lazily compiled wasm
// function. Port: KIOKU_E2E_PORT (default 5305). Trace times include the
// tracing's own cost: compare builds profiled at the same time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { waitForServer } from './lib/seekstone-files';

const ROOT = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
};
const port = Number(process.env.KIOKU_E2E_PORT ?? 5305);
const dir = opt('dir') ?? join(ROOT, 'dist');
const dbFile = opt('db') ?? join(ROOT, 'bench/out/seekstone-synthetic.db');
const profileDir = opt('profile') ?? join(ROOT, 'bench/out/profile-chromium');
const runs = Number(opt('runs') ?? 3);
const from = opt('from') ?? 'search ahead: start';
const to = opt('to') ?? 'search ahead: end';
const top = Number(opt('top') ?? 40);
const query = opt('query') ?? 'battering ram';
// --stacks TEXT: also the call stacks (JS frames) of the samples whose function contains TEXT.
const stacksOf = opt('stacks');
const stacks = new Map<string, number>();
const ANCHOR = 'page: opening';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}
interface Step {
  /** ms after the first mark, wall, CPU samples, idle samples, wasm lazy compilation */
  at: number;
  wall: number;
  busy: number;
  idle: number;
  lazy: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
}

// A build with source maps (npx vite build --sourcemap true) names the source of each function.
const maps = new Map<string, SourceMapConsumer | null>();
function where(url: string, line: number, column: number | undefined): string {
  const file = url.split('/').pop() ?? '';
  if (!file.endsWith('.js')) return ` ${file}`;
  if (!maps.has(file)) {
    const map = join(dir, 'assets', `${file}.map`);
    maps.set(file, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8'))) : null);
  }
  const pos = maps.get(file)?.originalPositionFor({ line: line + 1, column: column ?? 0 });
  return pos?.source ? ` ${pos.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\//, '')}:${pos.line}${pos.name ? ` (${pos.name})` : ''}` : ` ${file}:${line}`;
}

async function main() {
  const fresh = !existsSync(profileDir);
  mkdirSync(profileDir, { recursive: true });
  const server = spawn(join(ROOT, 'node_modules/.bin/vite'), ['preview', '--port', String(port), '--strictPort', '--outDir', dir], { cwd: ROOT, stdio: 'ignore' });
  const base = `http://localhost:${port}`;
  try {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, ...(opt('chromium-args')?.split(' ').filter(Boolean) ?? [])],
      headless: true,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await waitForServer(base);
    if (fresh) await restore(page, base);
    // A kept profile still has the service worker of the build before: it would serve that build's files.
    await page.goto(base);
    await page.evaluate(`(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const k of await caches.keys()) await caches.delete(k);
    })()`);
    const self = new Map<string, number>();
    const v8Events = new Map<string, { n: number; ms: number }>();
    const steps = new Map<string, Step>();
    let windowMs = 0;
    const url = `${base}/?q=${encodeURIComponent(query)}`;
    for (let run = -2; run < runs; run++) {
      await page.goto('about:blank');
      const cdp = await context.newCDPSession(page);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: ['disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'v8', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] },
      });
      await page.goto(url);
      await page.getByTestId('hit').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(300);
      const marks = (await page.evaluate('window.kiokuStartupMarks()')) as { name: string; t: number }[];
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      if (run < 0) continue; // installs the service worker and warms the caches, as bench:first-result does
      const r = analyse(events, marks);
      if (!r) {
        console.error(`run ${run}: marks "${from}" / "${to}" not found in the trace`);
        continue;
      }
      console.error(`run ${run}: ${r.windowMs.toFixed(1)} ms between the marks, ${r.sampledMs.toFixed(1)} ms sampled on the worker's thread`);
      windowMs += r.windowMs;
      for (const [k, v] of r.self) self.set(k, (self.get(k) ?? 0) + v);
      for (const [k, v] of r.steps) {
        const a = steps.get(k) ?? { at: 0, wall: 0, busy: 0, idle: 0, lazy: 0 };
        steps.set(k, { at: a.at + v.at, wall: a.wall + v.wall, busy: a.busy + v.busy, idle: a.idle + v.idle, lazy: a.lazy + v.lazy });
      }
      for (const [k, v] of r.v8) {
        const a = v8Events.get(k) ?? { n: 0, ms: 0 };
        v8Events.set(k, { n: a.n + v.n, ms: a.ms + v.ms });
      }
    }
    await context.close();
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`"${from}" → "${to}", ${runs} loads of ${url}: ${(windowMs / runs).toFixed(1)} ms a load, ${(total / runs).toFixed(1)} ms sampled`);
    console.log('\nsteps, each up to a mark of the worker (ms a load): at, wall, CPU, idle, of which wasm lazy compilation');
    for (const [k, v] of [...steps].sort((x, y) => x[1].at - y[1].at)) {
      console.log(`${[v.at, v.wall, v.busy, v.idle, v.lazy].map((x) => (x / runs).toFixed(1).padStart(7)).join('')}  ${k}`);
    }
    console.log('\nself time a load (ms), by function:');
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(v / runs).toFixed(1).padStart(7)}  ${k}`);
    if (stacksOf) {
      console.log(`\nstacks of "${stacksOf}" (ms a load):`);
      for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${(v / runs).toFixed(1).padStart(7)}  ${k}`);
    }
    console.log('\nV8 trace events on the worker thread in the window (count, ms a load):');
    for (const [k, v] of [...v8Events].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(`${(v.n / runs).toFixed(0).padStart(6)} ${(v.ms / runs).toFixed(1).padStart(7)}  ${k}`);
  } finally {
    server.kill();
  }
}

/** Self time per function on the thread that made the marks, between them. */
function analyse(events: TraceEvent[], marks: { name: string; t: number }[]): { windowMs: number; sampledMs: number; self: Map<string, number>; v8: Map<string, { n: number; ms: number }>; steps: Map<string, Step> } | undefined {
  // The page's mark in the trace and in startupMarks ties the two clocks (trace µs, page ms).
  const anchor = events.find((e) => e.cat.includes('blink.user_timing') && e.name === ANCHOR);
  const anchorT = marks.find((m) => m.name === ANCHOR)?.t;
  if (!anchor || anchorT === undefined) return undefined;
  const traceTs = (t: number) => anchor.ts + (t - anchorT) * 1000;
  const workerMarks = marks.filter((m) => m.name.startsWith('worker: ')).map((m) => ({ name: m.name.slice(8), ts: traceTs(m.t) }));
  const a = workerMarks.find((m) => m.name === from);
  const b = workerMarks.find((m) => m.name === to);
  if (!a || !b) return undefined;
  // The engine worker's thread: the one whose profile runs the engine-worker chunk.
  const thread = events.find((e) => e.name === 'ProfileChunk' && ((e.args?.data as { cpuProfile?: { nodes?: ProfileNode[] } })?.cpuProfile?.nodes ?? []).some((n) => /engine-worker-/.test(n.callFrame.url ?? '')));
  if (!thread) return undefined;
  // Chunks name their profile by id (they may come from another thread); the profile event is on the sampled thread.
  const profile = events.find((e) => e.name === 'Profile' && e.id === thread.id && e.pid === thread.pid);
  if (!profile) return undefined;
  const tid = profile.tid;
  const pid = profile.pid;
  const self = new Map<string, number>();
  // Each step ends at a mark of the worker: its wall time, CPU (samples not idle) and wasm lazy compilation.
  const ends = workerMarks.filter((m) => m.ts > a.ts && m.ts <= b.ts).sort((x, y) => x.ts - y.ts);
  const steps = new Map<string, Step>();
  const stepAt = (ts: number) => {
    const i = ends.findIndex((e) => e.ts >= ts);
    const end = ends[i < 0 ? ends.length - 1 : i];
    let st = steps.get(end.name);
    if (!st) steps.set(end.name, (st = { wall: (end.ts - (i > 0 ? ends[i - 1].ts : a.ts)) / 1000, busy: 0, idle: 0, lazy: 0, at: (end.ts - a.ts) / 1000 }));
    return st;
  };
  for (const e of events) {
    if (e.tid === tid && e.pid === pid && e.name === 'wasm.CompileLazy' && e.ts >= a.ts && e.ts <= b.ts) stepAt(e.ts).lazy += (e.dur ?? 0) / 1000;
  }
  const v8 = new Map<string, { n: number; ms: number }>();
  for (const e of events) {
    if (e.tid !== tid || e.pid !== pid || e.ph !== 'X' || e.ts < a.ts || e.ts > b.ts || !e.dur) continue;
    if (!/v8|wasm/.test(e.cat)) continue;
    const k = e.name === 'wasm.CompileLazy' && process.env.LAZY_DETAIL ? `${e.name} ${JSON.stringify(e.args)}` : `${e.name} [${e.cat}]`;
    const s = v8.get(k) ?? { n: 0, ms: 0 };
    v8.set(k, { n: s.n + 1, ms: s.ms + e.dur / 1000 });
  }
  // The profile of the marks' thread: its chunks carry new nodes and the samples' time deltas.
  const profiles = [profile];
  let sampled = 0;
  for (const p of profiles) {
    const nodes = new Map<number, ProfileNode>();
    let t = (p.args!.data!.startTime as number) ?? p.ts;
    for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.id === p.id && e.pid === pid)) {
      const data = c.args!.data! as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
      for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const samples = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let i = 0; i < samples.length; i++) {
        const prev = t;
        t += deltas[i] ?? 0;
        if (t < a.ts || t > b.ts) continue;
        const n = nodes.get(samples[i]);
        const f = n?.callFrame;
        const k = f ? `${f.functionName || '(anonymous)'}${f.url ? where(f.url, f.lineNumber, f.columnNumber) : ''}` : '?';
        const ms = (t - prev) / 1000;
        self.set(k, (self.get(k) ?? 0) + ms);
        const st = stepAt(t);
        if (k.startsWith('(idle)')) st.idle += ms;
        else st.busy += ms;
        if (stacksOf && k.includes(stacksOf)) {
          const frames: string[] = [];
          for (let p = n; p && frames.length < 14; p = p.parent === undefined ? undefined : nodes.get(p.parent)) {
            if (!(p.callFrame.url ?? '').endsWith('.wasm')) frames.push(`${p.callFrame.functionName || '(anon)'}:${p.callFrame.lineNumber}`);
          }
          const st = frames.join(' < ');
          stacks.set(st, (stacks.get(st) ?? 0) + ms);
        }
        sampled += ms;
      }
    }
  }
  return { windowMs: (b.ts - a.ts) / 1000, sampledMs: sampled, self, v8, steps };
}

/** Restores the database into this origin's OPFS, through Settings as a user would. */
async function restore(page: Page, origin: string): Promise<void> {
  await page.goto(origin);
  await page.getByTestId('app-ready').waitFor({ timeout: 60_000 });
  console.error(`restoring ${dbFile} into the OPFS of ${origin}`);
  await page.getByTestId('open-settings').click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  page.once('dialog', (d) => void d.accept());
  await settings.locator('input[type="file"]').setInputFiles(dbFile);
  await settings.getByRole('status').filter({ hasText: 'Backup restored' }).waitFor({ timeout: 600_000 });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
