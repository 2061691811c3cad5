import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createSanitizer, markdownToSafeHtml } from './markdown';

const win = new JSDOM('<!doctype html><html><body></body></html>').window as unknown as Window & typeof globalThis;
const purify = createSanitizer(win);
const render = (md: string) => markdownToSafeHtml(md, purify);

describe('Markdown rendering', () => {
  it('renders GFM: headings, emphasis, lists, tables, code, task boxes', () => {
    const html = render('# Title\n\n**bold** _it_\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nlet x = 1;\n```\n\n- [x] done\n- [ ] open\n');
    expect(html).toContain('<h1 data-heading="Title">Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table>');
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
    expect(render('[site](https://example.org)')).toBe('<p><a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">site</a></p>\n');
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
