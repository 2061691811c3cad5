// Markdown → safe DOM. Notes come from folders the user imported and are
// untrusted: marked renders them, DOMPurify (allow-list below) removes every
// script, event handler, javascript: URL, style, form, frame, SVG/MathML and
// anything that could fetch from the network or restyle the app. The result is
// a DOM fragment, never a string assigned to innerHTML.
import { Marked, type Tokens, type TokenizerAndRendererExtension } from 'marked';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** [[Target]], [[Target|shown text]], [[Target#Heading]] and ![[embeds]] become in-app links. */
const wikilink: TokenizerAndRendererExtension = {
  name: 'wikilink',
  level: 'inline',
  start: (src) => src.match(/!?\[\[/)?.index,
  tokenizer(src) {
    const m = /^!?\[\[([^[\]\n|#]*)(#[^[\]\n|]*)?(?:\|([^[\]\n]*))?\]\]/.exec(src);
    if (!m || !(m[1] || m[2])) return undefined;
    return { type: 'wikilink', raw: m[0], target: m[1].trim(), label: (m[3] ?? `${m[1]}${m[2] ?? ''}`).trim() };
  },
  renderer(token) {
    const t = token as Tokens.Generic & { target: string; label: string };
    return `<a href="#" class="md-wikilink" data-wikilink="${escapeHtml(t.target)}">${escapeHtml(t.label)}</a>`;
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
  extensions: [wikilink, hashtag],
  renderer: {
    image({ href, text }: Tokens.Image) {
      if (DATA_IMAGE.test(href)) return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
      // Remote and vault-relative images are not loaded: say what is there.
      return `<span class="md-image" title="${escapeHtml(href)}">[${escapeHtml(text || href)}]</span>`;
    },
  },
});

/** Markdown → sanitised HTML text (for tests and measurement). */
export function markdownToSafeHtml(markdown: string, purify: DOMPurify): string {
  const html = marked.parse(markdown, { async: false }) as string;
  return purify.sanitize(html, SANITIZE_CONFIG) as unknown as string;
}

/** Markdown → a sanitised DOM fragment, ready to append. */
export function markdownToFragment(markdown: string, purify: DOMPurify): DocumentFragment {
  const html = marked.parse(markdown, { async: false }) as string;
  return purify.sanitize(html, { ...SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true }) as unknown as DocumentFragment;
}
