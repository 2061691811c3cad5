// Issue 14 in Chromium: a team space imported from a folder; without an
// identity only public notes show; setting one in Settings opens what is
// shared with me; the Team panel's toggle subscribes to a folder and the
// search over my subscriptions (SearchNotes) changes; inject pins a note.
import { expect, test } from '@playwright/test';
import { audit, collectErrors, importFolder, openApp, writeVault } from './ui-helpers';

const note = (fm: string, body: string) => `---\n${fm}\n---\n${body}\n`;
const FILES = {
  'users/alice/notes/eng/mine.md': note('title: Mine', 'The kubernetes pod of my own service.'),
  'users/bob/notes/ops/runbook.md': note('title: Runbook\nvisibility: org\nscope_org_id: acme', 'Restart the kubernetes pod when the queue stalls.'),
  'users/bob/notes/ops/secret.md': note('title: Bob secret\nvisibility: private', 'The kubernetes pod password lives elsewhere.'),
  'users/carol/notes/pub/guide.md': note('title: Guide\nvisibility: public\nmode_hint: inject', 'Every kubernetes pod has a readiness probe.'),
};

test('identity, subscriptions and pinned context change what search shows', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, writeVault(FILES, 'team'), 'team');
  await expect(page.locator('[data-vault="team"]').getByTestId('team-space-badge')).toBeVisible();

  // No identity: only the public note is found.
  await page.getByRole('searchbox').fill('kubernetes');
  const hits = page.getByTestId('hit');
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText('Guide');
  await expect(page.getByTestId('team-identity')).toContainText(/not set/i);

  // Settings → Team: I am alice, in acme.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('identity-user').fill('alice');
  await page.getByTestId('identity-orgs').fill('acme');
  await page.getByTestId('identity-save').click();
  await expect(page.getByTestId('identity-message')).toContainText('alice');
  await page.getByTestId('identity-settings').screenshot({ path: 'test-results/team-identity-settings.png' });
  await page.keyboard.press('Escape');

  // Now my own note and bob's note for acme show too; bob's private one never.
  await expect(hits).toHaveCount(3);
  await expect(page.getByText('Bob secret')).toHaveCount(0);
  const panel = page.getByTestId('team-panel');
  await expect(panel.getByTestId('team-identity')).toContainText('alice');
  const folder = (name: string) => panel.locator(`[data-testid="team-folder"][data-folder="${name}"] select`);
  await expect(folder('alice/eng')).toHaveValue('search');
  await expect(folder('bob/ops')).toHaveValue('off');
  await expect(panel.locator('[data-folder="bob/ops"]')).toContainText('1 note');

  // Searching my subscriptions: only my own folder so far.
  await panel.getByTestId('team-search').fill('kubernetes pod');
  await panel.getByTestId('team-search').press('Enter');
  const results = panel.getByTestId('team-results').locator('li');
  await expect(results).toHaveText(['alice/eng/mine.md: Mine']);

  // Subscribing to bob/ops brings his shared note into that search.
  await folder('bob/ops').selectOption('search');
  await expect(results).toHaveCount(2);
  await expect(results).toContainText(['bob/ops/runbook.md: Runbook']);

  // Inject pins carol's folder into my context.
  await folder('carol/pub').selectOption('inject');
  await expect(page.getByTestId('pinned-notes').locator('li')).toHaveText(['carol/pub/guide.md']);
  await page.getByTestId('team-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/team-panel.png', fullPage: true });

  // Turning bob/ops off again takes his note out of the search.
  await folder('bob/ops').selectOption('off');
  await expect(results).toHaveCount(2);
  await expect(results).not.toContainText(['bob/ops/runbook.md: Runbook']);
  expect(errors).toEqual([]);
  // Last: injecting axe-core is itself refused by the app's CSP once (a console error), after which it is evaluated.
  // (Settings, with its Team section, is audited in ui-a11y.spec.ts; the hits, there too: cleared here, so a hit
  // still fading in after the last refresh is not measured half-transparent.)
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
  await expect(hits).toHaveCount(0);
  expect(await audit(page, 'team and pinned panels')).toEqual([]);
});
