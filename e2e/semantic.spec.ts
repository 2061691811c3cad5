// Search by meaning in the browser, offline, with the bundled model: the app
// is installed (service worker), the network is cut, a folder is imported,
// the embed worker embeds it with USE-lite on ONNX Runtime's wasm served by
// the app, and a paraphrase finds the note that shares no word with it.
import { cpSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const NOTES: Record<string, string> = {
  // Last in path order, so a listing in path order cannot put it first by chance.
  'zz/anemometer.md': '---\ntitle: Anemometer\n---\n# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n',
  'Seismograph.md': '# Seismograph\n\nA pen on a rotating drum records the shaking of the ground during earthquakes.\n',
  'Compass.md': '# Compass\n\nA magnetised needle that points north, used by hikers and sailors to find their way.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
  'Taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n',
  'ja/設計.md': '# 検索エンジンの設計\n\n検索エンジンの設計について。索引と順位付けを説明します。\n',
};

/** The notes as a folder on disk, inside a fresh temporary folder. */
function writeVault(): { dir: string; vault: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kioku-e2e-'));
  const vault = join(dir, 'weather');
  for (const [path, text] of Object.entries(NOTES)) {
    mkdirSync(join(vault, path, '..'), { recursive: true });
    writeFileSync(join(vault, path), text);
  }
  return { dir, vault };
}

test('semantic search works offline in the browser with the bundled model', async ({ page, context }) => {
  test.setTimeout(180_000);
  const { vault } = writeVault();
  // Anything leaving localhost (a CDN, the hub) is recorded and refused.
  const external: string[] = [];
  await context.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === 'localhost' || host === '127.0.0.1') return route.continue();
    external.push(route.request().url());
    return route.abort();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // ONNX Runtime's wasm files, as the embed worker asks for them (served by the service worker once offline).
  const ortFiles: string[] = [];
  page.on('request', (r) => {
    const file = /\/(ort-wasm[^/?]*)$/.exec(new URL(r.url()).pathname)?.[1];
    if (file) ortFiles.push(file);
  });

  // First visit installs the app; then the network goes away.
  await page.goto('/');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();

  await page.getByTestId('folder-input').setInputFiles(vault);
  await expect(page.getByTestId('vault')).toHaveCount(1);
  // The sidebar shows the embedding's progress; wait until every note is embedded.
  const status = page.getByTestId('embed-status');
  await expect(status).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  await expect(status).toContainText('Universal Sentence Encoder lite');
  // The mode switch says no "Analysing notes… 0 of 6" once the panel says every note is ready
  // (it polled every 1.5 s and lagged the panel's pushed status by up to a poll).
  await expect(page.locator('#mode-progress')).toHaveCount(0, { timeout: 300 });
  // Without a WebGPU adapter the worker starts ONNX Runtime's CPU build (precached, so it loads offline),
  // never the 27 MB WebGPU-capable one (worker/embed/ort-build.ts).
  const adapter = await page.evaluate(async () => !!(await (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter()));
  const wasm = ortFiles.filter((f) => f.endsWith('.wasm'));
  expect(wasm.length).toBeGreaterThan(0);
  for (const f of wasm) expect(f).toMatch(adapter ? /^ort-wasm-simd-threaded\.asyncify-/ : /^ort-wasm-simd-threaded-[^.]+\.wasm$/);

  // No note contains any of these words: only meaning can find the anemometer.
  await page.getByRole('searchbox').fill('wind speed instrument');
  const first = page.getByTestId('hit').first();
  await expect(first).toContainText('Anemometer');
  // Ranked by meaning: notes unrelated to the query are not hits at all.
  await expect(page.getByTestId('results')).not.toContainText('Taxes');
  await page.screenshot({ path: 'test-results/semantic-offline.png', fullPage: true });

  // Japanese still goes through text search.
  await page.getByRole('searchbox').fill('設計');
  await expect(page.getByTestId('hit').first()).toContainText('検索エンジンの設計');

  expect(external).toEqual([]);
  expect(errors).toEqual([]);
});

test('a model loaded from a folder is kept in OPFS and re-embeds the vault with it', async ({ page }) => {
  test.setTimeout(180_000);
  const { dir, vault } = writeVault();
  // A transformers.js model folder, as a user would have it on disk.
  const model = join(dir, 'my-use');
  cpSync(new URL('../public/models/use-lite-onnx/', import.meta.url).pathname, model, { recursive: true });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // ONNX Runtime's wasm files, as the embed worker asks for them (served by the service worker once offline).
  const ortFiles: string[] = [];
  page.on('request', (r) => {
    const file = /\/(ort-wasm[^/?]*)$/.exec(new URL(r.url()).pathname)?.[1];
    if (file) ortFiles.push(file);
  });

  const status = await importAndEmbed(page, vault);

  await page.getByTestId('model-folder-input').setInputFiles(model);
  await expect(status.getByRole('combobox')).toHaveValue('folder:my-use');
  await expect(status).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  await page.screenshot({ path: 'test-results/semantic-folder-model-panel.png', fullPage: true });
  await page.getByRole('searchbox').fill('wind speed instrument');
  await expect(page.getByTestId('hit').first()).toContainText('Anemometer');
  // The model's files are in OPFS now.
  const stored = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const models = await root.getDirectoryHandle('kioku-models');
    const m = await models.getDirectoryHandle('my-use');
    const onnx = await m.getDirectoryHandle('onnx');
    return (await (await onnx.getFileHandle('model_quantized.onnx')).getFile()).size;
  });
  expect(stored).toBe(7217684);
  await page.screenshot({ path: 'test-results/semantic-folder-model.png', fullPage: true });
  expect(errors).toEqual([]);
});

/** Opens the app, imports the folder and waits until every note is embedded; the embedding panel. */
async function importAndEmbed(page: Page, vault: string) {
  await page.goto('/');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByTestId('folder-input').setInputFiles(vault);
  await expect(page.getByTestId('vault')).toHaveCount(1);
  const status = page.getByTestId('embed-status');
  await expect(status).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  return status;
}

test('a model folder dropped onto the page is loaded as a model, not imported as notes', async ({ page }) => {
  test.setTimeout(180_000);
  const { vault } = writeVault();
  const status = await importAndEmbed(page, vault);

  // The bundled model's files, copied into a folder of the origin-private file system as a user's folder on disk.
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('e2e-folders', { create: true })).getDirectoryHandle('dropped-use', { create: true });
    for (const path of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx']) {
      const bytes = await (await fetch(`models/use-lite-onnx/${path}`)).arrayBuffer();
      const parts = path.split('/');
      let d = dir;
      for (const p of parts.slice(0, -1)) d = await d.getDirectoryHandle(p, { create: true });
      const w = await (await d.getFileHandle(parts[parts.length - 1], { create: true })).createWritable();
      await w.write(bytes);
      await w.close();
    }
    const handle = dir;
    const dt = new DataTransfer();
    dt.items.add(new File([''], 'dropped-use'));
    (DataTransferItem.prototype as DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle> }).getAsFileSystemHandle = async () => handle;
    for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('Model “dropped-use” loaded from the folder')).toBeVisible({ timeout: 60_000 });
  await expect(status.getByRole('combobox')).toHaveValue('folder:dropped-use');
  await expect(page.getByTestId('vault')).toHaveCount(1); // no vault was made of it
  await expect(status).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  await page.getByRole('searchbox').fill('wind speed instrument');
  await expect(page.getByTestId('hit').first()).toContainText('Anemometer');
});
