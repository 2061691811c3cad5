// A note whose file name is decomposed on disk (NFD, as macOS writes é) is
// saved over that file, not beside it: Kioku keeps paths in NFC, and an attack
// trial of the CLI saw a second file created next to the note, the edit then
// lost at the next re-sync. The same in the browser, on a real directory
// handle (a folder of the origin-private file system).
import { expect, test } from '@playwright/test';
import { openApp } from './ui-helpers';

test('an edit to a note with a decomposed (NFD) name is written over that file', async ({ page }) => {
  await openApp(page);
  const nfd = 'Ünïcödé.md'.normalize('NFD');
  await page.evaluate(async (name) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('nfd-vault', { recursive: true }).catch(() => undefined);
    const dir = await root.getDirectoryHandle('nfd-vault', { create: true });
    const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
    await w.write('The nfd original.\n');
    await w.close();
    await (window as unknown as { kiokuImportHandle(h: FileSystemDirectoryHandle): Promise<void> }).kiokuImportHandle(dir);
  }, nfd);
  await expect(page.locator('[data-testid="vault"][data-vault="nfd-vault"]')).toBeVisible();
  await page.getByRole('searchbox').fill('original');
  await page.getByTestId('hit').first().locator('.hit-title').click();
  await page.getByTestId('edit-note').click();
  await page.getByTestId('body-editor').fill('Edited in Kioku.\n');
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('save-status')).toContainText('written to the file');
  const files = await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle('nfd-vault');
    const out: [string, string][] = [];
    for await (const [n, h] of (dir as FileSystemDirectoryHandle & { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
      if (h.kind === 'file') out.push([n, await (await (h as FileSystemFileHandle).getFile()).text()]);
    }
    return out;
  });
  expect(files).toEqual([[nfd, 'Edited in Kioku.\n']]);
});
