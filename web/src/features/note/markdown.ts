// Markdown → safe DOM. Notes come from folders the user imported and are
// untrusted: marked renders them, DOMPurify (allow-list below) removes every
// script, event handler, javascript: URL, style, form, frame, SVG/MathML and
// anything that could fetch from the network or restyle the app. The result is
// a DOM fragment, never a string assigned to innerHTML.
import { Marked, Renderer, type Tokens, type TokenizerAndRendererExtension } from 'marked';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import {
  blockId, callout, commentBlock, commentInline, escapeHtml, footnoteDef, footnoteRef, footnoteSection, highlight, inlineField, mathBlock, mathInline, newFootnotes, setFootnoteState,
} from './obsidian-syntax';
import { assignLines, lineAttr, withLine } from './source-lines';
import { taskRenderers, taskTokenizer } from './task-items';

/** Elements a note may produce. Everything else (script, style, iframe, form, svg, math, object, video, link, meta, base…) is removed. */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp',
  'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];

/** Attributes a note may keep. No style, id, name (DOM clobbering), srcset, ping, target or on* handlers. */
export const ALLOWED_ATTR = [
  'href', 'title', 'alt', 'src', 'align', 'colspan', 'rowspan', 'start', 'type', 'checked', 'disabled', 'open', 'lang', 'dir',
  'class', 'width', 'height', 'data-wikilink', 'data-tag',
  // Obsidian rendering (obsidian-syntax.ts): link anchors, block ids, headings, vault files, embeds, footnotes.
  'data-anchor', 'data-block', 'data-heading', 'data-attachment', 'data-embed', 'data-footnote', 'data-footnote-def', 'data-footnote-back',
  // Task states (task-items.ts) and the source line of a block (source-lines.ts).
  'data-task', 'data-line',
];

/** Links may be web, mail or phone addresses, or relative (other notes); never javascript:, data:, vbscript: or file:. */
export const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Inline images must be embedded raster data; remote images would report the reader to a server. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp);base64,[a-z0-9+/=\s]+$/i;

/** Classes that only reach the note's own styles (language-* from code fences, md-* from this renderer). */
const SAFE_CLASS = /^(?:language-[\w-]+|md-[\w-]+)$/;

export const SANITIZE_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
  FORBID_TAGS: ['style', 'script', 'iframe', 'frame', 'object', 'embed', 'form', 'svg', 'math', 'link', 'meta', 'base', 'template', 'noscript'],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'ping', 'target', 'formaction', 'xlink:href', 'action'],
};

/** A sanitiser for one window (the page, or jsdom in tests) with Kioku's hooks installed. */
export function createSanitizer(win: Window & typeof globalThis): DOMPurify {
  const purify = createDOMPurify(win);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (!el.tagName) return;
    const tag = el.tagName.toLowerCase();
    if (el.hasAttribute('data-task')) {
      // One character; an open task's " " comes back trimmed to "" and is put back, as Obsidian writes it.
      const state = el.getAttribute('data-task') ?? '';
      if (state === '') el.setAttribute('data-task', ' ');
      else if ([...state].length !== 1) el.removeAttribute('data-task');
    }
    if (el.hasAttribute('data-line') && !/^\d{1,7}$/.test(el.getAttribute('data-line') ?? '')) el.removeAttribute('data-line');
    if (el.hasAttribute('class')) {
      const kept = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => SAFE_CLASS.test(c));
      if (kept.length) el.setAttribute('class', kept.join(' '));
      else el.removeAttribute('class');
    }
    if (tag === 'a') {
      const href = el.getAttribute('href') ?? '';
      if (/^(?:https?|mailto|tel):/i.test(href)) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    } else if (tag === 'img') {
      const src = el.getAttribute('src') ?? '';
      if (!DATA_IMAGE.test(src)) el.removeAttribute('src');
    } else if (tag === 'input') {
      // Task-list boxes only, and read-only: a note is not a form.
      if ((el.getAttribute('type') ?? '').toLowerCase() !== 'checkbox') el.remove();
      else el.setAttribute('disabled', '');
    }
  });
  return purify;
}

/** File types shown as pictures; everything else that is not a note is shown as a file to open. */
export const IMAGE_EXTS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'avif']);
const extOf = (p: string) => /\.([a-z0-9]+)$/i.exec(p)?.[1]?.toLowerCase() ?? '';

/** `|300` or `|300x200` after an image's name or alt text: its size in pixels, as Obsidian reads it. */
function sizeAttrs(spec: string | undefined): string {
  const m = /^\s*(\d{1,5})(?:x(\d{1,5}))?\s*$/.exec(spec ?? '');
  return m ? ` width="${m[1]}"${m[2] ? ` height="${m[2]}"` : ''}` : '';
}

/** An image or file of the vault, filled in after sanitising (MarkdownBody reads it from the vault). */
function attachmentHtml(target: string, alt: string, size: string | undefined): string {
  if (IMAGE_EXTS.has(extOf(target))) return `<img class="md-attachment" data-attachment="${escapeHtml(target)}" alt="${escapeHtml(alt)}"${sizeAttrs(size)}>`;
  return `<span class="md-file-embed" data-attachment="${escapeHtml(target)}">${escapeHtml(alt || target)}</span>`;
}

/** [[Target]], [[Target|shown text]], [[Target#Heading]], [[#^block]]; ![[embeds]] of notes, images and files. */
const wikilink: TokenizerAndRendererExtension = {
  name: 'wikilink',
  level: 'inline',
  start: (src) => src.match(/!?\[\[/)?.index,
  tokenizer(src) {
    const m = /^(!?)\[\[([^[\]\n|#]*)(#[^[\]\n|]*)?(?:\|([^[\]\n]*))?\]\]/.exec(src);
    if (!m || !(m[2] || m[3])) return undefined;
    const target = m[2].trim();
    const anchor = (m[3] ?? '').slice(1).trim();
    return { type: 'wikilink', raw: m[0], embed: m[1] === '!', target, anchor, alias: m[4], label: (m[4] ?? `${m[2]}${m[3] ?? ''}`).trim() };
  },
  renderer(token) {
    const t = token as Tokens.Generic & { embed: boolean; target: string; anchor: string; alias?: string; label: string };
    const ext = extOf(t.target);
    if (t.embed && ext && ext !== 'md') {
      // ![[photo.png|300]]: a size; ![[photo.png|a cat]]: alt text.
      const size = sizeAttrs(t.alias) ? t.alias : undefined;
      return attachmentHtml(t.target, size ? t.target : (t.alias ?? t.target), size);
    }
    const anchor = t.anchor ? ` data-anchor="${escapeHtml(t.anchor)}"` : '';
    const link = `<a href="#" class="md-wikilink" data-wikilink="${escapeHtml(t.target)}"${anchor}>${escapeHtml(t.label)}</a>`;
    if (t.embed && t.target) return `<span class="md-embed" data-embed="${escapeHtml(t.target)}"${anchor}>${link}</span>`;
    return link;
  },
};

/** #tags in text become buttons that add the tag as a filter. */
const hashtag: TokenizerAndRendererExtension = {
  name: 'hashtag',
  level: 'inline',
  start(src) {
    const m = /(?:^|[\s(])#[\p{L}\p{N}_/-]/u.exec(src);
    return m ? m.index + (m[0].startsWith('#') ? 0 : 1) : undefined;
  },
  tokenizer(src) {
    const m = /^#([\p{L}\p{N}_/-]*[\p{L}_/-][\p{L}\p{N}_/-]*)/u.exec(src);
    if (!m) return undefined;
    return { type: 'hashtag', raw: m[0], tag: m[1] };
  },
  renderer(token) {
    const tag = (token as Tokens.Generic & { tag: string }).tag;
    return `<a href="#" class="md-tag" data-tag="${escapeHtml(tag)}">#${escapeHtml(tag)}</a>`;
  },
};

const marked = new Marked({
  gfm: true,
  breaks: true, // Obsidian shows single line breaks as breaks
  extensions: [commentBlock, callout, mathBlock, footnoteDef, inlineField, wikilink, commentInline, highlight, mathInline, footnoteRef, blockId, hashtag],
  tokenizer: taskTokenizer,
  renderer: {
    ...taskRenderers(lineAttr),
    paragraph(token: Tokens.Paragraph) {
      return withLine(Renderer.prototype.paragraph.call(this, token), token);
    },
    blockquote(token: Tokens.Blockquote) {
      return withLine(Renderer.prototype.blockquote.call(this, token), token);
    },
    code(token: Tokens.Code) {
      return withLine(Renderer.prototype.code.call(this, token), token);
    },
    table(token: Tokens.Table) {
      return withLine(Renderer.prototype.table.call(this, token), token);
    },
    hr(token: Tokens.Hr) {
      return withLine(Renderer.prototype.hr.call(this, token), token);
    },
    image({ href, text }: Tokens.Image) {
      if (DATA_IMAGE.test(href)) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
      // ![alt](photo.png), ![alt|300](photo.png): a file of the vault, read from it later.
      if (!/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//')) {
        const bar = /^(.*?)\|(\d{1,5}(?:x\d{1,5})?)$/.exec(text);
        let path = href;
        try {
          path = decodeURI(href);
        } catch {
          // A malformed escape: use the address as written.
        }
        return attachmentHtml(path, bar ? bar[1] : text, bar?.[2]);
      }
      // Remote images are not loaded (they would tell a server the note was read): say what is there.
      return `<span class="md-image" title="${escapeHtml(href)}">[${escapeHtml(text || href)}]</span>`;
    },
    heading(token: Tokens.Heading) {
      const { tokens, depth, text } = token;
      // Headings carry their text so [[Note#Heading]] can scroll to them (ids are not allowed: DOM clobbering).
      return withLine(`<h${depth} data-heading="${escapeHtml(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`, token);
    },
  },
});

/** Markdown → unsanitised HTML, footnotes listed at the end; blocks carry the line they start on. */
function toHtml(markdown: string): string {
  const notes = newFootnotes();
  setFootnoteState(notes);
  try {
    const tokens = marked.lexer(markdown);
    // The lexer reads \r\n as \n: lines are counted in the text it read.
    assignLines(tokens, markdown.replace(/\r\n?/g, '\n'));
    const html = marked.parser(tokens);
    return html + footnoteSection(notes, (md) => marked.parseInline(md, { async: false }) as string);
  } finally {
    setFootnoteState(newFootnotes());
  }
}

/**
 * A block id marks the block it ends (paragraph, list item, heading); an id
 * alone on the line after a table, quote or list marks that block.
 */
function placeBlockIds(root: DocumentFragment): void {
  for (const span of [...root.querySelectorAll('span.md-block-id')]) {
    const block = span.parentElement?.closest('p, li, h1, h2, h3, h4, h5, h6, td, th, blockquote, .md-callout') ?? span.parentElement;
    const id = span.getAttribute('data-block');
    if (block && id && !block.hasAttribute('data-block')) block.setAttribute('data-block', id);
    span.remove();
  }
  for (const p of [...root.querySelectorAll('p')]) {
    const m = /^\^([A-Za-z0-9-]+)$/.exec(p.textContent?.trim() ?? '');
    if (!m || p.children.length) continue;
    const prev = p.previousElementSibling;
    if (prev && !prev.hasAttribute('data-block')) prev.setAttribute('data-block', m[1]);
    p.remove();
  }
}

/** Markdown → sanitised HTML text (for tests and measurement). */
export function markdownToSafeHtml(markdown: string, purify: DOMPurify): string {
  const frag = markdownToFragment(markdown, purify);
  const div = frag.ownerDocument.createElement('div');
  div.append(frag);
  return div.innerHTML;
}

/** Markdown → a sanitised DOM fragment, ready to append. */
export function markdownToFragment(markdown: string, purify: DOMPurify): DocumentFragment {
  const frag = purify.sanitize(toHtml(markdown), { ...SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true }) as unknown as DocumentFragment;
  placeBlockIds(frag);
  return frag;
}
