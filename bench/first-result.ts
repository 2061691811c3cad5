// npm run bench:first-result — what the user sees after opening the app on
// an embedded vault (issue 16: first result ≤ 300 ms after load at 10k
// notes): the built app (vite preview) in headless Chromium with a persistent
// profile, the vault restored into OPFS from a database file, then fresh page
// loads of /?q=…: time from navigation to the app shell, to the first hit on
// screen, and to the hybrid hits replacing the text ones. The baseline in
// the same run: the same loads with &mode=text (text only, no model).
// Start-up marks (the page's and the engine worker's, web/src/engine/client.ts
// startupMarks) say where the time before the first hit goes.
// Options: --db FILE (default bench/out/seekstone-embedded.db, else the
// synthetic-vector bench/out/seekstone-synthetic.db), --runs N (default 5),
// --baseline DIR (a `vite build` of another commit, e.g. main before a change:
// served on the next port and loaded alternately with this one, same run),
// --no-build, --no-doc, --marks (every load's marks on stderr), --no-hybrid
// (the default mode's loads stop at the first hit: quicker before/after runs).
// --chromium-args "A B" adds browser switches, e.g. "--js-flags=--no-wasm-lazy-compilation"
// (what a start-up step is made of: one browser, so every build gets them).
// --typed MS,MS (default 0,1000,5000; "none" to skip): the app opened with no
// query and a query typed MS after the app shell (bench/first-result-typed.ts);
// --typed-only skips the /?q=… loads.
// Port: KIOKU_E2E_PORT (default 5305; the baseline gets the next one).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { writeDocSection } from './browser/doc-section';
import { describeMachine } from './browser/machine';
import { percentile } from './browser/stats';
import { markdownTable } from './browser/table';
import { loadNote } from './lib/load';
import { buildSyntheticDb } from './hybrid-synthetic-db';
import { SEEKSTONE } from './vector-embed';
import { marksTable, type Marks } from './first-result-marks';
import { waitForServer } from './lib/seekstone-files';
import { typedLoad, typedTable, type TypedSample } from './first-result-typed';

const LOAD_BEFORE = loadavg()[0];
const ROOT = new URL('..', import.meta.url).pathname;
const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i < 0 ? undefined : argv[i + 1];
};
const REAL_DB = join(ROOT, 'bench/out/seekstone-embedded.db');
const SYNTHETIC_DB = join(ROOT, 'bench/out/seekstone-synthetic.db');
const dbFile = opt('db') ?? (existsSync(REAL_DB) ? REAL_DB : SYNTHETIC_DB);
const synthetic = dbFile === SYNTHETIC_DB;
const runs = Number(opt('runs') ?? 5);
const baselineDir = opt('baseline');
const port = Number(process.env.KIOKU_E2E_PORT ?? 5305);
const noHybrid = argv.includes('--no-hybrid');
const typedWaits = opt('typed') === 'none' ? [] : (opt('typed') ?? '0,1000,5000').split(',').map(Number);
const typedOnly = argv.includes('--typed-only');
const QUERIES = ['battering ram', 'siege engine for knocking down fortress walls'];

interface Seen {
  t: number;
  mode: string;
  adding: boolean;
  hits: number;
}

/** One fresh load of the URL: when the shell, the first hit and (unless text) the hybrid hits were on screen, ms from navigation start. */
async function load(page: Page, url: string, text: boolean): Promise<{ box: number; ready: number; first: number; hybrid: number | null; marks: Marks }> {
  await page.goto(url);
  await page.getByTestId('app-ready').waitFor({ timeout: 60_000 });
  const ready = (await page.evaluate('window.__ready ?? NaN')) as number;
  const box = (await page.evaluate('window.__box ?? NaN')) as number;
  if (text || noHybrid) await page.getByTestId('hit').first().waitFor({ timeout: 60_000 });
  else {
    await page.waitForFunction("window.__seen.some((s) => s.mode === 'Hybrid' && !s.adding)", null, { timeout: 120_000 });
  }
  const seen = (await page.evaluate('window.__seen')) as Seen[];
  const first = seen.find((s) => s.hits > 0)!.t;
  const hybrid = text || noHybrid ? null : seen.find((s) => s.mode === 'Hybrid' && !s.adding)!.t;
  // A build without start-up marks (an older baseline) has no hook.
  const marks = ((await page.evaluate('window.kiokuStartupMarks ? window.kiokuStartupMarks() : []')) as Marks).concat([{ name: 'page: query box shown', t: box }, { name: 'page: app shell shown', t: ready }, { name: 'page: first hit shown', t: first }], await fetchMarks(page));
  return { box, ready, first, hybrid, marks };
}

/**
 * Before the page's own marks: when the document and the start-up scripts and
 * wasm files arrived (Navigation and Resource Timing), so the time before the
 * page script runs is visible too, in any build.
 */
async function fetchMarks(page: Page): Promise<Marks> {
  return (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const out = nav ? [
      { name: 'nav: service worker started', t: nav.workerStart },
      { name: 'nav: document response start', t: nav.responseStart },
      { name: 'nav: document response end', t: nav.responseEnd },
      { name: 'nav: dom interactive', t: nav.domInteractive },
    ] : [];
    for (const r of performance.getEntriesByType('resource')) {
      const file = r.name.split('/').pop().replace(/-[\\w-]{8}\\.(js|wasm|css)$/, '.$1');
      if (/\\.(js|wasm|css)$/.test(file)) out.push({ name: 'fetched (page): ' + file, t: r.responseEnd });
    }
    return out.filter((m) => m.t > 0);
  })()`)) as Marks;
}

async function main() {
  if (!existsSync(SEEKSTONE)) {
    console.log(`skipped: ${SEEKSTONE} is missing (this benchmark needs ../shared/corpora/seekstone-10k)`);
    return;
  }
  if (synthetic && !existsSync(dbFile)) {
    console.error(`building ${dbFile} (seekstone-10k with synthetic vectors)`);
    await buildSyntheticDb(dbFile);
  }
  if (!existsSync(dbFile)) throw new Error(`${dbFile} does not exist`);
  if (!argv.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (baselineDir && !existsSync(join(baselineDir, 'index.html'))) throw new Error(`--baseline ${baselineDir}: no index.html there (build it with npx vite build --outDir DIR in a checkout of the baseline commit)`);
  const builds = [{ label: 'this build', dir: join(ROOT, 'dist'), port }, ...(baselineDir ? [{ label: 'baseline build', dir: baselineDir, port: port + 1 }] : [])];
  const servers = builds.map((b) => spawn(join(ROOT, 'node_modules/.bin/vite'), ['preview', '--port', String(b.port), '--strictPort', '--outDir', b.dir], { cwd: ROOT, stdio: 'ignore' }));
  const profile = mkdtempSync(join(tmpdir(), 'kioku-first-result-'));
  try {
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...(opt('chromium-args')?.split(' ').filter(Boolean) ?? [])], headless: true, bypassCSP: true });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    // Each build is its own origin, so its own OPFS: the vault is restored into each.
    for (const b of builds) await restore(page, `http://localhost:${b.port}`);
    await recordScreens(context);
    const samples: Record<string, { box: number[]; ready: number[]; first: number[]; hybrid: number[] }> = {};
    const marks: Record<string, Marks[]> = {};
    const typed: Record<string, TypedSample[]> = {};
    for (let run = -1; run < runs; run++) {
      for (const q of QUERIES) {
        for (const after of typedWaits) {
          for (const b of run % 2 ? builds : [...builds].reverse()) {
            const r = await typedLoad(page, `http://localhost:${b.port}`, q, after, !noHybrid);
            console.error(`${b.label}, typed ${after} ms after the shell "${q}": first hit ${Math.round(r.first)} ms${r.hybrid !== null ? `, hybrid ${Math.round(r.hybrid)} ms` : ''}`);
            if (argv.includes('--marks')) for (const m of r.marks.sort((x, y) => x.t - y.t)) console.error(`  ${Math.round(m.t).toString().padStart(6)}  ${m.name}`);
            if (run >= 0) (typed[`${builds.length > 1 ? `${b.label}, ` : ''}${after} ms after the app shell: "${q}"`] ??= []).push(r);
          }
        }
        if (typedOnly) continue;
        // Alternated, so a trend in the machine's load falls on every build and mode alike.
        const modes = run % 2 ? [false, true] : [true, false];
        for (const b of run % 2 ? builds : [...builds].reverse()) {
          for (const text of modes) {
            const r = await load(page, `http://localhost:${b.port}/?q=${encodeURIComponent(q)}${text ? '&mode=text' : ''}`, text);
            const mode = text ? 'mode=text' : 'default mode';
            console.error(`${b.label}, ${mode} "${q}": query box ${Math.round(r.box)} ms, ready ${Math.round(r.ready)} ms, first hit ${Math.round(r.first)} ms${r.hybrid !== null ? `, hybrid ${Math.round(r.hybrid)} ms` : ''}`);
            if (argv.includes('--marks')) for (const m of r.marks) console.error(`  ${Math.round(m.t).toString().padStart(6)}  ${m.name}`);
            if (run < 0) continue; // the first round warms the server's and the OS's caches
            const key = `${builds.length > 1 ? `${b.label}, ` : ''}${text ? 'mode=text (text only)' : 'default mode (text first, then hybrid)'}: "${q}"`;
            const s = (samples[key] ??= { box: [], ready: [], first: [], hybrid: [] });
            s.box.push(r.box);
            s.ready.push(r.ready);
            s.first.push(r.first);
            if (r.hybrid !== null) s.hybrid.push(r.hybrid);
            (marks[`${b.label}, ${mode}`] ??= []).push(r.marks);
          }
        }
      }
    }
    const version = ((await page.evaluate('navigator.userAgent')) as string).match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown';
    await context.close();
    const fmt = (xs: number[]) => (xs.length ? `${Math.round(percentile(xs, 50))} / ${Math.round(Math.max(...xs))}` : '—');
    const rows = Object.entries(samples).map(([k, s]) => ({ load: k, runs: s.first.length, 'query box, p50 / max (ms)': fmt(s.box), 'app shell, p50 / max (ms)': fmt(s.ready), 'first hit, p50 / max (ms)': fmt(s.first), 'hybrid hits, p50 / max (ms)': fmt(s.hybrid) }));
    const table = markdownTable(rows);
    const stages = marksTable(marks);
    const typedRows = typedWaits.length ? typedTable(typed) : '';
    const machine = describeMachine(version);
    console.log(`${table}\n\nWhere the time goes (p50 ms from navigation start, over every load of both queries):\n\n${stages}\n\nQueries typed after load:\n\n${typedRows}\n\nMachine: ${machine}`);
    if (!argv.includes('--no-doc')) {
      writeDocSection(
        'first-result',
        `## First result after opening the app (\`npm run bench:first-result\`)

The built app (vite preview) in headless Chromium with a persistent profile;
seekstone-10k restored into OPFS from ${synthetic ? '`bench/out/seekstone-synthetic.db` — **synthetic vectors** (every passage has a made-up int8 vector of the real size, bench/hybrid-stages.ts), so the vector index and the model load as with real ones but the hybrid results themselves mean nothing' : '`bench/out/seekstone-embedded.db` (every passage embedded with USE-lite)'}.
Each row is ${runs} fresh page loads of \`/?q=…\` after one untimed round, in
milliseconds from navigation start (the page's time origin) to: the query
box in the DOM (the opening shell's, or the app's where the build has none), the app
shell (\`app-ready\`, the engine open), the first hit in the DOM, and the hybrid hits replacing
the text ones (mode switch on Hybrid, "adding results by meaning" gone).
In the same run, alternated: the same load with \`&mode=text\`${baselineDir ? ', and every load also with the baseline build (another origin, its own copy of the vault)' : ''}.
Target (issue 16): first result ≤ 300 ms after load.

Measured ${new Date().toISOString().slice(0, 10)} on ${machine}. ${loadNote(LOAD_BEFORE)}

${table}
${typedRows ? `
The other reading of the target: the app opened with no query, then the
query put in the box at once (one input event, as a paste) right after the
app shell appeared, or after the user looked at the page for a while; ms from
that input event to the first hit marking a query word, and to the hybrid
hits. It includes the box's 150 ms pause before a draft is searched.

${typedRows}
` : ''}
Where the time goes: the start-up marks of the page and of the engine
worker (\`web/src/engine/client.ts\` \`startupMarks\`), p50 over every load of
both queries, in ms from navigation start (a step that did not happen in a
load is left out of its p50; a build without marks has none).

${stages}`,
      );
    }
  } finally {
    for (const server of servers) server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Restores the benchmark's database into this origin's OPFS, through Settings as a user would. */
async function restore(page: Page, base: string): Promise<void> {
  await waitForServer(base);
  await page.goto(base);
  await page.getByTestId('app-ready').waitFor({ timeout: 60_000 });
  console.error(`restoring ${dbFile} into the OPFS of ${base}`);
  await page.getByTestId('open-settings').click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  page.once('dialog', (d) => void d.accept());
  await settings.locator('input[type="file"]').setInputFiles(dbFile);
  await settings.getByRole('status').filter({ hasText: 'Backup restored' }).waitFor({ timeout: 600_000 });
}

/** The status, the mode shown and the hits after every change, from the first paint of each load. */
async function recordScreens(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx's transform would add helpers the page does not have (hence bypassCSP for evaluating strings).
  await context.addInitScript(`(() => {
    const seen = [];
    window.__seen = seen;
    const record = () => {
      if (window.__box === undefined && document.querySelector('input[type="search"]')) window.__box = performance.now();
      if (window.__ready === undefined && document.querySelector('[data-testid="app-ready"]')) window.__ready = performance.now();
      const mode = document.querySelector('.mode-switch [aria-checked="true"]')?.textContent ?? '';
      const hits = document.querySelectorAll('[data-testid="hit"]');
      const s = { t: performance.now(), mode, adding: !!document.querySelector('[data-testid="adding-by-meaning"]'), hits: hits.length, top: hits[0]?.querySelector('.hit-title')?.textContent ?? '', marked: !!document.querySelector('[data-testid="hit"] mark') };
      const last = seen[seen.length - 1];
      if (s.hits && (!last || last.mode !== s.mode || last.adding !== s.adding || last.hits !== s.hits || last.top !== s.top || last.marked !== s.marked)) seen.push(s);
    };
    // A query typed after load (bench/first-result-typed.ts): when its text reached the box.
    document.addEventListener('input', (e) => { if (e.target?.type === 'search') window.__typed = performance.now(); }, true);
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })();`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
