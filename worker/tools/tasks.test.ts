// The tasks tool: task lines of notes, as Dataview's TASK queries and the Tasks
// plugin list them (statuses, due and completion dates in both syntaxes), kept
// in step with the notes by the import, write_note and the re-derivation of
// databases stored before tasks were read.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createEngine } from '../engine';
import { openMemoryDb } from '../db/open-node';
import { MIGRATIONS } from '../db/migrations';
import { migrate } from '../db/migrate';
import { memorySource } from '../ingest/source';
import { storedDerivation, DERIVATION_VERSION } from '../ingest/derivation';
import { engineWith, ok } from '../test/make-engine';

const VAULT = {
  'projects/Launch.md': [
    '---',
    'type: project',
    '---',
    '# Launch',
    '',
    '- [ ] call Bob [due:: 2022-03-01]',
    '- [x] book the hall [due:: 2022-02-01] [completion:: 2022-01-20]',
    '- [ ] print flyers 📅 2022-02-15 ⏳ 2022-02-10 🛫 2022-02-05',
    '- [X] send invites ✅ 2022-01-15 📅 2022-01-31',
    '* [>] move the budget to [[Finance]] (due:: 2022-04-01)',
    '1. [-] cancelled catering',
    '- [/] half done `due:: 2020-01-01`',
    '- [fact] an observation, not a task',
    '- [x](https://example.com) a link, not a task',
    '```',
    '- [ ] a task in code is an example',
    '```',
    'Tagged #launch-plan',
  ].join('\n'),
  'Inbox.md': '- [ ] Ünïcode résumé review\n- [ ] no date at all\n    - [ ] nested task 📅 2022-02-30\n',
  'Finance.md': '# Finance\n\nNo tasks here.\n',
};

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith(VAULT);
});

const tasks = async (args: Record<string, unknown> = {}, e = engine) => ok(await e.call('tasks', args));
const texts = async (args: Record<string, unknown> = {}, e = engine) => (await tasks(args, e)).tasks.map((t) => t.text);

describe('tasks', () => {
  it('lists every task line, sorted by due date (none last), then path, then line; code, observations and links are not tasks', async () => {
    const r = await tasks();
    expect(r.total).toBe(10);
    expect(r.tasks.map((t) => `${t.path}:${t.line} [${t.status}] ${t.due ?? '-'}`)).toEqual([
      'projects/Launch.md:9 [X] 2022-01-31',
      'projects/Launch.md:7 [x] 2022-02-01',
      'projects/Launch.md:8 [ ] 2022-02-15',
      'projects/Launch.md:6 [ ] 2022-03-01',
      'projects/Launch.md:10 [>] 2022-04-01',
      'Inbox.md:1 [ ] -',
      'Inbox.md:2 [ ] -',
      'Inbox.md:3 [ ] -',
      'projects/Launch.md:11 [-] -',
      'projects/Launch.md:12 [/] -',
    ]);
  });

  it('reads dates from Dataview fields (bare, [ ], ( )) and from Tasks emoji; a date in inline code or off the calendar is none', async () => {
    const byText = Object.fromEntries((await tasks()).tasks.map((t) => [t.text, t]));
    expect(byText['book the hall [due:: 2022-02-01] [completion:: 2022-01-20]']).toMatchObject({
      vault: 'test', title: 'Launch', status: 'x', done: true, due: '2022-02-01', completion: '2022-01-20', scheduled: null, start: null,
    });
    expect(byText['print flyers 📅 2022-02-15 ⏳ 2022-02-10 🛫 2022-02-05']).toMatchObject({ done: false, due: '2022-02-15', scheduled: '2022-02-10', start: '2022-02-05', completion: null });
    expect(byText['send invites ✅ 2022-01-15 📅 2022-01-31']).toMatchObject({ status: 'X', done: true, completion: '2022-01-15', due: '2022-01-31' });
    expect(byText['move the budget to [[Finance]] (due:: 2022-04-01)'].due).toBe('2022-04-01');
    expect(byText['half done `due:: 2020-01-01`'].due).toBeNull();
    expect(byText['nested task 📅 2022-02-30'].due).toBeNull();
  });

  // A user trial: the Tasks plugin allows U+FE0F after every date emoji; Dataview names a bare field by everything before its ::.
  it('reads emoji dates with a variation selector, and a bare field only when it is the whole task', async () => {
    const e = await engineWith({
      'v.md': ['- [ ] a ⏳\uFE0F 2024-03-05 🛫\uFE0F 2024-03-06 📅\uFE0F 2024-03-08', '- [x] b ✅\uFE0F 2024-03-07', '- [ ] text mentions due:: 2024-01-02 inline', '- [ ] due:: 2024-01-03'].join('\n'),
    });
    expect((await tasks({ sort: 'path' }, e)).tasks.map((t) => [t.line, t.due, t.scheduled, t.start, t.completion])).toEqual([
      [1, '2024-03-08', '2024-03-05', '2024-03-06', null],
      [2, null, null, null, '2024-03-07'],
      [3, null, null, null, null],
      [4, '2024-01-03', null, null, null],
    ]);
  });

  // Obsidian shows a task inside a quote or callout as a task; a code block inside one stays code.
  it('reads tasks inside quotes and callouts, not in a code block there', async () => {
    const e = await engineWith({ 'c.md': '> [!todo] This week\n> - [ ] water plants 📅 2022-06-01\n> > - [x] nested quote\n> ```\n> - [ ] an example in code\n> ```\n' });
    expect((await tasks({}, e)).tasks.map((t) => [t.line, t.status, t.text, t.due])).toEqual([
      [2, ' ', 'water plants 📅 2022-06-01', '2022-06-01'],
      [3, 'x', 'nested quote', null],
    ]);
  });

  // A user trial: Obsidian shows none of these as tasks (a fence closes only with one as long; comments and math hide lines).
  it('reads no task in a longer fence around ```, in comments (%% %%, <!-- -->, across lines) or in a $$ math block', async () => {
    const e = await engineWith({
      'edge.md': [
        '````md', '```', '- [ ] in nested fence', '```', '- [ ] still in the outer fence', '````',
        '<!--', '- [ ] in html comment', '-->',
        '%%', '- [ ] in obsidian comment', '%%',
        '%% - [ ] inline comment %%',
        '$$', '- [ ] in math block', '$$',
        '- [ ] shown task %% with a comment %%',
        '#inside-fence-tag-check',
      ].join('\n'),
    });
    expect((await tasks({}, e)).tasks.map((t) => [t.line, t.text])).toEqual([[17, 'shown task %% with a comment %%']]);
  });

  // Review: %% in inline code opens no comment; a $$ block closes at the next $$ wherever it is on the line; an unclosed $$ hides nothing.
  it('reads tasks after %% in inline code, after $$ blocks closed mid-line, and after a $$ that never closes', async () => {
    const e = await engineWith({
      'a.md': 'Type `%%` to start a comment.\n# H1\n- [ ] after code\n$$\na = b\nc = d $$\n- [ ] after math one\n$$ a = b\n$$\n- [ ] after math two\n$$x$$\n- [ ] after inline math\n',
      'b.md': 'Cost: $$\n- [ ] kept though a $$ never closes\n$$\n- [ ] and after a lone opener with no closer\n',
      'c.md': '$$\n#notatag x:: y\n$$\n',
      'd.md': '> [!math] In a callout\n> $$\n> - [ ] not a task: math\n> $$\n> - [ ] a task after the math\n',
    });
    expect((await tasks({ sort: 'path' }, e)).tasks.map((t) => [t.path, t.text])).toEqual([
      ['a.md', 'after code'], ['a.md', 'after math one'], ['a.md', 'after math two'], ['a.md', 'after inline math'], ['b.md', 'kept though a $$ never closes'], ['b.md', 'and after a lone opener with no closer'], ['d.md', 'a task after the math'],
    ]);
    // A tag or field inside a math block is none (inline tags and fields read the same lines).
    const math = ok(await e.call('read_note', { path: 'c.md' }));
    expect([math.tags, math.frontmatter]).toEqual([[], {}]);
  });

  // The example vault's tasks carry fields of their own ([duedate:: 2022-09-26]) that Dataview queries as task fields.
  it('give each task its own inline fields, typed', async () => {
    const e = await engineWith({ 'a.md': '- [ ] later [duedate:: 2022-09-26] [priority:: 2] (tag:: a, b)\n- [ ] plain\n' });
    const byText = Object.fromEntries((await tasks({}, e)).tasks.map((t) => [t.text, t.fields]));
    expect(byText['later [duedate:: 2022-09-26] [priority:: 2] (tag:: a, b)']).toEqual({ duedate: '2022-09-26', priority: 2, tag: ['a', 'b'] });
    expect(byText['plain']).toEqual({});
  });

  // The Tasks plugin writes priority, creation, cancellation and recurrence on the line, as emoji or in its Dataview format.
  it('reads priority, created and cancelled dates and recurrence, in emoji or Dataview fields; selects and sorts by priority', async () => {
    const e = await engineWith({
      'plan.md': [
        '- [ ] pay rent 🔁 every month on the 1st 📅 2022-03-01 ➕ 2022-01-10',
        '- [ ] fix the roof ⏫ 📅 2022-03-01',
        '- [ ] water plants [repeat:: every week] [priority:: lowest]',
        '- [-] old plan ❌ 2022-02-02',
        '- [ ] [priority::high] important task, do ASAP',
        '- [ ] someday 🔽',
        '- [ ] urgent 🔺 (created:: 2022-01-05) (cancelled:: 2022-13-01)',
        '- [ ] normal work [priority:: normal]',
        '- [ ] medium stuff 🔼 [priority:: low]',
        '- [ ] the word high:: is not a priority, nor priority:: higher',
      ].join('\n'),
    });
    const got = (await tasks({ sort: 'path' }, e)).tasks.map((t) => [t.line, t.priority, t.created, t.cancelled, t.recurrence]);
    expect(got).toEqual([
      [1, null, '2022-01-10', null, 'every month on the 1st'],
      [2, 'high', null, null, null],
      [3, 'lowest', null, null, 'every week'],
      [4, null, null, '2022-02-02', null],
      [5, 'high', null, null, null],
      [6, 'low', null, null, null],
      [7, 'highest', '2022-01-05', null, null],
      [8, null, null, null, null],
      // The first priority written wins.
      [9, 'medium', null, null, null],
      [10, null, null, null, null],
    ]);
    // Highest first; no priority ("normal") between medium and low; due date next.
    expect((await tasks({ sort: 'priority' }, e)).tasks.map((t) => t.line)).toEqual([7, 2, 5, 9, 1, 4, 8, 10, 6, 3]);
    // Due first, then priority: the two tasks due on 2022-03-01, high before normal.
    expect((await tasks({}, e)).tasks.slice(0, 2).map((t) => t.line)).toEqual([2, 1]);
    expect((await tasks({ priority: ['highest', 'HIGH'] }, e)).tasks.map((t) => t.line)).toEqual([2, 7, 5]);
    expect((await tasks({ priority: 'normal', status: 'open' }, e)).tasks.map((t) => t.line)).toEqual([1, 8, 10]);
    expect(await e.call('tasks', { priority: 'urgent' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'priority' } });
    expect(await e.call('tasks', { sort: 'title' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'sort' } });
  });

  it('selects by status: open, done, one character or a list of custom ones', async () => {
    expect(await texts({ status: 'done' })).toEqual(['send invites ✅ 2022-01-15 📅 2022-01-31', 'book the hall [due:: 2022-02-01] [completion:: 2022-01-20]']);
    expect((await tasks({ status: 'open' })).total).toBe(5);
    expect((await tasks({ status: 'any' })).total).toBe(10);
    // The Tasks plugin's "not done": all but done and cancelled.
    expect((await tasks({ status: 'not_done' })).tasks.map((t) => t.status).sort()).toEqual([' ', ' ', ' ', ' ', ' ', '/', '>']);
    expect(await texts({ status: '>' })).toEqual(['move the budget to [[Finance]] (due:: 2022-04-01)']);
    expect(await texts({ status: ['-', '/'] })).toEqual(['cancelled catering', 'half done `due:: 2020-01-01`']);
    const bad = await engine.call('tasks', { status: 'later' });
    expect(bad).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'status' } });
  });

  it('selects by words (case-insensitive, any script), due dates (inclusive) and the notes\' scope', async () => {
    expect(await texts({ query: 'RÉSUMÉ ünïcode' })).toEqual(['Ünïcode résumé review']);
    expect(await texts({ query: 'bob CALL' })).toEqual(['call Bob [due:: 2022-03-01]']);
    // tag: and file:/path: select notes, as in search; the other words are the task's.
    expect(await texts({ query: 'tag:launch-plan flyers' })).toEqual(['print flyers 📅 2022-02-15 ⏳ 2022-02-10 🛫 2022-02-05']);
    expect((await tasks({ query: 'tag:nothing-tagged' })).total).toBe(0);
    expect(await texts({ query: 'file:inbox review' })).toEqual(['Ünïcode résumé review']);
    // "a phrase" as typed, -word left out, status names.
    expect(await texts({ query: '"hall [due"' })).toEqual(['book the hall [due:: 2022-02-01] [completion:: 2022-01-20]']);
    expect(await texts({ query: '"the hall book"' })).toEqual([]);
    expect((await tasks({ path_prefix: 'projects/', query: '-call -flyers -hall -invites -budget -catering' })).tasks.map((t) => t.text)).toEqual(['half done `due:: 2020-01-01`']);
    expect(await texts({ status: 'cancelled' })).toEqual(['cancelled catering']);
    // A #tag word is the task's own tag; tag: is the note's.
    const tagged = await engineWith({ 'h.md': '- [ ] fix sink #home\n- [ ] buy milk #shop\n' });
    expect(await texts({ query: '#home' }, tagged)).toEqual(['fix sink #home']);
    expect((await tasks({ query: 'tag:home' }, tagged)).total).toBe(2);
    expect(await texts({ status: 'in_progress' })).toEqual(['half done `due:: 2020-01-01`']);
    const nested = await tasks({ query: '-path:projects task:nested' });
    expect(nested.tasks.map((t) => t.text)).toEqual(['nested task 📅 2022-02-30']);
    expect(nested).toMatchObject({ notice_code: 'query_operator_unsupported' });
    expect(await engine.call('tasks', { status: ['not_done', '>'] })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'status' } });
    expect(await texts({ due_after: '2022-02-01', due_before: '2022-03-01' })).toEqual([
      'book the hall [due:: 2022-02-01] [completion:: 2022-01-20]', 'print flyers 📅 2022-02-15 ⏳ 2022-02-10 🛫 2022-02-05', 'call Bob [due:: 2022-03-01]',
    ]);
    expect((await tasks({ path_prefix: 'projects/' })).total).toBe(7);
    expect((await tasks({ filters: { type: 'project' }, status: 'open' })).total).toBe(2);
    expect((await tasks({ vault: 'test', folder: '' })).total).toBe(3);
    expect(await engine.call('tasks', { due_before: '2022-13-01' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'due_before' } });
    // A user trial: a date in the right form but not on the calendar was told to use the form it had.
    const feb30 = await engine.call('tasks', { due_before: '2024-02-30' });
    expect(feb30).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'due_before' } });
    expect(JSON.stringify(feb30)).toContain('not a day on the calendar');
    // A range that ends before it starts answered 0 tasks without a word.
    expect(await engine.call('tasks', { due_after: '2022-03-01', due_before: '2022-02-01' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'due_after' } });
  });

  it('pages', async () => {
    const p2 = await tasks({ page: 2, page_size: 4 });
    expect(p2).toMatchObject({ total: 10, page: 2, page_size: 4, has_more: true });
    expect(p2.tasks.map((t) => t.line)).toEqual([10, 1, 2, 3]);
  });
});

describe('tasks follow the notes', () => {
  it('a write replaces a note\'s tasks, and a removed note takes its tasks with it', async () => {
    const e = await engineWith({ 'a.md': '- [ ] first 📅 2022-01-01\n', 'b.md': '- [ ] stays\n' });
    ok(await e.call('write_note', { path: 'a.md', body: 'Intro\n\n- [x] first ✅ 2022-01-02\n- [ ] second\n' }));
    expect((await tasks({}, e)).tasks.map((t) => [t.path, t.line, t.status, t.completion])).toEqual([
      ['a.md', 3, 'x', '2022-01-02'], ['a.md', 4, ' ', null], ['b.md', 1, ' ', null],
    ]);
    // b.md is gone from the folder (a.md, edited in Kioku, is kept by a re-sync).
    expect(await e.importSource(memorySource('test', {}))).toMatchObject({ removed: 1 });
    expect(await texts({}, e)).toEqual(['first ✅ 2022-01-02', 'second']);
    expect(e.db.column('SELECT count(*) FROM tasks')).toEqual([2]);
  });

  it('team notes hidden from the local identity show no tasks', async () => {
    const e = await engineWith({
      'data/users/bob/notes/ops/private.md': '---\ntitle: Bob private\nteam: shared\nvisibility: private\n---\n- [ ] secret task\n',
      'data/users/bob/notes/ops/public.md': '---\ntitle: Bob public\nteam: shared\nvisibility: public\n---\n- [ ] public task\n',
    }, 'team');
    ok(await e.call('set_identity', { user: 'alice', orgs: ['acme'] }));
    expect(await texts({}, e)).toEqual(['public task']);
    expect((await tasks({ query: 'secret' }, e)).total).toBe(0);
    ok(await e.call('set_identity', { user: 'bob', orgs: [] }));
    expect((await texts({}, e)).sort()).toEqual(['public task', 'secret task']);
  });

  it('a database stored before tasks were read gets the tasks of its notes when it opens', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 22));
    // Notes stored by an engine of that time: no tasks table, derivation 8.
    const vaultId = db.run("INSERT INTO vaults (name, root, source, created_at) VALUES ('v', 'v', 'memory', 0)").lastId;
    const id = db.run(
      "INSERT INTO entries (vault_id, path, folder, name, ext, kind, size, mtime, hash, title, tags, frontmatter) VALUES (?, 'todo.md', '', 'todo.md', 'md', 'note', 1, 0, 'h', 'todo', '[]', '{}')",
      [vaultId],
    ).lastId;
    db.run("INSERT INTO contents (entry_id, head, body) VALUES (?, '', ?)", [id, '# Todo\n- [ ] old task 📅 2022-05-01\n']);
    db.run('INSERT INTO derivation (id, version) VALUES (1, 8) ON CONFLICT (id) DO UPDATE SET version = 8');
    // Opening it: the schema first (an empty tasks table), then the re-derivation.
    expect(migrate(db, MIGRATIONS)).toEqual([22, 23, 24]);
    expect(db.column('SELECT count(*) FROM tasks')).toEqual([0]);
    const opened = createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect((await tasks({}, opened)).tasks).toEqual([
      {
        vault: 'v', path: 'todo.md', title: 'todo', line: 2, status: ' ', done: false, text: 'old task 📅 2022-05-01', due: '2022-05-01', completion: null, scheduled: null, start: null,
        created: null, cancelled: null, priority: null, recurrence: null, id: null, depends_on: [], blocked: false, blocking: false, fields: {},
      },
    ]);
  });

  it('a database stored at derivation 9 gets its tasks\' priority, dates and recurrence when it opens', async () => {
    const db = await openMemoryDb({ migrate: false });
    migrate(db, MIGRATIONS.filter((m) => m.version < 23));
    const vaultId = db.run("INSERT INTO vaults (name, root, source, created_at) VALUES ('v', 'v', 'memory', 0)").lastId;
    const id = db.run(
      "INSERT INTO entries (vault_id, path, folder, name, ext, kind, size, mtime, hash, title, tags, frontmatter) VALUES (?, 'todo.md', '', 'todo.md', 'md', 'note', 1, 0, 'h', 'todo', '[]', '{}')",
      [vaultId],
    ).lastId;
    db.run("INSERT INTO contents (entry_id, head, body) VALUES (?, '', ?)", [id, '- [ ] rent ⏫ 🔁 every month ➕ 2022-01-01\n']);
    // As derivation 9 stored it: the task without the details.
    db.run("INSERT INTO tasks (entry_id, line, status, text, fold, due, completion, scheduled, start) VALUES (?, 1, ' ', 'rent ⏫ 🔁 every month ➕ 2022-01-01', 'rent', NULL, NULL, NULL, NULL)", [id]);
    db.run('INSERT INTO derivation (id, version) VALUES (1, 9) ON CONFLICT (id) DO UPDATE SET version = 9');
    expect(migrate(db, MIGRATIONS)).toEqual([23, 24]);
    const opened = createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect((await tasks({}, opened)).tasks[0]).toMatchObject({ priority: 'high', recurrence: 'every month', created: '2022-01-01' });
  });
});
