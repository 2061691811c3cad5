// Start-up (issue 16, first result after load): the engine worker starts
// before the app's own code and runs the URL's query while the page loads;
// the page shows that answer, and a worker that cannot start says so.
import { expect, test } from '@playwright/test';
import { openApp, shot, watchErrors } from './fixtures';

const vault = (page: import('@playwright/test').Page) => page.locator('[data-testid="vault"][data-vault="kioku-sample"]');
const marks = async (page: import('@playwright/test').Page) => ((await page.evaluate('window.kiokuStartupMarks()')) as { name: string; t: number }[]).map((m) => m.name);

test('a page opened with a query shows the answer of the search the engine ran while the page loaded', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(vault(page)).toContainText('33 notes');

  await page.goto('/?q=OAuth&mode=text');
  const first = page.getByTestId('hit').first();
  await expect(first).toContainText('Auth design');
  await shot(page, 'startup-first-result');
  const names = await marks(page);
  // The worker ran the search before the page asked, and the page's own search got that answer.
  expect(names).toContain('worker: search ahead: end');
  expect(names).toContain('worker: search ahead: used');
  // The worker was created before the app's own code (React) had even loaded.
  expect(names.indexOf('page: engine worker created')).toBeLessThan(names.indexOf('page: app code loaded'));
  // The same results as a search typed afterwards, which runs anew.
  const shown = await page.getByTestId('hit').allTextContents();
  await page.getByRole('searchbox').fill('OAuth ');
  await expect(page.getByTestId('hit')).toHaveCount(shown.length);
  expect(await page.getByTestId('hit').allTextContents()).toEqual(shown);

  // In the default mode the first search is the one run ahead too (text first, as before).
  await page.goto('/?q=OAuth');
  await expect(page.getByTestId('hit').first()).toContainText('Auth design');
  expect(await marks(page)).toContain('worker: search ahead: used');

  // A page opened without a query runs nothing ahead.
  await page.goto('/');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expect(vault(page)).toContainText('33 notes');
  expect(await marks(page)).not.toContain('worker: search ahead: start');
  expect(errors).toEqual([]);
});

test('an engine worker that cannot load says so, instead of opening forever', async ({ browser }) => {
  // No service worker, so the worker's script is fetched from the network, where it fails.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await context.route(/\/assets\/entry\.worker-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/?q=OAuth');
  const alert = page.getByTestId('no-worker');
  await expect(alert.getByRole('heading')).toHaveText('Kioku could not start');
  await expect(alert).toContainText('Its search engine did not load in this tab');
  await expect(alert).toContainText('Reload the page');
  await expect(page.getByText('Opening your notes…')).toHaveCount(0);
  await shot(page, 'startup-worker-failed');
  await context.close();
});

test('the page shows its query box at once, before the engine is open, and keeps what is typed there', async ({ browser }) => {
  // No service worker, so the engine's code comes from the network, where this test holds it back.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByRole('button', { name: 'Try with sample notes' }).click();
  await expect(vault(page)).toContainText('33 notes');

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/assets\/engine-worker-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?q=OAuth&mode=text');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await expect(box).toHaveValue('OAuth');
  await expect(page.getByTestId('app-opening').getByRole('status')).toHaveText('Opening your notes…');
  await expect(page.getByTestId('app-ready')).toHaveCount(0);
  await shot(page, 'startup-opening-shell');
  // Typed while the engine opens: the URL holds it, and the app's own box takes it over, focused, once the engine is open.
  await box.click();
  await box.press('End');
  await box.pressSequentially(' design');
  await expect(page).toHaveURL(/[?&]q=OAuth\+design(&|$)/);
  release();
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await expect(page.getByTestId('app-opening')).toHaveCount(0);
  await expect(box).toHaveValue('OAuth design');
  await expect(box).toBeFocused();
  await expect(page.getByTestId('hit').first()).toContainText('Auth design');
  // The search run ahead was for "OAuth": not what the page asked for, so not used.
  expect(await marks(page)).not.toContain('worker: search ahead: used');
  expect(errors).toEqual([]);
  await context.close();
});
