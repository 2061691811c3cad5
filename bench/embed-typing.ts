// npm run bench:embed-typing — does typing wait while the app embeds (issue 17:
// no main-thread task over 50 ms while embedding), and how much memory does the
// embed worker hold (target ≤ 200 MB)? The built app (vite preview, cross-origin
// isolated as npm start serves it) in headless Chromium: a sample of
// seekstone-10k's notes is imported through the folder input, background
// embedding starts as for a user, and a user types questions and keywords key
// by key into the search box (each key searches, hybrid by default, so query
// vectors go through the embed worker too). Baseline in the same run,
// alternated: the same typing with embedding paused from the panel.
// Recorded per phase: the page's long tasks (PerformanceObserver 'longtask'),
// the slowest key events (Event Timing: key press to the next paint), the
// passages embedded meanwhile and the CPU time of the page's workers. Memory:
// the embed worker's own share from performance.measureUserAgentSpecificMemory
// (the page is isolated) beside the renderer process's resident memory.
// Options: --notes N (default 600), --rounds N (default 2), --no-build, --no-doc.
// Port: KIOKU_E2E_PORT (default 5303).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { rendererMb, workerCpuSeconds } from './browser/chromium';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { percentile } from './browser/stats';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';
import { memoryOf, type UaMemory } from './lib/ua-memory';

const LOAD_BEFORE = loadavg()[0];
const ROOT = new URL('..', import.meta.url).pathname;
const VAULT = join(ROOT, '../shared/corpora/seekstone-10k/vault');
const argv = process.argv.slice(2);
const opt = (name: string, d: number) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? d : Number(argv[i + 1]);
};
const NOTES = opt('notes', 600);
const ROUNDS = opt('rounds', 2);
const port = Number(process.env.KIOKU_E2E_PORT ?? 5303);
/** What a user types: questions and keywords, each key a search. */
const QUERIES = ['how do tides work', 'siege engine', 'what did the harbour trade in winter', 'river crossing'];
/** A typist at about 8 keys a second. */
const KEY_GAP_MS = 120;

/** Every k-th note of seekstone-10k (spread over its folders), copied with its relative path. */
function sampleVault(dir: string): string {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.md')) files.push(p);
    }
  };
  walk(VAULT);
  const every = Math.max(1, Math.floor(files.length / NOTES));
  const out = join(dir, 'seekstone-sample');
  for (const f of files.filter((_, i) => i % every === 0).slice(0, NOTES)) {
    const to = join(out, relative(VAULT, f));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(f, to);
  }
  return out;
}

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

// A string, not a function: tsx's transform would add helpers the page does not have.
const OBSERVERS = `(() => {
  window.__perf = { long: [], events: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__perf.long.push(e.duration); }).observe({ type: 'longtask' });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.name.startsWith('key') || e.name === 'input' || e.name === 'beforeinput') window.__perf.events.push({ name: e.name, duration: e.duration, delay: e.processingStart - e.startTime });
  }).observe({ type: 'event', durationThreshold: 16 });
})();`;

const embedded = async (page: Page) => Number((await page.locator('[data-testid="embed-status"] progress').first().getAttribute('value').catch(() => null)) ?? NaN);
const state = (page: Page) => page.getByTestId('embed-status').getAttribute('data-state');

interface Phase {
  long: number[];
  events: { name: string; duration: number; delay: number }[];
  passages: number;
  seconds: number;
  cpu: number;
}

/** Types every query key by key; returns what the page recorded meanwhile. */
async function typeQueries(page: Page, profile: string): Promise<Phase> {
  const box = page.getByRole('searchbox');
  await page.evaluate('window.__perf.long.length = 0; window.__perf.events.length = 0;');
  const before = await embedded(page);
  const cpu0 = workerCpuSeconds(profile);
  const t0 = Date.now();
  for (const q of QUERIES) {
    await box.fill('');
    await box.click();
    for (const ch of q) {
      await page.keyboard.type(ch);
      await page.waitForTimeout(KEY_GAP_MS);
    }
    await page.getByTestId('hit').first().waitFor({ timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(400);
  }
  const seconds = (Date.now() - t0) / 1000;
  const cpu = workerCpuSeconds(profile) - cpu0;
  const perf = (await page.evaluate('window.__perf')) as { long: number[]; events: Phase['events'] };
  return { long: [...perf.long], events: [...perf.events], passages: (await embedded(page)) - before, seconds, cpu };
}

async function setPaused(page: Page, paused: boolean): Promise<void> {
  const panel = page.getByTestId('embed-status');
  const toggle = panel.getByRole('button', { name: paused ? 'Pause' : 'Resume' });
  if (!(await toggle.isVisible())) return; // already so
  await toggle.click();
  await panel.getByRole('button', { name: paused ? 'Resume' : 'Pause' }).waitFor();
  if (!paused) await page.waitForTimeout(1500); // let the queue take its next batch
}

async function main() {
  if (!existsSync(VAULT)) {
    console.log(`skipped: ${VAULT} is missing (this benchmark needs ../shared/corpora/seekstone-10k)`);
    return;
  }
  if (!argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  const tmp = mkdtempSync(join(tmpdir(), 'kioku-embed-typing-'));
  const vault = sampleVault(tmp);
  const server = spawn(join(ROOT, 'node_modules/.bin/vite'), ['preview', '--port', String(port), '--strictPort'], { cwd: ROOT, stdio: 'ignore' });
  const profile = join(tmp, 'profile');
  try {
    await waitForServer(`http://localhost:${port}/`);
    // Eager memory measurement: otherwise Chromium answers measureUserAgentSpecificMemory only after its next GC (up to 20 s).
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'], headless: true, bypassCSP: true });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await context.addInitScript(OBSERVERS);
    await page.goto(`http://localhost:${port}/`);
    await page.getByTestId('app-ready').waitFor({ timeout: 60_000 });
    if (!(await page.evaluate('crossOriginIsolated'))) throw new Error('the page is not cross-origin isolated: vite preview should send COOP/COEP (vite.config.ts)');
    const memBefore = await memoryOf(page);
    const rssBefore = rendererMb(profile);
    console.error(`importing ${NOTES} notes of seekstone-10k`);
    await page.getByTestId('folder-input').setInputFiles(vault);
    await page.locator('[data-testid="vault"]').first().waitFor({ timeout: 600_000 });
    console.error('waiting for the queue to embed');
    await page.waitForFunction(`document.querySelector('[data-testid="embed-status"]')?.dataset.state === 'embedding' && Number(document.querySelector('[data-testid="embed-status"] progress')?.value) > 0`, null, { timeout: 600_000 });
    const threads = await page.getByTestId('embed-threads').getAttribute('data-threads').catch(() => '?');
    const samples: Record<'embedding' | 'paused', Phase[]> = { embedding: [], paused: [] };
    const memWhile: UaMemory[] = [];
    const rssWhile: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternated, so a trend in the machine's load falls on both.
      for (const phase of round % 2 ? (['paused', 'embedding'] as const) : (['embedding', 'paused'] as const)) {
        if ((await state(page)) === 'complete') throw new Error(`every passage was embedded before round ${round + 1}: use more --notes`);
        await setPaused(page, phase === 'paused');
        const r = await typeQueries(page, profile);
        samples[phase].push(r);
        if (phase === 'embedding') {
          memWhile.push(await memoryOf(page));
          rssWhile.push(rendererMb(profile));
        }
        console.error(`round ${round + 1}, ${phase}: ${r.long.length} long tasks (max ${Math.round(Math.max(0, ...r.long))} ms), ${r.events.length} key events ≥ 16 ms (max ${Math.round(Math.max(0, ...r.events.map((e) => e.duration)))} ms), ${r.passages} passages in ${r.seconds.toFixed(1)} s`);
      }
    }
    await setPaused(page, false);
    const version = ((await page.evaluate('navigator.userAgent')) as string).match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
    await context.close();

    const rows = (['embedding', 'paused'] as const).map((phase) => {
      const all = samples[phase];
      const long = all.flatMap((p) => p.long);
      const events = all.flatMap((p) => p.events);
      const passages = all.reduce((s, p) => s + p.passages, 0);
      const seconds = all.reduce((s, p) => s + p.seconds, 0);
      const cpu = all.reduce((s, p) => s + p.cpu, 0);
      return {
        while: phase === 'embedding' ? `embedding in the background (${threads} ONNX Runtime thread${threads === '1' ? '' : 's'}, as the app chose)` : 'embedding paused (baseline)',
        keys: all.length * QUERIES.join('').length,
        'long tasks > 50 ms': long.length,
        'longest task (ms)': Math.round(Math.max(0, ...long)),
        'key events ≥ 16 ms': events.length,
        'slowest key event, p95 / max (ms)': events.length ? `${Math.round(percentile(events.map((e) => e.duration), 95))} / ${Math.round(Math.max(...events.map((e) => e.duration)))}` : '—',
        'longest input delay (ms)': Math.round(Math.max(0, ...events.map((e) => e.delay))),
        'passages embedded': passages,
        'passages/s': Math.round((passages / seconds) * 10) / 10,
        'workers CPU s / passage': passages > 0 ? Math.round((cpu / passages) * 1000) / 1000 : '—',
      };
    });
    const embedMb = memWhile.map((m) => m.embedWorkerMb);
    const memRows = [
      { when: 'app open, nothing imported (model not loaded)', 'embed worker (measureUserAgentSpecificMemory), MB': memBefore.embedWorkerMb, 'shared between threads, MB': memBefore.sharedMb, 'all of the page and its workers, MB': memBefore.totalMb, 'renderer resident (RSS), MB': rssBefore },
      ...memWhile.map((m, i) => ({ when: `while embedding, round ${i + 1}`, 'embed worker (measureUserAgentSpecificMemory), MB': m.embedWorkerMb, 'shared between threads, MB': m.sharedMb, 'all of the page and its workers, MB': m.totalMb, 'renderer resident (RSS), MB': rssWhile[i] })),
    ];
    const table = markdownTable(rows);
    const memTable = markdownTable(memRows);
    const machine = describeMachine(version);
    console.log(`${table}\n\n${memTable}\n\nMachine: ${machine}`);
    if (!argv.includes('--no-doc')) {
      writeDocSection(
        'embed-typing',
        `## Typing and memory while the app embeds (\`npm run bench:embed-typing\`)

The built app (vite preview, cross-origin isolated) in headless Chromium; ${NOTES}
notes of seekstone-10k (every k-th, over all its folders) imported through the
folder input, so background embedding runs as for a user. A typist (a key
every ${KEY_GAP_MS} ms) enters ${QUERIES.length} queries (${QUERIES.map((q) => `"${q}"`).join(', ')}), each key a search in
the default mode (hybrid: the query is embedded in the embed worker, before
the queue's next batch). Baseline in the same run, rounds alternated: the same
typing with embedding paused from the panel. \`long tasks > 50 ms\`: the page's
main thread (PerformanceObserver 'longtask'; the target is none). Key events:
Event Timing entries of ≥ 16 ms for keydown/keypress/keyup/input (from the key
press to the next paint; input delay = until the handler ran).
\`workers CPU s / passage\`: CPU time of all the page's workers (engine, embed
worker, ONNX Runtime's threads) per passage embedded meanwhile.

Memory: \`performance.measureUserAgentSpecificMemory()\` (Chromium, an isolated
page, measured eagerly with \`--enable-blink-features=ForceEagerMeasureMemory\`):
the bytes it attributes to the embed worker's scope (its JavaScript heap and the
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
    server.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
