// Faults in Chromium (issue 11): the site's storage quota runs out in the
// middle of an import. The import stops with a message that says so, and the
// vault imported before is intact, in this tab and after a reload.
import { test, expect, type Page } from '@playwright/test';
import { generatedNotes, openApp, removeTree, writeTree } from './fixtures';

const folders: string[] = [];
test.afterAll(() => {
  for (const f of folders.splice(0)) removeTree(f);
});

const vault = (page: Page, name: string) => page.locator(`[data-testid="vault"][data-vault="${name}"]`);

test('storage quota exhausted mid-import: a clear message, the existing index intact', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');

  const notes = generatedNotes(3000);
  for (const k of Object.keys(notes)) notes[k] += `\n${'Filler text that makes the notes large. '.repeat(200)}\n`;
  const dir = writeTree(notes, 'Huge');
  folders.push(dir);

  const used = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: used + 4 * 1024 * 1024 });

  await page.getByTestId('folder-input').setInputFiles(dir);
  const failed = page.getByText(/Import of “Huge” failed/);
  await expect(failed).toBeVisible({ timeout: 180_000 });
  await expect(failed).toContainText(/storage for Kioku is most likely full .*notes already in the index are intact/);

  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');
  await page.getByRole('searchbox').fill('OAuth');
  await expect(page.getByRole('region', { name: 'Search' }).getByRole('button', { name: /Auth design/ }).first()).toBeVisible();

  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin });
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expect(vault(page, 'kioku-sample')).toContainText('33 notes');
});
