// An Obsidian-style vault in Chromium (engine side of issue 12): shared
// declared permalinks are no problems but one line on the vault; a vault's
// problem count opens the list, also after a reload.
import { test, expect } from '@playwright/test';
import { collectErrors, importFolder, openApp, writeVault } from './ui-helpers';

test('shared permalinks are one line on the vault; its problem count opens the problem list after a reload', async ({ page }) => {
  const errors = collectErrors(page);
  const dir = writeVault(
    {
      'en/Canvas.md': '---\npermalink: plugins/canvas\n---\n#type/docs The canvas plugin.',
      'ja/Canvas.md': '---\npermalink: plugins/canvas\n---\nキャンバス。',
      'broken.md': '---\ntitle: [unclosed\n---\nbody',
    },
    'multi',
  );
  await openApp(page);
  await importFolder(page, dir, 'multi');
  const vault = page.locator('[data-testid="vault"][data-vault="multi"]');
  await expect(vault.getByTestId('shared-permalinks')).toContainText('2 notes share a declared permalink');

  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  const count = vault.getByTestId('vault-problems');
  await expect(count).toHaveText('1 import problem');
  await count.click();
  const item = vault.locator('.problems li[data-code="frontmatter_invalid"]');
  await expect(item.locator('.path')).toHaveText('broken.md');
  await expect(vault.locator('.problems li')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/obsidian-vault-problems.png' });
  expect(errors).toEqual([]);
});
