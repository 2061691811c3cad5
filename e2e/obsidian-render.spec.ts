// The note view renders Obsidian's Markdown: callouts, highlights, comments,
// footnotes, math, block links, link lists once per note. The fixture vault
// e2e/fixtures/obsidian-render/ is imported through the folder upload input,
// as a user picking it would.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, importFolder, openApp } from './ui-helpers';

const FIXTURE = 'e2e/fixtures/obsidian-render';
const VAULT = 'obsidian-render';

async function openNote(page: Page, query: string, title: string): Promise<void> {
  await page.getByRole('searchbox').fill(query);
  await page.getByTestId('hit').filter({ hasText: title }).first().locator('.hit-title').click();
  await expect(page.locator('#note-title')).toHaveText(title);
}

test('callouts, highlights, comments, footnotes, math and task lists render like Obsidian', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, FIXTURE, VAULT);
  await openNote(page, 'callouts', 'Welcome');
  const body = page.getByTestId('note-body');

  await expect(body.locator('mark')).toHaveText('highlighted where it matters');
  await expect(body).not.toContainText('secret inline comment');
  await expect(body).not.toContainText('hiddenword');

  const info = body.locator('.md-callout-info');
  await expect(info.locator('> .md-callout-title')).toHaveText('Callouts work');
  const folded = info.locator('details.md-callout-warning');
  await expect(folded).not.toHaveAttribute('open', '');
  await expect(folded.getByText('The nested body is folded')).toBeHidden();
  await folded.locator('> summary').click();
  await expect(folded.getByText('The nested body is folded')).toBeVisible();
  await expect(folded.locator('details.md-callout-tip[open]')).toContainText('Deepest callout text.');
  await expect(body.locator('details.md-callout-question > summary')).toHaveText('Why fold?');

  await expect(body.locator('code.md-math').first()).toHaveText('e^{i\\pi} + 1 = 0');
  await expect(body).toContainText('money: $5 and $10.');
  await expect(body.locator('.md-math-block code')).toContainText('\\int_0^1');
  await expect(body.locator('input[type=checkbox][checked]')).toHaveCount(1);

  // Footnotes: numbered, listed at the end, a click goes there.
  await expect(body.locator('.md-fnref a')).toHaveText(['1', '2']);
  await expect(body.locator('.md-footnotes li')).toHaveCount(2);
  await body.locator('.md-fnref a').first().click();
  await expect(body.locator('.md-footnotes li').first().locator('.md-fnback')).toBeFocused();

  // Links listed once per note, in words, unresolved marked.
  const links = page.getByTestId('links');
  await expect(links.locator('li').filter({ hasText: 'Embeds' })).toHaveCount(1);
  await expect(links.locator('li').filter({ hasText: 'Embeds' })).toContainText('links to');
  await expect(links).not.toContainText('links_to');
  await expect(links.locator('li').filter({ hasText: 'Missing note' }).locator('.unresolved-badge')).toHaveText('not found');
  await page.screenshot({ path: 'test-results/obsidian-render-welcome.png', fullPage: true });

  // [[Targets#^key-point]] opens the note and brings the block into view.
  await body.getByRole('link', { name: 'the key point' }).click();
  await expect(page.locator('#note-title')).toHaveText('Targets');
  const block = page.getByTestId('note-body').locator('[data-block="key-point"]');
  await expect(block).toHaveClass(/md-target/);
  await expect(block).toBeInViewport();
  await expect(page.getByTestId('note-body')).not.toContainText('^key-point');
  // Welcome links here three times: one backlink.
  await expect(page.getByTestId('backlinks').locator('li').filter({ hasText: 'Welcome' })).toHaveCount(1);
  await expect(page.getByTestId('backlinks').locator('li').filter({ hasText: 'Welcome' })).toContainText('3 links');
  expect(errors).toEqual([]);
});
