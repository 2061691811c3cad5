// A folder of thousands of files chosen through the folder input (browsers
// without folder handles): the page hands the files to the engine worker in
// parts (web/src/features/import/hand-over.ts), counting them as it goes, and
// Cancel during the hand-over imports nothing. Then the files are read many
// per Blob read (worker/platform/blob-reads.ts) and every note arrives.
import { test, expect, type Page } from '@playwright/test';
import { generatedNotes, openApp, removeTree, writeTree } from './fixtures';

const folders: string[] = [];
test.afterAll(() => {
  for (const f of folders.splice(0)) removeTree(f);
});

const vault = (page: Page, name: string) => page.locator(`[data-testid="vault"][data-vault="${name}"]`);

test('thousands of chosen files: counted while handed over, Cancel then imports nothing, and a second choice imports every note', async ({ page }) => {
  test.setTimeout(240_000);
  const notes = generatedNotes(8000);
  notes['deep/last one.md'] = '# The last one\n\nzanzibar quokka\n';
  const dir = writeTree(notes, 'Handed');
  folders.push(dir);
  await openApp(page);

  await page.getByTestId('folder-input').setInputFiles(dir);
  const progress = page.locator('.import-progress');
  // The count grows part by part while the page keeps drawing.
  await expect(progress).toContainText(/Listing the folder… [1-9][\d,]* files so far/, { timeout: 30_000 });
  const counted = Number((await progress.innerText()).match(/([\d,]+) files so far/)![1].replace(/,/g, ''));
  expect(counted).toBeLessThan(8001);
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('.import-result')).toHaveCount(0);
  await expect(vault(page, 'Handed')).toHaveCount(0);

  await page.getByTestId('folder-input').setInputFiles(dir);
  await expect(page.locator('.import-result')).toContainText('Imported “Handed”: 8,001 notes, 0 other files', { timeout: 180_000 });
  await page.getByRole('searchbox').fill('quokka');
  await expect(page.getByRole('region', { name: 'Search' }).getByRole('button', { name: 'The last one' })).toBeVisible();
});
