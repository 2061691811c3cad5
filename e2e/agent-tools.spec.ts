// Tools for agents in the browser: the app registers every tool with a WebMCP
// model context when the page has one, answered by the same worker as the UI;
// the Tools page runs a call and shows its result.
import { expect, test, type Page } from '@playwright/test';
import { importFolder, openApp, writeVault, VAULT_FILES, collectErrors } from './ui-helpers';
import { shot } from './fixtures';

/** A minimal navigator.modelContext, defined before the app loads, that keeps what is registered. */
async function fakeModelContext(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const registered: { name: string; inputSchema: object; execute(input: object): Promise<unknown> }[] = [];
    (window as unknown as { __registered: typeof registered }).__registered = registered;
    Object.defineProperty(navigator, 'modelContext', { value: { registerTool: (tool: (typeof registered)[number]) => void registered.push(tool) }, configurable: true });
  });
}

const withoutTimings = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'elapsed_ms' ? undefined : x)));

test('registers every tool with the page’s model context, answering like the Tools page', async ({ page }) => {
  const errors = collectErrors(page);
  await fakeModelContext(page);
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  const names = await page.evaluate(() => (window as unknown as { __registered: { name: string }[] }).__registered.map((t) => t.name));
  expect(names).toEqual(expect.arrayContaining(['search', 'bm_search', 'search_notes', 'find', 'bm_find', 'read_note', 'fields', 'vaults', 'write_note']));
  expect(new Set(names).size).toBe(names.length);

  const args = { query: 'oauth tag:security', page_size: 5 };
  const viaAgent = await page.evaluate(async (a) => {
    const tool = (window as unknown as { __registered: { name: string; execute(i: object): Promise<{ structuredContent: unknown; content: { text: string }[] }> }[] }).__registered.find((t) => t.name === 'search')!;
    return tool.execute(a);
  }, args);
  expect((viaAgent.structuredContent as { total: number }).total).toBe(2);
  expect(viaAgent.content[0].text).toContain('demo-vault:specs/auth-design.md');

  // The same call from the Tools page (the UI's own worker call) gives the same JSON.
  await page.goto(`/?tools=search&args=${encodeURIComponent(JSON.stringify(args))}`);
  await expect(page.getByTestId('tools-page')).toBeVisible();
  await expect(page.getByTestId('tool-args')).toHaveValue(JSON.stringify(args));
  await page.getByTestId('tool-run').click();
  const shown = JSON.parse((await page.getByTestId('tool-result').textContent()) ?? 'null');
  expect(withoutTimings(shown)).toEqual(withoutTimings(viaAgent.structuredContent));
  await shot(page, 'tools-page');
  expect(errors).toEqual([]);
});

test('the Tools page is reached from Settings, checks arguments before sending and keeps its state in the URL', async ({ page }) => {
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  await page.getByTestId('open-settings').click();
  await page.getByTestId('open-tools').click();
  await expect(page.getByTestId('tools-page')).toBeVisible();
  await page.getByRole('link', { name: 'find' }).click();
  await expect(page).toHaveURL(/tools=find/);
  const editor = page.getByTestId('tool-args');
  await editor.fill('{"filter": {}}');
  await expect(page.getByRole('alert')).toContainText('Unknown argument "filter"');
  await expect(page.getByTestId('tool-run')).toBeDisabled();
  await editor.fill('{"filters": {"status": "done"}, "fields": ["status"]}');
  await page.getByTestId('tool-run').click();
  await expect(page.getByTestId('tool-result')).toContainText('"total": 2');
  // The call is in the URL: reloading shows the same tool and arguments.
  await expect(page).toHaveURL(/args=/);
  await page.reload();
  await expect(page.getByTestId('tool-args')).toHaveValue('{"filters": {"status": "done"}, "fields": ["status"]}');
  // An engine error is shown as the error result an agent would get.
  await editor.fill('{"filters": {"score": {"$between": [0.8, 0.3]}}}');
  await page.getByTestId('tool-run').click();
  await expect(page.getByTestId('tool-result')).toContainText('invalid_filter');
  // Back to the search.
  await page.getByRole('link', { name: /Kioku/ }).click();
  await expect(page.getByTestId('app-ready')).toBeVisible();
});
