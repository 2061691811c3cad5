// Typing while the app embeds (issue 17): on a machine with few cores the
// model's thread took the core the page needed, and key presses waited for
// it. Key presses now hold the background embedding (worker/embed/queue.ts,
// web/src/features/embed/typing-hold.ts): while the user types, no batch
// starts and the panel says so; once they stop, embedding resumes and
// completes. The latency itself is measured by npm run bench:embed-typing,
// never asserted here. While nobody types, a second embed worker takes batches
// too (two cores, the model on one thread) and is ended when the queue is done.
import { expect, test } from '@playwright/test';
import { openApp, watchErrors, writeTree } from './fixtures';

const THINGS = ['harbour', 'lighthouse', 'orchard', 'glacier', 'market', 'bridge', 'library', 'meadow', 'foundry', 'monastery'];
const DOINGS = ['was rebuilt after the storm', 'traded salt and wool each winter', 'kept records of every ship', 'drew travellers from the valley', 'stood empty for a decade'];

/** English notes of several paragraphs each, one passage a paragraph: enough for the queue to run a while. */
function proseNotes(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const thing = THINGS[i % THINGS.length];
    const paragraphs = [0, 1, 2, 3].map((p) => {
      const doing = DOINGS[(i + p) % DOINGS.length];
      return `In year ${1700 + i * 3 + p} the ${thing} of district ${i} ${doing}. Chroniclers noted the weather, the prices of bread and the names of the families who lived nearby, and every account of paragraph ${p} adds a detail the others leave out, such as the colour of the roofs or the songs sung at the fair.`;
    });
    files[`chronicle ${String(i).padStart(3, '0')}.md`] = `# The ${thing} of district ${i}\n\n${paragraphs.join('\n\n')}\n`;
  }
  return files;
}

test('typing holds background embedding, which resumes and completes once the user stops', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByTestId('folder-input').setInputFiles(writeTree(proseNotes(80), 'chronicles'));
  await expect(page.getByTestId('vault')).toHaveCount(1);
  const status = page.getByTestId('embed-status');
  const progress = status.locator('progress');
  const done = async () => Number((await progress.getAttribute('value').catch(() => null)) ?? NaN);
  await expect(status).toHaveAttribute('data-state', 'embedding', { timeout: 120_000 });
  await expect.poll(done, { timeout: 120_000 }).toBeGreaterThan(0);

  // A steady typist, never quiet for long: a key every 80 ms.
  const query = 'what did the harbour trade in winter when the lighthouse stood empty';
  const box = page.getByRole('searchbox');
  await box.click();
  let typed = 0;
  const typing = (async () => {
    for (const ch of query) {
      await page.keyboard.type(ch);
      typed++;
      await page.waitForTimeout(80);
    }
  })();
  // The batch running at the first key ends; then the queue waits, and the panel says why.
  const yielding = status.getByTestId('embed-yielding');
  await expect(yielding).toBeVisible({ timeout: 30_000 });
  const held = await done();
  expect(typed).toBeLessThan(query.length); // still typing: what follows is checked while keys keep coming
  await status.screenshot({ path: 'test-results/typing-embedding-yielding.png' });
  await typing;
  // Not one more passage while the user typed.
  expect(await done()).toBe(held);
  await expect(yielding).toBeVisible();
  await expect(box).toHaveValue(query);
  await expect(page.getByTestId('hit').first()).toBeVisible();

  // Quiet again: the queue resumes by itself and embeds everything.
  await expect(yielding).toBeHidden({ timeout: 30_000 });
  await expect.poll(done, { timeout: 30_000 }).toBeGreaterThan(held);
  await expect(status).toHaveAttribute('data-state', 'complete', { timeout: 240_000 });
  expect(errors).toEqual([]);
});

test('while nobody types, a second embed worker helps on two cores, and it is ended once every passage is embedded', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await openApp(page);
  // The app adds it only where the model runs on one thread and a second core exists (worker/embed/threads.ts).
  const env = await page.evaluate(() => ({ cores: navigator.hardwareConcurrency, isolated: crossOriginIsolated }));
  test.skip(env.cores < 2 || (env.isolated && env.cores > 2), `a second embed worker is not used with ${env.cores} cores${env.isolated ? ', isolated' : ''}`);
  const embedWorkers = () => page.workers().filter((w) => /embed\.worker/.test(w.url())).length;
  expect(embedWorkers()).toBeLessThanOrEqual(1);
  await page.getByTestId('folder-input').setInputFiles(writeTree(proseNotes(80), 'chronicles'));
  await expect(page.getByTestId('vault')).toHaveCount(1);
  await expect.poll(embedWorkers, { timeout: 120_000 }).toBe(2);
  const status = page.getByTestId('embed-status');
  await expect(status).toHaveAttribute('data-state', 'complete', { timeout: 240_000 });
  // Its memory goes back: the second worker is terminated once the queue is done.
  await expect.poll(embedWorkers, { timeout: 30_000 }).toBe(1);
  expect(errors).toEqual([]);
});
