// Restoring a backup (and deleting all data) while the engine's background
// work runs: the start-up grace, the vector index loading, the embedding
// queue. The old engine stops before its database is closed, so the page and
// its workers log no "DB has been closed", the embedding panel shows no
// error, and search works on the restored data.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, openApp } from './ui-helpers';

/** Errors logged by the page and by every worker it starts (the engine worker's unhandled rejections included). */
function collectAllErrors(page: Page): string[] {
  const errors = collectErrors(page);
  page.on('worker', (w) =>
    w.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`worker: ${m.text()}`);
    }),
  );
  return errors;
}

async function restoreFrom(page: Page, file: string): Promise<void> {
  const settings = page.getByRole('dialog', { name: 'Settings' });
  page.once('dialog', (d) => void d.accept());
  await settings.locator('input[type="file"]').setInputFiles(file);
  await expect(settings.getByRole('status')).toContainText('Backup restored');
}

test('a backup restored and the data deleted while embedding runs: nothing reads the closed database', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(page.locator('[data-testid="vault"][data-vault="kioku-sample"]')).toContainText('33 notes');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await page.getByTestId('open-settings').click();
  const downloading = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Download backup' }).click();
  const backup = testInfo.outputPath('backup.sqlite3');
  await (await downloading).saveAs(backup);

  // A fresh engine: its start-up grace (3 s) holds the index load and the queue back; restore inside it.
  const errors = collectAllErrors(page);
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByTestId('open-settings').click();
  await restoreFrom(page, backup);
  // The old engine's grace ends meanwhile; the restored engine loads its index and embeds.
  await page.waitForTimeout(4000);

  // Delete everything while the restored engine works, then restore once more.
  await settings.getByRole('button', { name: 'Delete all data…' }).click();
  await settings.getByRole('button', { name: 'Delete everything' }).click();
  await expect(settings.getByRole('status')).toHaveText('All data was deleted.');
  await restoreFrom(page, backup);
  await page.waitForTimeout(4000);
  await settings.getByRole('button', { name: 'Close' }).click();

  await expect(page.locator('[data-testid="vault"][data-vault="kioku-sample"]')).toContainText('33 notes');
  await page.getByRole('searchbox').fill('design');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  expect(errors.filter((e) => /closed|embedding failed/i.test(e))).toEqual([]);
});
