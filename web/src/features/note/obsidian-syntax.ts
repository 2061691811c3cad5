// Obsidian's additions to Markdown, as marked extensions: callouts,
// ==highlights==, %%comments%%, ^block ids, footnotes, $math$ and Dataview's
// inline fields. Every one
// emits plain HTML that markdown.ts then sanitises like the rest of the note,
// so none of them can let script, handlers or remote loads through.
import type { Tokens, TokenizerAndRendererExtension } from 'marked';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Generic = Tokens.Generic;

/** Obsidian's callout types and their aliases → the style they share. Unknown types look like notes. */
const CALLOUT_KINDS: Record<string, string> = {
  note: 'note', abstract: 'abstract', summary: 'abstract', tldr: 'abstract', info: 'info', todo: 'todo',
  tip: 'tip', hint: 'tip', important: 'tip', success: 'success', check: 'success', done: 'success',
  question: 'question', help: 'question', faq: 'question', warning: 'warning', caution: 'warning', attention: 'warning',
  failure: 'failure', fail: 'failure', missing: 'failure', danger: 'danger', error: 'danger', bug: 'bug',
  example: 'example', quote: 'quote', cite: 'quote',
};

/** `> [!type]± Title` and the quoted lines under it; nested callouts are quoted once more. */
export const callout: TokenizerAndRendererExtension = {
  name: 'callout',
  level: 'block',
  start: (src) => src.match(/^ {0,3}> ?\[!/m)?.index,
  tokenizer(src) {
    const m = /^ {0,3}> ?\[!([^\]\n]+)\]([+-]?)[ \t]*([^\n]*)(?:\n|$)((?: {0,3}>[^\n]*(?:\n|$))*)/.exec(src);
    if (!m) return undefined;
    const type = m[1].trim().toLowerCase();
    const inner = m[4].replace(/^ {0,3}> ?/gm, '');
    const title = m[3].trim();
    return {
      type: 'callout',
      raw: m[0],
      kind: CALLOUT_KINDS[type] ?? 'note',
      fold: m[2],
      titleTokens: this.lexer.inlineTokens(title || type.charAt(0).toUpperCase() + type.slice(1)),
      text: inner,
      tokens: this.lexer.blockTokens(inner, []),
    };
  },
  renderer(token) {
    const t = token as Generic & { kind: string; fold: string; titleTokens: Tokens.Generic[]; line?: number };
    const title = this.parser.parseInline(t.titleTokens);
    const body = this.parser.parse(t.tokens ?? []);
    // The line it starts on (source-lines.ts), for search hits that name a line inside it.
    const attrs = `class="md-callout md-callout-${t.kind}"${typeof t.line === 'number' ? ` data-line="${t.line}"` : ''}`;
    if (!t.fold) return `<div ${attrs}><div class="md-callout-title">${title}</div><div class="md-callout-body">${body}</div></div>\n`;
    // Foldable: '+' starts open, '-' folded, as in Obsidian.
    return `<details ${attrs}${t.fold === '+' ? ' open' : ''}><summary class="md-callout-title">${title}</summary><div class="md-callout-body">${body}</div></details>\n`;
  },
};

/** ==marked text== */
export const highlight: TokenizerAndRendererExtension = {
  name: 'highlight',
  level: 'inline',
  start: (src) => src.indexOf('==') >= 0 ? src.indexOf('==') : undefined,
  tokenizer(src) {
    const m = /^==(?=[^\s=])([^\n]*?[^\s\\])==/.exec(src);
    if (!m) return undefined;
    return { type: 'highlight', raw: m[0], tokens: this.lexer.inlineTokens(m[1]) };
  },
  renderer(token) {
    return `<mark>${this.parser.parseInline(token.tokens ?? [])}</mark>`;
  },
};

/** %%hidden%% inside text, and %% … %% blocks over several lines: never shown. */
export const commentInline: TokenizerAndRendererExtension = {
  name: 'commentInline',
  level: 'inline',
  start: (src) => (src.indexOf('%%') >= 0 ? src.indexOf('%%') : undefined),
  tokenizer(src) {
    const m = /^%%[\s\S]*?%%/.exec(src);
    return m ? { type: 'commentInline', raw: m[0] } : undefined;
  },
  renderer: () => '',
};

export const commentBlock: TokenizerAndRendererExtension = {
  name: 'commentBlock',
  level: 'block',
  start: (src) => src.match(/^ {0,3}%%/m)?.index,
  tokenizer(src) {
    // An unclosed %% hides the rest of the note, as Obsidian does.
    const m = /^ {0,3}%%(?:[\s\S]*?%%[^\n]*(?:\n|$)|[\s\S]*$)/.exec(src);
    return m ? { type: 'commentBlock', raw: m[0] } : undefined;
  },
  renderer: () => '',
};

/** ` ^abc-123` at the end of a block: hidden, but marks the block so [[Note#^abc-123]] can find it. */
export const blockId: TokenizerAndRendererExtension = {
  name: 'blockId',
  level: 'inline',
  start: (src) => src.match(/[ \t]\^[A-Za-z0-9-]+[ \t]*(?:\n|$)/)?.index,
  tokenizer(src) {
    const m = /^[ \t]\^([A-Za-z0-9-]+)[ \t]*(?=\n|$)/.exec(src);
    return m ? { type: 'blockId', raw: m[0], id: m[1] } : undefined;
  },
  renderer(token) {
    return `<span class="md-block-id" data-block="${escapeHtml((token as Generic & { id: string }).id)}"></span>`;
  },
};

/** `$x^2$` inline and `$$ … $$` as a block: shown as TeX source (no math renderer is bundled). */
export const mathInline: TokenizerAndRendererExtension = {
  name: 'mathInline',
  level: 'inline',
  start: (src) => (src.indexOf('$') >= 0 ? src.indexOf('$') : undefined),
  tokenizer(src) {
    const display = /^\$\$([\s\S]+?)\$\$/.exec(src);
    if (display) return { type: 'mathInline', raw: display[0], tex: display[1].trim(), display: true };
    // Obsidian's rule: no space just inside the dollars, and no digit right after the closing one ($5 and $10 is money).
    const m = /^\$(?=[^\s$])((?:\\.|[^$\\\n])*?[^\s\\])\$(?!\d)/.exec(src) ?? /^\$([^\s$])\$(?!\d)/.exec(src);
    return m ? { type: 'mathInline', raw: m[0], tex: m[1], display: false } : undefined;
  },
  renderer(token) {
    const t = token as Generic & { tex: string; display: boolean };
    return `<code class="md-math${t.display ? ' md-math-display' : ''}" title="TeX">${escapeHtml(t.tex)}</code>`;
  },
};

export const mathBlock: TokenizerAndRendererExtension = {
  name: 'mathBlock',
  level: 'block',
  start: (src) => src.match(/^ {0,3}\$\$/m)?.index,
  tokenizer(src) {
    const m = /^ {0,3}\$\$([\s\S]*?)\$\$[ \t]*(?:\n|$)/.exec(src);
    return m ? { type: 'mathBlock', raw: m[0], tex: m[1].trim() } : undefined;
  },
  renderer(token) {
    const tex = (token as Generic & { tex: string }).tex;
    return `<div class="md-math-block"><span class="md-math-label">TeX</span><pre class="md-math"><code>${escapeHtml(tex)}</code></pre></div>\n`;
  },
};

/** Footnotes of one rendering: definitions by label, and the order they were first referenced in. */
export interface FootnoteState {
  defs: Map<string, string>;
  order: string[];
  inline: string[];
}

export const newFootnotes = (): FootnoteState => ({ defs: new Map(), order: [], inline: [] });

/** marked renders synchronously: the footnotes of the note being rendered now. */
let current: FootnoteState = newFootnotes();
export function setFootnoteState(state: FootnoteState): void {
  current = state;
}

/** `[^label]: text` (continued on indented lines): collected, listed at the end. */
export const footnoteDef: TokenizerAndRendererExtension = {
  name: 'footnoteDef',
  level: 'block',
  start: (src) => src.match(/^ {0,3}\[\^[^\]\s]+\]:/m)?.index,
  tokenizer(src) {
    const m = /^ {0,3}\[\^([^\]\s]+)\]:[ \t]*([^\n]*(?:\n(?:[ \t]{2,}|\t)[^\n]*)*)(?:\n|$)/.exec(src);
    if (!m) return undefined;
    if (!current.defs.has(m[1])) current.defs.set(m[1], m[2].replace(/\n[ \t]+/g, '\n'));
    return { type: 'footnoteDef', raw: m[0] };
  },
  renderer: () => '',
};

/** `[^label]` references and `^[inline notes]`. */
export const footnoteRef: TokenizerAndRendererExtension = {
  name: 'footnoteRef',
  level: 'inline',
  start: (src) => src.match(/\[\^|\^\[/)?.index,
  tokenizer(src) {
    const ref = /^\[\^([^\]\s]+)\]/.exec(src);
    if (ref) return { type: 'footnoteRef', raw: ref[0], label: ref[1] };
    const inline = /^\^\[([^\]\n]+)\]/.exec(src);
    if (inline) return { type: 'footnoteRef', raw: inline[0], text: inline[1] };
    return undefined;
  },
  renderer(token) {
    const t = token as Generic & { label?: string; text?: string };
    let label: string;
    if (t.text !== undefined) {
      current.inline.push(t.text);
      label = `inline-${current.inline.length}`;
      current.defs.set(label, t.text);
    } else {
      label = t.label!;
      if (!current.defs.has(label)) return escapeHtml(t.raw);
    }
    if (!current.order.includes(label)) current.order.push(label);
    const n = current.order.indexOf(label) + 1;
    return `<sup class="md-fnref"><a href="#" data-footnote="${escapeHtml(label)}">${n}</a></sup>`;
  },
};

/** The list of footnotes that were referenced, in order, as HTML (renderInline renders each one's text). */
export function footnoteSection(state: FootnoteState, renderInline: (md: string) => string): string {
  if (!state.order.length) return '';
  const items = state.order.map(
    (label) => `<li data-footnote-def="${escapeHtml(label)}">${renderInline(state.defs.get(label) ?? '')} <a href="#" class="md-fnback" data-footnote-back="${escapeHtml(label)}">↩</a></li>`,
  );
  return `<div class="md-footnotes"><hr><ol>${items.join('')}</ol></div>`;
}

/**
 * Dataview's inline fields inside text, shown as Dataview shows them when
 * reading: `[key:: value]` as the key and its value, `(key:: value)` as the
 * value alone (the key on hover). Fields on a line of their own
 * (`key:: value`) stay as written, as in Dataview.
 */
export const inlineField: TokenizerAndRendererExtension = {
  name: 'inlineField',
  level: 'inline',
  start: (src) => src.match(/[[(][^[\]()\n]+?::/)?.index,
  tokenizer(src) {
    const m = /^([[(])([^[\]()\n]+?)::[ \t]*/.exec(src);
    if (!m || !m[2].trim()) return undefined;
    const end = closingBracket(src, m[0].length, m[1] === '[' ? ']' : ')');
    if (end < 0) return undefined;
    return { type: 'inlineField', raw: src.slice(0, end + 1), key: m[2].trim(), hideKey: m[1] === '(', tokens: this.lexer.inlineTokens(src.slice(m[0].length, end).trim()) };
  },
  renderer(token) {
    const t = token as Generic & { key: string; hideKey: boolean };
    const value = `<span class="md-inline-field-value">${this.parser.parseInline(t.tokens ?? [])}</span>`;
    if (t.hideKey) return `<span class="md-inline-field md-inline-field-bare" title="${escapeHtml(t.key)}">${value}</span>`;
    return `<span class="md-inline-field"><span class="md-inline-field-key">${escapeHtml(t.key)}</span>${value}</span>`;
  },
};

/** Where the bracket opened before `from` closes, with brackets inside (a [[link]]) balanced; -1 if not on this line. */
function closingBracket(src: string, from: number, close: ']' | ')'): number {
  const open = close === ']' ? '[' : '(';
  let depth = 0;
  for (let i = from; i < src.length; i++) {
    const c = src[i];
    if (c === '\n') return -1;
    if (c === open) depth++;
    else if (c === close) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}
