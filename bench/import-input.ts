// npm run bench:import-input — a folder imported through the app, as a user
// of a browser without folder handles (Firefox, Safari; or Chromium's "choose
// folder" input) does it: the built app (vite preview) in headless Chromium,
// seekstone-10k handed to <input webkitdirectory>, timed from the input's
// change event (Playwright's own hand-over of the files is before it and
// reported apart) until the vault is listed, i.e. searchable. The model is
// kept out (no embedding competes). Options: --baseline DIR (another build,
// alternated with this one in the same run; --baseline-name NAME labels it), --runs N (default 3 each),
// --notes N (a sample, every k-th note), --dir DIR (this build, default: build
// into a temporary folder), --no-doc. Port: KIOKU_E2E_PORT (default 5307).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { markdownTable } from './browser/table';
import { fakeModelContext, waitForAgentTool } from './lib/agent-tools';
import { loadNote } from './lib/load';
import { markdownFiles, waitForServer } from './lib/seekstone-files';
import { sampleVault } from './lib/typing-page';

const LOAD_BEFORE = loadavg()[0];
const ROOT = new URL('..', import.meta.url).pathname;
const CORPUS = join(ROOT, '../shared/corpora/seekstone-10k/vault');
const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
};
const RUNS = Number(opt('runs') ?? 3);
const NOTES = opt('notes') ? Number(opt('notes')) : null;
const BASELINE = opt('baseline');
const port = Number(process.env.KIOKU_E2E_PORT ?? 5307);

interface Timing {
  build: string;
  handOverS: number;
  importS: number;
  /** The page's longest task from the change event until the vault is listed. */
  longestTaskMs: number;
  load: number;
}

async function once(build: string, dir: string, vault: string, tmp: string, run: number, chromiumVersion: { v: string }): Promise<Timing> {
  const server = spawn(join(ROOT, 'node_modules/.bin/vite'), ['preview', '--port', String(port), '--strictPort', '--outDir', dir], { cwd: ROOT, stdio: 'ignore' });
  try {
    await waitForServer(`http://localhost:${port}/`);
    const context = await chromium.launchPersistentContext(join(tmp, `profile-${build}-${run}`), { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
    try {
      await fakeModelContext(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`http://localhost:${port}/`);
      await page.getByTestId('app-ready').waitFor({ timeout: 60_000 });
      await waitForAgentTool(page, 'embed_status');
      chromiumVersion.v = ((await page.evaluate('navigator.userAgent')) as string).match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
      await page.evaluate(() => {
        const w = window as unknown as { changeAt: number; tasks: { start: number; ms: number }[] };
        w.tasks = [];
        // The page's long tasks (over 50 ms): after the change event they are the app's, before it the browser building the file list.
        new PerformanceObserver((l) => l.getEntries().forEach((e) => w.tasks.push({ start: e.startTime, ms: e.duration }))).observe({ type: 'longtask' });
        const input = document.querySelector('[data-testid="folder-input"]')!;
        input.addEventListener('change', () => (w.changeAt = performance.now()), { capture: true });
      });
      const t0 = await page.evaluate(() => performance.now());
      await page.getByTestId('folder-input').setInputFiles(vault);
      await page.locator('[data-testid="vault"]').first().waitFor({ timeout: 600_000 });
      const [changeAt, listedAt, tasks] = (await page.evaluate(() => {
        const w = window as unknown as { changeAt: number; tasks: { start: number; ms: number }[] };
        return [w.changeAt, performance.now(), w.tasks];
      })) as [number, number, { start: number; ms: number }[]];
      // A task that began before the change event is the browser's building of the file list (the event is dispatched at its end).
      const longest = Math.max(0, ...tasks.filter((t) => t.start >= changeAt - 1).map((t) => t.ms));
      return { build, handOverS: (changeAt - t0) / 1000, importS: (listedAt - changeAt) / 1000, longestTaskMs: longest, load: loadavg()[0] };
    } finally {
      await context.close().catch(() => undefined);
    }
  } finally {
    server.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

if (!existsSync(CORPUS)) {
  process.stdout.write('bench:import-input skipped: ../shared/corpora/seekstone-10k is not on this machine.\n');
  process.exit(0);
}
const tmp = mkdtempSync(join(tmpdir(), 'kioku-import-input-'));
try {
  const vault = NOTES ? sampleVault(CORPUS, tmp, NOTES) : CORPUS;
  const notes = markdownFiles(vault).length;
  let dir = opt('dir');
  if (!dir) {
    dir = join(tmp, 'dist');
    execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', dir, '--emptyOutDir'], { cwd: ROOT, stdio: 'ignore' });
  }
  const builds: [string, string][] = [['this build', dir]];
  if (BASELINE) builds.push([`baseline (${opt('baseline-name') ?? BASELINE})`, BASELINE]);
  const chromiumVersion = { v: 'unknown' };
  const timings: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Alternated, so a change in the machine's load falls on both builds.
    for (const [build, d] of run % 2 ? [...builds].reverse() : builds) {
      const t = await once(build, d, vault, tmp, run, chromiumVersion);
      console.error(`${build}, run ${run + 1}: hand-over ${t.handOverS.toFixed(1)} s, import ${t.importS.toFixed(1)} s, longest task ${Math.round(t.longestTaskMs)} ms (load ${t.load.toFixed(1)})`);
      timings.push(t);
    }
  }
  const rows = builds.map(([build]) => {
    const mine = timings.filter((t) => t.build === build);
    const imp = mine.map((t) => t.importS);
    return {
      build,
      notes,
      runs: mine.length,
      'change event → vault listed, median s': median(imp).toFixed(1),
      'each run s': imp.map((s) => s.toFixed(1)).join(', '),
      'notes/s (median)': Math.round(notes / median(imp)),
      "page's longest task after the change event, ms (each run)": mine.map((t) => Math.round(t.longestTaskMs)).join(', '),
      "Playwright's hand-over, median s": median(mine.map((t) => t.handOverS)).toFixed(1),
    };
  });
  const table = markdownTable(rows);
  const machine = `Measured ${new Date().toISOString().slice(0, 10)} on ${describeMachine(chromiumVersion.v)}. ${loadNote(LOAD_BEFORE)}`;
  process.stdout.write(`${table}\n\n${machine}\n`);
  if (!argv.includes('--no-doc')) {
    writeDocSection(
      'import-input',
      `## A folder imported through the app's folder input (\`npm run bench:import-input\`)

The built app in headless Chromium; ${notes} notes of seekstone-10k handed to
the folder input (\`<input webkitdirectory>\`, what browsers without folder
handles use), timed in the page from the input's change event until the vault
is listed (searchable), and the page's longest task in that time (a frozen
page: nothing is drawn, no key is answered). No model, so nothing else runs.
Builds alternated in one run.

${machine}

${table}
`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
