// The lines of a body that Obsidian and Dataview read metadata from: fenced
// code blocks (in quotes and callouts too) are skipped, and inline code and
// comments (%% … %%, <!-- … -->, which may span lines) are blanked out,
// keeping every other character at its column. Shared by inline tags and
// inline fields; the fences also by the body's structure (markdown.ts).

const BACKTICK = 96;
const TILDE = 126;
const QUOTE = 62;

/** Where the first character after indentation is (tabs and spaces). */
export function indentOf(raw: string, from = 0): number {
  let j = from;
  while (j < raw.length && (raw.charCodeAt(j) === 32 || raw.charCodeAt(j) === 9)) j++;
  return j;
}

/**
 * Fenced code blocks, line by line, also inside block quotes and callouts
 * (`> ```css`). A block opens with ``` or ~~~ and closes only with the same
 * character, at least as many of them (```` around an example with ```); one opened inside a quote closes with a fence inside that quote,
 * or where the quote ends, as in CommonMark (code has no lazy continuation).
 */
export class Fences {
  /** The open block's fence character, 0 outside a block. */
  private mark = 0;
  /** How long the opening fence was: only a fence at least as long closes the block (```` around ```). */
  private length = 0;
  /** How many quote markers (`>`) the open block sits inside. */
  private quotes = 0;

  /** Whether `raw` is code (a fence line or a line inside a block); `indent` is where its first non-blank character is. */
  isCode(raw: string, indent = indentOf(raw)): boolean {
    const c = raw.charCodeAt(indent);
    // Most lines are outside a block and open nothing: the first character decides them.
    if (this.mark === 0 && c !== BACKTICK && c !== TILDE && c !== QUOTE) return false;
    if (this.mark !== 0) {
      const inner = afterQuotes(raw, this.quotes);
      if (inner >= 0) {
        if (fenceAt(raw, inner) === this.mark && fenceLength(raw, inner) >= this.length) this.mark = 0;
        return true;
      }
      // The quote holding the block ended here: so did the block, and this line is read afresh.
      this.mark = 0;
    }
    let at = 0;
    let quotes = 0;
    for (let next = afterQuotes(raw, 1); next >= 0; next = afterQuotes(raw, 1, at)) {
      at = next;
      quotes++;
    }
    const mark = fenceAt(raw, at);
    if (mark === 0) return false;
    this.mark = mark;
    this.length = fenceLength(raw, at);
    this.quotes = quotes;
    return true;
  }
}

/**
 * Where the text after `n` quote markers starts (each `>` after at most three
 * spaces, and the one space or tab after it), from `from`; -1 when the line has fewer.
 */
function afterQuotes(raw: string, n: number, from = 0): number {
  let at = from;
  for (let i = 0; i < n; i++) {
    const j = indentOf(raw, at);
    if (j - at > 3 || raw.charCodeAt(j) !== QUOTE) return -1;
    at = j + 1;
    const s = raw.charCodeAt(at);
    if (s === 32 || s === 9) at++;
  }
  return at;
}

/** The fence character (``` or ~~~, at most three spaces in) that starts the text at `from`, or 0. */
function fenceAt(raw: string, from: number): number {
  const j = indentOf(raw, from);
  const c = raw.charCodeAt(j);
  if (j - from > 3 || (c !== BACKTICK && c !== TILDE)) return 0;
  return raw.charCodeAt(j + 1) === c && raw.charCodeAt(j + 2) === c ? c : 0;
}

/** How many fence characters open the line at `from` (after its indentation). */
function fenceLength(raw: string, from: number): number {
  const j = indentOf(raw, from);
  const c = raw.charCodeAt(j);
  let k = j;
  while (raw.charCodeAt(k) === c) k++;
  return k - j;
}

const INLINE_CODE = /(`+)[^`\n]*?\1/g;

/**
 * The lines of a body as Obsidian shows them as Markdown, one call per line in
 * order: null for a line that shows none (in a fenced block, a comment that
 * spans lines, or a $$ math block), else the line with inline code and
 * comments blanked, every other character at its column. Inline code is
 * blanked first: a `%%` in code opens no comment. A $$ block runs from a line
 * that starts with $$ to the next line holding $$, only when there is one (an
 * unclosed $$ hides nothing); its content is never read for comments.
 */
export class ProseLines {
  private readonly fences = new Fences();
  /** The closing marker of a comment that runs past the end of a line. */
  private comment: '%%' | '-->' | null = null;
  private math = false;
  /** The last line holding $$, so a $$ with no closer after it opens nothing. */
  private readonly lastDollars: number;

  constructor(lines: readonly string[]) {
    let last = -1;
    for (let i = lines.length - 1; i >= 0; i--) {
      if (lines[i].includes('$$')) {
        last = i;
        break;
      }
    }
    this.lastDollars = last;
  }

  /** Line `i` (CR removed) as shown, or null. */
  read(raw: string, i: number): string | null {
    if (this.math) {
      if (raw.includes('$$')) this.math = false;
      return null;
    }
    if (this.comment === null && this.fences.isCode(raw)) return null;
    let line = raw;
    if (this.comment !== null) {
      const end = line.indexOf(this.comment);
      if (end < 0) return null;
      line = ' '.repeat(end + this.comment.length) + line.slice(end + this.comment.length);
      this.comment = null;
    }
    if (line.includes('`')) line = line.replace(INLINE_CODE, blank);
    if (line.includes('%%') || line.includes('<!--')) {
      const open = blankComments(line);
      line = open.line;
      this.comment = open.unclosed;
    }
    // In a quote or callout too (`> $$`).
    const t = line.trim().replace(/^(?:>[ \t]*)+/u, '');
    if (t.startsWith('$$') && this.comment === null) {
      // $$…$$ on one line is a math block of its own; a lone opener hides lines up to the next $$.
      if (t.length >= 4 && t.endsWith('$$')) return null;
      if (this.lastDollars > i) {
        this.math = true;
        return null;
      }
    }
    return line;
  }
}

/** Calls `visit` with each prose line (code and comments blanked) and its line number. */
export function forEachProseLine(body: string, firstLine: number, visit: (line: string, lineNo: number) => void): void {
  const lines = body.split('\n');
  const prose = new ProseLines(lines);
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i];
    if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
    const line = prose.read(raw, i);
    if (line !== null) visit(line, firstLine + i);
  }
}

function blank(m: string): string {
  return ' '.repeat(m.length);
}

/** Blanks closed comments; an unclosed one blanks the rest of the line and is reported. */
export function blankComments(line: string): { line: string; unclosed: '%%' | '-->' | null } {
  let out = line;
  for (;;) {
    const pct = out.indexOf('%%');
    const html = out.indexOf('<!--');
    if (pct < 0 && html < 0) return { line: out, unclosed: null };
    const isPct = pct >= 0 && (html < 0 || pct < html);
    const start = isPct ? pct : html;
    const close = isPct ? '%%' : '-->';
    const end = out.indexOf(close, start + (isPct ? 2 : 4));
    if (end < 0) return { line: out.slice(0, start) + blank(out.slice(start)), unclosed: close };
    out = out.slice(0, start) + blank(out.slice(start, end + close.length)) + out.slice(end + close.length);
  }
}
