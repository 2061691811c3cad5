// The part of a note that ![[Note#Heading]] or ![[Note#^block]] embeds: a
// heading with everything under it (up to the next heading of the same or a
// higher level), or the one block that ends with ^block. Fenced code is not
// searched for headings or block ids.
import { normalizeHeading } from './anchors';

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Which lines are inside fenced code blocks. */
function fencedLines(lines: string[]): boolean[] {
  const inside: boolean[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (fence) {
      inside.push(true);
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = null;
    } else if (m) {
      inside.push(true);
      fence = m[1];
    } else inside.push(false);
  }
  return inside;
}

/** The embedded text, or null when the note has no such heading or block. A null anchor embeds the whole body. */
export function embedSection(body: string, anchor: string | null): string | null {
  if (!anchor) return body;
  const lines = body.split(/\r?\n/);
  const code = fencedLines(lines);
  const last = anchor.split('#').filter(Boolean).pop()?.trim() ?? '';
  if (!last) return body;
  if (last.startsWith('^')) return blockSection(lines, code, last.slice(1));
  const want = normalizeHeading(last);
  for (let i = 0; i < lines.length; i++) {
    const h = code[i] ? null : HEADING.exec(lines[i]);
    if (!h || normalizeHeading(h[2]) !== want) continue;
    let end = i + 1;
    for (; end < lines.length; end++) {
      const next = code[end] ? null : HEADING.exec(lines[end]);
      if (next && next[1].length <= h[1].length) break;
    }
    return lines.slice(i, end).join('\n').trimEnd();
  }
  return null;
}

function blockSection(lines: string[], code: boolean[], id: string): string | null {
  const escaped = id.replace(/[-]/g, '\\-');
  const ends = new RegExp(`(?:^|[ \\t])\\^${escaped}[ \\t]*$`);
  for (let i = 0; i < lines.length; i++) {
    if (code[i] || !ends.test(lines[i])) continue;
    const alone = lines[i].trim() === `^${id}`;
    // An id on its own line names the block just above it (a table, quote, list).
    let end = alone ? i - 1 : i;
    while (end >= 0 && alone && lines[end].trim() === '') end--;
    if (end < 0) return null;
    // A list item is its own block; anything else is its paragraph.
    if (!alone && /^\s*(?:[-*+]|\d+[.)])\s/.test(lines[i])) return lines[i].trim();
    let start = end;
    while (start > 0 && lines[start - 1].trim() !== '' && !HEADING.test(lines[start - 1])) start--;
    return lines.slice(start, alone ? end + 1 : i + 1).join('\n');
  }
  return null;
}
