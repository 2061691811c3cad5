// What Obsidian shows as Markdown, read as CommonMark reads it: indented code
// blocks, fences nested in list items, closing fences with nothing after
// them, and comments that do not close. Each case was read wrongly before
// (a user trial of the Tasks view, stop 38's "found, not fixed").
import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { DERIVATION_VERSION, storedDerivation } from './derivation';
import { readInlineMeta } from './inline-meta';
import { parseBody } from './markdown';

const taskTexts = (body: string) => parseBody(body).tasks.map((t) => t.text);
const tags = (body: string) => readInlineMeta(body).tags;

describe('indented code blocks', () => {
  const BODY = [
    'An example of the syntax:',
    '',
    '    - [ ] in code #codetag',
    '    status:: in-code',
    '',
    '    [[Not a link]]',
    'Prose again #real',
    '- [ ] a real task',
    '',
    '    - [ ] nested under the item, after a blank line',
    '\t- [ ] nested with a tab',
  ].join('\n');

  it('holds no tasks, tags, fields or links; lines under a list item are the item\'s', () => {
    expect(taskTexts(BODY)).toEqual(['a real task', 'nested under the item, after a blank line', 'nested with a tab']);
    expect(tags(BODY)).toEqual(['real']);
    expect(readInlineMeta(BODY).fields).toEqual([]);
    expect(parseBody(BODY).relations).toEqual([]);
  });

  it('starts only after a blank line or at the top, not within a paragraph', () => {
    expect(tags('    #top-code\ntext')).toEqual([]);
    expect(tags('a paragraph\n    #continued')).toEqual(['continued']);
  });

  it('ends the list at a paragraph on the margin after a blank line', () => {
    expect(taskTexts('- [ ] item\n\nA paragraph.\n\n    - [ ] code again')).toEqual(['item']);
  });
});

describe('fences', () => {
  it('closes only with a fence with nothing after it', () => {
    expect(taskTexts('```\n```js\n- [ ] still code\n```\n- [ ] after')).toEqual(['after']);
  });

  it('opens no block with a backtick in a backtick fence\'s info string', () => {
    expect(taskTexts('```a`b\n- [ ] prose\n')).toEqual(['prose']);
  });

  it('nests in a list item four columns in', () => {
    const body = ['- item', '    ```', '    - [ ] in the item\'s code', '    ```', '- [ ] after'].join('\n');
    expect(taskTexts(body)).toEqual(['after']);
    expect(taskTexts('- item\n\t```\n\t- [ ] code #x\n\t```\n- [ ] after')).toEqual(['after']);
  });
});

describe('HTML comments', () => {
  it('in mid-line and never closed, are text: the rest of the note is read', () => {
    const body = 'Use <!-- to open a comment.\n\n- [ ] a task #later\n';
    expect(taskTexts(body)).toEqual(['a task #later']);
    expect(tags(body)).toEqual(['later']);
  });

  it('in mid-line hide what comes before their end within the paragraph', () => {
    expect(tags('text <!-- a\n#hidden --> #shown')).toEqual(['shown']);
    // The paragraph ended before the `-->`: the `<!--` was text.
    expect(tags('text <!-- a\n#seen\n\n--> #after')).toEqual(['seen', 'after']);
  });

  it('that start a line hide everything up to their end, or to the end of the note', () => {
    expect(tags('<!--\n#hidden\n\n#still\n-->\n#after')).toEqual(['after']);
    expect(taskTexts('<!-- draft\n\n- [ ] hidden')).toEqual([]);
  });

  it('through the engine: the tasks tool', async () => {
    const engine = await engineWith({ 'Guide.md': 'Write <!-- to start a comment.\n\n- [ ] read the guide\n\nAn example:\n\n    - [ ] an example in code\n' });
    const listed = ok(await engine.call('tasks', { status: 'any' })).tasks.map((t: { text: string }) => t.text);
    expect(listed).toEqual(['read the guide']);
  });
});

describe('a database stored by the reading before (derivation 10)', () => {
  it('is read again when it opens: the task in indented code goes', async () => {
    const engine = await engineWith({ 'Stack.md': 'Intro.\n\n    - [ ] an example in code\n' });
    const db = engine.db;
    // What the reading before stored: the example as a task.
    const id = db.column<number>("SELECT id FROM entries WHERE path = 'Stack.md'")[0];
    db.run("INSERT INTO tasks (entry_id, line, status, text, fold, due, completion, scheduled, start) VALUES (?, 3, ' ', 'an example in code', 'an example in code', NULL, NULL, NULL, NULL)", [id]);
    db.run('UPDATE derivation SET version = 10');
    expect(ok(await engine.call('tasks', { status: 'any' })).total).toBe(1);
    const reopened = createEngine(db);
    expect(storedDerivation(db)).toBe(DERIVATION_VERSION);
    expect(ok(await reopened.call('tasks', { status: 'any' })).total).toBe(0);
  });
});
