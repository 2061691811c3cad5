// Issue 13 in Chromium: the search's "as of" date control asks what the notes
// said held on a day (valid_at), the entity-type choice shows observations,
// both live in the URL (reload and Back keep them), an observation hit links
// to its note, and the note view shows validity, a timeline and its graph.
import { expect, test } from '@playwright/test';
import { audit, collectErrors, importFolder, openApp, writeVault } from './ui-helpers';

const FILES = {
  'decisions/cache-layer.md': `---
title: Cache Layer
---
# Cache Layer

- [decision] @effective[2026-06-10,2026-07-27) The cache layer will use Redis.
- [decision] @effective:2026-07-27 The cache layer will use Memcached. #storage
- [fact] Sits in front of [[Queue Layer]]
`,
  'decisions/queue-layer.md': `---
title: Queue Layer
---
# Queue Layer

- [decision] The queue layer uses RabbitMQ.
- depends_on [[Cache Layer]]
`,
};

test('"as of" a date finds what the notes said held then, kept in the URL', async ({ page }) => {
  const errors = collectErrors(page);
  await openApp(page);
  await importFolder(page, writeVault(FILES, 'decisions'), 'decisions');

  await page.getByRole('searchbox').fill('layer');
  await page.getByTestId('entity-type').selectOption('observation');
  const hits = page.getByTestId('hit');
  await expect(hits).toHaveCount(4);

  await page.getByTestId('as-of').fill('2026-07-28');
  await expect(page).toHaveURL(/as_of=2026-07-28/);
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText('The cache layer will use Memcached.');
  await expect(hits.first().getByTestId('validity')).toContainText('effective');

  await page.getByTestId('as-of').fill('2026-07-01');
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText('Redis');
  await expect(page.getByText('RabbitMQ')).toHaveCount(0);

  // The state is in the URL: a reload shows the same answer.
  await page.reload();
  await expect(page.getByTestId('as-of')).toHaveValue('2026-07-01');
  await expect(page.getByTestId('hit')).toHaveCount(1);
  await expect(page.getByTestId('hit').first()).toContainText('Redis');
  await page.screenshot({ path: 'test-results/valid-time-as-of.png', fullPage: true });

  // An observation hit opens its note, which shows validity, a timeline and the linked notes.
  await page.getByTestId('hit').first().getByTestId('parent-note').click();
  await expect(page.locator('#note-title')).toHaveText('Cache Layer');
  const obs = page.getByTestId('observations');
  await expect(obs.getByTestId('validity')).toHaveCount(2);
  await expect(obs.getByTestId('timeline')).toBeVisible();
  // Each tag once (as its button), and each bar of the timeline named by its observation.
  const memcached = obs.getByTestId('observation').filter({ hasText: 'Memcached' });
  expect((await memcached.innerText()).match(/#storage/g)).toHaveLength(1);
  await expect(obs.getByTestId('timeline-row')).toHaveText([/Redis/, /Memcached/]);
  // axe is injected by a script the page's policy refuses first (ui-helpers' audit): that console error is the audit's own.
  const logged = errors.length;
  expect(await audit(page, 'note view with observations, timeline and graph')).toEqual([]);
  errors.splice(logged);
  const graph = page.getByTestId('note-graph');
  await expect(graph.getByTestId('graph-node')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/valid-time-note.png', fullPage: true });
  await graph.getByRole('link', { name: 'Queue Layer' }).click();
  await expect(page.locator('#note-title')).toHaveText('Queue Layer');

  // Clearing the date goes back to every observation.
  await page.getByTestId('as-of-clear').click();
  await expect(page).not.toHaveURL(/as_of=/);
  await expect(page.getByTestId('hit')).toHaveCount(4);
  expect(errors).toEqual([]);
});

test('the note graph labels a full ring of linked notes without overlapping them', async ({ page }) => {
  const titles = Array.from({ length: 16 }, (_, i) => `Linked topic number ${i + 1}`);
  const files: Record<string, string> = { 'hub.md': `# Hub\n\n${titles.map((t) => `- relates_to [[${t}]]`).join('\n')}\n` };
  for (const t of titles) files[`${t}.md`] = `# ${t}\n\nText.\n`;
  await openApp(page);
  await importFolder(page, writeVault(files, 'ring'), 'ring');
  await page.goto('/?note=hub.md&note_vault=ring');
  const graph = page.getByTestId('note-graph');
  await expect(graph.getByTestId('graph-node')).toHaveCount(17);
  const boxes = (await graph.locator('[data-testid="graph-node"] text').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height, text: e.textContent };
    }),
  ));
  const overlaps = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).map((b) => `${a.text} × ${b.text}`));
  expect(overlaps).toEqual([]);
});
