// Accessibility of the main screens, checked with axe-core in Chromium:
// names on every control, contrast (light and dark), ARIA use, landmarks.
import { expect, test } from '@playwright/test';
import { audit, importFolder, openApp, VAULT_FILES, writeVault } from './ui-helpers';

test('main screens have no accessibility violations', async ({ page }) => {
  const found: string[] = [];
  await openApp(page);
  found.push(...(await audit(page, 'first run')));
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByRole('searchbox').fill('oauth');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await page.getByRole('button', { name: '+ Add filter' }).click();
  found.push(...(await audit(page, 'results + builder')));
  await page.getByRole('button', { name: /Edit as JSON/ }).click();
  await page.getByTestId('filter-json').fill('{"score": {"$between": [1]}}');
  await expect(page.getByTestId('filter-json-error')).toBeVisible();
  found.push(...(await audit(page, 'JSON error')));
  await page.getByTestId('filter-json').fill('{}');
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page.getByTestId('find-table')).toBeVisible();
  found.push(...(await audit(page, 'table')));
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByTestId('hit').first().locator('.hit-title').click();
  await expect(page.getByTestId('note-body')).toBeVisible();
  found.push(...(await audit(page, 'note')));
  await page.getByTestId('edit-note').click();
  found.push(...(await audit(page, 'editor')));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('open-settings').click();
  found.push(...(await audit(page, 'settings')));
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await page.getByRole('button', { name: 'Close' }).click();
  found.push(...(await audit(page, 'dark note')));
  await page.getByRole('button', { name: '← Back to results' }).click();
  found.push(...(await audit(page, 'dark results')));
  expect(found).toEqual([]);
});

test.describe('phone width', () => {
  test('opening a note moves focus to its title, since the hit that was clicked is hidden', async ({ page }) => {
    await openApp(page);
    await importFolder(page, writeVault(VAULT_FILES));
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('searchbox').fill('oauth');
    await page.getByTestId('hit').first().locator('.hit-title').click();
    await expect(page.getByTestId('note-view')).toBeVisible();
    await expect(page.locator('#note-title')).toBeFocused();
  });
});
