import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { findAnchor } from './anchors';
import { createSanitizer, markdownToFragment, markdownToSafeHtml } from './markdown';

const win = new JSDOM('<!doctype html><html><body></body></html>').window as unknown as Window & typeof globalThis;
const purify = createSanitizer(win);
const render = (md: string) => markdownToSafeHtml(md, purify);
const dom = (md: string) => {
  const div = win.document.createElement('div');
  div.append(markdownToFragment(md, purify));
  return div;
};

describe('callouts', () => {
  it('renders a callout with its type, title and body', () => {
    const el = dom('> [!warning] Mind the **gap**\n> Body text.\n').querySelector('.md-callout')!;
    expect(el.tagName).toBe('DIV');
    expect(el.className).toBe('md-callout md-callout-warning');
    expect(el.querySelector('.md-callout-title')!.innerHTML).toBe('Mind the <strong>gap</strong>');
    expect(el.querySelector('.md-callout-body')!.textContent!.trim()).toBe('Body text.');
  });

  it('folds with - (closed) and + (open), and titles an untitled callout by its type', () => {
    const closed = dom('> [!faq]- Why?\n> Because.\n').querySelector('details')!;
    expect(closed.hasAttribute('open')).toBe(false);
    expect(closed.className).toBe('md-callout md-callout-question');
    expect(closed.querySelector('summary')!.textContent).toBe('Why?');
    const open = dom('> [!tip]+\n> Shown.\n').querySelector('details')!;
    expect(open.hasAttribute('open')).toBe(true);
    expect(open.querySelector('summary')!.textContent).toBe('Tip');
  });

  it('nests callouts and leaves plain quotes alone', () => {
    const el = dom('> [!note] Outer\n> outer text\n> > [!danger] Inner\n> > inner text\n\n> just a quote\n');
    const outer = el.querySelector('.md-callout-note')!;
    const inner = outer.querySelector('.md-callout-body .md-callout-danger')!;
    expect(inner.querySelector('.md-callout-title')!.textContent).toBe('Inner');
    expect(inner.textContent).toContain('inner text');
    expect(el.querySelector(':scope > blockquote')!.textContent!.trim()).toBe('just a quote');
  });

  it('gives unknown types the note style', () => {
    expect(dom('> [!custom] X\n> y\n').querySelector('.md-callout')!.className).toBe('md-callout md-callout-note');
  });
});

describe('highlights, comments, block ids', () => {
  it('marks ==highlights== but not inside code', () => {
    expect(render('a ==bright **bold**== b')).toContain('<mark>bright <strong>bold</strong></mark>');
    expect(render('`==x==`')).toContain('<code>==x==</code>');
    expect(render('a == b == c')).not.toContain('<mark>');
  });

  it('hides %%comments%% inline and over several lines, not in code', () => {
    const html = render('before %%secret one%% after\n\n%%\nsecret block\n\nstill secret\n%%\n\nvisible\n\n```\n%% kept in code %%\n```\n');
    expect(html).not.toContain('secret');
    expect(html).toContain('before  after');
    expect(html).toContain('visible');
    expect(html).toContain('%% kept in code %%');
  });

  it('hides block ids and marks the block they end', () => {
    const el = dom('A paragraph. ^para-1\n\n- item one ^item1\n- item two\n\n| a |\n|---|\n| 1 |\n\n^table1\n');
    expect(el.textContent).not.toMatch(/\^para-1|\^item1|\^table1/);
    expect(findAnchor(el, '^para-1')!.tagName).toBe('P');
    expect(findAnchor(el, '^item1')!.textContent).toBe('item one');
    expect(findAnchor(el, '^table1')!.tagName).toBe('TABLE');
    expect(findAnchor(el, '^nothing')).toBeNull();
  });

  it('finds headings by their text, ignoring case, as [[Note#Heading]] does', () => {
    const el = dom('# Top\n\n## Sub **part**\n');
    expect(findAnchor(el, 'sub **PART**')!.tagName).toBe('H2');
    expect(findAnchor(el, 'Top#Sub **part**')!.tagName).toBe('H2');
  });
});

describe('footnotes and math', () => {
  it('numbers footnotes by first reference and lists them at the end', () => {
    const el = dom('One[^b] two[^a] again[^b] inline^[an *inline* note].\n\n[^a]: Note A.\n[^b]: Note B\n    continued.\n[^unused]: never cited\n');
    const refs = [...el.querySelectorAll('.md-fnref a')].map((a) => `${a.getAttribute('data-footnote')}=${a.textContent}`);
    expect(refs).toEqual(['b=1', 'a=2', 'b=1', 'inline-1=3']);
    const items = [...el.querySelectorAll('.md-footnotes li')].map((li) => li.innerHTML.replace(/ <a [^>]*>↩<\/a>$/, ''));
    expect(items).toEqual(['Note B<br>continued.', 'Note A.', 'an <em>inline</em> note']);
    expect(el.textContent).not.toContain('never cited');
  });

  it('leaves a reference without definition as written', () => {
    expect(render('see [^nope]')).toContain('see [^nope]');
  });

  it('shows $math$ and $$math$$ as TeX source, and leaves money alone', () => {
    const el = dom('Euler $e^{i\\pi} + 1 = 0$ costs $5 and $10.\n\n$$\n\\int_0^1 x\\,dx\n$$\n');
    expect(el.querySelector('code.md-math')!.textContent).toBe('e^{i\\pi} + 1 = 0');
    expect(el.textContent).toContain('costs $5 and $10.');
    expect(el.querySelector('.md-math-block pre code')!.textContent).toBe('\\int_0^1 x\\,dx');
    expect(el.querySelector('.md-math-label')!.textContent).toBe('TeX');
  });
});

describe('embeds and vault images', () => {
  it('turns image embeds into vault attachments with Obsidian sizes', () => {
    const el = dom('![[cat.png|300]] ![[pics/dog.webp|120x80]] ![[cow.jpg|a cow]] ![a bird|64](birds/bird%201.gif) ![[doc.pdf]]');
    const imgs = [...el.querySelectorAll('img.md-attachment')].map((i) => [i.getAttribute('data-attachment'), i.getAttribute('alt'), i.getAttribute('width'), i.getAttribute('height')]);
    expect(imgs).toEqual([
      ['cat.png', 'cat.png', '300', null],
      ['pics/dog.webp', 'pics/dog.webp', '120', '80'],
      ['cow.jpg', 'a cow', null, null],
      ['birds/bird 1.gif', 'a bird', '64', null],
    ]);
    expect(el.querySelector('img:not([src])')).not.toBeNull();
    expect(el.querySelector('.md-file-embed')!.getAttribute('data-attachment')).toBe('doc.pdf');
  });

  it('turns note embeds into placeholders that keep the heading or block', () => {
    const el = dom('![[Other note#Part two]]\n\n![[Other#^blk-1]]\n\n[[Other#^blk-1|see]]');
    const embeds = [...el.querySelectorAll('.md-embed')].map((e) => [e.getAttribute('data-embed'), e.getAttribute('data-anchor')]);
    expect(embeds).toEqual([['Other note', 'Part two'], ['Other', '^blk-1']]);
    const link = [...el.querySelectorAll('a.md-wikilink')].pop()!;
    expect([link.getAttribute('data-wikilink'), link.getAttribute('data-anchor'), link.textContent]).toEqual(['Other', '^blk-1', 'see']);
  });

  it('does not load remote images', () => {
    expect(render('![x](https://tracker.example/p.png) ![y](//tracker.example/q.png)')).not.toMatch(/<img/);
  });
});

describe('hostile Obsidian syntax stays inert', () => {
  const evil = [
    '> [!info]- <img src=x onerror=alert(1)> <script>alert(1)</script>',
    '> <a href="javascript:alert(1)">x</a>',
    '==<img src=x onerror=alert(2)>==',
    '%%<script>alert(3)</script>%%',
    'x[^e]\n\n[^e]: [bad](javascript:alert(4)) <svg onload=alert(5)>',
    '$</code><script>alert(6)</script>$',
    '$$\n</pre><img src=x onerror=alert(7)>\n$$',
    '![[x" onerror="alert(8).png]] ![[y.png|1" onload="alert(9)]]',
    '![a](javascript:alert(10)) ![b](data:image/svg+xml,<svg onload=alert(11)>)',
    '![[Note" onmouseover="alert(12)#^a"b]]',
    'para ^id"onclick=alert(13)',
    '<img data-attachment="../../etc/passwd" src="https://tracker.example/x.png" onerror="alert(14)">',
    '<p data-block="x" data-embed="Note" style="position:fixed">overlay</p>',
  ].join('\n\n');
  const el = dom(evil);
  const all = [...el.querySelectorAll('*')];

  it('keeps no script, handler, style or remote address', () => {
    expect(el.querySelector('script, svg, iframe, object, embed, style')).toBeNull();
    for (const node of all) {
      for (const a of node.attributes) {
        expect(a.name).not.toMatch(/^on|^style$|^src$|^srcset$/i);
        if (a.name === 'href') expect(a.value).toBe('#');
      }
    }
    expect(el.innerHTML).not.toContain('tracker.example');
    // The injected quotes stayed inside the attribute values.
    expect(el.querySelector('img[data-attachment^="x"]')!.getAttribute('data-attachment')).toBe('x" onerror="alert(8).png');
  });
});

describe('Dataview inline fields', () => {
  it('shows [key:: value] as its key and value, and (key:: value) as the value with the key on hover', () => {
    const el = dom('Rated [rating:: 9] and (due:: 2022-05-01) today.\n');
    const shown = el.querySelector('.md-inline-field:not(.md-inline-field-bare)')!;
    expect(shown.querySelector('.md-inline-field-key')!.textContent).toBe('rating');
    expect(shown.querySelector('.md-inline-field-value')!.textContent).toBe('9');
    const bare = el.querySelector('.md-inline-field-bare')!;
    expect(bare.getAttribute('title')).toBe('due');
    expect(bare.textContent).toBe('2022-05-01');
    expect(el.textContent!.trim()).toBe('Rated rating9 and 2022-05-01 today.');
  });

  it('renders Markdown and links inside the value, and keeps a task\'s checkbox', () => {
    const el = dom('- [ ] Call [who:: [[Ada Lovelace]]] about **it** [priority::high]\n');
    expect(el.querySelector('input[type="checkbox"]')).not.toBeNull();
    const fields = [...el.querySelectorAll('.md-inline-field')];
    expect(fields.map((f) => f.querySelector('.md-inline-field-key')!.textContent)).toEqual(['who', 'priority']);
    expect(fields[0].querySelector('a')!.getAttribute('data-wikilink')).toBe('Ada Lovelace');
    expect(fields[1].querySelector('.md-inline-field-value')!.textContent).toBe('high');
  });

  it('leaves fields on their own line, links, wikilinks and unclosed brackets as written', () => {
    expect(dom('status:: finished\n').textContent!.trim()).toBe('status:: finished');
    expect(dom('[text](https://example.com) and [[Note]]\n').querySelector('.md-inline-field')).toBeNull();
    expect(dom('an (open:: bracket\n').textContent!.trim()).toBe('an (open:: bracket');
  });

  it('cannot smuggle markup through a key or value', () => {
    const html = render('[<img src=x onerror=alert(1)>:: <script>alert(1)</script>]\n');
    expect(html).not.toMatch(/onerror|<script/i);
  });
});
