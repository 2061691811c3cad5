// The public Dataview example vault (../shared/corpora/dataview-example/vault:
// tags all inline, data in Dataview inline fields) imported as a user would:
// tag: with nested tags, an inline-field filter and "did you mean" in the UI.
// The expected notes are read from the files themselves (code left out, as
// Obsidian does; tags compared without case, as Obsidian does). Skipped when ../shared is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, importFolder, openApp, go } from './ui-helpers';

const VAULT = '../shared/corpora/dataview-example/vault';
test.skip(!existsSync(VAULT), `${VAULT} is absent: the Dataview example vault test needs ../shared`);
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 1000 } });

/** Every note's text without fenced or inline code. */
function notes(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) {
        const raw = readFileSync(p, 'utf8');
        out.push({ path: p.slice(VAULT.length + 1), text: raw.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '') });
      }
    }
  };
  walk(VAULT);
  return out;
}

const withTag = (tag: RegExp) => notes().filter((n) => tag.test(n.text)).length;

/** Goes to a search URL inside the running app (as Back and Forward do): a reload would reopen the database while the old page holds it. */
async function total(page: Page): Promise<number> {
  const status = page.getByTestId('result-count');
  await expect(status).not.toContainText('…');
  return Number((await status.textContent())!.replace(/[^\d·]/g, '').split('·')[0]);
}

test('tag:, nested tags, an inline-field filter and "did you mean" on the Dataview example vault', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, VAULT, 'vault');

  const books = withTag(/(^|\s)#type\/books(?![\w/-])/im);
  const games = withTag(/(^|\s)#games(?![\w/-])/im);
  const table = withTag(/(^|\s)#dv\/table(?![\w/-])/im);
  const anyDv = withTag(/(^|\s)#dv(\/[\w-]|(?![\w/-]))/im);
  for (const n of [books, games, table]) expect(n).toBeGreaterThan(0);
  expect(anyDv).toBeGreaterThan(table);

  await go(page, '?q=tag%3Atype%2Fbooks&mode=text');
  await expect.poll(() => total(page)).toBe(books);
  await go(page, '?q=tag%3Agames&mode=text');
  await expect.poll(() => total(page)).toBe(games);
  await expect(page.getByTestId('hit').filter({ hasText: 'Dota 2' })).toHaveCount(1);
  // A parent tag matches every tag under it, as Obsidian's tag search does; a branch only itself.
  await go(page, '?q=tag%3Adv%2Ftable&mode=text');
  await expect.poll(() => total(page)).toBe(table);
  await go(page, '?q=tag%3Adv&mode=text');
  await expect.poll(() => total(page)).toBe(anyDv);
  await page.screenshot({ path: 'test-results/dataview-nested-tag.png' });

  // pagesRead:: is a Dataview inline field: typed, filterable.
  const read = notes().flatMap((n) => [...n.text.matchAll(/^pagesRead:: *(\d+)\s*$/gm)].map((m) => Number(m[1]))).filter((v) => v > 50).length;
  expect(read).toBeGreaterThan(0);
  await go(page, `?filter=${encodeURIComponent(JSON.stringify({ pagesRead: { $gt: 50 } }))}&mode=text`);
  await expect.poll(() => total(page)).toBe(read);
  await page.screenshot({ path: 'test-results/dataview-inline-field-filter.png' });

  // Dataview's file fields: a filter, columns picked in the table and a sort on one.
  const bookFiles = notes().filter((n) => n.path.startsWith('10 Example Data/books/'));
  await go(page, `?view=table&mode=text&filter=${encodeURIComponent(JSON.stringify({ 'file.folder': '10 Example Data/books' }))}&sort=-file.size`);
  // Before any column is picked, the table shows the field the filter asks about.
  await expect(page.getByTestId('find-table').locator('thead th')).toHaveText(['Title', 'file.folder']);
  await expect(page.getByTestId('find-table').locator('tbody tr').first().locator('td').first()).toHaveText('10 Example Data/books');
  await page.locator('.column-picker summary').click();
  await expect(page.getByTestId('file-columns').getByLabel('file.folder')).toBeChecked();
  for (const key of ['file.name', 'file.size']) await page.getByTestId('file-columns').getByLabel(key).check();
  await expect(page).toHaveURL(/cols=/);
  const grid = page.getByTestId('find-table');
  await expect(grid.locator('tbody tr')).toHaveCount(bookFiles.length);
  // The rows are there before the picked columns' values: wait for the size cells themselves.
  await expect(grid.locator('tbody tr td.num')).toHaveCount(bookFiles.length);
  const sizes = (await grid.locator('tbody tr td.num').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
  expect(sizes.length).toBe(bookFiles.length);
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  await expect(grid.locator('thead th')).toHaveText(['Title', 'file.folder', 'file.name', /^file\.size/]);
  await expect(grid.locator('tbody tr').first().locator('td').nth(1)).toHaveText(/^books_\d+$/);
  await page.screenshot({ path: 'test-results/dataview-file-fields-table.png' });
  // Every column unticked, the filter's own included: none comes back, not even after a reload.
  for (const key of ['file.folder', 'file.name', 'file.size']) await page.getByTestId('file-columns').getByLabel(key).uncheck();
  await expect(grid.locator('thead th')).toHaveText(['Title']);
  await page.reload();
  await expect(page.getByTestId('find-table').locator('thead th')).toHaveText(['Title']);
  await expect(page.getByTestId('find-table').locator('tbody tr')).toHaveCount(bookFiles.length);
  await page.screenshot({ path: 'test-results/dataview-table-no-columns.png' });

  // A misspelt word: no result, the nearest word of the vault offered, one click runs it.
  await go(page, '?q=gmaes&mode=text');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  const hint = page.getByTestId('did-you-mean-query');
  await expect(hint).toHaveText('games');
  await page.screenshot({ path: 'test-results/dataview-did-you-mean.png' });
  await hint.click();
  await expect(page).toHaveURL(/q=games/);
  await expect.poll(() => total(page)).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
