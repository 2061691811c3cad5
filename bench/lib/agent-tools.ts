// The app's tools as the page's agent calls them (WebMCP): a minimal
// navigator.modelContext, defined before the app loads, keeps what the app
// registers (web/src/engine/webmcp.ts), and a benchmark calls a tool through
// it, answered by the engine worker as for any agent. Read-only tools such as
// embed_status do not count as the user's activity (only searches do), so
// polling them leaves the embedding queue alone.
import type { BrowserContext, Page } from '@playwright/test';

// A string, not a function: tsx's transform would add helpers the page does not have.
const MODEL_CONTEXT = `(() => {
  const registered = [];
  window.__agentTools = registered;
  Object.defineProperty(navigator, 'modelContext', { value: { registerTool: (tool) => void registered.push(tool) }, configurable: true });
})();`;

/** Installs the model context in every page of `context` (before the app loads). */
export async function fakeModelContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(MODEL_CONTEXT);
}

/** Waits until the app has registered `name` (it registers once its engine is open). */
export async function waitForAgentTool(page: Page, name: string, timeout = 120_000): Promise<void> {
  await page.waitForFunction(`(window.__agentTools ?? []).some((t) => t.name === ${JSON.stringify(name)})`, null, { timeout });
}

/** Calls a tool the app registered, as the page's agent would; returns its JSON (structuredContent). */
export async function agentCall<T = Record<string, unknown>>(page: Page, name: string, args: object = {}): Promise<T> {
  const r = (await page.evaluate(`window.__agentTools.find((t) => t.name === ${JSON.stringify(name)}).execute(${JSON.stringify(args)})`)) as {
    structuredContent: T;
    isError?: boolean;
    content: { text: string }[];
  };
  if (r.isError) throw new Error(`${name}: ${r.content[0]?.text ?? 'error'}`);
  return r.structuredContent;
}
