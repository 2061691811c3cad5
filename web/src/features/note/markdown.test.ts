import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { noteViewEn } from '../../i18n/note-view.en';
import { createSanitizer, markdownToFragment, markdownToSafeHtml } from './markdown';
import { labelTaskStates } from './task-items';

const win = new JSDOM('<!doctype html><html><body></body></html>').window as unknown as Window & typeof globalThis;
const purify = createSanitizer(win);
const render = (md: string) => markdownToSafeHtml(md, purify);

describe('Markdown rendering', () => {
  it('renders GFM: headings, emphasis, lists, tables, code, task boxes', () => {
    const html = render('# Title\n\n**bold** _it_\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nlet x = 1;\n```\n\n- [x] done\n- [ ] open\n');
    expect(html).toContain('<h1 data-line="0" data-heading="Title">Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table data-line="4">');
    expect(html).toContain('<code class="language-ts">');
    expect(html).toMatch(/<input (?=[^>]*checked)(?=[^>]*disabled)[^>]*type="checkbox"/);
  });

  it('turns wikilinks and hashtags into in-app links', () => {
    const html = render('See [[Auth design|the design]] and [[Notes/Plan#Goals]] #security #設計, not a#b or #123.');
    expect(html).toContain('<a href="#" class="md-wikilink" data-wikilink="Auth design">the design</a>');
    expect(html).toContain('data-wikilink="Notes/Plan" data-anchor="Goals">Notes/Plan#Goals</a>');
    expect(html).toContain('data-tag="security"');
    expect(html).toContain('data-tag="設計"');
    expect(html).not.toContain('data-tag="b"');
    expect(html).not.toContain('data-tag="123"');
  });

  it('opens web links in a new tab without referrer', () => {
    expect(render('[site](https://example.org)')).toBe('<p data-line="0"><a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">site</a></p>\n');
  });
});

describe('task items', () => {
  /** Each task item's state and its own text, read from the rendered page. */
  const tasks = (md: string) => {
    const root = win.document.createElement('div');
    root.append(markdownToFragment(md, purify));
    return [...root.querySelectorAll('li.md-task')].map((li) => [li.getAttribute('data-task'), li.querySelector(':scope > .md-task-text')?.textContent?.trim()]);
  };

  it('renders Obsidian custom states as tasks, read-only, in bullet and numbered lists', () => {
    const md = '- [ ] open\n- [x] done\n- [X] Done\n- [>] call **Bob**\n- [-] dropped\n- [/] half\n\n1. [?] numbered\n2. [!] urgent\n';
    expect(tasks(md)).toEqual([[' ', 'open'], ['x', 'done'], ['X', 'Done'], ['>', 'call Bob'], ['-', 'dropped'], ['/', 'half'], ['?', 'numbered'], ['!', 'urgent']]);
    const html = render(md);
    expect(html).not.toContain('[&gt;]');
    expect(html).toContain('<li class="md-task" data-task=">" data-line="3"><span class="md-task-box" data-task=">"></span> <span class="md-task-text">call <strong>Bob</strong></span></li>');
    expect(html).toMatch(/<ol>\n<li class="md-task" data-task="\?"[^>]*><span class="md-task-box" data-task="\?"><\/span>/);
    // Open and done keep their checkbox, disabled; the other states are marks, never inputs.
    expect(html.match(/<input [^>]*>/g)).toEqual([
      '<input type="checkbox" disabled="" data-task=" ">',
      '<input type="checkbox" disabled="" checked="" data-task="x">',
      '<input type="checkbox" disabled="" checked="" data-task="X">',
    ]);
  });

  it('keeps states in loose lists and nested items; a done parent strikes through its own words only', () => {
    expect(tasks('- [>] first\n\n- [-] second\n')).toEqual([['>', 'first'], ['-', 'second']]);
    expect(render('- [>] first\n\n- [-] second\n')).toContain('<p class="md-task-text" data-line="0"><span class="md-task-box" data-task=">"></span> first</p>');
    expect(tasks('- [x] parent\n  - [/] child\n    - plain\n')).toEqual([['x', 'parent'], ['/', 'child']]);
  });

  it('agrees with the engine on which one-character boxes are tasks (worker/ingest/markdown.ts)', () => {
    // The engine reads none of these as observations…
    const statuses = ['>', '-', '/', '?', '!', 'o', 'i', '1', '✓'];
    expect(tasks(statuses.map((c) => `- [${c}] item`).join('\n')).map(([c]) => c)).toEqual(statuses);
    // …and these as observations with a category of one letter: bullets here, as written.
    const html = render('- [注] 重要な点\n- [é] accent\n');
    expect(html).not.toContain('md-task');
    expect(html).toContain('[注] 重要な点');
  });

  it('leaves what is not a task as written', () => {
    for (const md of ['- [>]\n', '- [>]text\n', '- [ab] two\n', '- [[link]] x\n', '```\n- [>] code\n```\n', '[>] not a list\n']) expect(tasks(md)).toEqual([]);
    expect(render('```\n- [>] code\n```\n')).toContain('- [&gt;] code');
  });

  it('names each state in the UI language, after sanitising', () => {
    const root = win.document.createElement('div');
    root.append(markdownToFragment('- [>] a\n- [-] b\n- [%] c\n', purify));
    const dict: Record<string, string> = { ...noteViewEn };
    labelTaskStates(root, (key, vars) => dict[key].replace('{state}', String(vars?.state)));
    expect([...root.querySelectorAll('.md-task-box')].map((b) => [b.getAttribute('role'), b.getAttribute('aria-label'), b.getAttribute('title')])).toEqual([
      ['img', 'Task: forwarded', 'Task: forwarded'],
      ['img', 'Task: cancelled', 'Task: cancelled'],
      ['img', 'Task: status “%”', 'Task: status “%”'],
    ]);
  });

  it('lets a note\'s own HTML carry no state longer than one character, nor a line that is not a number', () => {
    const html = render('<ul><li data-task="&quot;><script>" data-line="1; x">a</li><li data-task="x" data-line="7">b</li></ul>');
    expect(html).toContain('<li>a</li>');
    expect(html).toContain('<li data-task="x" data-line="7">b</li>');
  });
});

describe('sanitiser', () => {
  const evil = [
    '<script>window.pwned = 1</script>',
    '<img src=x onerror="window.pwned=1">',
    '[click](javascript:window.pwned=1)',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<iframe src="https://example.org"></iframe>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
    '<svg onload="alert(1)"><script>alert(1)</script></svg>',
    '<math><mtext><script>alert(1)</script></mtext></math>',
    '<style>body{display:none}</style>',
    '<div style="position:fixed;inset:0;background:red">overlay</div>',
    '<p class="drop-overlay app">x</p>',
    '<img src="https://tracker.example/pixel.gif">',
    '<img srcset="https://tracker.example/a.png 1x">',
    '<a href="https://x" ping="https://tracker">p</a>',
    '<link rel="stylesheet" href="https://x/a.css"><meta http-equiv="refresh" content="0;url=https://x"><base href="https://x/">',
    '<details open ontoggle="alert(1)"><summary>s</summary></details>',
    '<form id="x"><input name="attributes"></form><img name="getElementById">',
    '<a href="#" onclick="alert(1)" onmouseover="alert(1)">h</a>',
    '<video src="x" onerror="alert(1)"></video><audio src="x"></audio>',
    '<template><script>alert(1)</script></template><noscript><img src=x onerror=alert(1)></noscript>',
    '<input type="text" autofocus onfocus="alert(1)">',
  ].join('\n\n');
  const html = render(evil);

  it('removes every script, handler and dangerous URL', () => {
    expect(html).not.toMatch(/<script|<iframe|<object|<embed|<form|<svg|<math|<style|<link|<meta|<base|<video|<audio|<template|<button/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(html).not.toMatch(/style=|srcset=|ping=|\sid=|\sname=/i);
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('drop-overlay');
    expect(html).not.toMatch(/type="text"/);
  });

  it('keeps safe embedded images and the text of removed elements', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(render(`![dot](${png})`)).toContain(`<img src="${png}" alt="dot">`);
    expect(render('![remote](https://example.org/x.png)')).toContain('<span class="md-image" title="https://example.org/x.png">[remote]</span>');
    expect(html).toContain('overlay');
  });
});
