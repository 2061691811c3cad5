// A note opened from a search hit marks the query's words, as the hit's
// snippet marked them (inflections, width folded, Japanese inside sentences),
// and scrolls to the first; a note opened from a link marks nothing, and a
// new search updates the marks. The fixture vault e2e/fixtures/search-marks/
// holds a long note whose words first appear far below its top; the help
// vault (../shared, skipped when absent) is the real case, in English and
// Japanese.
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, importFolder, openApp } from './ui-helpers';

const FIXTURE = 'e2e/fixtures/search-marks';
const HELP = '../shared/corpora/obsidian-help/vault';
const MARK = 'mark.md-query-mark';

async function openHit(page: Page, query: string, path: RegExp): Promise<void> {
  await page.getByRole('searchbox').fill(query);
  await page.getByTestId('hit').filter({ hasText: path }).locator('.hit-title').first().click();
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a hit opens its note at the first match, its words marked; a link opens one without marks', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, FIXTURE, 'search-marks');

  await openHit(page, 'settings', /Long note\.md/);
  await expect(page.locator('#note-title')).toHaveText('Long note');
  const body = page.getByTestId('note-body');
  // "settings" and its inflection "setting" (one Porter stem), in code too, as the snippet marks them.
  await expect(body.locator(MARK)).toHaveText(['settings', 'setting', 'settings']);
  await expect(body.locator('strong > mark.md-query-mark')).toHaveText('settings');
  await expect(body.locator(`code > ${MARK}`)).toHaveText('settings');
  await expect(body.locator(MARK).first()).toBeInViewport();
  await expect(body.locator('p').first()).not.toBeInViewport();
  // The hit's snippet marked the same words.
  await expect(page.getByTestId('hit').filter({ hasText: /Long note\.md/ }).locator('mark').first()).toHaveText(/^settings?$/i);
  // Marks are text only: the link beside them still opens its note.
  await expect(body.getByRole('link', { name: 'Other note' })).toBeVisible();

  // A new search updates the marks: half-width ｶﾀｶﾅ marks カタカナ inside a Japanese sentence.
  await page.getByRole('searchbox').fill('ｶﾀｶﾅ');
  await expect(body.locator(MARK)).toHaveText(['カタカナ']);
  await expect(body.locator(MARK)).toBeInViewport();
  await page.getByRole('searchbox').fill('settings');
  await expect(body.locator(MARK)).toHaveCount(3);

  // A note opened from a link marks nothing, though it holds the word; Back brings the hit's marks again.
  await body.getByRole('link', { name: 'Other note' }).click();
  await expect(page.locator('#note-title')).toHaveText('Other note');
  await expect(page.getByTestId('note-body')).toContainText('mentions settings as well');
  await expect(page.getByTestId('note-body').locator('mark')).toHaveCount(0);
  await page.goBack();
  await expect(page.locator('#note-title')).toHaveText('Long note');
  await expect(page.getByTestId('note-body').locator(MARK)).toHaveCount(3);

  // No query, no marks.
  await page.getByRole('searchbox').fill('');
  await expect(page.getByTestId('note-body').locator(MARK)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('the help vault', () => {
  test.skip(!existsSync(HELP), `${HELP} is absent`);
  test.describe.configure({ timeout: 240_000 });

  test('Callouts and コールアウト open at their first nested callout', async ({ page }) => {
    const errors = collectErrors(page);
    await openApp(page);
    await importFolder(page, HELP, 'vault');
    // "nested" first appears two thirds down the note; "nest" and "nesting" share its stem.
    await openHit(page, 'nested', /en\/Editing and formatting\/Callouts\.md/);
    await expect(page.locator('#note-title')).toHaveText('Callouts');
    const body = page.getByTestId('note-body');
    await expect(body.locator(MARK).first()).toHaveText('Nested');
    await expect(body.locator(MARK).first()).toBeInViewport();
    expect(new Set((await body.locator(MARK).allTextContents()).map((w) => w.toLowerCase()))).toEqual(new Set(['nested', 'nest', 'nesting']));
    await page.screenshot({ path: 'test-results/search-marks-help-en.png' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: 'test-results/search-marks-help-en-dark.png' });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByTestId('open-settings').click();
    await page.getByTestId('language').selectOption('ja');
    await page.getByRole('button', { name: '閉じる' }).click();
    await openHit(page, 'ネスト', /ja\/編集と書式設定\/コールアウト\.md/);
    await expect(page.locator('#note-title')).toHaveText('コールアウト');
    await expect(body.locator(MARK).first()).toHaveText('ネスト');
    await expect(body.locator(MARK).first()).toBeInViewport();
    await page.screenshot({ path: 'test-results/search-marks-help-ja.png' });
    expect(errors).toEqual([]);
  });
});
