// From a note's backlinks to a list: "List them as results" shows the notes
// linking to it as search results (the search tool's links_to), kept in the
// URL, shown as a removable chip, and followed by the Table and Tasks views.
import { expect, test } from '@playwright/test';
import { collectErrors, importFolder, openApp, writeVault, go } from './ui-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

test('a note\'s backlinks listed as results, in the table and in the tasks', async ({ page }) => {
  const errors = collectErrors(page);
  const vault = writeVault(
    {
      'Apollo.md': '# Apollo\n\nThe launch plan.\n',
      'Daily/2026-12-01.md': '---\nstatus: done\n---\nWorked on [[Apollo]].\n\n- [ ] book the launch pad\n',
      'Daily/2026-12-02.md': '---\nstatus: open\n---\nMore on [[Apollo|the plan]].\n\n- [ ] call the crew\n',
      'Ideas.md': '# Ideas\n\nA launch party.\n\n- [ ] buy balloons\n',
    },
    'space',
  );
  await openApp(page);
  await importFolder(page, vault, 'space');
  await go(page, '?note=Apollo.md&note_vault=space');
  await expect(page.getByTestId('backlinks').locator('li')).toHaveCount(2);
  await page.getByTestId('list-backlinks').click();
  await expect(page).toHaveURL(/links_to=space%3AApollo\.md/);
  await expect(page.getByTestId('links-chip')).toHaveText(/linking to Apollo\.md/);
  await expect(page.getByTestId('hit')).toHaveCount(2);
  await expect(page.getByTestId('hit').filter({ hasText: 'Ideas' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/backlinks-as-results.png' });
  // The Tasks view lists the tasks of those notes only.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByTestId('task').locator('.task-text')).toHaveText(['book the launch pad', 'call the crew']);
  // Removing the chip: every note's tasks again.
  await page.getByTestId('links-chip').getByRole('button').click();
  await expect(page.getByTestId('task')).toHaveCount(3);
  await expect(page).not.toHaveURL(/links_to=/);
  expect(errors).toEqual([]);
});
