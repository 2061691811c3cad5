// The lines of a body that Obsidian and Dataview read metadata from: fenced
// code blocks (in quotes, callouts and list items too) and indented code
// blocks are skipped, and inline code and comments (%% … %%, <!-- … -->,
// which may span lines) are blanked out, keeping every other character at
// its column. Shared by inline tags and inline fields and by the body's
// structure (markdown.ts).

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
 * (`> ```css`) and list items. A block opens with ``` or ~~~ and closes only
 * with the same character, at least as many of them (```` around an example
 * with ```), and nothing after them; one opened inside a quote or a list item
 * closes with a fence inside it, or where the quote or the item ends, as in
 * CommonMark (code has no lazy continuation).
 */
export class Fences {
  /** The open block's fence character, 0 outside a block. */
  private mark = 0;
  /** How long the opening fence was: only a fence at least as long closes the block (```` around ```). */
  private length = 0;
  /** How many quote markers (`>`) the open block sits inside. */
  private quotes = 0;
  /** The content column of the list item holding the open block (0: none): a line left of it ends the item, and the block. */
  private container = 0;

  /** Whether a block is open (the last line read was inside it or opened it). */
  get open(): boolean {
    return this.mark !== 0;
  }

  /**
   * Whether `raw` is code (a fence line or a line inside a block); `indent` is
   * where its first non-blank character is. `container`: the content column of
   * the list item the line is in (0: none); a fence there may start up to
   * three columns past it, as CommonMark reads a fence nested in an item.
   */
  isCode(raw: string, indent = indentOf(raw), container = 0): boolean {
    const c = raw.charCodeAt(indent);
    // Most lines are outside a block and open nothing: the first character decides them.
    if (this.mark === 0 && c !== BACKTICK && c !== TILDE && c !== QUOTE) return false;
    if (this.mark !== 0) {
      const inner = afterQuotes(raw, this.quotes);
      const itemEnded = this.container > 0 && indent < raw.length && columns(raw, 0, indent) < this.container;
      if (inner >= 0 && !itemEnded) {
        // A closing fence has nothing after it: ```js inside a ``` block is its text.
        if (fenceAt(raw, inner, this.container + 3) === this.mark && fenceLength(raw, inner) >= this.length && blankAfterFence(raw, inner)) this.mark = 0;
        return true;
      }
      // The quote or list item holding the block ended here: so did the block, and this line is read afresh.
      this.mark = 0;
    }
    let at = 0;
    let quotes = 0;
    for (let next = afterQuotes(raw, 1); next >= 0; next = afterQuotes(raw, 1, at)) {
      at = next;
      quotes++;
    }
    return this.openAt(raw, at, container + 3, quotes, container);
  }

  /** Opens a block when a fence starts at `at`, at most `reach` columns in (a list item's text: `1. ```sh`). */
  openAt(raw: string, at: number, reach: number, quotes: number, container: number): boolean {
    const mark = fenceAt(raw, at, reach);
    // A backtick in a backtick fence's info string makes the line inline code, not a fence (CommonMark).
    if (mark === 0 || (mark === BACKTICK && raw.indexOf('`', indentOf(raw, at) + fenceLength(raw, at)) >= 0)) return false;
    this.mark = mark;
    this.length = fenceLength(raw, at);
    this.quotes = quotes;
    this.container = container;
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

/** The fence character (``` or ~~~, at most `reach` columns in) that starts the text at `from`, or 0. */
function fenceAt(raw: string, from: number, reach: number): number {
  const j = indentOf(raw, from);
  const c = raw.charCodeAt(j);
  if (columns(raw, from, j) > reach || (c !== BACKTICK && c !== TILDE)) return 0;
  return raw.charCodeAt(j + 1) === c && raw.charCodeAt(j + 2) === c ? c : 0;
}

/** Whether only blanks follow the fence that opens the text at `from`. */
function blankAfterFence(raw: string, from: number): boolean {
  const j = indentOf(raw, from);
  return raw.slice(j + fenceLength(raw, from)).trim() === '';
}

/** How many columns the characters from `from` to `to` take (a tab runs to the next multiple of 4). */
export function columns(raw: string, from: number, to: number): number {
  let col = 0;
  for (let k = from; k < to; k++) col = raw.charCodeAt(k) === 9 ? col + 4 - (col % 4) : col + 1;
  return col;
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

/** A list item's marker: `-`, `*`, `+`, or `1.` / `1)`, then a blank or the line's end. */
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;

/**
 * The lines of a body as Obsidian shows them as Markdown, one call per line in
 * order: null for a line that shows none (in a fenced or indented code block,
 * a comment that spans lines, or a $$ math block), else the line with inline
 * code and comments blanked, every other character at its column. Inline
 * code is blanked first: a `%%` in code opens no comment. A $$ block runs
 * from a line that starts with $$ to the next line holding $$, only when
 * there is one (an unclosed $$ hides nothing); its content is never read for
 * comments. As in CommonMark: an indented code block starts four columns in
 * after a blank line, outside a list (under a list item such lines are the
 * item's, nested tasks included); a `<!--` that starts a line hides lines up
 * to its `-->`, one in mid-line only when its `-->` comes before the
 * paragraph ends (else it is text).
 */
export class ProseLines {
  private readonly fences = new Fences();
  /** The closing marker of a comment that runs past the end of a line. */
  private comment: '%%' | '-->' | null = null;
  private math = false;
  /** The last line holding $$, so a $$ with no closer after it opens nothing. */
  private readonly lastDollars: number;
  /** The line before was blank, or there was none: an indented code block may start here. */
  private afterBlank = true;
  private indentedCode = false;
  /** The content columns of the list items open at this line, outermost first (empty outside a list). */
  private lists: number[] = [];
  /** closesInParagraph's last scan: the line it stopped at, and whether a `-->` stopped it. */
  private scanEnd = -1;
  private scanCloses = false;
  /** The last line read as shown, inline code kept (shown()). */
  private lastShown = '';

  constructor(private readonly lines: readonly string[]) {
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
    if (this.comment === null && this.isCode(raw)) return null;
    let line = raw;
    if (this.comment !== null) {
      const end = line.indexOf(this.comment);
      if (end < 0) return null;
      line = ' '.repeat(end + this.comment.length) + line.slice(end + this.comment.length);
      this.comment = null;
    }
    const carried = line;
    if (line.includes('`')) line = line.replace(INLINE_CODE, blank);
    const codeBlanked = line;
    if (line.includes('%%') || line.includes('<!--')) {
      // Inline HTML ends with its paragraph: an unclosed `<!--` in mid-line is text, and hides nothing.
      const open = blankComments(line, (start, text) => !/^[ \t]*(?:>[ \t]*)*$/.test(text.slice(0, start)) && !this.closesInParagraph(i));
      line = open.line;
      this.comment = open.unclosed;
    }
    this.lastShown = codeBlanked === carried ? line : keepCode(carried, codeBlanked, line);
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

  /**
   * The line last read (not null) with its inline code kept and only its
   * comments blanked: where a field's value is read, `k:: \`code\`` being the text "\`code\`".
   */
  shown(): string {
    return this.lastShown;
  }

  /** Whether `raw` is in a fenced or indented code block; keeps track of blank lines and lists. */
  private isCode(raw: string): boolean {
    const indent = indentOf(raw);
    if (indent === raw.length) {
      this.afterBlank = true;
      return this.fences.isCode(raw, indent);
    }
    const afterBlank = this.afterBlank;
    this.afterBlank = false;
    // Most lines: text at the margin, outside any list or block, starting with no marker. Nothing to track.
    if (indent === 0 && !this.lists.length && !this.fences.open && !MARKER_START[raw.charCodeAt(0)]) {
      this.indentedCode = false;
      return false;
    }
    const cols = columns(raw, 0, indent);
    const item = LIST_ITEM.exec(raw);
    // Left of the list's text, a line after a blank, or one that starts a block (a heading, fence, quote, rule), ends
    // the list; only paragraph text continues an item lazily.
    if (!item && this.lists.length) {
      // After a blank line, the items whose text starts right of this line have ended.
      if (afterBlank) while (this.lists.length && this.lists[this.lists.length - 1] > cols) this.lists.pop();
      if (this.lists.length && cols < this.lists[0] && (afterBlank || startsBlock(raw, indent))) this.lists = [];
    }
    // The deepest item this line is inside: its fences may sit up to three columns right of that item's text.
    let container = 0;
    for (let k = this.lists.length - 1; k >= 0; k--) {
      if (this.lists[k] <= cols) {
        container = this.lists[k];
        break;
      }
    }
    if (this.fences.isCode(raw, indent, container)) {
      this.indentedCode = false;
      // After a closing fence no paragraph is open: an indented code block may follow.
      if (!this.fences.open) this.afterBlank = true;
      return true;
    }
    if (!this.lists.length && cols >= 4 && (afterBlank || this.indentedCode)) {
      this.indentedCode = true;
      return true;
    }
    this.indentedCode = false;
    if (item && (cols < 4 || this.lists.length)) {
      // The item's text starts after the marker and its blanks (one, when there are none or more than four).
      const marker = item[0].trimEnd().length;
      const gap = columns(raw, marker, item[0].length);
      const column = columns(raw, 0, marker) + (gap >= 1 && gap <= 4 ? gap : 1);
      // A marker left of an open item's text ends that item (and those inside it); this one opens its own.
      while (this.lists.length && this.lists[this.lists.length - 1] > cols) this.lists.pop();
      this.lists.push(column);
      // A fence right after the marker (`1. ```sh`) opens a block inside the item.
      if (gap >= 1 && gap <= 4 && this.fences.openAt(raw, item[0].length, 0, 0, column)) return true;
    } else if (HEADING_START.test(raw)) {
      // A heading holds no paragraph either.
      this.afterBlank = true;
    }
    return false;
  }

  /**
   * Whether a line after `i` holds `-->` before its paragraph ends (a blank
   * line, or a line that starts a block or a list item). One scan serves every
   * line of the paragraph up to where it stopped: a paragraph of many `<!--`
   * lines is read in linear time.
   */
  private closesInParagraph(i: number): boolean {
    if (i < this.scanEnd) return this.scanCloses;
    let k = i + 1;
    let closes = false;
    for (; k < this.lines.length; k++) {
      const l = this.lines[k];
      const at = indentOf(l);
      if (at === l.length || startsBlock(l, at) || LIST_ITEM.test(l)) break;
      if (l.includes('-->')) {
        closes = true;
        break;
      }
    }
    this.scanEnd = k;
    this.scanCloses = closes;
    return closes;
  }
}

/** The first characters that may start a list item, heading, quote, fence or rule (by char code). */
const MARKER_START: boolean[] = [];
for (const c of '-*+#>`~_0123456789') MARKER_START[c.charCodeAt(0)] = true;

/** An ATX heading: up to three spaces, 1 to 6 '#', then a blank or the line's end. */
const HEADING_START = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** Whether the line starts a block that ends a paragraph and a list's lazy text: a heading, a fence, a quote or a rule. */
function startsBlock(raw: string, indent: number): boolean {
  const c = raw.charCodeAt(indent);
  if (c === QUOTE) return true;
  if (c === 35) return HEADING_START.test(raw);
  if (c === BACKTICK || c === TILDE) return fenceAt(raw, 0, 3) !== 0;
  return (c === 45 || c === 42 || c === 95) && THEMATIC_BREAK.test(raw);
}

/** `withCode` with what comments blanked in `shown` (blank there, not in `codeBlanked`) blanked too. */
function keepCode(withCode: string, codeBlanked: string, shown: string): string {
  let out = '';
  for (let i = 0; i < withCode.length; i++) out += shown[i] === ' ' && codeBlanked[i] !== ' ' ? ' ' : withCode[i];
  return out;
}

/** Calls `visit` with each prose line (code and comments blanked), its line number, and the line with its inline code kept. */
export function forEachProseLine(body: string, firstLine: number, visit: (line: string, lineNo: number, shown: string) => void): void {
  const lines = body.split('\n');
  const prose = new ProseLines(lines);
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i];
    if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
    const line = prose.read(raw, i);
    if (line !== null) visit(line, firstLine + i, prose.shown());
  }
}

function blank(m: string): string {
  return ' '.repeat(m.length);
}

/**
 * Blanks closed comments; an unclosed one blanks the rest of the line and is
 * reported, unless `isText` says an unclosed `<!--` at `start` is text (then
 * it is skipped and what follows it read on).
 */
export function blankComments(line: string, isText?: (start: number, line: string) => boolean): { line: string; unclosed: '%%' | '-->' | null } {
  let out = line;
  let from = 0;
  for (;;) {
    const pct = out.indexOf('%%', from);
    const html = out.indexOf('<!--', from);
    if (pct < 0 && html < 0) return { line: out, unclosed: null };
    const isPct = pct >= 0 && (html < 0 || pct < html);
    const start = isPct ? pct : html;
    const close = isPct ? '%%' : '-->';
    const end = out.indexOf(close, start + (isPct ? 2 : 4));
    if (end < 0) {
      if (!isPct && isText?.(start, out)) {
        from = start + 4;
        continue;
      }
      return { line: out.slice(0, start) + blank(out.slice(start)), unclosed: close };
    }
    out = out.slice(0, start) + blank(out.slice(start, end + close.length)) + out.slice(end + close.length);
  }
}
