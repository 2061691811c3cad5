// Runs scenarios inside the engine's Web Worker in headless Chromium
// (Debian's, with the flags of playwright.config.ts) on the real OPFS
// database. The page and worker are built with Vite into bench/out/browser;
// a small local server hands them out together with the packed corpora.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { pack, type PackedFile } from './pack';
import type { BenchRow } from './scenario';
import { ISOLATION_HEADERS } from '../../vite.config';

const HERE = new URL('.', import.meta.url).pathname;
const OUT = new URL('../out/browser/', import.meta.url).pathname;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
};

export async function buildBenchPage(): Promise<void> {
  await build({
    configFile: false,
    root: HERE,
    // The app's public files: the bundled embedding model is served from /models/ as in the app.
    publicDir: new URL('../../public/', import.meta.url).pathname,
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 8192 },
    worker: { format: 'es' },
  });
}

export interface ChromiumBench {
  chromium: string;
  /** Runs one scenario over the named corpora (packed on first use). */
  run(scenario: string, corpora: Record<string, readonly PackedFile[]>, options?: Record<string, string>): Promise<BenchRow[]>;
  close(): Promise<void>;
}

/** Files beside the app's own that a scenario may load: the float32 model (../shared), for comparing the files (the two int8 ones ship with the app). */
const EXTRA_FILES: Record<string, string> = {
  '/models/use-lite-onnx/onnx/model.onnx': new URL('../../../shared/models/use-lite-onnx/onnx/model.onnx', import.meta.url).pathname,
};

/**
 * `isolated`: the page and its files are served with COOP/COEP, as `npm start` serves the app,
 * so the page is cross-origin isolated (SharedArrayBuffer, ONNX Runtime threads).
 */
export async function openChromiumBench(opts: { build?: boolean; isolated?: boolean; log?: (s: string) => void } = {}): Promise<ChromiumBench> {
  const log = opts.log ?? ((s: string) => process.stderr.write(`${s}\n`));
  if (opts.build !== false || !existsSync(join(OUT, 'index.html'))) await buildBenchPage();

  const packs = new Map<string, Uint8Array>();
  const server = await serve(packs, opts.isolated === true);
  const port = (server.address() as { port: number }).port;
  // A persistent profile: OPFS then lives on disk, as for a user, not in the
  // memory of an incognito context.
  const profile = mkdtempSync(join(tmpdir(), 'kioku-bench-profile-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Eager: otherwise measureUserAgentSpecificMemory answers only after Chromium's next GC (up to 20 s).
      args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'],
      headless: true,
    });
    const page: Page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => log(m.text()));
    await page.exposeFunction('kiokuWorkerCpu', () => workerCpuSeconds(profile));
    await page.exposeFunction('kiokuRendererMb', () => rendererMb(profile));
    page.on('pageerror', (e) => log(`page error: ${e.message}`));
    await page.goto(`http://127.0.0.1:${port}/index.html`);
    await page.waitForFunction(() => window.kiokuBench?.ready === true);
    const version = context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? 'unknown'));
    const ctx = context;
    return {
      chromium: version,
      async run(scenario, corpora, options = {}) {
        for (const [name, files] of Object.entries(corpora)) if (!packs.has(name)) packs.set(name, pack(files));
        return page.evaluate(([s, c, o]) => window.kiokuBench.run(s, c, o), [scenario, Object.keys(corpora), options] as const);
      },
      async close() {
        await ctx.close();
        server.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await context?.close().catch(() => undefined);
    server.close();
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
}

function serve(packs: Map<string, Uint8Array>, isolated: boolean): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (isolated) for (const [k, v] of Object.entries(ISOLATION_HEADERS)) res.setHeader(k, v);
    const extra = EXTRA_FILES[url.pathname];
    if (extra && existsSync(extra)) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(extra));
    if (url.pathname.startsWith('/corpus/')) {
      const blob = packs.get(decodeURIComponent(url.pathname.slice('/corpus/'.length)));
      if (!blob) return void res.writeHead(404).end('no such corpus');
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': blob.length });
      return void res.end(blob);
    }
    const rel = normalize(url.pathname === '/' ? '/index.html' : url.pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(OUT, rel);
    if (!file.startsWith(OUT) || !existsSync(file)) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * CPU seconds used so far by the Web Worker threads of this browser (Linux:
 * /proc). Wall time on a busy machine mostly measures the other work; the
 * worker's own CPU time is what the import costs. NaN elsewhere.
 */
/**
 * Resident memory of the renderer that runs the workers (the one process of
 * this profile with DedicatedWorker threads): the page, the engine worker and
 * the embed worker together, since Chromium runs dedicated workers in their
 * page's process.
 */
export function rendererMb(profile: string): number {
  if (!existsSync('/proc/self/task')) return NaN;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)) continue;
      const workers = readdirSync(`/proc/${pid}/task`).some((tid) => readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker'));
      if (!workers) continue;
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      return Math.round(kb / 100) / 10;
    } catch {
      // the process ended while we looked
    }
  }
  return NaN;
}

export function workerCpuSeconds(profile: string): number {
  if (!existsSync('/proc/self/task')) return NaN;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profile)) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        if (!readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) continue;
        const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
      }
    } catch {
      // the process or thread ended while we looked
    }
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}
