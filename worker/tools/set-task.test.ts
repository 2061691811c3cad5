// set_task: one task line's box changes, with the done date in the line's own
// style, the note re-indexed and written to its folder; anything but a task
// line, or a line that changed since it was listed, is refused untouched.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { createEngine, type Engine } from '../engine';
import { nodeSource } from '../ingest/walk-node';
import { nodeDisk } from '../platform/write-back-node';
import { ok } from '../test/make-engine';
import { restate } from './set-task';

// Noon on 2026-12-04 in the machine's time zone: the done date is the user's local day.
const NOON = new Date(2026, 11, 4, 12, 0, 0).getTime();
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function diskEngine(files: Record<string, string>): Promise<Engine> {
  dir = mkdtempSync(join(tmpdir(), 'kioku-task-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  const engine = createEngine(await openMemoryDb(), { disk: nodeDisk({ vault: dir }), now: () => NOON });
  expect((await engine.importSource(nodeSource(dir, 'vault'))).phase).toBe('done');
  return engine;
}

const NOTE = [
  '---',
  'type: chores',
  '---',
  '# Chores',
  '- [ ] fix the roof ⏫ 📅 2026-12-01',
  '- [ ] call Bob [due:: 2026-12-10]',
  '- [ ] plain task',
  '> [!todo] In a callout',
  '> - [/] draft the speech',
  '```',
  '- [ ] an example in code',
  '```',
  '',
].join('\n');

describe('set_task', () => {
  it('ticks a task in the Tasks plugin\'s style: the box, a ✅ date, the file on disk, the tasks listing', async () => {
    const engine = await diskEngine({ 'Chores.md': NOTE });
    const r = ok(await engine.call('set_task', { path: 'Chores.md', line: 5, status: 'done', text: 'fix the roof ⏫ 📅 2026-12-01' }));
    expect(r).toMatchObject({ line: 5, status: 'x', text: 'fix the roof ⏫ 📅 2026-12-01 ✅ 2026-12-04', saved_to_disk: true });
    const file = readFileSync(join(dir, 'Chores.md'), 'utf8');
    expect(file).toBe(NOTE.replace('- [ ] fix the roof ⏫ 📅 2026-12-01', '- [x] fix the roof ⏫ 📅 2026-12-01 ✅ 2026-12-04'));
    const listed = ok(await engine.call('tasks', { status: 'done' })).tasks;
    expect(listed.map((t) => [t.line, t.completion])).toEqual([[5, '2026-12-04']]);
    // Unticked: the date goes with the tick, and the file is as it was.
    ok(await engine.call('set_task', { path: 'Chores.md', line: 5, status: 'open' }));
    expect(readFileSync(join(dir, 'Chores.md'), 'utf8')).toBe(NOTE);
  });

  it('uses Dataview\'s [completion:: date] beside Dataview fields, nothing on a plain line, and any box character', async () => {
    const engine = await diskEngine({ 'Chores.md': NOTE });
    ok(await engine.call('set_task', { path: 'Chores.md', line: 6, status: 'x' }));
    ok(await engine.call('set_task', { path: 'Chores.md', line: 7, status: 'done' }));
    ok(await engine.call('set_task', { path: 'Chores.md', line: 9, status: '>' }));
    const lines = readFileSync(join(dir, 'Chores.md'), 'utf8').split('\n');
    expect(lines.slice(4, 9)).toEqual([
      '- [ ] fix the roof ⏫ 📅 2026-12-01',
      '- [x] call Bob [due:: 2026-12-10] [completion:: 2026-12-04]',
      '- [x] plain task',
      '> [!todo] In a callout',
      '> - [>] draft the speech',
    ]);
  });

  // The Tasks plugin's default: the next occurrence on the line above the one ticked.
  // Scheduled 3 days before due stays 3 days before.
  it('ticking a recurring task adds its next occurrence above it, dates moved; a rule it cannot read adds none and says so', async () => {
    const engine = await diskEngine({
      'r.md': ['# Bills', '- [ ] pay rent 🔁 every month 📅 2026-12-01 ⏳ 2026-11-28 ➕ 2026-11-01', '- [ ] water [repeat:: every 3 days when done] [due:: 2026-11-20]', '- [ ] odd 🔁 every blue moon 📅 2026-12-01', ''].join('\n'),
    });
    const r = ok(await engine.call('set_task', { path: 'r.md', line: 2, status: 'done' }));
    expect(r).toMatchObject({ line: 3, next_line: 2, status: 'x' });
    expect(r.notice).toBeUndefined();
    expect(readFileSync(join(dir, 'r.md'), 'utf8').split('\n').slice(1, 4)).toEqual([
      // The next one is created today (➕), as the plugin dates it.
      '- [ ] pay rent 🔁 every month 📅 2027-01-01 ⏳ 2026-12-29 ➕ 2026-12-04',
      '- [x] pay rent 🔁 every month 📅 2026-12-01 ⏳ 2026-11-28 ➕ 2026-11-01 ✅ 2026-12-04',
      '- [ ] water [repeat:: every 3 days when done] [due:: 2026-11-20]',
    ]);
    ok(await engine.call('set_task', { path: 'r.md', line: 4, status: 'done' }));
    expect(readFileSync(join(dir, 'r.md'), 'utf8').split('\n').slice(3, 6)).toEqual([
      '- [ ] water [repeat:: every 3 days when done] [due:: 2026-12-07]',
      '- [x] water [repeat:: every 3 days when done] [due:: 2026-11-20] [completion:: 2026-12-04]',
      '- [ ] odd 🔁 every blue moon 📅 2026-12-01',
    ]);
    const odd = ok(await engine.call('set_task', { path: 'r.md', line: 6, status: 'done' }));
    expect(odd).toMatchObject({ line: 6, next_line: null });
    expect(odd).toMatchObject({ notice_code: 'recurrence_not_read', notice: expect.stringMatching(/every blue moon/) });
    // The listing follows: two open occurrences, three done.
    expect(ok(await engine.call('tasks', { status: 'open' })).tasks.map((t) => [t.line, t.due])).toEqual([[4, '2026-12-07'], [2, '2027-01-01']]);
  });

  // Review findings: a block id stays last and names one line; a BOM stays the file's first character;
  // a date in inline code is text; tags after the rule are not part of it.
  it('keeps a ^block id last and off the next occurrence, the BOM first, dates in code as written, tags out of the rule', async () => {
    const engine = await diskEngine({
      'b.md': '\uFEFF- [ ] pay 🔁 every week 📅 2026-12-01 ^pay1\n- [ ] check `📅 2020-01-01` form 🔁 every week 📅 2026-12-04\n- [ ] rent 📅 2026-12-01 🔁 every month #home\n- [ ] plain ^p2\n',
    });
    ok(await engine.call('set_task', { path: 'b.md', line: 1, status: 'done' }));
    ok(await engine.call('set_task', { path: 'b.md', line: 3, status: 'done' }));
    ok(await engine.call('set_task', { path: 'b.md', line: 5, status: 'done' }));
    ok(await engine.call('set_task', { path: 'b.md', line: 7, status: 'done' }));
    expect(readFileSync(join(dir, 'b.md'), 'utf8')).toBe(
      [
        '\uFEFF- [ ] pay 🔁 every week 📅 2026-12-08',
        '- [x] pay 🔁 every week 📅 2026-12-01 ✅ 2026-12-04 ^pay1',
        '- [ ] check `📅 2020-01-01` form 🔁 every week 📅 2026-12-11',
        '- [x] check `📅 2020-01-01` form 🔁 every week 📅 2026-12-04 ✅ 2026-12-04',
        '- [ ] rent 📅 2027-01-01 🔁 every month #home',
        '- [x] rent 📅 2026-12-01 🔁 every month #home ✅ 2026-12-04',
        '- [x] plain ^p2',
        '',
      ].join('\n'),
    );
    expect(ok(await engine.call('tasks', { query: 'rent' })).tasks[0].recurrence).toBe('every month');
    // A letter outside ASCII in the box makes a category, not a task: refused.
    expect(await engine.call('set_task', { path: 'b.md', line: 7, status: 'é' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'status' } });
  });

  // The Tasks plugin dates a cancellation (❌) as it dates a completion, and takes the date away when the task reopens.
  it('cancelling adds the cancelled date in the line\'s style; reopening removes it; done then cancelled swaps the dates', async () => {
    const engine = await diskEngine({ 'c.md': '- [ ] a 📅 2024-03-01\n- [ ] b [due:: 2024-03-01]\n- [x] c 📅 2024-03-01 ✅ 2024-03-02\n' });
    ok(await engine.call('set_task', { path: 'c.md', line: 1, status: 'cancelled' }));
    ok(await engine.call('set_task', { path: 'c.md', line: 2, status: 'cancelled' }));
    ok(await engine.call('set_task', { path: 'c.md', line: 3, status: 'cancelled' }));
    expect(readFileSync(join(dir, 'c.md'), 'utf8')).toBe('- [-] a 📅 2024-03-01 ❌ 2026-12-04\n- [-] b [due:: 2024-03-01] [cancelled:: 2026-12-04]\n- [-] c 📅 2024-03-01 ❌ 2026-12-04\n');
    ok(await engine.call('set_task', { path: 'c.md', line: 1, status: 'open' }));
    ok(await engine.call('set_task', { path: 'c.md', line: 2, status: 'open' }));
    expect(readFileSync(join(dir, 'c.md'), 'utf8').split('\n').slice(0, 2)).toEqual(['- [ ] a 📅 2024-03-01', '- [ ] b [due:: 2024-03-01]']);
  });

  it('keeps CRLF line ends', async () => {
    const engine = await diskEngine({ 'w.md': '- [ ] one\r\n- [ ] two\r\n' });
    ok(await engine.call('set_task', { path: 'w.md', line: 2, status: 'done' }));
    expect(readFileSync(join(dir, 'w.md'), 'utf8')).toBe('- [ ] one\r\n- [x] two\r\n');
  });

  it('refuses a line that is not a task (code, prose, past the end), a task whose text changed, a bad status, leaving the file as it was', async () => {
    const engine = await diskEngine({ 'Chores.md': NOTE });
    expect(await engine.call('set_task', { path: 'Chores.md', line: 11, status: 'done' })).toMatchObject({ isError: true, error: { code: 'not_found', path: 'line' } });
    expect(await engine.call('set_task', { path: 'Chores.md', line: 4, status: 'done' })).toMatchObject({ isError: true, error: { code: 'not_found', path: 'line' } });
    expect(await engine.call('set_task', { path: 'Chores.md', line: 99, status: 'done' })).toMatchObject({ isError: true, error: { code: 'not_found' } });
    expect(await engine.call('set_task', { path: 'Chores.md', line: 5, status: 'done', text: 'fix the porch' })).toMatchObject({ isError: true, error: { code: 'conflict', path: 'text' } });
    expect(await engine.call('set_task', { path: 'Chores.md', line: 5, status: 'finished' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'status' } });
    expect(await engine.call('set_task', { path: 'Chores.md', line: 0, status: 'done' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'line' } });
    expect(await engine.call('set_task', { path: 'Nope.md', line: 5, status: 'done' })).toMatchObject({ isError: true, error: { code: 'not_found' } });
    expect(readFileSync(join(dir, 'Chores.md'), 'utf8')).toBe(NOTE);
  });
});

describe('restate', () => {
  it('adds a done date only when ticking, and only one', () => {
    expect(restate(' a 📅 2026-01-01', ' ', 'x', '2026-12-04')).toBe(' a 📅 2026-01-01 ✅ 2026-12-04');
    expect(restate(' a 📅 2026-01-01 ✅ 2026-11-30', ' ', 'x', '2026-12-04')).toBe(' a 📅 2026-01-01 ✅ 2026-11-30');
    expect(restate(' a 📅 2026-01-01', 'x', 'X', '2026-12-04')).toBe(' a 📅 2026-01-01');
    expect(restate(' a [due:: 2026-01-01] [completion:: 2026-12-04]', 'x', '-', '2026-12-04')).toBe(' a [due:: 2026-01-01] [cancelled:: 2026-12-04]');
    // Review: the done date as the line's only signifier still sets its style; a bare-field task gets nothing appended.
    expect(restate(' c ✅ 2024-03-02', 'x', '-', '2026-12-04')).toBe(' c ❌ 2026-12-04');
    expect(restate(' c [cancelled:: 2024-03-02]', '-', 'x', '2026-12-04')).toBe(' c [completion:: 2026-12-04]');
    expect(restate(' due:: 2024-01-03', ' ', 'x', '2026-12-04')).toBe(' due:: 2024-01-03');
  });
});
