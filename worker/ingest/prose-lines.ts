// The lines of a body that Obsidian and Dataview read metadata from: fenced
// code blocks are skipped, and inline code and comments (%% … %%, <!-- … -->,
// which may span lines) are blanked out, keeping every other character at its
// column. Shared by inline tags and inline fields.

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** Where the first character after indentation is (tabs and spaces). */
export function indentOf(raw: string): number {
  let j = 0;
  while (j < raw.length && (raw.charCodeAt(j) === 32 || raw.charCodeAt(j) === 9)) j++;
  return j;
}

/**
 * The fence state after `raw`, or undefined when `raw` is not a fence line:
 * a fence opens with ``` or ~~~ and closes only with the same character.
 * The first-character test spares the regular expression on almost every line.
 */
export function afterFence(raw: string, open: string | null, indent = indentOf(raw)): string | null | undefined {
  const c = raw.charCodeAt(indent);
  if (indent > 3 || (c !== 96 && c !== 126)) return undefined;
  const f = FENCE.exec(raw);
  if (!f) return undefined;
  return open === null ? f[1][0] : f[1][0] === open ? null : open;
}

const INLINE_CODE = /(`+)[^`\n]*?\1/g;

/** Calls `visit` with each prose line (code and comments blanked) and its line number. */
export function forEachProseLine(body: string, firstLine: number, visit: (line: string, lineNo: number) => void): void {
  const lines = body.split('\n');
  let fence: string | null = null;
  // The closing marker of a comment that runs past the end of a line.
  let comment: '%%' | '-->' | null = null;
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i];
    if (raw.charCodeAt(raw.length - 1) === 13) raw = raw.slice(0, -1);
    if (comment === null) {
      const next = afterFence(raw, fence);
      if (next !== undefined) {
        fence = next;
        continue;
      }
      if (fence !== null) continue;
    }
    let line = raw;
    if (comment !== null) {
      const end = line.indexOf(comment);
      if (end < 0) continue;
      line = ' '.repeat(end + comment.length) + line.slice(end + comment.length);
      comment = null;
    }
    if (line.includes('`')) line = line.replace(INLINE_CODE, blank);
    if (line.includes('%%') || line.includes('<!--')) {
      const open = blankComments(line);
      line = open.line;
      comment = open.unclosed;
    }
    visit(line, firstLine + i);
  }
}

function blank(m: string): string {
  return ' '.repeat(m.length);
}

/** Blanks closed comments; an unclosed one blanks the rest of the line and is reported. */
function blankComments(line: string): { line: string; unclosed: '%%' | '-->' | null } {
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
