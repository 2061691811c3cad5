// Which line of the Markdown each rendered block came from, so a search hit
// that names a line (an observation or relation: `#L12`) can be scrolled to.
// Block tokens get the 0-based line they start on; paragraphs, list items,
// headings, quotes, code, tables and callouts carry it as `data-line`. Lines
// are found by looking each token's text up in its parent's text, in order:
// marked keeps a token's raw text as written, and a list item or quote keeps
// one line of its inner text per line of the note.
import type { Token, Tokens } from 'marked';

type Lined = { line?: number };

/** Line breaks in s[from, to). */
const newlines = (s: string, from: number, to: number) => {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
};

/** Sets `line` on every block token: `text` is what the tokens were read from, its first line being line `first`. */
export function assignLines(tokens: readonly Token[], text: string, first = 0): void {
  // Lines are counted on from the last token, not from the top: a long note has thousands of blocks.
  let at = 0;
  let atLine = first;
  for (const token of tokens) {
    const found = token.raw ? text.indexOf(token.raw, at) : -1;
    const line = found >= 0 ? atLine + newlines(text, at, found) : atLine;
    (token as Lined).line = line;
    if (found >= 0) {
      at = found + token.raw.length;
      atLine = line + newlines(token.raw, 0, token.raw.length);
    }
    if (token.type === 'list') assignLines((token as Tokens.List).items, token.raw, line);
    else if (token.type === 'list_item' || token.type === 'blockquote') assignLines(token.tokens ?? [], token.text ?? '', line);
    // A callout's body starts on the line after its `> [!type]` title.
    else if (token.type === 'callout') assignLines(token.tokens ?? [], (token as Tokens.Generic).text ?? '', line + 1);
  }
}

/** ` data-line="n"` for a token that has a line, else nothing. */
export const lineAttr = (token: object): string => {
  const line = (token as Lined).line;
  return typeof line === 'number' ? ` data-line="${line}"` : '';
};

/** The same HTML with the token's line on its first element. */
export const withLine = (html: string, token: object): string => {
  const attr = lineAttr(token);
  return attr ? html.replace(/^<([a-z][a-z0-9]*)/, `<$1${attr}`) : html;
};

/**
 * The innermost block of this note (not of a note embedded in it) that
 * starts at or before `line`: the one holding that line, or the nearest
 * above it when the line is inside something without a line of its own.
 */
export function blockAtLine(root: Element, line: number): Element | null {
  let best: Element | null = null;
  let bestLine = -1;
  for (const el of root.querySelectorAll('[data-line]')) {
    if (el.closest('.md-embed, .md-embed-body')) continue;
    const n = Number(el.getAttribute('data-line'));
    // Later in document order wins a tie: a paragraph inside the list item that starts on the same line.
    if (Number.isInteger(n) && n <= line && n >= bestLine) {
      best = el;
      bestLine = n;
    }
  }
  return best;
}
