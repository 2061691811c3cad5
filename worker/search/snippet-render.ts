// A snippet's text: the original text of its window with Markdown markup
// dropped (link targets, URLs, tags, emphasis, embedded files' names),
// whitespace collapsed and matches wrapped in the caller's markers; matches
// inside dropped markup are reported, not shown (snippet.ts places the window
// again on the others).

/** Markup the slice cuts open at its end: a link's text or URL, a wiki link, a tag. */
const OPEN_AT_END = /(?:\]\([^)\n]*|\[[^\]\n]*|<\/?[A-Za-z][^>\n]*)$/;

/**
 * Where markup is looked for: the slice's end, or on to the line's end (300
 * characters at most) when the slice cuts a link, wiki link or tag open, so
 * it is still recognised (its "[" dropped, a match inside its URL hidden).
 */
function markupEnd(raw: string, end: number): number {
  if (end >= raw.length || !OPEN_AT_END.test(raw.slice(Math.max(0, end - 300), end))) return end;
  const lineEnd = raw.indexOf('\n', end);
  return Math.min(lineEnd < 0 ? raw.length : lineEnd, end + 300);
}

// Markup that would only clutter a one-line snippet: each match marks what
// to drop (group 1 is kept when present).
const MARKUP: RegExp[] = [
  /^[ \t]{0,3}(?:```|~~~).*$/gm, // fence lines (the code inside stays: it is searchable text)
  /^[ \t]{0,3}#{1,6}[ \t]+/gm, // heading marks
  /^[ \t]{0,3}(?:>[ \t]?)+(?:\[![^\]\n]*\][+-]?[ \t]*)?/gm, // quote marks, nested ones, and a callout's [!type] with its fold sign
  /==/g, // highlight marks
  /[ \t]\^[A-Za-z0-9-]+[ \t]*$/gm, // block ids
  /!\[\[[^\]|#\n]*\.(?:png|jpe?g|gif|svg|webp|avif|bmp|pdf|mp3|wav|m4a|ogg|flac|mp4|webm|mov|mkv)(?:[#|][^\]\n]*)?\]\]/gi, // an embedded picture, sound, video or PDF: shown as itself, not its name
  /!?\[\[(?:[^\]|#\n]*(?:#[^\]|\n]*)?\|)?/g, // [[target| or [[ (the alias or target stays)
  /\]\]/g,
  /\]\([^)\n]*\)/g, // ](url)
  /\]\([^)\s]*$/g, // ](url cut by the end of the text (a long note's window ends inside it)
  /!?\[(?=[^\]\n]*\]\()/g, // [ of a link
  /<\/?[A-Za-z][^>\n]*>/g, // HTML tags
  /`|(?<!\\)(?:\*\*|__|[*~])/g, // code and emphasis marks (not escaped ones)
  /^[ \t]*(?=[^\n]*\|)(?=[^\n]*-)[ \t|:-]+$/gm, // a table's delimiter row (|---|:--:|)
];

const ROW_START = 2;
const BETWEEN_CELLS = 1;
/** A code span, or a backslash escaping punctuation (`\[\[not a link\]\]`): in a code span it is text. */
const ESCAPE = /`+[^`\n]*?`+|\\(?=[!-/:-@[-`{-~])/g;

/** Drops the backslashes of Markdown escapes outside code spans. */
function escapes(text: string, lead: number, drop: Uint8Array): void {
  ESCAPE.lastIndex = 0;
  for (const m of text.matchAll(ESCAPE)) {
    const at = m.index! - lead;
    if (m[0] === '\\' && at >= 0 && at < drop.length) drop[at] = 1;
  }
}

/** A table row: a line that starts with a pipe. */
const TABLE_ROW = /^[ \t]*\|[^\n]*/gm;

/**
 * The cell borders of table rows in `text`: a row's first and last pipe are
 * dropped, the pipes between its cells kept as separators (shown " | ", as
 * passages show them). A pipe escaped with a backslash is text (shown
 * without the backslash).
 */
function tableBorders(text: string, lead: number, drop: Uint8Array, sep: Uint8Array): void {
  TABLE_ROW.lastIndex = 0;
  for (const row of text.matchAll(TABLE_ROW)) {
    const pipes: number[] = [];
    for (let i = row[0].indexOf('|'); i >= 0; i = row[0].indexOf('|', i + 1)) {
      const at = row.index! + i - lead;
      if (row[0][i - 1] !== '\\') pipes.push(at);
      else if (at > 0 && at <= drop.length) drop[at - 1] = 1; // the escape's backslash
    }
    const last = row[0].trimEnd().endsWith('|') ? pipes.length - 1 : pipes.length;
    pipes.forEach((at, k) => {
      if (at < 0 || at >= drop.length) return;
      if (k === 0 || k === last) drop[at] = 1;
      if (k === 0) sep[at] = ROW_START;
      else if (k !== last) sep[at] = BETWEEN_CELLS;
    });
  }
}

const OPENS = 1;
const CLOSES = 2;

/**
 * The raw text [start, end) with markup dropped, whitespace collapsed and
 * hits wrapped in markers, at most about `length` visible characters.
 */
export function render(
  raw: string,
  start: number,
  end: number,
  hits: { start: number; end: number }[],
  open: string,
  close: string,
  length: number,
  hidden: readonly { start: number; end: number }[] = [],
  lookPast = true,
): { text: string; cut: boolean; concealed: number[] } {
  const slice = raw.slice(start, end);
  const drop = new Uint8Array(slice.length);
  for (const h of hidden) drop.fill(1, Math.max(0, h.start - start), Math.max(0, Math.min(slice.length, h.end - start)));
  // Line-anchored markup is matched from the start of the first line (the slice may begin inside it).
  const lineStart = Math.max(raw.lastIndexOf('\n', start - 1) + 1, start - 200);
  const lead = start - lineStart;
  // A few characters past the end too: a heading's "## " or a link's "[text](" cut at the end is still seen whole.
  const text = raw.slice(lineStart, lookPast ? markupEnd(raw, Math.min(raw.length, end + 8)) : end);
  for (const re of MARKUP) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) drop.fill(1, Math.max(0, m.index! - lead), Math.max(0, m.index! + m[0].length - lead));
  }
  escapes(text, lead, drop);
  const sep = new Uint8Array(slice.length);
  tableBorders(text, lead, drop, sep);
  // Marker positions as flags (bit 1 opens, bit 2 closes), one per character and one past the end.
  const marks = new Uint8Array(slice.length + 1);
  const concealed: number[] = [];
  hits.forEach((h, k) => {
    const s = Math.max(h.start, start) - start;
    const e = Math.min(h.end, end) - start;
    if (e <= s) return;
    // A match inside dropped markup (a link target) is not shown.
    if (drop[s]) concealed.push(k);
    else {
      marks[s] |= OPENS;
      marks[e] |= CLOSES;
    }
  });
  let out = '';
  let visible = 0;
  let inHit = false;
  // Just after an open marker (no space goes there; the text may itself end with the marker's characters).
  let opened = false;
  let space = false;
  let cut = false;
  // Whether text was shown since a table row or cell began.
  let cellSeen = false;
  for (let i = 0; i <= slice.length; i++) {
    if (marks[i] & CLOSES && inHit) {
      out += close;
      inHit = false;
    }
    if (i === slice.length) break;
    if (marks[i] & OPENS && !inHit) {
      if (space && out) out += ' ';
      space = false;
      out += open;
      inHit = true;
      opened = true;
    }
    if (sep[i] === ROW_START) cellSeen = false;
    if (drop[i]) continue;
    if (sep[i] === BETWEEN_CELLS) {
      // Shown after a cell with text only: empty cells add no separators.
      if (cellSeen) out += ' |';
      cellSeen = false;
      space = true;
      opened = false;
      continue;
    }
    const ch = slice[i];
    if (isSpace(ch.charCodeAt(0))) {
      if (!inHit) space = true;
      else if (!out.endsWith(' ')) out += ' ';
      continue;
    }
    if (space && out && !opened) out += ' ';
    space = false;
    opened = false;
    if (visible >= length + 40 && !inHit) {
      cut = true;
      break;
    }
    out += ch;
    visible++;
    cellSeen = true;
  }
  if (inHit) out += close;
  return { text: out.trim(), cut, concealed };
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0xfeff;
}
