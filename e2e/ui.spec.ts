// The search interface end to end, in Debian's Chromium, on the real engine.
import { expect, test } from '@playwright/test';
import { collectErrors, importFolder, openApp, VAULT_FILES, writeVault } from './ui-helpers';

test('import → query → builder filter → JSON and URL → open → edit and save → reload keeps both', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));

  const box = page.getByRole('searchbox');
  await box.fill('oauth');
  await expect(page.getByTestId('hit')).toHaveCount(5);
  await expect(page).toHaveURL(/[?&]q=oauth/);

  // A filter from the builder: field, operator, value (with suggestions from the fields tool).
  await page.getByRole('button', { name: '+ Add filter' }).click();
  await page.getByTestId('filter-field').fill('status');
  await page.getByTestId('filter-op').selectOption('eq');
  await expect(page.getByRole('button', { name: /^draft/ })).toBeVisible(); // a frequent value
  await page.getByTestId('filter-value').fill('draft');
  await page.getByRole('button', { name: 'Add filter', exact: true }).click();
  await expect(page.getByTestId('filter-chip')).toHaveText(['status = draft✕']);
  await expect(page.getByTestId('hit')).toHaveCount(1);
  await expect(page.getByTestId('hit').first()).toContainText('Token rotation');

  // The same filter in the JSON view and in the URL.
  await page.getByRole('button', { name: /Edit as JSON/ }).click();
  await expect(page.getByTestId('filter-json')).toHaveValue(/"status": "draft"/);
  expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ status: 'draft' });

  // Open the note and edit body and frontmatter.
  await page.getByTestId('hit').first().locator('.hit-title').click();
  await expect(page.getByTestId('note-view')).toContainText('Refresh tokens are rotated');
  expect(new URL(page.url()).searchParams.get('note')).toBe('specs/token-rotation.md');
  await page.getByTestId('edit-note').click();
  const fm = page.getByTestId('fm-editor');
  await fm.fill((await fm.inputValue()) + 'reviewed: true\n');
  await page.getByTestId('body-editor').fill('# Token rotation\n\nOAuth refresh tokens rotate; reuse revokes the family. Now with passkeys.\n');
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('save-status')).toContainText('Saved in Kioku');
  await expect(page.getByTestId('note-body')).toContainText('Now with passkeys');
  await expect(page.getByTestId('frontmatter')).toContainText('reviewed');

  // Reload: the search, the filter, the open note and the edit are all still there.
  await page.reload();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('oauth');
  await expect(page.getByTestId('filter-chip')).toHaveText(['status = draft✕']);
  await expect(page.getByTestId('note-body')).toContainText('Now with passkeys');
  await expect(page.getByTestId('frontmatter')).toContainText('reviewed');
  await expect(page.getByTestId('hit')).toHaveCount(1);

  // The index changed at once: the new word is searchable, the old text is not.
  await page.getByRole('button', { name: '← Back to results' }).click();
  await page.getByRole('button', { name: 'Remove filter status = draft' }).click();
  await expect(page.getByTestId('hit')).toHaveCount(5);
  await box.fill('passkeys');
  // Wait for the query itself (the URL), not a hit count the previous search also had.
  await expect(page).toHaveURL(/[?&]q=passkeys/);
  await expect(page.getByTestId('hit')).toHaveCount(1);
  await box.fill('servers');
  await expect(page.getByTestId('empty-state')).toBeVisible();

  // Back walks the history of searches.
  await page.goBack();
  await expect(page.getByRole('searchbox')).toHaveValue('passkeys');
  expect(errors).toEqual([]);
});

test('an invalid JSON filter shows the error at the offending part', async ({ page }) => {
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByRole('searchbox').fill('oauth');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await page.getByRole('button', { name: /Edit as JSON/ }).click();
  const json = page.getByTestId('filter-json');

  // Rejected by the engine: the error names filters.score.$between and the editor marks that member.
  await json.fill('{\n  "status": "draft",\n  "score": {"$between": [0.3, 0.8, 1]}\n}');
  const err = page.getByTestId('filter-json-error');
  await expect(err).toBeVisible();
  await expect(err).toHaveAttribute('data-path', 'filters.score.$between');
  await expect(err).toHaveAttribute('data-line', '3');
  await expect(page.getByTestId('filter-json-bad')).toHaveText('"$between": [0.3, 0.8, 1]');
  await expect(err).toContainText('$between');
  await expect(json).toHaveAttribute('aria-invalid', 'true');
  // A rejected filter is never applied.
  expect(new URL(page.url()).searchParams.get('filter')).toBeNull();
  await expect(page.getByTestId('hit')).toHaveCount(5);

  // A key the language refuses, nested: the mark sits on that key.
  await json.fill('{"status": "draft", "bad/key": 1}');
  await expect(err).toHaveAttribute('data-path', /bad\/key/);
  await expect(page.getByTestId('filter-json-bad')).toHaveText('"bad/key": 1');

  // A syntax error: line and column of the first wrong character.
  await json.fill('{\n  "status": \n}');
  await expect(err).toHaveAttribute('data-line', '3');
  await expect(err).toHaveAttribute('data-column', '1');
  await expect(err).toContainText('Line 3, column 1');

  // Fixing it applies the filter.
  await json.fill('{"confidence": {"$gt": 0.7}}');
  await expect(err).toBeHidden();
  await expect(page.getByTestId('hit')).toHaveCount(2);
  await expect(page.getByTestId('filter-chip')).toHaveText(['confidence > 0.7✕']);
});

test('the hit chosen with the arrow keys stays chosen when the same results come again', async ({ page }) => {
  // Text mode: only the refresh below can re-run the search.
  await openApp(page, '/?mode=text');
  await importFolder(page, writeVault(VAULT_FILES));
  const box = page.getByRole('searchbox');
  await box.fill('oauth');
  const hits = page.getByTestId('hit');
  await expect(hits).toHaveCount(5);
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(hits.nth(1)).toHaveClass(/active/);
  const chosen = (await hits.nth(1).locator('.hit-title').textContent())!;
  // Importing another folder refreshes the page's data: the same query runs again, and its answer now holds one note more.
  const other = { 'garden.md': '# Gardening log\n\nTomatoes want sun. Watering twice a week. The shared calendar app asks for an oauth login.\n' };
  await importFolder(page, writeVault(other, 'other-vault'), 'other-vault');
  await expect(hits).toHaveCount(6);
  await expect(page.locator('[data-testid="hit"].active .hit-title')).toHaveText([chosen]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible();
});

test('keyboard: / focuses, arrows and Enter open, Esc clears, tag: completes', async ({ page }) => {
  // Text mode: the order stays put while the vault is embedded behind the test's back.
  await openApp(page, '/?mode=text');
  await importFolder(page, writeVault(VAULT_FILES));
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox');
  await expect(box).toBeFocused();
  await page.keyboard.type('oauth');
  await expect(page.getByTestId('hit')).toHaveCount(5);
  await expect(page.locator('.hit-score')).toHaveCount(5);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('hit').nth(1)).toHaveClass(/active/);
  const second = (await page.getByTestId('hit').nth(1).locator('.hit-title').textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  await box.focus();
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await expect(page).not.toHaveURL(/[?&]q=/);

  // tag: completion from the tags in use.
  await page.keyboard.type('tag:sec');
  await expect(page.getByRole('option', { name: /#security/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('tag:security ');
  await expect(page.getByTestId('hit')).toHaveCount(2);
  // A tag alone is a list in path order, not a ranking: no scores (all would be 0).
  await expect(page.locator('.hit-score')).toHaveCount(0);
  await expect(page.getByTestId('hit').first()).not.toHaveAttribute('title');

  // Clicking a tag on a hit adds it as a filter.
  await box.fill('oauth');
  await page.getByRole('button', { name: 'Filter by tag ux' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveText(['tagged ux✕']);
  await expect(page.getByTestId('hit')).toHaveCount(1);
});

test('scope: the folder tree sets path_prefix (specs/ is not specs-archive/), listed without a query', async ({ page }) => {
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  const tree = page.getByRole('tree', { name: 'Folders' });
  await tree.getByRole('button', { name: 'specs', exact: true }).click();
  await expect(page).toHaveURL(/[?&]in=specs%2F/);
  await expect(page.getByTestId('hit')).toHaveCount(3);
  await expect(page.getByTestId('hit').filter({ hasText: 'Old auth' })).toHaveCount(0);
  await page.getByRole('searchbox').fill('oauth');
  await expect(page.getByTestId('hit')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove filter in specs/' }).click();
  await expect(page.getByTestId('hit')).toHaveCount(5);
});

test('an edit left unsaved (another note opened, Back) is kept as a draft and comes back; Cancel discards it', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByRole('searchbox').fill('oauth');
  await expect(page.getByTestId('hit')).toHaveCount(5);
  // The query stays the same, so the first hit stays the same note.
  const first = page.getByTestId('hit').nth(0).locator('.hit-title');
  await first.click();
  await page.getByTestId('edit-note').click();
  await page.getByTestId('body-editor').fill('An edit not saved yet: quokka.\n');

  // Another note, then Back to results, then the first note again.
  await page.getByTestId('hit').nth(1).locator('.hit-title').click();
  await expect(page.getByTestId('note-view')).not.toContainText('quokka');
  await expect(page.getByTestId('body-editor')).toHaveCount(0);
  await page.getByRole('button', { name: /Back to results/ }).click();
  await first.click();
  await expect(page.getByTestId('draft-restored')).toBeVisible();
  await expect(page.getByTestId('body-editor')).toHaveValue('An edit not saved yet: quokka.\n');

  // Saved, it is in the index; the draft is gone.
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('note-body')).toContainText('quokka');
  await page.getByTestId('edit-note').click();
  await expect(page.getByTestId('draft-restored')).toHaveCount(0);

  // A second unsaved edit, then Cancel (confirmed): discarded for good.
  await page.getByTestId('body-editor').fill('Second thoughts.\n');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('hit').nth(1).locator('.hit-title').click();
  await expect(page.getByTestId('note-view')).not.toContainText('Second thoughts');
  await first.click();
  await expect(page.getByTestId('note-body')).toContainText('quokka');
  await expect(page.getByTestId('body-editor')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// write_note reads a body sent alone that opens with a --- block of fields as the whole note (for agents):
// typed in the editor's body box, such a block must stay body text and leave the frontmatter as it is.
test('a body typed to open with a --- block of fields stays body text; the note keeps its frontmatter', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByRole('searchbox').fill('roadmap');
  await page.getByTestId('hit').filter({ hasText: 'Weekly meeting' }).locator('.hit-title').click();
  await expect(page.getByTestId('frontmatter')).toContainText('done');
  await page.getByTestId('edit-note').click();
  await page.getByTestId('body-editor').fill('---\nstatus: draft\n---\nNew minutes.\n');
  await page.getByTestId('save-note').click();
  await expect(page.getByTestId('note-body')).toContainText('New minutes.');
  await expect(page.getByTestId('note-body')).toContainText('status: draft');
  await expect(page.getByTestId('frontmatter')).toContainText('done');
  await expect(page.getByTestId('frontmatter')).not.toContainText('draft');
  await expect(page.getByTestId('frontmatter')).toContainText('meeting');
  await page.getByTestId('edit-note').click();
  await expect(page.getByTestId('body-editor')).toHaveValue('---\nstatus: draft\n---\nNew minutes.\n');
  expect(errors).toEqual([]);
});

test('no results: the empty state names each narrowing filter and tag: with what removing it would give', async ({ page }) => {
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByRole('searchbox').fill('oauth');
  await expect(page.getByTestId('hit')).toHaveCount(5);

  await page.getByRole('searchbox').fill('oauth tag:nowhere');
  const empty = page.getByTestId('empty-state');
  const removeTag = empty.getByRole('button', { name: /Remove “tag:nowhere” from the query/ });
  await expect(removeTag).toContainText('5 results');
  await removeTag.click();
  await expect(page.getByRole('searchbox')).toHaveValue('oauth');
  await expect(page.getByTestId('hit')).toHaveCount(5);

  // A word found nowhere: the notes matching the rest, and the loosening is said.
  await page.getByRole('searchbox').fill('oauth qwxzzy');
  await expect(page.getByTestId('relaxed')).toBeVisible();
  await expect(page.getByTestId('hit')).toHaveCount(5);

  await page.goto(`/?q=oauth&filter=${encodeURIComponent(JSON.stringify({ status: 'archived', priority: 'high' }))}`);
  const removeStatus = page.getByTestId('empty-state').getByRole('button', { name: /Remove filter “status = archived”/ });
  await expect(removeStatus).toContainText(/\d+ results?/);
  const would = Number((await removeStatus.textContent())!.match(/(\d+) results?/)![1]);
  await removeStatus.click();
  await expect(page.getByTestId('hit')).toHaveCount(would);
  await expect(page.getByTestId('filter-chip')).toHaveText(['priority = high✕']);
});
