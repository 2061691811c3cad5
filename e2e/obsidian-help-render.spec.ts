// Obsidian's own help vault (../shared/corpora/obsidian-help/vault, English
// and Japanese) in the note view: links listed once, callouts, embedded
// pictures and blocks. Skipped when ../shared is absent.
import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, importFolder, openApp } from './ui-helpers';

const HELP = '../shared/corpora/obsidian-help/vault';
test.skip(!existsSync(HELP), `${HELP} is absent: the Obsidian help vault tests need ../shared`);
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 1000 } });

async function open(page: Page, title: string, path: RegExp): Promise<void> {
  await page.getByRole('searchbox').fill(`"${title}"`);
  await page.getByTestId('hit').filter({ hasText: path }).locator('.hit-title').getByText(title, { exact: true }).first().click();
  await expect(page.locator('#note-title')).toHaveText(title);
}

test('the help vault renders as in Obsidian: links once, callouts, pictures and embedded blocks', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, HELP, 'vault');

  // "Advanced formatting syntax" is linked twice from this note: listed once, in words.
  await open(page, 'Basic formatting syntax', /en\/Editing and formatting/);
  const links = page.getByTestId('links');
  await expect(links.locator('li').filter({ hasText: /^links to Advanced formatting syntax/ })).toHaveCount(1);
  await expect(links).not.toContainText('links_to');
  const backs = page.getByTestId('backlinks').locator('li');
  const sources = await backs.locator('a').allTextContents();
  expect(new Set(sources).size).toBe(sources.length);

  await open(page, 'Callouts', /en\/Editing and formatting\/Callouts\.md/);
  const body = page.getByTestId('note-body');
  expect(await body.locator('.md-callout').count()).toBeGreaterThan(10);
  await expect(body.locator('.md-callout-question').first()).toBeVisible();
  // The example inside a code block stays code.
  await expect(body.locator('pre code').first()).toContainText('> [!info]');
  // The example callout embeds a picture from en/Attachments.
  const inCallout = body.locator('.md-callout img[data-attachment="Engelbart.jpg"]').first();
  await expect.poll(() => inCallout.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(50);
  await inCallout.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/obsidian-help-callouts.png' });

  await open(page, 'Embed files', /en\/Linking notes and files/);
  const picture = body.locator('img[data-attachment="Engelbart.jpg"]').first();
  await expect(picture).toHaveAttribute('title', 'en/Attachments/Engelbart.jpg');
  await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(50);
  // ![[Engelbart.jpg#outline|100]]: the picture (the #outline is Obsidian Publish's style), 100 pixels wide; the one in a code block stays code.
  await expect(body.locator('img[data-attachment="Engelbart.jpg"][width="100"]')).toHaveCount(1);
  await expect(body.locator('pre code').filter({ hasText: '![[Engelbart.jpg|100x145]]' })).toHaveCount(1);
  const block = body.locator('.md-embed-box').filter({ hasText: 'Internal links › ^b15695' }).first();
  await expect(block.locator('.md-embed-body')).not.toBeEmpty();
  await block.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/obsidian-help-embeds.png' });
  expect(errors).toEqual([]);
});

test('search snippets of the help vault show the words searched for, where the reader sees them', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, HELP, 'vault');
  // Settings.md says "changelog" near its top and "Font size" 9,000 characters further: the snippet is cut there.
  await page.getByRole('searchbox').fill('change the font size');
  const settings = page.getByTestId('hit').filter({ hasText: /en\/User interface\/Settings\.md/ }).first();
  await expect(settings.locator('mark').filter({ hasText: /^font$/i }).first()).toBeVisible();
  // Introduction to Bases.md holds "view" inside [[Table view|Table]]-style link targets and "views" and "Map" in its text.
  await page.getByRole('searchbox').fill('Map view');
  const bases = page.getByTestId('hit').filter({ hasText: /en\/Bases\/Introduction to Bases\.md/ }).first();
  await expect(bases.locator('mark').first()).toBeVisible();
  await bases.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/obsidian-help-snippets.png' });
  // Japanese: 設定.md ranks first for フォントサイズ, which it holds 10,000 characters in; its opening
  // has only 変更 (in 変更履歴) and する. The snippet shows フォントサイズ, and never marks する.
  await page.getByRole('searchbox').fill('フォントサイズを変更する');
  const settingsJa = page.getByTestId('hit').filter({ hasText: /ja\/ユーザーインターフェイス\/設定\.md/ }).first();
  await expect(settingsJa.locator('mark').filter({ hasText: /^フォントサイズ$/ }).first()).toBeVisible();
  await expect(page.getByTestId('hit').locator('mark').filter({ hasText: /^する$/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/obsidian-help-snippets-ja.png' });
  expect(errors).toEqual([]);
});
