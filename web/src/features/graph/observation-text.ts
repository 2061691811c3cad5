// An observation's text as the note view shows it: read_note keeps its #tags
// in the text (Basic Memory's content), and the view shows them as tag
// buttons after it, so the text drops them rather than show each twice.
const HASHTAG = /(^|\s)#([\p{L}\p{N}_\-/]+)/gu;

export function observationText(content: string, tags: readonly string[]): string {
  if (!tags.length) return content;
  const shown = new Set(tags.map((t) => t.toLowerCase()));
  return content
    .replace(HASHTAG, (m, space: string, tag: string) => (shown.has(tag.toLowerCase()) ? space : m))
    .replace(/\s+/g, ' ')
    .trim();
}
