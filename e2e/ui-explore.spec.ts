import { test, expect } from '@playwright/test';
import { collectErrors, importFolder, openApp, VAULT_FILES, writeVault } from './ui-helpers';
test('explore', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await page.screenshot({ path: '/tmp/shots/empty.png' });
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByRole('searchbox').fill('oauth');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/results.png' });
  await page.getByTestId('hit').first().locator('a.hit-title').click();
  await expect(page.getByTestId('note-view')).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/shots/note.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: '/tmp/shots/note-phone.png' });
  console.log(errors);
});
