// The Settings dialog's backup steps as a user takes them (download a backup,
// restore a file, delete all data), shared by the specs that exercise them:
// ui-app.spec.ts (each step's outcome) and restore-running.spec.ts (the same
// steps while the engine's background work runs).
import { expect, type Page, type TestInfo } from '@playwright/test';
import { openApp } from './ui-helpers';

type ChosenFile = string | { name: string; mimeType: string; buffer: Buffer };

export const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

const sampleVault = (page: Page) => page.locator('[data-testid="vault"][data-vault="kioku-sample"]');

/** Opens the app and imports the sample notes. */
export async function openWithSample(page: Page): Promise<void> {
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(sampleVault(page)).toContainText('33 notes');
}

/** Opens Settings and downloads a backup into the test's output folder: the file, and the name the app gave it. */
export async function downloadBackup(page: Page, testInfo: TestInfo): Promise<{ file: string; suggested: string }> {
  await page.getByTestId('open-settings').click();
  const downloading = page.waitForEvent('download');
  await settingsDialog(page).getByRole('button', { name: 'Download backup' }).click();
  const download = await downloading;
  const file = testInfo.outputPath('backup.sqlite3');
  await download.saveAs(file);
  return { file, suggested: download.suggestedFilename() };
}

/** Chooses a file to restore in the open Settings dialog, confirming the replacement; the caller checks the outcome. */
export async function chooseRestoreFile(page: Page, file: ChosenFile): Promise<void> {
  page.once('dialog', (d) => void d.accept());
  await settingsDialog(page).locator('input[type="file"]').setInputFiles(file);
}

/** Restores a backup from the open Settings dialog. */
export async function restoreBackup(page: Page, file: string): Promise<void> {
  await chooseRestoreFile(page, file);
  await expect(settingsDialog(page).getByRole('status')).toContainText('Backup restored');
}

/** Deletes all data from the open Settings dialog, which stays open. */
export async function deleteAllData(page: Page): Promise<void> {
  const settings = settingsDialog(page);
  await settings.getByRole('button', { name: 'Delete all data…' }).click();
  await settings.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByTestId('vault')).toHaveCount(0);
  await expect(settings.getByRole('status')).toHaveText('All data was deleted.');
}

/** Closes Settings; the sample notes are back and searchable. */
export async function expectSampleBack(page: Page): Promise<void> {
  await settingsDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(sampleVault(page)).toContainText('33 notes');
  await page.getByRole('searchbox').fill('design');
  await expect(page.getByTestId('hit').first()).toBeVisible();
}
