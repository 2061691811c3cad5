// The Tasks plugin's dependencies: a task's id (🆔 abc, [id:: abc]) and the
// tasks it waits for (⛔ abc,def, [dependsOn:: abc]). The tasks tool gives
// them and whether a task is blocked or blocking, as the plugin's "is
// blocked" / "is blocking" read them; ticking the task waited for unblocks the
// other; a recurring task's next occurrence leaves them off.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { createEngine } from '../engine';
import { DERIVATION_VERSION, storedDerivation } from '../ingest/derivation';
import { parseBody } from '../ingest/markdown';
import { nodeSource } from '../ingest/walk-node';
import { nodeDisk } from '../platform/write-back-node';
import { engineWith, ok } from '../test/make-engine';

const PLAN = [
  '# Move house',
  '- [ ] book the van 🆔 van ⏫',
  '- [ ] pack the books ⛔️ van 🆔 pack-1',
  '- [ ] clean the flat ⛔ van, pack-1',
  '- [x] measure the sofa 🆔 sofa ✅ 2026-12-01',
  '- [ ] carry the sofa ⛔ sofa',
  '- [ ] sign the lease [id:: lease]',
  '- [ ] get the keys [dependsOn:: lease]',
  '- [-] hire movers 🆔 movers',
  '- [ ] tip the movers ⛔ movers',
  '- [ ] read `⛔ van` as code',
  '- [ ] wait for a task that does not exist ⛔ nowhere',
].join('\n');

type Listed = { text: string; id: string | null; depends_on: string[]; blocked: boolean; blocking: boolean };
const byText = (tasks: Listed[]) => Object.fromEntries(tasks.map((t) => [t.text.split(/ [⛔🆔⏫✅[`]/u)[0], t]));

describe('task dependencies', () => {
  it('are read in the emoji and the Dataview format, never from inline code', () => {
    const t = parseBody(PLAN).tasks;
    expect(t.map((x) => [x.id, x.dependsOn])).toEqual([
      ['van', []],
      ['pack-1', ['van']],
      [null, ['van', 'pack-1']],
      ['sofa', []],
      [null, ['sofa']],
      ['lease', []],
      [null, ['lease']],
      ['movers', []],
      [null, ['movers']],
      [null, []],
      [null, ['nowhere']],
    ]);
  });

  it('make a task blocked while a task it waits for is not done, and that one blocking', async () => {
    const engine = await engineWith({ 'Move.md': PLAN, 'Other vault note.md': '- [ ] unrelated 🆔 van2' });
    const all = byText(ok(await engine.call('tasks', { sort: 'path' })).tasks as Listed[]);
    expect(all['pack the books']).toMatchObject({ id: 'pack-1', depends_on: ['van'], blocked: true, blocking: true });
    expect(all['book the van']).toMatchObject({ blocked: false, blocking: true });
    expect(all['clean the flat']).toMatchObject({ blocked: true, blocking: false });
    // A done or cancelled task blocks nothing; a done task is neither blocked nor blocking.
    expect(all['carry the sofa'].blocked).toBe(false);
    expect(all['measure the sofa']).toMatchObject({ blocked: false, blocking: false });
    expect(all['tip the movers'].blocked).toBe(false);
    expect(all['get the keys'].blocked).toBe(true);
    expect(all['sign the lease'].blocking).toBe(true);
    // An id no task has blocks nothing.
    expect(all['wait for a task that does not exist'].blocked).toBe(false);

    const actionable = ok(await engine.call('tasks', { status: 'not_done', blocked: false })).tasks.map((t) => t.text.split(' ')[0]);
    expect(actionable).toEqual(['book', 'carry', 'sign', 'tip', 'read', 'wait', 'unrelated']);
    const blocked = ok(await engine.call('tasks', { blocked: true, sort: 'path' })).tasks.map((t) => t.text.split(' ')[0]);
    expect(blocked).toEqual(['pack', 'clean', 'get']);
    const blocking = ok(await engine.call('tasks', { blocking: true, sort: 'path' })).total;
    expect(blocking).toBe(3);
    expect(ok(await engine.call('tasks', { blocking: false, status: 'open' })).total).toBe(7);
    expect(await engine.call('tasks', { blocked: 'yes' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'blocked' } });
  });

  it('resolve within a vault only', async () => {
    const engine = await engineWith({ 'Waits.md': '- [ ] waits ⛔ shared' }, 'one');
    await engine.importSource((await import('../ingest/source')).memorySource('two', { 'Blocker.md': '- [ ] blocker 🆔 shared' }));
    const listed = ok(await engine.call('tasks', {})).tasks;
    expect(listed.map((t) => [t.vault, t.blocked, t.blocking])).toEqual([
      ['two', false, false],
      ['one', false, false],
    ]);
  });

  it('ticking the task waited for unblocks the other; a recurring task\'s next occurrence has no id or dependencies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kioku-deps-'));
    try {
      writeFileSync(join(dir, 'Plan.md'), '- [ ] water the plants 🆔 water 🔁 every week 📅 2026-12-04\n- [ ] feed the cat ⛔ water\n');
      const engine = createEngine(await openMemoryDb(), { disk: nodeDisk({ vault: dir }), now: () => new Date(2026, 11, 4, 12).getTime() });
      await engine.importSource(nodeSource(dir, 'vault'));
      const before = ok(await engine.call('tasks', { blocked: true })).tasks;
      expect(before.map((t) => t.text)).toEqual(['feed the cat ⛔ water']);
      const r = ok(await engine.call('set_task', { path: 'Plan.md', line: 1, status: 'done', text: 'water the plants 🆔 water 🔁 every week 📅 2026-12-04' }));
      expect(r.next_line).toBe(1);
      expect(readFileSync(join(dir, 'Plan.md'), 'utf8')).toBe(
        '- [ ] water the plants 🔁 every week 📅 2026-12-11\n- [x] water the plants 🆔 water 🔁 every week 📅 2026-12-04 ✅ 2026-12-04\n- [ ] feed the cat ⛔ water\n',
      );
      expect(ok(await engine.call('tasks', { blocked: true })).total).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are read into a database stored before them when it opens (derivation 11)', async () => {
    const engine = await engineWith({ 'Move.md': PLAN });
    const db = engine.db;
    db.run('UPDATE tasks SET task_id = NULL, depends_on = NULL');
    db.run('UPDATE derivation SET version = 10');
    expect(ok(await engine.call('tasks', { blocked: true })).total).toBe(0);
    const reopened = createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(ok(await reopened.call('tasks', { blocked: true })).total).toBe(3);
  });
});
