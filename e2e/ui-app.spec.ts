// The app around the search: offline use, Japanese UI, writing to a real folder.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { collectErrors, importFolder, openApp, writeVault } from './ui-helpers';
import { chooseRestoreFile, deleteAllData, downloadBackup, expectSampleBack, openWithSample, restoreBackup, settingsDialog } from './backup-steps';

test('works offline after the first visit', async ({ page, context }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(page.getByTestId('vault')).toHaveCount(1);
  // The service worker has precached the app.
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!reg.active) throw new Error('no active service worker');
  });
  // Installable: Chromium finds nothing missing (manifest, icons, service worker).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito, which alone blocks installing.
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByRole('searchbox').fill('Kioku');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await page.getByTestId('hit').first().locator('.hit-title').click();
  await expect(page.getByTestId('note-body')).toBeVisible();
  await context.setOffline(false);
});

test.describe('Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('the UI follows a Japanese browser and can be switched', async ({ page }) => {
    const errors = collectErrors(page);
    await openApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('searchbox', { name: '検索' })).toHaveAttribute('placeholder', 'ノートを検索…');
    await expect(page.getByRole('button', { name: '+ 新規ノート' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kioku へようこそ' })).toBeVisible();
    await page.getByRole('button', { name: 'サンプルノートで試す' }).click();
    await expect(page.getByRole('heading', { name: 'ボールト' })).toBeVisible();
    // Counts and dates in Japanese formats.
    await expect(page.getByTestId('vault').first()).toContainText(/ノート \d+ 件/);
    await expect(page.getByTestId('vault').first()).toContainText(/\d{4}\/\d{1,2}\/\d{1,2}/);
    await page.getByRole('searchbox').fill('設計');
    await expect(page.getByTestId('result-count')).toContainText('件');
    await page.getByTestId('open-settings').click();
    await page.getByTestId('language').selectOption('en');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await page.getByTestId('language').selectOption('ja');
    await expect(page.getByRole('heading', { name: '設定' })).toBeVisible();
    // An engine error leads with a Japanese sentence for its code; the engine's detail follows.
    await page.goto(`/?q=${encodeURIComponent('設計')}&filter=${encodeURIComponent(JSON.stringify({ confidence: { $near: 1 } }))}`);
    const alert = page.getByTestId('search-error');
    await expect(alert.locator('.engine-lead')).toHaveText('フィルターが正しくありません。');
    await expect(alert.locator('.engine-detail')).toContainText('$near');
    // A notice that names the query's words keeps them after the Japanese sentence.
    await page.goto(`/?q=${encodeURIComponent('設計 -設計')}`);
    const notice = page.getByTestId('search-notice');
    await expect(notice.locator('.engine-lead')).toHaveText(/同じ語を検索しつつ除外/);
    await expect(notice.locator('.engine-detail')).toContainText('"設計"');
    expect(errors).toEqual([]);
  });
});

test('edits are written to a folder opened with write access', async ({ page }) => {
  await openApp(page);
  // A real directory handle with readwrite access: a folder in the origin-private file system.
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle('handle-vault', { create: true });
    const sub = await dir.getDirectoryHandle('notes', { create: true });
    const w = await (await sub.getFileHandle('plan.md', { create: true })).createWritable();
    await w.write('---\ntitle: Plan\nstatus: draft\n---\nThe plan, written on disk.\n');
    await w.close();
    await (window as unknown as { kiokuImportHandle(h: FileSystemDirectoryHandle): Promise<void> }).kiokuImportHandle(dir);
  });
  await expect(page.locator('[data-testid="vault"][data-vault="handle-vault"]')).toBeVisible();
  await page.getByRole('searchbox').fill('plan');
  await page.getByTestId('hit').first().locator('.hit-title').click();
  await page.getByTestId('edit-note').click();
  await page.getByTestId('body-editor').fill('The plan, edited in Kioku.\n');
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('save-status')).toContainText('written to the file');
  const onDisk = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('handle-vault')).getDirectoryHandle('notes');
    return (await (await dir.getFileHandle('plan.md')).getFile()).text();
  });
  expect(onDisk).toBe('---\ntitle: Plan\nstatus: draft\n---\nThe plan, edited in Kioku.\n');

  // Someone else changes the file: Kioku never overwrites it silently, and offers to.
  const readPlan = () =>
    page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const dir = await (await root.getDirectoryHandle('handle-vault')).getDirectoryHandle('notes');
      return (await (await dir.getFileHandle('plan.md')).getFile()).text();
    });
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('handle-vault')).getDirectoryHandle('notes');
    const w = await (await dir.getFileHandle('plan.md')).createWritable();
    await w.write('Edited in another app.\n');
    await w.close();
  });
  await page.getByTestId('edit-note').click();
  await page.getByTestId('body-editor').fill('The plan, edited twice.\n');
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('save-status')).toContainText('changed on disk');
  expect(await readPlan()).toBe('Edited in another app.\n');
  await page.getByRole('button', { name: 'Overwrite the file on disk' }).click();
  await expect(page.getByTestId('save-status')).toContainText('written to the file');
  expect(await readPlan()).toBe('---\ntitle: Plan\nstatus: draft\n---\nThe plan, edited twice.\n');

  // A new note goes to the folder too.
  await page.getByTestId('new-note').click();
  await page.getByRole('dialog').getByRole('combobox').first().selectOption('handle-vault');
  await page.getByRole('dialog').getByLabel('Folder').fill('notes');
  await page.getByTestId('new-note-name').fill('ideas');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: 'ideas' })).toBeVisible();
  const created = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await (await root.getDirectoryHandle('handle-vault')).getDirectoryHandle('notes');
    return (await (await dir.getFileHandle('ideas.md')).getFile()).text();
  });
  expect(created).toBe('# ideas\n\n');
});

test('two different folders with the same name become two vaults; re-syncing each updates its own', async ({ page }) => {
  await openApp(page);
  const importNotes = (parent: string, text: string) =>
    page.evaluate(
      async ([parent, text]) => {
        const root = await navigator.storage.getDirectory();
        const dir = await (await root.getDirectoryHandle(parent, { create: true })).getDirectoryHandle('notes', { create: true });
        const w = await (await dir.getFileHandle('only.md', { create: true })).createWritable();
        await w.write(text);
        await w.close();
        await (window as unknown as { kiokuImportHandle(h: FileSystemDirectoryHandle): Promise<void> }).kiokuImportHandle(dir);
      },
      [parent, text],
    );
  const vault = (name: string) => page.locator(`[data-testid="vault"][data-vault="${name}"]`);
  await importNotes('home', 'Recipes for bread.\n');
  await expect(vault('notes')).toBeVisible();
  await importNotes('work', 'Quarterly budget review.\n');
  await expect(vault('notes (2)')).toBeVisible();
  await expect(page.locator('.import-result')).toContainText('Imported “notes (2)”');
  // The first folder again: it updates its own vault, no third one appears.
  await importNotes('home', 'Recipes for sourdough bread.\n');
  await expect(page.locator('.import-result')).toContainText('Imported “notes”');
  await expect(page.getByTestId('vault')).toHaveCount(2);
  const hitFor = async (q: string) => {
    await page.getByRole('searchbox').fill(q);
    await expect(page.getByTestId('hit').first()).toContainText(q);
    await expect(page.getByTestId('hit')).toHaveCount(1);
    return page.getByTestId('hit').first().locator('.hit-title').getAttribute('aria-label');
  };
  expect(await hitFor('sourdough')).toMatch(/— notes · only\.md/);
  expect(await hitFor('budget')).toMatch(/— notes \(2\) · only\.md/);
});

test('mode switch: Semantic finds by meaning, and the mode is in the URL', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page);
  const semantic = page.getByRole('radio', { name: 'Semantic' });
  test.skip(!(await semantic.isEnabled()), 'this engine has no vector search');
  await importFolder(
    page,
    writeVault(
      {
        'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
        'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
        'Taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n',
      },
      'weather',
    ),
    'weather',
  );
  await expect(page.getByTestId('embed-status')).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  await page.getByRole('searchbox').fill('wind speed instrument');
  await semantic.click();
  await expect(semantic).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/[?&]mode=vector/);
  await expect(page.getByTestId('hit').first()).toContainText('Anemometer');
  await page.getByRole('radio', { name: 'Keyword' }).click();
  await expect(page).toHaveURL(/[?&]mode=text/);
  await page.goBack();
  await expect(semantic).toHaveAttribute('aria-checked', 'true');
});

test('settings: a backup downloads, a wrong file changes nothing, Delete all data empties Kioku, and the backup restores it', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await openWithSample(page);
  const backup = await downloadBackup(page, testInfo);
  expect(backup.suggested).toMatch(/^kioku-backup-\d{4}-\d{2}-\d{2}\.sqlite3$/);

  // Not a backup: refused, nothing changed.
  await chooseRestoreFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text, not SQLite') });
  await expect(settingsDialog(page).getByRole('status')).toContainText('not a Kioku backup');

  await deleteAllData(page);
  // Settings stay open: restore the backup from there.
  await restoreBackup(page, backup.file);
  await expectSampleBack(page);
});

test('settings: a backup the CLI has used (its file now in WAL mode) restores', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await openWithSample(page);
  const backup = await downloadBackup(page, testInfo);
  // What the kioku CLI does to a database file it opens (worker/db/open-node.ts openFileDb): WAL mode.
  const native = new Database(backup.file);
  expect(native.pragma('journal_mode = WAL', { simple: true })).toBe('wal');
  native.close();
  expect([...readFileSync(backup.file).subarray(18, 20)]).toEqual([2, 2]);

  await deleteAllData(page);
  await restoreBackup(page, backup.file);
  await expectSampleBack(page);
});

test('the table says when find cut its query to stay fast, as the results list does', async ({ page }) => {
  // 300 distinct words starting "zqa": more than a query's prefixes may start (200).
  const words = Array.from({ length: 300 }, (_, i) => `zqa${String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26))}x`);
  await openApp(page);
  await importFolder(page, writeVault({ 'many.md': `# Many\n\n${words.join(' ')}\n`, 'other.md': '# Other\n\nplain text\n' }));
  await page.getByRole('searchbox').fill('zqa*');
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page.getByTestId('find-notice')).toContainText('zqa* starts more, so it was searched as a word');
  await page.getByRole('searchbox').fill('plain');
  await expect(page.getByTestId('find-table')).toBeVisible();
  await expect(page.getByTestId('find-notice')).toHaveCount(0);
});
