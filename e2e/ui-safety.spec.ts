// Notes are untrusted: nothing in one may run in the page.
import { expect, test } from '@playwright/test';
import { importFolder, openApp, writeVault } from './ui-helpers';

const EVIL = `---
title: "Evil <img src=x onerror=\\"window.__pwned='title'\\">"
tags: [evil]
---
# Evil note

<script>window.__pwned = 'script'</script>
<img src="x" onerror="window.__pwned = 'img'">
<img src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='window.__pwned=1'/>">

[click me](javascript:window.__pwned='link')
<a href="javascript:window.__pwned='raw-link'" id="raw">raw link</a>
<a href="  JaVaScRiPt:window.__pwned='mixed'">mixed case</a>
<svg onload="window.__pwned='svg'"><script>window.__pwned='svg-script'</script></svg>
<iframe src="javascript:window.__pwned='iframe'"></iframe>
<iframe srcdoc="<script>parent.__pwned='srcdoc'</script>"></iframe>
<details open ontoggle="window.__pwned='details'"><summary>toggle</summary>body</details>
<style>body { display: none }</style>
<div style="position:fixed;inset:0;z-index:99;background:red" onmouseover="window.__pwned='hover'">overlay</div>
<form action="javascript:window.__pwned='form'"><button>go</button></form>
<object data="javascript:window.__pwned='object'"></object>
<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned='mxss'"></style></mglyph></table></mtext></math>
<input autofocus onfocus="window.__pwned='focus'">
<meta http-equiv="refresh" content="0;url=javascript:window.__pwned='meta'">
<base href="javascript:/">

The search for evilword should find this note.
`;

test('a note with <script>, <img onerror> and javascript: links runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp(page);
  await importFolder(page, writeVault({ 'evil.md': EVIL, 'ok.md': '# Fine\n\nevilword mention' }, 'evil-vault'), 'evil-vault');
  await page.getByRole('searchbox').fill('evilword');
  await expect(page.getByTestId('hit')).toHaveCount(2);
  // The hit title is shown as text, not markup.
  await expect(page.getByTestId('hit').filter({ hasText: 'Evil <img' })).toHaveCount(1);
  await page.getByTestId('hit').filter({ hasText: 'Evil <img' }).locator('.hit-title').click();
  const body = page.getByTestId('note-body');
  await expect(body).toContainText('The search for evilword');

  // Interact with everything a user could: hover, click every link and summary.
  for (const a of await body.locator('a, summary, div, button').all()) {
    await a.hover({ timeout: 1000 }).catch(() => undefined);
    await a.click({ timeout: 1000 }).catch(() => undefined);
  }
  await page.waitForTimeout(500);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.getByTestId('app-ready')).toBeVisible(); // <style> did not hide the page
  // What reached the DOM: no script, handler, javascript: URL, frame, form, style or svg.
  const html = await body.innerHTML();
  expect(html).not.toMatch(/<script|<iframe|<object|<form|<style|<svg|<math|<meta|<base|<input(?![^>]*checkbox)/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/style=/i);
  expect(await body.locator('img[src]').count()).toBe(0);
});
