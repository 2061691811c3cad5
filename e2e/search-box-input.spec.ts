// The query box with an input method (Japanese): nothing is searched while a
// word is being composed, however long the user pauses on the reading; the
// confirmed word is searched at once. Driven through Chromium's own IME
// emulation (CDP Input.imeSetComposition / Input.insertText), as a Japanese
// keyboard sends it.
import { expect, test } from '@playwright/test';
import { VAULT_FILES, importFolder, openApp, writeVault } from './ui-helpers';

test('a word being composed is not searched; the confirmed word is, at once', async ({ page }) => {
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  const box = page.getByRole('searchbox');
  await box.focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'けんさく', selectionStart: 4, selectionEnd: 4 });
  await expect(box).toHaveValue('けんさく');
  // Longer than the pause after which a typed draft is searched.
  await page.waitForTimeout(600);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('hit')).toHaveCount(0);

  await cdp.send('Input.insertText', { text: '検索' });
  await expect(box).toHaveValue('検索');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent('検索')}`));
  await expect(page.getByTestId('hit').first()).toContainText('検索エンジンの設計');
});

test('typed letters are searched after a pause, a pasted query whole', async ({ page }) => {
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  const box = page.getByRole('searchbox');
  await box.pressSequentially('oauth');
  await expect(page).toHaveURL(/[?&]q=oauth/);
  await expect(page.getByTestId('hit').first()).toBeVisible();
  // One input event with the whole text, as a paste: the box then holds it and it is searched.
  await box.fill('token rotation');
  await expect(page).toHaveURL(/[?&]q=token(\+|%20)rotation/);
  await expect(page.getByTestId('hit').first()).toContainText('Token rotation');
});
