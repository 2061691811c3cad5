// The foundation end to end in Chromium: importing real folders (folder
// input, drop, folder picker), progress, problems, persistence across
// reloads, a second tab, offline start, a tab closed mid-import, the PWA.
import { test, expect, chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../playwright.config';
import { dropFolder, generatedNotes, makeOpfsFolder, openApp, pickerReturns, putFile, removeTree, shot, watchErrors, writeTree } from './fixtures';

const folders: string[] = [];
test.afterAll(() => {
  for (const f of folders.splice(0)) removeTree(f);
});

function teamNotes(): string {
  const dir = writeTree(
    {
      ...generatedNotes(40),
      '設計/認証 フロー設計.md': '---\ntitle: 認証フロー設計\nstatus: in-progress\n---\n# 認証\nログインの設計について。',
      'broken.md': '---\ntitle: [never closed\nstatus: draft\n---\nThe body of a broken note is still searchable: zebra.',
      'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      '.obsidian/app.json': '{}',
      '.obsidian/workspace.md': 'tool state, never imported',
    },
    'Team Notes',
  );
  folders.push(dir);
  return dir;
}

async function search(page: Page, query: string) {
  await page.getByRole('searchbox').fill(query);
  const results = page.getByRole('region', { name: 'Search' });
  await expect(results.getByRole('status')).toBeVisible();
  return results;
}

const vault = (page: Page, name: string) => page.locator(`[data-testid="vault"][data-vault="${name}"]`);

test('a folder chosen through <input webkitdirectory>: progress, vault, problems; still there after a reload; re-import updates it', async ({ page }) => {
  const errors = watchErrors(page);
  const dir = teamNotes();
  await openApp(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Kioku' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try with sample notes' })).toBeVisible();
  await shot(page, 'first-run-desktop');
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'first-run-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('folder-input').setInputFiles(dir);
  const result = page.locator('.import-result');
  await expect(result).toContainText('Imported “Team Notes”: 42 notes, 1 other files');
  await expect(vault(page, 'Team Notes')).toContainText('42 notes · 1 file');

  // The problems list names the broken file, what is wrong and what Kioku did.
  const problem = result.locator('li[data-code="frontmatter_invalid"]');
  await expect(problem).toHaveCount(1);
  await expect(problem.locator('.path')).toHaveText('broken.md');
  await expect(problem).toContainText('Invalid YAML in frontmatter');
  await expect(problem).toContainText('Kept and indexed the body');
  await expect(problem).toContainText('(line 3)');
  await shot(page, 'problems-desktop');
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'problems-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  await expect((await search(page, '設計')).getByRole('button', { name: /認証フロー設計/ })).toBeVisible();
  await expect((await search(page, 'zebra')).getByRole('button', { name: /broken/ })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expect(vault(page, 'Team Notes')).toContainText('42 notes · 1 file');
  await expect((await search(page, 'ログイン')).getByRole('button', { name: /認証フロー設計/ })).toBeVisible();

  // Change the folder on disk and choose it again: the same vault is updated.
  putFile(dir, 'new idea.md', '# New idea\nquokka');
  putFile(dir, 'broken.md', '---\ntitle: Fixed now\n---\nzebra');
  await page.getByTestId('folder-input').setInputFiles(dir);
  await expect(result).toContainText('Imported “Team Notes”: 43 notes, 1 other files');
  await expect(page.getByTestId('vault')).toHaveCount(1);
  await expect(result.locator('li[data-code]')).toHaveCount(0);
  await expect((await search(page, 'quokka')).getByRole('button', { name: /New idea/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a dropped folder and the folder picker import through directory handles; re-sync reads the folder again', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await makeOpfsFolder(page, 'Dropped', { 'a.md': '# A\nalpha [[b]]', 'sub/b.md': '---\ntags: [x]\n---\nbeta', '会議/議事録 6月.md': '# 議事録\n猫の話' });
  await dropFolder(page, 'Dropped', { holdOverlay: true });
  await expect(page.locator('.drop-overlay')).toHaveText('Drop to import');
  await shot(page, 'drop-overlay');
  await dropFolder(page, 'Dropped');
  await expect(page.locator('.drop-overlay')).toHaveCount(0);
  await expect(page.locator('.import-result')).toContainText('Imported “Dropped”: 3 notes, 0 other files');
  await expect((await search(page, '猫')).getByRole('button', { name: /議事録 6月/ })).toBeVisible();

  // Re-sync uses the handle kept in IndexedDB: no picking again.
  await makeOpfsFolder(page, 'Dropped', { 'a.md': '# A\nalpha', 'c.md': 'gamma' });
  await vault(page, 'Dropped').getByRole('button', { name: 'Re-sync Dropped' }).click();
  await expect(vault(page, 'Dropped')).toContainText('2 notes · 0 files');
  await expect((await search(page, 'gamma')).getByRole('button', { name: /^c/ })).toBeVisible();

  await makeOpfsFolder(page, 'Picked', { 'p.md': '# Picked\npicked through the folder picker' });
  await pickerReturns(page, 'Picked');
  await page.getByRole('button', { name: 'Choose folder…', exact: true }).click();
  await expect(vault(page, 'Picked')).toContainText('1 note · 0 files');
  await expect(page.getByTestId('vault')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a drop where the browser gives no directory handle falls back to webkitGetAsEntry, reading every batch of entries', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.evaluate(() => {
    // Stand-ins for the entries a browser without getAsFileSystemHandle hands
    // out (scripts cannot create real ones); readEntries gives at most 100 per
    // call, as browsers do, so the reader must call until it gets none.
    type Entry = { name: string; isFile: boolean; isDirectory: boolean };
    const file = (name: string, text: string) => ({ name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(new File([text], name)) });
    const dir = (name: string, children: Entry[]) => ({
      name,
      isFile: false,
      isDirectory: true,
      createReader() {
        let at = 0;
        return {
          readEntries(ok: (batch: Entry[]) => void) {
            const batch = children.slice(at, at + 100);
            at += batch.length;
            setTimeout(() => ok(batch), 0);
          },
        };
      },
    });
    const notes = Array.from({ length: 230 }, (_, i) => file(`n${i}.md`, `# Note ${i}\nplain text ${i}`));
    const root = dir('Fallback', [
      ...notes,
      dir('.obsidian', [file('workspace.md', 'tool state, never imported')]),
      dir('sub', [dir('deep', [file('d.md', '---\ntags: [deep]\n---\nA quokka lives here.')])]),
    ]);
    const proto = DataTransferItem.prototype as unknown as Record<string, unknown>;
    Object.defineProperty(proto, 'getAsFileSystemHandle', { value: undefined, configurable: true });
    Object.defineProperty(proto, 'webkitGetAsEntry', { value: () => root, configurable: true });
    const dt = new DataTransfer();
    dt.items.add(new File([''], 'Fallback'));
    for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  // 230 + sub/deep/d.md; .obsidian/ is skipped.
  await expect(page.locator('.import-result')).toContainText('Imported “Fallback”: 231 notes, 0 other files');
  const results = await search(page, 'quokka');
  await expect(results.getByRole('button', { name: /sub\/deep\/d\.md/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a second tab shows "already open in another tab" and never touches the first tab\'s data', async ({ page, context }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('locked')).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Kioku is already open in another tab' })).toBeVisible();
  await shot(second, 'second-tab');

  // A tab without Web Locks gets as far as the database itself, which must
  // refuse it without clearing anything.
  const third = await context.newPage();
  await third.addInitScript(() => delete (Navigator.prototype as { locks?: unknown }).locks);
  await third.goto('/');
  await expect(third.getByTestId('locked')).toBeVisible();
  await third.close();

  await page.bringToFront();
  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');
  await expect((await search(page, 'OAuth')).getByRole('button', { name: /Auth design/ }).first()).toBeVisible();

  // When the first tab closes, the waiting tab takes over with the same data.
  await page.close();
  await expect(second.getByTestId('app-ready')).toBeVisible();
  await expect(vault(second, 'kioku-sample')).toContainText('33 notes');
});

test('an engine worker that starts while another still holds the database waits for it, without a failed attempt logged', async ({ page, context }) => {
  // What a reload meets: the old page has let the tab lock go, its worker still
  // holds the pool. A page without Web Locks skips the tab lock, so its worker
  // meets the first tab's pool for certain, not by chance of timing.
  await openApp(page);
  const next = await context.newPage();
  const errors = watchErrors(next);
  await next.addInitScript(() => delete (Navigator.prototype as { locks?: unknown }).locks);
  await next.goto('/');
  const workerMarks = async () => ((await next.evaluate('window.kiokuStartupMarks()')) as { name: string }[]).map((m) => m.name);
  await expect.poll(workerMarks).toContain('worker: sqlite-wasm loaded');
  await next.waitForTimeout(1000); // the first tab keeps the pool a while
  expect(await workerMarks()).not.toContain('worker: sahpool VFS installed');

  await page.close();
  await expect(next.getByTestId('app-ready')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the app loads offline after the first visit', async ({ page, context }) => {
  await openApp(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');
  await expect((await search(page, '同期')).getByRole('button', { name: /^同期エンジン設計 / })).toBeVisible();
  await context.setOffline(false);
});

test('a tab closed in the middle of an import leaves a consistent database that the next import completes', async ({ context }) => {
  test.setTimeout(240_000);
  const notes = generatedNotes(8000);
  // Bigger notes, so the import takes a few seconds.
  for (const k of Object.keys(notes)) notes[k] += `\n${'Filler text for a longer note. '.repeat(60)}\n`;
  const dir = writeTree(notes, 'Big');
  folders.push(dir);

  let page = await context.newPage();
  await openApp(page);
  await page.getByTestId('folder-input').setInputFiles(dir);
  const progress = page.locator('.import-progress progress');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000, intervals: [50] }).toBeGreaterThan(2100);
  await shot(page, 'import-progress-desktop');
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'import-progress-360');
  await page.close(); // the worker dies with the tab, mid-import

  page = await context.newPage();
  await openApp(page);
  const big = vault(page, 'Big');
  await expect(big).toContainText('import interrupted');
  const kept = Number((await big.innerText()).match(/([\d,]+) notes/)![1].replace(/,/g, ''));
  expect(kept % 2000).toBe(0); // whole batches only
  expect(kept).toBeGreaterThanOrEqual(2000);
  expect(kept).toBeLessThan(8000);

  await page.getByTestId('folder-input').setInputFiles(dir);
  await expect(page.locator('.import-result')).toContainText('Imported “Big”: 8,000 notes, 0 other files', { timeout: 120_000 });
  await expect(big).not.toContainText('import interrupted');
  await expect((await search(page, 'token7999')).getByRole('button', { name: 'Note 7999' })).toBeVisible();
});

test('the web app manifest is installable, with real PNG icons of the declared sizes', async ({ baseURL }) => {
  // Chromium reports nothing as installable in an incognito context, which is
  // what Playwright contexts are: use a profile on disk, as a user would.
  const profile = mkdtempSync(join(tmpdir(), 'kioku-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await openApp(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Kioku', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === 'image/png')) {
      const size = await page.evaluate(async (src) => {
        const bitmap = await createImageBitmap(await (await fetch(src)).blob());
        return `${bitmap.width}x${bitmap.height}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
