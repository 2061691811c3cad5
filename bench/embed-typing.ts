// npm run bench:embed-typing — does typing wait while the app embeds (issue 17:
// no main-thread task over 50 ms while embedding), how fast does it embed when
// nobody types, and how much memory does the embed worker hold (target ≤ 200
// MB)? The built app (vite preview, cross-origin isolated as npm start serves
// it) in headless Chromium: a sample of seekstone-10k's notes is imported
// through the folder input, background embedding starts as for a user, and a
// user types questions and keywords key by key into the search box (each
// pause in typing searches, hybrid by default, so query vectors go through
// the embed worker too). Phases, alternated round by round: typing while
// embedding; the same typing with embedding paused from the panel (the
// baseline); nobody typing for --idle seconds (passages embedded per second).
// Recorded per phase: the page's long tasks (PerformanceObserver 'longtask'),
// the slowest key events (Event Timing: key press to the next paint), the
// passages embedded meanwhile, the CPU time of the page's workers, and the
// main thread's CPU time and its wait for a core (/proc schedstat).
// Memory: the embed worker's own share from
// performance.measureUserAgentSpecificMemory (the page is isolated) beside
// the renderer process's resident memory.
// Options: --notes N (default 600), --rounds N (default 2), --idle S (default
// 20), --read MS (time reading each query's hits, default READ_MS), --baseline
// DIR[,DIR2] (`vite build --outDir DIR` of other commits, each served on its own
// port from --baseline-port, default the next one, in its own browser and
// measured alternately with this one; the builds not being measured stay paused), --trace DIR (a Chromium trace of
// every phase, and each long task's parts on stderr), --phases P[,P2] (only those
// of embedding, paused, idle), --no-build, --no-doc.
// Port: KIOKU_E2E_PORT (default 5303; the baseline gets the next one).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { rendererMb } from './browser/chromium';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { percentile } from './browser/stats';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';
import { memoryOf, type UaMemory } from './lib/ua-memory';
import { describeThreads, embedState, KEY_GAP_MS, OBSERVERS, QUERIES, READ_MS, recordPhase, sampleVault, setPaused, typeQueries, waitForServer, type Phase, type Where } from './lib/typing-page';

const LOAD_BEFORE = loadavg()[0];
const ROOT = new URL('..', import.meta.url).pathname;
const VAULT = join(ROOT, '../shared/corpora/seekstone-10k/vault');
const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
};
const NOTES = Number(opt('notes') ?? 600);
const ROUNDS = Number(opt('rounds') ?? 2);
const IDLE_S = Number(opt('idle') ?? 20);
const READ = Number(opt('read') ?? READ_MS);
const TRACE_DIR = opt('trace');
/** Builds of other commits measured in the same run (comma-separated). */
const BASELINES = opt('baseline')?.split(',').filter(Boolean) ?? [];
const port = Number(process.env.KIOKU_E2E_PORT ?? 5303);
const baselinePort = Number(opt('baseline-port') ?? port + 1);
const ALL_PHASES = ['embedding', 'paused', 'idle'] as const;
type PhaseName = (typeof ALL_PHASES)[number];
/** --phases idle (or embedding,paused): only those, e.g. to compare embedding rates alone. */
const PHASES = ALL_PHASES.filter((p) => !opt('phases') || opt('phases')!.split(',').includes(p));

interface Build extends Where {
  label: string;
  threads: string;
  samples: Record<PhaseName, Phase[]>;
  memBefore: UaMemory;
  rssBefore: number;
  /** At the end of each typing-while-embedding and nobody-typing phase (two embed workers may run in the latter). */
  memWhile: (UaMemory & { phase: PhaseName; round: number })[];
  rssWhile: number[];
}

async function openBuild(label: string, buildPort: number, vault: string, tmp: string): Promise<Build> {
  const profile = join(tmp, `profile-${buildPort}`);
  // Eager memory measurement: otherwise Chromium answers measureUserAgentSpecificMemory only after its next GC (up to 20 s).
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'], headless: true, bypassCSP: true });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => console.error(`${label}: page error: ${e.message}`));
  await context.addInitScript(OBSERVERS);
  await page.goto(`http://localhost:${buildPort}/`);
  await page.getByTestId('app-ready').waitFor({ timeout: 60_000 });
  if (!(await page.evaluate('crossOriginIsolated'))) throw new Error('the page is not cross-origin isolated: vite preview should send COOP/COEP (vite.config.ts)');
  const memBefore = await memoryOf(page);
  const rssBefore = rendererMb(profile);
  console.error(`${label}: importing ${NOTES} notes of seekstone-10k`);
  await page.getByTestId('folder-input').setInputFiles(vault);
  await page.locator('[data-testid="vault"]').first().waitFor({ timeout: 600_000 });
  console.error(`${label}: waiting for the queue to embed`);
  await page.waitForFunction(`document.querySelector('[data-testid="embed-status"]')?.dataset.state === 'embedding' && Number(document.querySelector('[data-testid="embed-status"] progress')?.value) > 0`, null, { timeout: 600_000 });
  const threads = (await page.getByTestId('embed-threads').getAttribute('data-threads').catch(() => null)) ?? '?';
  await setPaused(page, true);
  // Untimed: the first searches compile code, load the vector index and embed the queries (kept in the query-vector cache after).
  await typeQueries(page);
  return { label, context, page, profile, threads, samples: { embedding: [], paused: [], idle: [] }, memBefore, rssBefore, memWhile: [], rssWhile: [] };
}

async function runPhase(b: Build, phase: PhaseName, round: number): Promise<void> {
  if ((await embedState(b.page)) === 'complete') throw new Error(`${b.label}: every passage was embedded before round ${round + 1}: use more --notes`);
  await setPaused(b.page, phase === 'paused');
  const trace = TRACE_DIR ? { dir: TRACE_DIR, name: `${b.label.replace(/\W+/g, '-')}-round${round + 1}-${phase}` } : undefined;
  const r = await recordPhase(b, phase === 'idle' ? () => b.page.waitForTimeout(IDLE_S * 1000) : () => typeQueries(b.page, READ), trace);
  b.samples[phase].push(r);
  if (phase !== 'paused') {
    b.memWhile.push({ ...(await memoryOf(b.page)), phase, round });
    b.rssWhile.push(rendererMb(b.profile));
  }
  const embedWorkers = b.page.workers().filter((w) => /embed\.worker/.test(w.url())).length;
  console.error(`${b.label}, round ${round + 1}, ${phase}: ${embedWorkers} embed worker(s) at the end; ${r.long.length} long tasks (max ${Math.round(Math.max(0, ...r.long))} ms), ${r.events.length} key events ≥ 16 ms (max ${Math.round(Math.max(0, ...r.events.map((e) => e.duration)))} ms), ${r.passages} passages in ${r.seconds.toFixed(1)} s, yielding ${Math.round(r.yielding * 100)}% of it; ${describeThreads(r.threads)}`);
}

function rowsOf(b: Build, many: boolean) {
  return PHASES.map((phase) => {
    const all = b.samples[phase];
    const long = all.flatMap((p) => p.long);
    const events = all.flatMap((p) => p.events);
    const passages = all.reduce((s, p) => s + p.passages, 0);
    const seconds = all.reduce((s, p) => s + p.seconds, 0);
    const cpu = all.reduce((s, p) => s + p.cpu, 0);
    const main = all.reduce((s, p) => ({ cpu: s.cpu + (p.threads.CrRendererMain?.cpu ?? 0), wait: s.wait + (p.threads.CrRendererMain?.wait ?? 0) }), { cpu: 0, wait: 0 });
    const typing = phase !== 'idle';
    const what = phase === 'embedding' ? `typing while embedding (${b.threads} ONNX Runtime thread${b.threads === '1' ? '' : 's'})` : phase === 'paused' ? 'typing, embedding paused (baseline)' : `nobody typing, embedding (${IDLE_S} s)`;
    return {
      while: many ? `${b.label}: ${what}` : what,
      keys: typing ? all.length * QUERIES.join('').length : 0,
      'long tasks > 50 ms': long.length,
      'longest task (ms)': Math.round(Math.max(0, ...long)),
      'key events ≥ 16 ms': typing ? events.length : '—',
      'slowest key event, p95 / max (ms)': typing && events.length ? `${Math.round(percentile(events.map((e) => e.duration), 95))} / ${Math.round(Math.max(...events.map((e) => e.duration)))}` : '—',
      'longest input delay (ms)': typing ? Math.round(Math.max(0, ...events.map((e) => e.delay))) : '—',
      'passages embedded': passages,
      'passages/s': Math.round((passages / seconds) * 10) / 10,
      'queue waiting for the user': `${Math.round((all.reduce((s, p) => s + p.yielding * p.seconds, 0) / seconds) * 100)}%`,
      'workers CPU s / passage': passages > 0 ? Math.round((cpu / passages) * 1000) / 1000 : '—',
      'main thread CPU / waiting for a core (s)': `${main.cpu.toFixed(2)} / ${main.wait.toFixed(2)}`,
    };
  });
}

async function main() {
  if (!existsSync(VAULT)) {
    console.log(`skipped: ${VAULT} is missing (this benchmark needs ../shared/corpora/seekstone-10k)`);
    return;
  }
  if (!argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  for (const dir of BASELINES) if (!existsSync(join(dir, 'index.html'))) throw new Error(`--baseline ${dir}: no index.html there (build it with npx vite build --outDir DIR in a checkout of the baseline commit)`);
  const tmp = mkdtempSync(join(tmpdir(), 'kioku-embed-typing-'));
  const vault = sampleVault(VAULT, tmp, NOTES);
  const served = [{ label: 'this build', dir: join(ROOT, 'dist'), port }, ...BASELINES.map((dir, i) => ({ label: BASELINES.length > 1 ? `baseline ${basename(dir)}` : 'baseline build', dir, port: baselinePort + i }))];
  const servers = served.map((s) => spawn(join(ROOT, 'node_modules/.bin/vite'), ['preview', '--port', String(s.port), '--strictPort', '--outDir', s.dir], { cwd: ROOT, stdio: 'ignore' }));
  const builds: Build[] = [];
  try {
    for (const s of served) await waitForServer(`http://localhost:${s.port}/`);
    // Each build in its own browser; the one not being measured stays paused, so only one embeds at a time.
    for (const s of served) builds.push(await openBuild(s.label, s.port, vault, tmp));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated, so a trend in the machine's load falls on every build and phase alike.
      for (const b of round % 2 ? [...builds].reverse() : builds) {
        for (const phase of round % 2 ? [...PHASES].reverse() : PHASES) await runPhase(b, phase, round);
        await setPaused(b.page, true);
      }
    }
    const version = ((await builds[0].page.evaluate('navigator.userAgent')) as string).match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
    for (const b of builds) {
      await setPaused(b.page, false);
      await b.context.close();
    }

    const many = builds.length > 1;
    const table = markdownTable(builds.flatMap((b) => rowsOf(b, many)));
    const memRows = builds.flatMap((b) => [
      { when: `${many ? `${b.label}: ` : ''}app open, nothing imported (model not loaded)`, 'embed worker (measureUserAgentSpecificMemory), MB': b.memBefore.embedWorkerMb, 'shared between threads, MB': b.memBefore.sharedMb, 'all of the page and its workers, MB': b.memBefore.totalMb, 'renderer resident (RSS), MB': b.rssBefore },
      ...b.memWhile.map((m, i) => ({ when: `${many ? `${b.label}: ` : ''}${m.phase === 'idle' ? 'nobody typing, embedding' : 'typing while embedding'}, round ${m.round + 1}`, 'embed worker (measureUserAgentSpecificMemory), MB': m.embedWorkerMb, 'shared between threads, MB': m.sharedMb, 'all of the page and its workers, MB': m.totalMb, 'renderer resident (RSS), MB': b.rssWhile[i] })),
    ]);
    const memTable = markdownTable(memRows);
    const machine = describeMachine(version);
    const embedMb = builds[0].memWhile.map((m) => m.embedWorkerMb);
    console.log(`${table}\n\n${memTable}\n\nMachine: ${machine}. ${loadNote(LOAD_BEFORE)}`);
    if (!argv.includes('--no-doc')) {
      writeDocSection(
        'embed-typing',
        `## Typing and memory while the app embeds (\`npm run bench:embed-typing\`)

The built app (vite preview, cross-origin isolated) in headless Chromium; ${NOTES}
notes of seekstone-10k (every k-th, over all its folders) imported through the
folder input, so background embedding runs as for a user. A typist (a key
every ${KEY_GAP_MS} ms) enters ${QUERIES.length} queries (${QUERIES.map((q) => `"${q}"`).join(', ')}), reading the hits of each
for ${READ} ms before typing the next (longer than the queue's quiet time, so
embedding resumes in between and each query starts while a batch may run); the search box
searches when typing pauses, in the default mode (hybrid: the query is
embedded in the embed worker, before the queue's next batch). Phases in the
same run, alternated round by round: typing while embedding, the same typing
with embedding paused from the panel (the baseline), and ${IDLE_S} s with nobody
typing (the embedding rate a user gets while not typing)${many ? '; and every phase also with the baseline build (its own browser, paused while this build is measured, and the other way round)' : ''}.
\`long tasks > 50 ms\`: the page's main thread (PerformanceObserver 'longtask'; the target is none while
embedding). Key events: Event Timing entries of ≥ 16 ms for keydown/keypress/keyup/input (from the key
press to the next paint; input delay = until the handler ran).
\`workers CPU s / passage\`: CPU time of all the page's workers (engine, embed
worker, ONNX Runtime's threads) per passage embedded meanwhile, each thread
against its own reading at the phase's start (Linux schedstat; a worker that
ended during the phase is left out). \`main thread
CPU / waiting for a core\`: the renderer main thread's CPU time and the time
it was ready to run but had no core (Linux schedstat).

Memory: \`performance.measureUserAgentSpecificMemory()\` (Chromium, an isolated
page, measured eagerly with \`--enable-blink-features=ForceEagerMeasureMemory\`):
the bytes it attributes to the embed workers' scopes (both, where a second one runs while nobody types) (its JavaScript heap and the
ArrayBuffers it holds, ONNX Runtime's wasm memory among them when it is
not shared; memory shared between threads is reported as "Shared", not
counted here, and shown in the page-wide sum), beside the renderer process's
resident memory (/proc, the page and every worker, the engine's SQLite
included). Target: embed worker ≤ 200 MB.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. ${loadNote(LOAD_BEFORE)}

${table}

${memTable}

Embed worker, largest reading while embedding: ${embedMb.length ? Math.max(...embedMb) : '—'} MB.`,
      );
    }
  } finally {
    for (const b of builds) await b.context.close().catch(() => undefined);
    for (const s of servers) s.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
