// Cross-origin isolation (issue 17): the app's server sends COOP/COEP, so
// the page has SharedArrayBuffer and ONNX Runtime may use threads; the
// embedding panel says how many and why. A static host that sends no
// headers gets isolation from the service worker from the second load on.
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

function writeVault(): string {
  const vault = join(mkdtempSync(join(tmpdir(), 'kioku-e2e-')), 'instruments');
  mkdirSync(vault, { recursive: true });
  writeFileSync(join(vault, 'Anemometer.md'), '# Anemometer\n\nA device for gauging the velocity of air currents, with cups which spin faster in a gale.\n');
  writeFileSync(join(vault, 'Compass.md'), '# Compass\n\nA magnetised needle that points north, used by sailors to find their way.\n');
  return vault;
}

/** The thread count and reason the app's rule gives for this page (worker/embed/threads.ts). */
function expectedThreads(isolated: boolean, cores: number): { threads: number; reason: string } {
  if (!isolated) return { threads: 1, reason: 'not_isolated' };
  const spare = Math.max(1, cores - 1);
  return { threads: spare, reason: spare > 1 ? 'cores' : 'few_cores' };
}

async function embedAndReadThreads(page: Page, vault: string) {
  await page.getByTestId('folder-input').setInputFiles(vault);
  await expect(page.getByTestId('embed-status')).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  const line = page.getByTestId('embed-threads');
  await expect(line).toBeVisible();
  return { threads: Number(await line.getAttribute('data-threads')), reason: await line.getAttribute('data-reason'), text: await line.innerText() };
}

test('npm start serves the app cross-origin isolated, and the embedding panel shows the threads ONNX Runtime got', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto('/');
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  const env = await page.evaluate(() => ({ isolated: crossOriginIsolated, sab: typeof SharedArrayBuffer === 'function', cores: navigator.hardwareConcurrency }));
  expect(env.isolated).toBe(true);
  expect(env.sab).toBe(true);
  // Worker scripts and the model come with the headers too (a worker under COEP needs them).
  const model = await fetch(`${baseURL}/models/use-lite-onnx/onnx/model_quantized.onnx`, { method: 'HEAD' });
  expect(model.headers.get('cross-origin-embedder-policy')).toBe('require-corp');

  const shown = await embedAndReadThreads(page, writeVault());
  const want = expectedThreads(true, env.cores);
  expect({ threads: shown.threads, reason: shown.reason }).toEqual(want);
  expect(shown.text).toContain(want.threads === 1 ? '1 thread' : `${want.threads} threads`);
  await page.getByRole('searchbox').fill('wind speed instrument');
  await expect(page.getByTestId('hit').first()).toContainText('Anemometer');
  await page.screenshot({ path: 'test-results/isolation-threads.png', fullPage: true });
  expect(errors).toEqual([]);
});

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** dist/ as a plain static host serves it: no COOP, no COEP. */
function plainHost(): Promise<Server> {
  const root = new URL('../dist/', import.meta.url).pathname;
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('on a host without the headers the page runs on one thread and says why; the service worker isolates it from the next load', async ({ page }) => {
  test.setTimeout(240_000);
  const server = await plainHost();
  try {
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await expect(page.getByTestId('app-ready')).toBeVisible();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    const vault = writeVault();
    const first = await embedAndReadThreads(page, vault);
    expect({ threads: first.threads, reason: first.reason }).toEqual({ threads: 1, reason: 'not_isolated' });
    expect(first.text).toContain('not cross-origin isolated');

    // The service worker installed on the first load serves the next one, with the headers.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByTestId('app-ready')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const env = await page.evaluate(() => ({ isolated: crossOriginIsolated, cores: navigator.hardwareConcurrency }));
    expect(env.isolated).toBe(true);
    // The vault is still there; a new note makes the model load again, now in an isolated page.
    writeFileSync(join(vault, 'Barometer.md'), '# Barometer\n\nAn instrument showing the pressure of the air, so the coming weather.\n');
    await page.getByTestId('folder-input').setInputFiles(vault);
    const line = page.getByTestId('embed-threads');
    const want = expectedThreads(true, env.cores);
    await expect(line).toHaveAttribute('data-reason', want.reason, { timeout: 120_000 });
    await expect(line).toHaveAttribute('data-threads', String(want.threads));
    await page.getByRole('searchbox').fill('air pressure gauge');
    await expect(page.getByTestId('hit').first()).toContainText('Barometer');
    expect(errors).toEqual([]);
  } finally {
    server.close();
  }
});
