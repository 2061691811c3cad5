// Tools for agents in the browser: the app registers every tool with a WebMCP
// model context when the page has one, answered by the same worker as the UI;
// the Tools page runs a call and shows its result.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { importFolder, openApp, writeVault, VAULT_FILES, collectErrors } from './ui-helpers';
import { shot } from './fixtures';

/** tools/list as `kioku mcp` serves it (docs/mcp-tools.json, generated from the registry). */
const MCP_TOOLS = JSON.parse(readFileSync(new URL('../docs/mcp-tools.json', import.meta.url), 'utf8')).tools as { name: string; inputSchema: object }[];

type Registered = { name: string; inputSchema: object; execute(i: object): Promise<{ structuredContent: Record<string, unknown>; content: { text: string }[]; isError?: boolean }> };

/** Calls a tool the app registered, as the page's agent would. */
async function agentCall(page: Page, name: string, args: object) {
  return page.evaluate(
    ([n, a]) => (window as unknown as { __registered: Registered[] }).__registered.find((t) => t.name === n)!.execute(a as object),
    [name, args] as const,
  );
}

/** The vault:path of each hit the search UI lists. */
async function uiHits(page: Page): Promise<string[]> {
  const labels = await page.getByTestId('hit').locator('.hit-title').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => /— (.+?) · (.+?)(?::|$)/.exec(l)!.slice(1, 3).join(':'));
}

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
  const registered = await page.evaluate(() => (window as unknown as { __registered: Registered[] }).__registered.map((t) => ({ name: t.name, inputSchema: t.inputSchema })));
  // The same tools, names and schemas as kioku mcp publishes.
  expect(registered).toEqual(MCP_TOOLS.map((t) => ({ name: t.name, inputSchema: t.inputSchema })));

  const args = { query: 'oauth tag:security', page_size: 5 };
  const viaAgent = await agentCall(page, 'search', args);
  expect((viaAgent.structuredContent as { total: number }).total).toBe(2);
  expect(viaAgent.content[0].text).toContain('demo-vault:specs/auth-design.md');
  // The search UI finds the same notes.
  await page.getByRole('searchbox').fill(args.query);
  await expect(page.getByTestId('hit')).toHaveCount(2);
  const agentHits = (viaAgent.structuredContent.results as { vault: string; path: string }[]).map((h) => `${h.vault}:${h.path}`);
  expect((await uiHits(page)).sort()).toEqual(agentHits.sort());

  // The same call from the Tools page (the UI's own worker call) gives the same JSON.
  await page.goto(`/?tools=search&args=${encodeURIComponent(JSON.stringify(args))}`);
  await expect(page.getByTestId('tools-page')).toBeVisible();
  await expect(page.getByTestId('tool-args')).toHaveValue(JSON.stringify(args));
  await page.getByTestId('tool-run').click();
  const shown = JSON.parse((await page.getByTestId('tool-result').textContent()) ?? 'null');
  expect(withoutTimings(shown)).toEqual(withoutTimings(viaAgent.structuredContent));
  // Full-page shots from the top: the sticky top bar is drawn where the viewport was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'tools-page');
  expect(errors).toEqual([]);
});

test('where the page offers only provideContext, the app provides every tool there, answering through the worker', async ({ page }) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    const provided: { tools: Registered[] }[] = [];
    (window as unknown as { __provided: typeof provided }).__provided = provided;
    Object.defineProperty(document, 'modelContext', { value: { provideContext: (c: { tools: Registered[] }) => void provided.push(c) }, configurable: true });
  });
  await openApp(page);
  await importFolder(page, writeVault(VAULT_FILES));
  const names = await page.evaluate(() => (window as unknown as { __provided: { tools: Registered[] }[] }).__provided.at(-1)!.tools.map((t) => t.name));
  expect(names).toEqual(MCP_TOOLS.map((t) => t.name));
  const found = await page.evaluate(() => (window as unknown as { __provided: { tools: Registered[] }[] }).__provided.at(-1)!.tools.find((t) => t.name === 'bm_find')!.execute({ filters: { status: 'done' } }));
  expect((found.structuredContent as { total: number }).total).toBe(2);
  expect(errors).toEqual([]);
});

const note = (fm: string, body: string) => `---\n${fm}\n---\n${body}\n`;
const TEAM = {
  'users/alice/notes/eng/mine.md': note('title: Mine', 'The kubernetes pod of my own service.'),
  'users/bob/notes/ops/runbook.md': note('title: Runbook\nvisibility: org\nscope_org_id: acme', 'Restart the kubernetes pod when the queue stalls.'),
  'users/bob/notes/ops/secret.md': note('title: Bob secret\nvisibility: private', 'The kubernetes pod password lives elsewhere.'),
  'users/carol/notes/pub/guide.md': note('title: Guide\nvisibility: public', 'Every kubernetes pod has a readiness probe.'),
};

test('the page’s agent sees exactly what the UI shows for the identity in Settings, and cannot change it', async ({ page }) => {
  const errors = collectErrors(page);
  await fakeModelContext(page);
  await openApp(page);
  await importFolder(page, writeVault(TEAM, 'team'), 'team');
  const search = page.getByRole('searchbox');
  const hits = page.getByTestId('hit');
  const agentPaths = async () => ((await agentCall(page, 'search', { query: 'kubernetes' })).structuredContent.results as { vault: string; path: string }[]).map((h) => `${h.vault}:${h.path}`).sort();

  // No identity: the UI and the agent see the public note only.
  await search.fill('kubernetes');
  await expect(hits).toHaveCount(1);
  expect(await agentPaths()).toEqual((await uiHits(page)).sort());

  // Settings → Team: alice in acme. Both now see her note and bob's note for acme, never bob's private one.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('identity-user').fill('alice');
  await page.getByTestId('identity-orgs').fill('acme');
  await page.getByTestId('identity-save').click();
  await expect(page.getByTestId('identity-message')).toContainText('alice');
  await page.keyboard.press('Escape');
  await expect(hits).toHaveCount(3);
  const ui = (await uiHits(page)).sort();
  expect(ui).toEqual(['team:users/alice/notes/eng/mine.md', 'team:users/bob/notes/ops/runbook.md', 'team:users/carol/notes/pub/guide.md']);
  expect(await agentPaths()).toEqual(ui);
  const secret = await agentCall(page, 'read_note', { path: 'users/bob/notes/ops/secret.md' });
  expect(secret.isError).toBe(true);

  // The agent may ask who it acts for, not become bob.
  expect((await agentCall(page, 'set_identity', {})).structuredContent).toMatchObject({ user: 'alice', orgs: ['acme'] });
  const become = await agentCall(page, 'set_identity', { user: 'bob' });
  expect(become.isError).toBe(true);
  expect(become.content[0].text).toContain('Settings');
  expect(await agentPaths()).toEqual(ui);
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
  // Values are checked against the schema too.
  await editor.fill('{"fields": "status"}');
  await expect(page.getByRole('alert')).toContainText('"fields" must be a list of strings, not the text "status"');
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

test.describe('in Japanese', () => {
  test.use({ locale: 'ja-JP' });
  test('the Tools page runs a search and shows its result', async ({ page }) => {
    const errors = collectErrors(page);
    await openApp(page);
    await importFolder(page, writeVault(VAULT_FILES));
    await page.goto(`/?tools=search&args=${encodeURIComponent('{"query": "設計", "page_size": 3}')}`);
    await expect(page.getByTestId('tools-page')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.getByTestId('tool-run').click();
    await expect(page.getByTestId('tool-result')).toContainText('notes/検索の設計.md');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'tools-page-ja');
    expect(errors).toEqual([]);
  });
});
