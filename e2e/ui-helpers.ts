// Shared by the UI specs: a small vault written to a temporary folder (so the
// real folder-upload path is used), and helpers to import it and wait.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const VAULT_FILES: Record<string, string> = {
  'specs/auth-design.md': `---
title: Auth design
status: in-progress
confidence: 0.8
priority: high
tags: [security, oauth]
---
# Auth design

We use OAuth tokens with short lifetimes. See [[Token rotation]] and [[Login flow|the login flow]].

- [decision] Refresh tokens rotate on every use #security
- implements [[Login flow]]
`,
  'specs/token-rotation.md': `---
title: Token rotation
status: draft
confidence: 0.4
priority: medium
tags: [security]
---
# Token rotation

Refresh tokens are rotated. OAuth servers must detect reuse.
`,
  'specs/login-flow.md': `---
title: Login flow
status: done
confidence: 0.95
priority: low
tags: [ux]
---
# Login flow

The OAuth login flow starts at the sign-in page. Related: [[Auth design]].
`,
  'specs-archive/old-auth.md': `---
title: Old auth
status: archived
confidence: 0.1
tags: [legacy]
---
The OAuth design we replaced.
`,
  'notes/検索の設計.md': `---
title: 検索エンジンの設計
status: draft
tags: [設計, 検索]
担当: 山田
---
# 検索エンジンの設計

全文検索と意味検索を組み合わせる。猫の写真も探せるようにする。
`,
  'notes/meeting.md': `---
title: Weekly meeting
status: done
tags: [meeting]
---
Discussed the roadmap and OAuth.
`,
};

export function writeVault(files: Record<string, string>, name = 'demo-vault'): string {
  const root = join(mkdtempSync(join(tmpdir(), 'kioku-ui-')), name);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('app-ready')).toBeVisible();
}

/** Moves the app to `/?…` as an in-app link does (history and popstate), without reloading the page. */
export async function go(page: Page, search: string): Promise<void> {
  await page.evaluate((q) => {
    history.pushState(null, '', `/${q}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, search);
}

/** Imports a folder through the folder-upload input, as a user picking it would. */
export async function importFolder(page: Page, dir: string, vault = 'demo-vault'): Promise<void> {
  await page.getByTestId('folder-input').setInputFiles(dir);
  await expect(page.locator(`[data-testid="vault"][data-vault="${vault}"]`)).toBeVisible();
}

export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations on the page as it stands, each line prefixed with `what`. */
export async function audit(page: Page, what: string): Promise<string[]> {
  // Hits of an earlier query are dimmed on purpose while the new one runs; contrast is judged once it has answered.
  await expect(page.locator('[data-stale]')).toHaveCount(0);
  await page.addScriptTag({ content: AXE }).catch(async () => {
    // The app's Content Security Policy refuses inline scripts; evaluate instead.
    await page.evaluate(AXE);
  });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations;
  })) as Violation[];
  return violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
