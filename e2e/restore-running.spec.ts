// Restoring a backup (and deleting all data) while the engine's background
// work runs: the start-up grace, the vector index loading, the embedding
// queue. The old engine stops before its database is closed, so the page and
// its workers log no "DB has been closed", the embedding panel shows no
// error, and search works on the restored data.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './ui-helpers';
import { deleteAllData, downloadBackup, expectSampleBack, openWithSample, restoreBackup } from './backup-steps';

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

test('a backup restored and the data deleted while embedding runs: nothing reads the closed database', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openWithSample(page);
  const backup = (await downloadBackup(page, testInfo)).file;

  // A fresh engine: its start-up grace (3 s) holds the index load and the queue back; restore inside it.
  const errors = collectAllErrors(page);
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByTestId('open-settings').click();
  await restoreBackup(page, backup);
  // The old engine's grace ends meanwhile; the restored engine loads its index and embeds.
  await page.waitForTimeout(4000);

  // Delete everything while the restored engine works, then restore once more.
  await deleteAllData(page);
  await restoreBackup(page, backup);
  await page.waitForTimeout(4000);

  await expectSampleBack(page);
  expect(errors.filter((e) => /closed|embedding failed/i.test(e))).toEqual([]);
});
