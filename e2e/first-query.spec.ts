// The first query after opening an embedded vault (issue 16): text results
// show at once and the hybrid ones replace them once the model has loaded,
// with a status saying results by meaning are on their way. What appeared
// on screen is recorded from the first paint, so a short phase is not missed.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const NOTES: Record<string, string> = {
  'zz/anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n',
  'Compass.md': '# Compass\n\nA magnetised needle that points north, used by hikers and sailors to find their way.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
};

interface Seen {
  mode: string;
  adding: boolean;
  hits: number;
}

/** Imports the vault above and waits until every note is embedded; then records what each later page load shows. */
async function embeddedVault(page: Page): Promise<void> {
  const vault = join(mkdtempSync(join(tmpdir(), 'kioku-e2e-')), 'weather');
  for (const [path, text] of Object.entries(NOTES)) {
    mkdirSync(join(vault, path, '..'), { recursive: true });
    writeFileSync(join(vault, path), text);
  }
  await page.goto('/');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByTestId('folder-input').setInputFiles(vault);
  await expect(page.getByTestId('vault')).toHaveCount(1);
  await expect(page.getByTestId('embed-status')).toHaveAttribute('data-state', 'complete', { timeout: 120_000 });
  // Every change of the mode shown, the status and the hits, from the first paint of the reloaded page.
  await page.addInitScript(() => {
    const seen: Seen[] = [];
    (window as unknown as { __seen: Seen[] }).__seen = seen;
    const record = () => {
      // Embedding progress ("Analysing notes… 0%") on a vault that is fully embedded would be untrue.
      if (document.getElementById('mode-progress')) (window as unknown as { __progressShown: boolean }).__progressShown = true;
      const mode = document.querySelector('.mode-switch [aria-checked="true"]')?.textContent ?? '';
      const s: Seen = { mode, adding: !!document.querySelector('[data-testid="adding-by-meaning"]'), hits: document.querySelectorAll('[data-testid="hit"]').length };
      // Text hits shown while those by meaning are on their way answer the query typed: dimming them would
      // take their contrast below what can be read (axe's colour-contrast rule) for the seconds the model loads.
      const list = document.querySelector('.hits');
      if (s.adding && list && (getComputedStyle(list).opacity !== '1' || list.getAnimations().length > 0)) {
        (window as unknown as { __dimmedWhileAdding: boolean }).__dimmedWhileAdding = true;
      }
      const last = seen[seen.length - 1];
      if (s.hits && (!last || last.mode !== s.mode || last.adding !== s.adding || last.hits !== s.hits)) seen.push(s);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

test('after a reload, the first query shows text results, then the hybrid ones', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await embeddedVault(page);
  // A fresh page load with the query in the address: the model is not loaded in the new workers.
  await page.goto('/?q=gauge%20air');
  const adding = page.getByTestId('adding-by-meaning');
  // Only to look at; the assertions below use the record.
  if (await adding.isVisible().catch(() => false)) await page.screenshot({ path: 'test-results/first-query-text.png', fullPage: true });
  await expect(page.getByRole('radio', { name: 'Hybrid' })).toHaveAttribute('aria-checked', 'true', { timeout: 60_000 });
  await expect(adding).toHaveCount(0);
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/first-query-hybrid.png', fullPage: true });

  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
  // Text results first, with the status; then the hybrid ones, without it.
  console.log(JSON.stringify(seen));
  // Text results first (the status may follow once the engine says the model is loading).
  expect(seen[0].mode).toBe('Keyword');
  expect(seen[0].hits).toBeGreaterThan(0);
  const firstHybrid = seen.findIndex((s) => s.mode === 'Hybrid');
  expect(firstHybrid).toBeGreaterThan(0);
  const firstAdding = seen.findIndex((s) => s.adding);
  expect(firstAdding).toBeGreaterThanOrEqual(0);
  expect(firstAdding).toBeLessThan(firstHybrid);
  // Once shown, the status stays until the hybrid results replace the text ones (the mode switch
  // follows the results one render later, so the entry just before "Hybrid" may be without it).
  expect(seen.slice(firstAdding, firstHybrid - 1).every((s) => s.adding && s.mode === 'Keyword')).toBe(true);
  expect(seen[seen.length - 1]).toMatchObject({ mode: 'Hybrid', adding: false });
  expect(seen.filter((s) => s.mode === 'Hybrid').every((s) => !s.adding)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __dimmedWhileAdding?: boolean }).__dimmedWhileAdding ?? false)).toBe(false);

  // The model is warm now: the next query runs hybrid at once, with no text phase.
  const before = seen.length;
  await page.getByRole('searchbox').fill('needle north');
  await expect(page.getByTestId('hit').first()).toContainText('Compass');
  const later = (await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen)).slice(before);
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((s) => s.mode === 'Hybrid' && !s.adding)).toBe(true);
  expect(errors).toEqual([]);
});

test('a query typed as soon as the app opens is answered by text before the search by meaning is ready', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await embeddedVault(page);
  // A fresh load without a query: the new workers hold neither the vector index nor the model.
  await page.goto('/');
  await expect(page.getByTestId('app-ready')).toBeVisible();
  await page.getByRole('searchbox').fill('gauge air');
  await expect(page.getByTestId('hit').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/typed-after-load.png', fullPage: true });
  await expect(page.getByRole('radio', { name: 'Hybrid' })).toHaveAttribute('aria-checked', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('adding-by-meaning')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen);
  console.log(JSON.stringify(seen));
  // The first hits shown came from the text search, saying that results by meaning were on their way.
  expect(seen[0]).toMatchObject({ mode: 'Keyword' });
  expect(seen[0].hits).toBeGreaterThan(0);
  const firstHybrid = seen.findIndex((s) => s.mode === 'Hybrid');
  expect(firstHybrid).toBeGreaterThan(0);
  expect(seen.slice(0, firstHybrid).some((s) => s.adding)).toBe(true);
  expect(seen[seen.length - 1]).toMatchObject({ mode: 'Hybrid', adding: false });
  expect(await page.evaluate(() => (window as unknown as { __dimmedWhileAdding?: boolean }).__dimmedWhileAdding ?? false)).toBe(false);
  // While the stored vectors were read in, the page never claimed that the notes were still being embedded.
  expect(await page.evaluate(() => (window as unknown as { __progressShown?: boolean }).__progressShown ?? false)).toBe(false);
  // The fields (a second or more of the engine's time on a large vault) were not asked for at start-up,
  // so the query did not queue behind them; the filter builder asks for them when it opens.
  const calls = async () => (await page.evaluate('window.kiokuStartupMarks()') as { name: string }[]).map((m) => m.name);
  expect(await calls()).not.toContain('page: fields sent');
  await page.getByRole('button', { name: /Add filter/ }).click();
  await expect(page.locator('#filter-fields option').first()).toBeAttached();
  expect(await calls()).toContain('page: fields answered');
  expect(errors).toEqual([]);
});
