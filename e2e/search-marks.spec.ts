// A note opened from a search hit marks the query's words, as the hit's
// snippet marked them (inflections, width folded, Japanese inside sentences),
// and scrolls to the first; the match bar and n / Shift+N move between them.
// An observation or relation hit opens its note at its own line, marked. A
// note opened from a link marks nothing, and a new search updates the marks.
// The fixture vault e2e/fixtures/search-marks/ holds a long note whose words
// first appear far below its top; the help vault (../shared, skipped when
// absent) is the real case, in English and Japanese.
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, importFolder, openApp, writeVault } from './ui-helpers';

const FIXTURE = 'e2e/fixtures/search-marks';
const HELP = '../shared/corpora/obsidian-help/vault';
const MARK = 'mark.md-query-mark';
const CURRENT = 'mark.md-query-mark-current';

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

test('the match bar and n / Shift+N move between the marks, the current one in view', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, FIXTURE, 'search-marks');
  await openHit(page, 'settings', /Long note\.md/);
  const body = page.getByTestId('note-body');
  const bar = page.getByRole('group', { name: 'Matches of the search in this note' });
  const count = bar.getByTestId('match-count');
  await expect(count).toHaveText('1 of 3');
  await expect(body.locator(CURRENT)).toHaveCount(1);
  await expect(body.locator(MARK).nth(0)).toHaveClass(/md-query-mark-current/);

  // n: the next mark (in code, below) becomes the current one, in view.
  await page.keyboard.press('n');
  await expect(count).toHaveText('2 of 3');
  await expect(body.locator(MARK).nth(1)).toHaveClass(/md-query-mark-current/);
  await expect(body.locator(MARK).nth(0)).not.toHaveClass(/md-query-mark-current/);
  await page.keyboard.press('n');
  await expect(count).toHaveText('3 of 3');
  await expect(body.locator(CURRENT)).toHaveText('settings');
  await expect(body.locator(`code > ${CURRENT}`)).toBeInViewport();
  await page.screenshot({ path: 'test-results/search-marks-next.png' });
  // Past the last it wraps round; Shift+N goes back.
  await page.keyboard.press('n');
  await expect(count).toHaveText('1 of 3');
  await page.keyboard.press('Shift+N');
  await expect(count).toHaveText('3 of 3');
  // The bar's buttons do the same.
  await bar.getByRole('button', { name: 'Previous match (Shift+N)' }).click();
  await expect(count).toHaveText('2 of 3');
  await bar.getByRole('button', { name: 'Next match (N)' }).click();
  await expect(count).toHaveText('3 of 3');

  // n typed into a text field is text, not a move.
  await page.getByRole('searchbox').press('End');
  await page.getByRole('searchbox').press('n');
  await expect(page.getByRole('searchbox')).toHaveValue('settingsn');
  await expect(bar).toHaveCount(0);

  // In Japanese.
  await page.getByRole('searchbox').fill('settings');
  await page.getByTestId('open-settings').click();
  await page.getByTestId('language').selectOption('ja');
  await page.getByRole('button', { name: '閉じる' }).click();
  await expect(page.getByRole('group', { name: 'このノート内の検索語の一致' }).getByTestId('match-count')).toHaveText('3 件中 1 件目');
  await page.getByRole('button', { name: '次の一致 (N)' }).click();
  await expect(page.getByTestId('match-count')).toHaveText('3 件中 2 件目');
  expect(errors).toEqual([]);
});

const FILLER = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the log: the tide came in and went out again, and nothing else happened on this day.`).join('\n\n');
const HARBOUR = {
  'Harbour log.md': `---
title: Harbour log
tags: [ops]
---
# Harbour log

The lighthouse stands at the end of the pier, and the guards walk past it at night.

${FILLER}

## Facts

- [fact] The lighthouse keeper logs every ship #ops
- [fact] The lighthouse lamp was replaced in spring
- [decision] Paint the lighthouse red before winter
- guards [[Pier]]
- lights [[Pier]]
`,
  'Pier.md': '# Pier\n\nWhere the boats tie up.\n',
};

test('an observation or relation hit opens its note at its own line, its words marked', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, writeVault(HARBOUR, 'harbour'), 'harbour');

  await page.getByRole('searchbox').fill('lighthouse');
  await page.getByTestId('entity-type').selectOption('observation');
  const lamp = page.getByTestId('hit').filter({ hasText: 'lamp was replaced' });
  await lamp.getByTestId('parent-note').click();
  await expect(page.locator('#note-title')).toHaveText('Harbour log');
  await expect(page).toHaveURL(/from=search&line=\d+/);
  // The hit opened is the one shown open in the list, not the note's other observations.
  await expect(lamp).toHaveClass(/\bopen\b/);
  await expect(page.locator('[data-testid="hit"].open')).toHaveCount(1);
  const body = page.getByTestId('note-body');
  // Every "lighthouse" is marked; the current one is on the hit's own line (the second of three like it), in view.
  await expect(body.locator(MARK)).toHaveCount(4);
  await expect(page.getByTestId('match-count')).toHaveText('3 of 4');
  const current = body.locator(CURRENT);
  await expect(current).toHaveText('lighthouse');
  // The list item holding the current mark (`has` reads its locator inside each item).
  const currentItem = body.locator('li', { has: page.locator(CURRENT) });
  await expect(currentItem).toHaveText(/lamp was replaced/);
  await expect(current).toBeInViewport();
  await expect(body.locator('p').first()).not.toBeInViewport();
  await page.screenshot({ path: 'test-results/search-marks-observation.png' });
  // From there, Shift+N goes to the mark above.
  await page.keyboard.press('Shift+N');
  await expect(currentItem).toHaveText(/keeper logs/);

  // A relation hit: its line, though the word is first met at the top of the note.
  await page.getByRole('searchbox').fill('guards');
  await page.getByTestId('entity-type').selectOption('relation');
  await page.getByTestId('hit').filter({ hasText: 'guards' }).getByTestId('parent-note').click();
  await expect(page.getByTestId('match-count')).toHaveText('2 of 2');
  await expect(currentItem).toHaveText(/^guards Pier$/);
  await expect(body.locator(CURRENT)).toBeInViewport();

  // Another query in the box: the hit's line was that query's; the new words are marked from the top.
  await page.getByRole('searchbox').fill('lighthouse');
  await expect(page).not.toHaveURL(/line=/);
  await expect(page.getByTestId('match-count')).toHaveText('1 of 4');
  await expect(body.locator(CURRENT)).toBeInViewport();
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
