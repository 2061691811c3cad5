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

// A review of the first version: each of these read differently from CommonMark (commonmark.js) or hid the rest of a note.
describe('list items, as CommonMark ends them', () => {
  const headings = (body: string) => parseBody(body).headings.map((h) => h.text);

  it('end a fence opened in an item where the item ends', () => {
    const body = '1. Step\n    ```sh\n    make\n\n## Next\n- [ ] task #z\n';
    expect(headings(body)).toEqual(['Next']);
    expect(taskTexts(body)).toEqual(['task #z']);
    expect(tags(body)).toEqual(['z']);
    expect(taskTexts('  - [ ] T\n    ```\n- [ ] U\n')).toEqual(['T', 'U']);
  });

  // Microsoft's docs (d365-finops-ja): a fence in a numbered step, after a nested list; its code held X++ `Class::method` "fields".
  it('put a fence in the deepest item it is inside, not only the last one listed', () => {
    const body = ['2. Step', '', '    - a', '    - b', '', '    ```xpp', '    Global::info(x);', '    #notatag', '    ```', '', '3. Next #t', '## After'].join('\n');
    expect(readInlineMeta(body).fields).toEqual([]);
    expect(tags(body)).toEqual(['t']);
    expect(parseBody(body).headings.map((h) => h.text)).toEqual(['After']);
  });

  it('open a fence written right after the marker, closed inside the item', () => {
    expect(tags('1. ```sh\n   make #notatag\n   ```\n2. [ ] next #n\n')).toEqual(['n']);
    expect(taskTexts('1. ```sh\n   make #notatag\n   ```\n2. [ ] next #n\n')).toEqual(['next #n']);
    expect(taskTexts('- ```js\n  - [ ] code\n  ```\n- [ ] after')).toEqual(['after']);
  });

  it('end at a heading, so an indented block after it is code', () => {
    const body = '- item\n# Heading\n\n    ```\n    code\n\nText\n\n- [ ] task after #t1\n';
    expect(taskTexts(body)).toEqual(['task after #t1']);
    expect(tags(body)).toEqual(['t1']);
    expect(taskTexts('- a\n## H\n\n    - [ ] t')).toEqual([]);
    // A heading holds no paragraph: indented code may follow it at once.
    expect(taskTexts('# H\n    - [ ] t')).toEqual([]);
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

  it('in mid-line end with their paragraph at a list item or a block, and do not stop a %% comment', () => {
    expect(taskTexts('text <!-- c\n- [ ] task -->\n- [ ] t12\n')).toEqual(['task -->', 't12']);
    expect(taskTexts('a <!-- b\n```\n-->\n```\n- [ ] t #t\n')).toEqual(['t #t']);
    expect(tags('x <!-- y %%\n- [ ] hidden #h1\n%%\n#shown')).toEqual(['shown']);
  });

  it('in mid-line on many lines of one paragraph are read in linear time', () => {
    const body = Array.from({ length: 40_000 }, (_, i) => `line ${i} a <!-- b #tag${i}`).join('\n');
    // The first version scanned the rest of the paragraph from every line: minutes at this size, past the test's time-out.
    expect(tags(body).length).toBe(40_000);
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
