// Inline #tags, as Obsidian reads them: a '#' at the start of a line or after
// a blank, followed by letters, digits, '_', '-', '/' (nesting) or emoji, with
// at least one character that is not a digit (#1984 is no tag). Not in code,
// comments, links or URLs (see prose-lines.ts for code and comments), and
// `# Heading` is no tag because of its space.

// Characters a tag may hold: Unicode letters, marks, digits, '_', '-', '/', and emoji.
const TAG = /(?<=^|\s)#((?:[\p{L}\p{M}\p{N}_\-/]|\p{Extended_Pictographic}|\u200d|\ufe0f)+)/gu;
const NOT_ONLY_DIGITS = /[^\p{N}/]/u;
const MAY_START_TAG = /(?:^|\s)#[^\s#]/;
// Where a '#' is part of a link: [[Note#Heading]], [text](url#anchor), <https://…>, bare URLs.
const LINKS = /!?\[\[[^\]\n]*\]\]|!?\[[^\]\n]*\]\([^)\n]*\)|<[a-z][a-z0-9+.-]*:[^>\s]*>|\b[a-z][a-z0-9+.-]*:\/\/[^\s<>]+/gi;

/** The tags written in one prose line, as written (without '#'), in order. */
export function tagsInLine(line: string, out: string[] = []): string[] {
  // Cheap first: a '#' that only starts a heading ("## Notes") is no tag.
  if (!line.includes('#') || !MAY_START_TAG.test(line)) return out;
  const text = line.includes('[') || line.includes(':') || line.includes('<') ? line.replace(LINKS, (m) => ' '.repeat(m.length)) : line;
  for (const m of text.matchAll(TAG)) {
    const tag = m[1].replace(/^\/+|\/+$/g, '');
    if (tag !== '' && NOT_ONLY_DIGITS.test(tag)) out.push(tag);
  }
  return out;
}
