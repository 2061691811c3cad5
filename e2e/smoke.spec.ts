import { test, expect } from '@playwright/test';

test('sample vault imports and is searchable', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto('/');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(page.getByTestId('vault')).toHaveCount(1);
  await page.getByRole('searchbox').fill('設計');
  await page.screenshot({ path: 'test-results/smoke.png' });
  console.log(errors);
});
