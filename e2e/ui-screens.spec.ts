// Screenshots of the main screens at desktop and phone widths, kept in
// docs/screenshots/ (looked at by a person after every UI change).
import { expect, test, type Page } from '@playwright/test';
import { importFolder, openApp, VAULT_FILES, writeVault } from './ui-helpers';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

const shot = (page: Page, size: string, name: string) => page.screenshot({ path: `docs/screenshots/${size}-${name}.png` });

for (const size of SIZES) {
  test.describe(`${size.name} screens`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`main screens (${size.name})`, async ({ page }) => {
      const phone = size.name === 'phone';
      await openApp(page);
      await shot(page, size.name, '01-first-run');
      if (phone) await page.getByRole('button', { name: /Menu/ }).click();
      await importFolder(page, writeVault(VAULT_FILES));
      if (phone) await shot(page, size.name, '02-sidebar');
      if (phone) await page.getByRole('button', { name: /Menu/ }).click();

      await page.getByRole('searchbox').fill('oauth');
      await expect(page.getByTestId('hit').first()).toBeVisible();
      await shot(page, size.name, '03-results');

      const add = page.getByRole('button', { name: '+ Add filter' });
      if (await add.isEnabled()) {
        await add.click();
        await page.getByTestId('filter-field').fill('status');
        await page.getByTestId('filter-value').fill('draft');
        await shot(page, size.name, '04-filter-builder');
        await page.getByRole('button', { name: 'Add filter', exact: true }).click();
        await page.getByRole('button', { name: /Edit as JSON/ }).click();
        await page.getByTestId('filter-json').fill('{\n  "status": "draft",\n  "score": {"$between": [0.3, 0.8, 1]}\n}');
        await expect(page.getByTestId('filter-json-error')).toBeVisible();
        await shot(page, size.name, '05-json-error');
        await page.getByTestId('filter-json').fill('{"confidence": {"$gt": 0.3}}');
        await expect(page.getByTestId('filter-json-error')).toBeHidden();
        await page.getByRole('button', { name: /Edit as JSON/ }).click();
      }

      const table = page.getByRole('tab', { name: 'Table' });
      if (await table.isEnabled()) {
        await table.click();
        await page.getByText(/^Columns/).click();
        for (const c of ['status', 'confidence', 'priority']) await page.getByRole('checkbox', { name: new RegExp(`^${c}`) }).check();
        await page.getByText(/^Columns/).click();
        await page.getByRole('button', { name: /^confidence/ }).click();
        await expect(page.getByTestId('find-table')).toBeVisible();
        await shot(page, size.name, '06-table');
        await page.getByRole('tab', { name: 'Results' }).click();
      }

      await page.getByTestId('hit').first().locator('.hit-title').click();
      await expect(page.getByTestId('note-body')).toBeVisible();
      await shot(page, size.name, '07-note');

      await page.getByTestId('edit-note').click();
      const fm = page.getByTestId('fm-editor');
      await fm.fill((await fm.inputValue()) + 'owner: [unclosed\n');
      await expect(page.getByTestId('fm-error')).toBeVisible();
      await shot(page, size.name, '08-editor-error');
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('open-settings').click();
      await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
      await shot(page, size.name, '09-settings');
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: '← Back to results' }).click();
      await shot(page, size.name, '10-dark-results');

      await page.getByTestId('open-settings').click();
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
      await page.getByTestId('language').selectOption('ja');
      await page.getByRole('button', { name: '閉じる' }).click();
      for (const chip of await page.getByTestId('filter-chip').getByRole('button').all()) await chip.click();
      await expect(page.getByTestId('filter-chip')).toHaveCount(0);
      await page.getByRole('searchbox').fill('設計');
      await expect(page.getByTestId('hit').first()).toContainText('設計');
      await expect(page.getByTestId('hit').first()).toBeVisible();
      await shot(page, size.name, '11-japanese-results');
      await page.getByTestId('hit').first().locator('.hit-title').click();
      await expect(page.getByTestId('note-body')).toBeVisible();
      await shot(page, size.name, '12-japanese-note');
    });
  });
}
