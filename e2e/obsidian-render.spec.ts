// The note view renders Obsidian's Markdown: callouts, highlights, comments,
// footnotes, math, block links, link lists once per note, custom task
// states. The fixture vault
// e2e/fixtures/obsidian-render/ is imported through the folder upload input,
// as a user picking it would.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeOpfsFolder, pickerReturns } from './fixtures';
import { collectErrors, importFolder, openApp, writeVault } from './ui-helpers';

const FIXTURE = 'e2e/fixtures/obsidian-render';
const VAULT = 'obsidian-render';

async function openNote(page: Page, query: string, title: string): Promise<void> {
  await page.getByRole('searchbox').fill(query);
  await page.getByTestId('hit').locator('.hit-title').getByText(title, { exact: true }).first().click();
  await expect(page.locator('#note-title')).toHaveText(title);
}

test('callouts, highlights, comments, footnotes, math and task lists render like Obsidian', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, FIXTURE, VAULT);
  await openNote(page, 'callouts', 'Welcome');
  const body = page.getByTestId('note-body');

  // ==highlights== (the search's own words are marked apart, as md-query-mark).
  await expect(body.locator('mark:not(.md-query-mark)')).toHaveText('highlighted where it matters');
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

/** Puts the fixture vault, bytes and all, into OPFS "e2e-folders/<name>" (a real directory handle). */
async function fixtureInOpfs(page: Page, name: string): Promise<void> {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else files[`${prefix}${entry.name}`] = readFileSync(join(dir, entry.name));
    }
  };
  walk(FIXTURE, '');
  await makeOpfsFolder(page, name, files);
}

/** Pictures, PDFs and embedded notes of the Embeds note, however the vault was imported. */
async function checkEmbeds(page: Page): Promise<void> {
  const body = page.getByTestId('note-body');
  // Pictures from the vault, decoded by the browser; sizes as Obsidian reads them.
  const sunset = body.locator('img[data-attachment="sunset.png"]');
  await expect(sunset).toHaveAttribute('src', /^blob:/);
  await expect(sunset).toHaveAttribute('width', '240');
  await expect.poll(() => sunset.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
  const checker = body.locator('img[data-attachment="assets/checker board.png"]');
  await expect.poll(() => checker.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(64);
  const svg = body.locator('img[data-attachment="diagram.svg"]').first();
  await expect.poll(() => svg.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(120);
  await expect(body.locator('[data-missing="not_found"]')).toContainText('no-such-picture.png');
  // A PDF: the browser's viewer, or a download.
  const pdf = body.locator('.md-file-card');
  await expect(pdf).toContainText('handbook.pdf');
  await expect(pdf.getByRole('link', { name: 'Open in the browser’s PDF viewer' })).toHaveAttribute('href', /^blob:/);
  const [download] = await Promise.all([page.waitForEvent('download'), pdf.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('handbook.pdf');
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // Embedded notes: one heading with what is under it, one block, and a cycle that stops.
  const embeds = body.locator(':scope > p > .md-embed > .md-embed-box');
  await expect(embeds).toHaveCount(3);
  await expect(embeds.nth(0).locator('.md-embed-head')).toContainText('From Targets › Second part');
  await expect(embeds.nth(0).locator('.md-embed-body')).toContainText('embeds can pick one heading');
  await expect(embeds.nth(0).locator('.md-embed-body')).toContainText('Still inside the second part.');
  await expect(embeds.nth(0).locator('.md-embed-body')).not.toContainText('Not part of the second part');
  await expect(embeds.nth(1).locator('.md-embed-body')).toHaveText('The key point of this note.');
  await expect(embeds.nth(2).locator('> .md-embed-body')).toContainText('Cycle A text');
  await expect(embeds.nth(2).locator('> .md-embed-body .md-embed-body')).toContainText('Cycle B text');
  await expect(body.locator('.md-embed-note')).toContainText('“Cycle A” is already shown above');
  await expect(body.locator('.md-embed-box')).toHaveCount(4);
}

test('pictures, PDFs and embedded notes of a dropped folder come from the copies kept at import', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, FIXTURE, VAULT);
  await openNote(page, 'cycle', 'Embeds');
  await checkEmbeds(page);
  await page.getByTestId('note-view').screenshot({ path: 'test-results/obsidian-render-embeds.png' });
  // Still there after a reload: the copies are in the database.
  await page.reload();
  await expect(page.locator('#note-title')).toHaveText('Embeds');
  await checkEmbeds(page);
  // "Open" on an embed opens the note it came from, at the block.
  await page.getByTestId('note-body').locator('.md-embed-box').nth(1).getByRole('link', { name: 'Open' }).click();
  await expect(page.locator('#note-title')).toHaveText('Targets');
  await expect(page.getByTestId('note-body').locator('[data-block="key-point"]')).toHaveClass(/md-target/);
  expect(errors).toEqual([]);
});

test('pictures of a folder chosen with "Choose folder…" are read through its handle; a picture opens by itself', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await fixtureInOpfs(page, VAULT);
  await pickerReturns(page, VAULT);
  await page.getByRole('button', { name: 'Choose folder…' }).click();
  await expect(page.locator(`[data-testid="vault"][data-vault="${VAULT}"]`)).toBeVisible();
  await openNote(page, 'cycle', 'Embeds');
  await checkEmbeds(page);
  // The note links to Obsidian: the folder has .obsidian/.
  await expect(page.getByTestId('open-in-obsidian')).toHaveAttribute('href', 'obsidian://open?vault=obsidian-render&file=Embeds');
  // A picture opened as a file: shown, from the folder.
  await page.getByRole('searchbox').fill('sunset');
  await page.getByTestId('hit').filter({ hasText: 'sunset' }).first().locator('.hit-title').click();
  const preview = page.getByTestId('file-preview');
  await expect.poll(() => preview.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
  await expect(preview.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'sunset.png');
  expect(errors).toEqual([]);
});

test('hostile Obsidian syntax runs nothing and loads nothing remote', async ({ page }) => {
  const errors = collectErrors(page);
  const remote: string[] = [];
  page.on('request', (r) => {
    if (!/^(?:https?:\/\/localhost[:/]|blob:|data:)/.test(r.url())) remote.push(r.url());
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp(page);
  await importFolder(page, FIXTURE, VAULT);
  await openNote(page, 'hostileword', 'Hostile');
  const body = page.getByTestId('note-body');
  await expect(body).toContainText('hostileword');
  // The SVG is a picture from a blob, never markup: its script and onload stay inert.
  const svg = body.locator('img[data-attachment="diagram.svg"]');
  await expect.poll(() => svg.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(120);
  // The raw <img> aimed at a tracker lost its address; a vault path written by hand still resolves inside the vault only.
  await expect(body.locator('img[src^="http"]')).toHaveCount(0);
  // The note embeds itself: shown once, the cycle stops.
  await expect(body.locator('.md-embed-note')).toContainText('“Hostile” is already shown above');
  for (const el of await body.locator('a, summary, img, .md-callout').all()) {
    await el.hover({ timeout: 1000 }).catch(() => undefined);
    await el.click({ timeout: 1000 }).catch(() => undefined);
  }
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(remote).toEqual([]);
  const attrs = await body.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${el.tagName.toLowerCase()}[${a.name}=${a.value}]`)),
  );
  expect(attrs.filter((a) => /\[on|\[style=|javascript:|\[srcdoc/i.test(a))).toEqual([]);
  expect(await body.locator('script, svg, iframe, object, embed, style, form').count()).toBe(0);
  // Chromium reports the CSP refusing each on…= handler while the sanitiser parses the note (before it strips them): defence in depth, nothing ran.
  expect(errors.filter((e) => !/Executing inline event handler violates the following Content Security Policy/.test(e))).toEqual([]);
});

test('custom task states are read-only tasks, named in words; a category of one letter stays an observation', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  const tasks = '# Chores\n\n- [ ] water the plants\n- [x] pay rent\n- [>] call Bob\n  - [/] draft the agenda\n- [-] repaint the shed\n- [!] renew passport\n- [?] move the meeting\n\n1. [<] dentist on Friday\n\n- [注] 重要な点\n';
  await importFolder(page, writeVault({ 'Chores.md': tasks }, 'chores'), 'chores');
  await openNote(page, 'shed', 'Chores');
  const body = page.getByTestId('note-body');
  await expect(body.locator('li.md-task')).toHaveCount(8);
  await expect(body).not.toContainText('[>]');
  const forwarded = body.locator('li[data-task=">"]');
  await expect(forwarded.getByRole('img', { name: 'Task: forwarded' })).toBeVisible();
  await expect(forwarded.locator('> .md-task-text')).toHaveText('call Bob');
  await expect(body.getByRole('img', { name: 'Task: in progress' })).toBeVisible();
  await expect(body.locator('ol > li[data-task="<"]').getByRole('img', { name: 'Task: scheduled' })).toBeVisible();
  // Open and done have a box that ticks the task (set_task; e2e/tasks.spec.ts); the other states are not controls.
  await expect(body.getByRole('checkbox')).toHaveCount(2);
  for (const box of await body.getByRole('checkbox').all()) await expect(box).toBeEnabled();
  // Done and cancelled strike through their own words only.
  const struck = (sel: string) => body.locator(sel).evaluate((el) => getComputedStyle(el).textDecorationLine);
  expect(await struck('li[data-task="-"] > .md-task-text')).toBe('line-through');
  expect(await struck('li[data-task="x"] > .md-task-text')).toBe('line-through');
  expect(await struck('li[data-task=">"] > .md-task-text')).toBe('none');
  expect(await struck('li[data-task="/"] > .md-task-text')).toBe('none');
  // The engine agrees: [注] is an observation (shown as written), the one-character states are not.
  await expect(body).toContainText('[注] 重要な点');
  await expect(page.getByTestId('observations').getByTestId('observation')).toHaveText([/重要な点/]);
  await body.screenshot({ path: 'test-results/obsidian-render-tasks.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await body.screenshot({ path: 'test-results/obsidian-render-tasks-dark.png' });
  expect(errors).toEqual([]);
});

test.describe('screenshots', () => {
  test.use({ viewport: { width: 1280, height: 1650 } });

  // Kept in docs/screenshots/ (looked at by a person after every change to the note view).
  test('the note view of an Obsidian vault: callouts and footnotes; embeds and pictures', async ({ page }) => {
    await openApp(page);
    await importFolder(page, FIXTURE, VAULT);
    await openNote(page, 'callouts', 'Welcome');
    await page.getByTestId('note-body').locator('details.md-callout-warning > summary').click();
    await expect(page.getByTestId('note-body').locator('.md-footnotes')).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/desktop-13-obsidian-callouts.png' });
    await openNote(page, 'cycle', 'Embeds');
    const sunset = page.getByTestId('note-body').locator('img[data-attachment="sunset.png"]');
    await expect.poll(() => sunset.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(160);
    await expect(page.getByTestId('note-body').locator('.md-embed-box')).toHaveCount(4);
    await page.screenshot({ path: 'docs/screenshots/desktop-14-obsidian-embeds.png' });
  });
});

test.describe('Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('links, placeholders and embeds are labelled in Japanese', async ({ page }) => {
    await openApp(page);
    await importFolder(page, FIXTURE, VAULT);
    await openNote(page, 'callouts', 'Welcome');
    const links = page.getByTestId('links');
    await expect(links.locator('li').filter({ hasText: 'Embeds' })).toContainText('リンク');
    await expect(links.locator('li').filter({ hasText: 'Embeds' })).toContainText('2 か所');
    await expect(links.locator('.unresolved-badge')).toHaveText('見つかりません');
    await openNote(page, 'cycle', 'Embeds');
    const body = page.getByTestId('note-body');
    await expect(body.locator('.md-embed-head').first()).toContainText('Targets › Second part から');
    await expect(body.locator('[data-missing="not_found"]')).toContainText('このボールトに「no-such-picture.png」というファイルはありません。');
    await expect(body.locator('.md-file-card')).toContainText('ブラウザーの PDF ビューアーで開く');
    await expect(page.getByTestId('open-in-obsidian')).toHaveText('Obsidian で開く');
  });
});
